// Package atomicfile replaces a file whole: the aircraft database, watch's kept state and the
// API's token.
package atomicfile

import (
	"os"
	"path/filepath"
)

// Write writes b to path through a temporary file in the same folder (synced) and a rename: a
// crash leaves the old file or the new one, never half of one. The folder is made if missing.
// The file is readable by all (0644): for data others read, such as the aircraft database.
func Write(path string, b []byte) error { return write(path, b, 0o644) }

// WritePrivate is Write for a file that holds people's data or a secret (watch's state, the
// API's token): readable and writable by its owner only (0600), from the first byte on.
func WritePrivate(path string, b []byte) error { return write(path, b, 0o600) }

func write(path string, b []byte, perm os.FileMode) error {
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
	if perm != 0o600 { // CreateTemp made it 0600
		if err := os.Chmod(tmp.Name(), perm); err != nil {
			return err
		}
	}
	return os.Rename(tmp.Name(), path)
}
