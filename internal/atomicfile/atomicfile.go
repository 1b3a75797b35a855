// Package atomicfile replaces a file whole: the aircraft database and watch's kept state.
package atomicfile

import (
	"os"
	"path/filepath"
)

// Write writes b to path through a temporary file in the same folder (synced) and a rename: a
// crash leaves the old file or the new one, never half of one. The folder is made if missing.
func Write(path string, b []byte) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil { //nolint:gosec // a data folder others read
		return err
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) //nolint:errcheck // gone after the rename
	if _, err := tmp.Write(b); err != nil {
		_ = tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		_ = tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil { //nolint:gosec // read by the services
		return err
	}
	return os.Rename(tmp.Name(), path)
}
