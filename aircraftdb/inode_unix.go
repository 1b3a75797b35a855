//go:build unix

package aircraftdb

import (
	"os"
	"syscall"
)

// inode tells a file replaced by a rename from the one before it, even with the same size and time.
func inode(st os.FileInfo) uint64 {
	if s, ok := st.Sys().(*syscall.Stat_t); ok {
		return uint64(s.Ino) //nolint:unconvert // uint32 on some platforms
	}
	return 0
}
