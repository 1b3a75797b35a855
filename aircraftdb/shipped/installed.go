//go:build nodbembed

package shipped

import (
	"os"
	"runtime/debug"
)

// where the shipped database comes from in this build: the file the image installs beside
// the binaries.
const where = InstalledPath

// packed is the shipped database's bytes.
func packed() ([]byte, error) { return os.ReadFile(InstalledPath) }

// released gives the packed bytes' memory back once the database is unpacked, and what the
// decoders used (the heap shrinks by 9 MB at once, not at the collector's leisure).
func released([]byte) { debug.FreeOSMemory() }
