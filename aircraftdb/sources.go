package aircraftdb

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// MaxSourceFile bounds one upstream file read into memory (aircrafts.json is ≈ 15 MB, the
// largest standing-data CSV well under 1 MB); a larger one is refused, naming the limit.
const MaxSourceFile = 256 << 20

// MaxSourceTotal bounds all the files of one upstream archive together (the standing data
// unpacks to ≈ 28 MB).
const MaxSourceTotal = 1 << 30

// files is an upstream data set read into memory: path (slash-separated, as inside the
// archive or below the folder) → content, and the newest modification time seen.
type files struct {
	byPath map[string][]byte
	newest time.Time
}

func (f *files) add(name string, b []byte, mod time.Time) {
	f.byPath[name] = b
	if mod.After(f.newest) {
		f.newest = mod
	}
}

// sorted is the paths, in order: the build never depends on archive or directory order.
func (f *files) sorted() []string {
	out := make([]string, 0, len(f.byPath))
	for p := range f.byPath {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// readSource reads an upstream data set: a folder, a .zip, or a .tar.gz (.tgz); want says
// which files are kept (by slash path).
func readSource(src string, want func(name string) bool) (*files, error) {
	st, err := os.Stat(src)
	if err != nil {
		return nil, err
	}
	out := &files{byPath: map[string][]byte{}}
	if st.IsDir() {
		total := 0
		err = filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			rel, _ := filepath.Rel(src, p)
			rel = filepath.ToSlash(rel)
			if !want(rel) {
				return nil
			}
			info, err := d.Info()
			if err != nil {
				return err
			}
			if info.Size() > MaxSourceFile {
				return fmt.Errorf("%s: over %d bytes", rel, MaxSourceFile)
			}
			b, err := os.ReadFile(p) //nolint:gosec // below the user's folder
			if err != nil {
				return err
			}
			if total += len(b); total > MaxSourceTotal {
				return fmt.Errorf("%s: over %d bytes in all", src, MaxSourceTotal)
			}
			out.add(rel, b, info.ModTime())
			return nil
		})
		return out, err
	}
	raw, err := os.ReadFile(src) //nolint:gosec // the user's file
	if err != nil {
		return nil, err
	}
	switch {
	case bytes.HasPrefix(raw, []byte("PK\x03\x04")):
		return out, readZip(raw, want, out)
	case bytes.HasPrefix(raw, []byte{0x1f, 0x8b}):
		return out, readTarGz(raw, want, out)
	}
	return nil, fmt.Errorf("%s: neither a folder, a zip nor a tar.gz", src)
}

func readZip(raw []byte, want func(string) bool, out *files) error {
	zr, err := zip.NewReader(bytes.NewReader(raw), int64(len(raw)))
	if err != nil {
		return fmt.Errorf("zip: %w", err)
	}
	total := 0
	for _, f := range zr.File {
		if f.FileInfo().IsDir() || !want(f.Name) {
			continue
		}
		if f.UncompressedSize64 > MaxSourceFile {
			return fmt.Errorf("zip: %s: over %d bytes", f.Name, MaxSourceFile)
		}
		rc, err := f.Open()
		if err != nil {
			return fmt.Errorf("zip: %s: %w", f.Name, err)
		}
		b, err := io.ReadAll(io.LimitReader(rc, MaxSourceFile+1))
		_ = rc.Close()
		if err != nil {
			return fmt.Errorf("zip: %s: %w", f.Name, err)
		}
		if total += len(b); len(b) > MaxSourceFile || total > MaxSourceTotal {
			return fmt.Errorf("zip: %s: over the size limit", f.Name)
		}
		out.add(f.Name, b, f.Modified)
	}
	return nil
}

func readTarGz(raw []byte, want func(string) bool, out *files) error {
	gz, err := gzip.NewReader(bytes.NewReader(raw))
	if err != nil {
		return fmt.Errorf("tar.gz: %w", err)
	}
	tr := tar.NewReader(gz)
	total := 0
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("tar.gz: %w", err)
		}
		name := strings.TrimPrefix(path.Clean(h.Name), "./")
		if h.Typeflag != tar.TypeReg || !want(name) {
			continue
		}
		if h.Size > MaxSourceFile {
			return fmt.Errorf("tar.gz: %s: over %d bytes", name, MaxSourceFile)
		}
		b, err := io.ReadAll(io.LimitReader(tr, MaxSourceFile+1))
		if err != nil {
			return fmt.Errorf("tar.gz: %s: %w", name, err)
		}
		if total += len(b); total > MaxSourceTotal {
			return fmt.Errorf("tar.gz: over %d bytes in all", MaxSourceTotal)
		}
		out.add(name, b, h.ModTime)
	}
}

// folderOf finds the part of a path from a standing-data folder on ("airports/schema-01/E/EG.csv"
// in "standing-data-main/airports/schema-01/E/EG.csv"): GitHub's archives add a top folder.
func folderOf(p string, folder string) (string, bool) {
	needle := folder + "/schema-01/"
	if strings.HasPrefix(p, needle) {
		return p[len(needle):], true
	}
	if i := strings.Index(p, "/"+needle); i >= 0 {
		return p[i+1+len(needle):], true
	}
	return "", false
}
