// Package atomicfile replaces a file whole: the aircraft database, watch's kept state, the API's
// token and backups.
package atomicfile

import (
	"os"
	"path/filepath"
)

// Write writes b to path through a temporary file in the same folder (synced) and a rename: a
// crash leaves the old file or the new one, never half of one. The folder is made if missing.
// The file is readable by all (0644): for data others read, such as the aircraft database.
func Write(path string, b []byte) error { return WriteWith(path, 0o644, bytesOf(b)) }

// WritePrivate is Write for a file that holds people's data or a secret (watch's state, the
// API's token): readable and writable by its owner only (0600), from the first byte on.
func WritePrivate(path string, b []byte) error { return WriteWith(path, 0o600, bytesOf(b)) }

func bytesOf(b []byte) func(f *os.File) error {
	return func(f *os.File) error {
		_, err := f.Write(b)
		return err
	}
}

// WriteWith is Write with the file's mode and its content written by fill into the temporary
// file (a large file streamed); an error from fill leaves path as it was.
func WriteWith(path string, perm os.FileMode, fill func(f *os.File) error) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil { //nolint:gosec // a data folder others read
		return err
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) //nolint:errcheck // gone after the rename
	if err := fill(tmp); err != nil {
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
