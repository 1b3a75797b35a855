package flightlog

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// One writer a file (CONTRACT.md 13.2): the writer holds an exclusive lock on <file>.lock (an
// flock, released by the kernel when the process ends, however it ends), which says who holds
// it, so that a second writer is refused at start naming the first. The lock file stays
// (removing it would let a third writer lock a new file while a second waits on the old).

// lockWriter takes the writer's lock of the log at path.
func lockWriter(path string) (*os.File, error) {
	f, err := os.OpenFile(path+".lock", os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("flight log %s: the writer's lock: %w", path, err)
	}
	held, err := tryLock(f)
	if err != nil {
		_ = f.Close()
		return nil, fmt.Errorf("flight log %s: the writer's lock: %w", path, err)
	}
	if held {
		b, _ := io.ReadAll(io.LimitReader(f, 512))
		_ = f.Close()
		holder := strings.TrimSpace(string(b))
		if holder == "" {
			holder = "another process"
		}
		return nil, fmt.Errorf("%w: %s is written by %s; one writer a file (readers any number)", ErrLocked, path, holder)
	}
	// It says which program on which host writes the log: the owner's alone, as the log's own
	// files are (openWriter), an older one (0644) tightened too.
	if fi, err := f.Stat(); err == nil && fi.Mode().Perm()&0o077 != 0 {
		_ = f.Chmod(0o600)
	}
	host, _ := os.Hostname()
	cmd := filepath.Base(os.Args[0])
	if len(os.Args) > 1 {
		cmd += " " + os.Args[1]
	}
	_ = f.Truncate(0)
	_, _ = fmt.Fprintf(f, "%s (pid %d on %s) since %s\n", cmd, os.Getpid(), host, time.Now().UTC().Format(time.RFC3339))
	return f, nil
}
