// Package atomicfile replaces a file whole: the aircraft database and watch's kept state.
package atomicfile

import (
	"os"
	"path/filepath"
)

// Write writes b to path through a temporary file in the same folder (synced) and a rename: a
// crash leaves the old file or the new one, never half of one. The folder is made if missing.
func Write(path string, b []byte) error {
	return WriteWith(path, func(f *os.File) error {
		_, err := f.Write(b)
		return err
	})
}

// WriteWith is Write with the content written by fill into the temporary file (a large file
// streamed); an error from fill leaves path as it was.
func WriteWith(path string, fill func(f *os.File) error) error {
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
	if err := os.Chmod(tmp.Name(), 0o644); err != nil { //nolint:gosec // read by the services
		return err
	}
	return os.Rename(tmp.Name(), path)
}
