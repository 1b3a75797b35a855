package registers

import (
	"archive/zip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Bounds of a register's files (CONTRACT.md 12.6): past either, the register fails and memory
// stays bounded, whatever a download holds (a zip bomb, a one-line file of gigabytes).
const (
	// MaxMember is the most bytes one file of a register may hold uncompressed (the FAA's
	// MASTER.txt, the largest, is ≈ 190 MB).
	MaxMember = 1 << 30
	// MaxLine is the longest line a register's file may hold (MASTER.txt's are ≈ 600 bytes).
	MaxLine = 64 << 10
)

// maxMember is MaxMember, lowered by tests.
var maxMember int64 = MaxMember

// member is one file of a register's file set, open: its bytes (bounded by maxMember), its
// name, and its date when an archive records it (zero for a plain file: a file's modification
// time is the day it was copied, not the data's).
type member struct {
	io.Reader
	name   string
	date   time.Time
	closer func() error
}

func (m *member) Close() error { return m.closer() }

// open finds member (any case; a doubled extension accepted) in the file set at path: a zip (known
// by its content, never by its name), a folder (searched through its subfolders, as a zip's
// paths are), or, when bare, the file itself. Anything else is an error saying what the file is
// (an HTML page, a gzip file…), so that a wrong URL or an error page is named as such.
func open(path, name string, bare bool) (*member, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if st.IsDir() {
		return openInFolder(path, name)
	}
	f, err := os.Open(path) //nolint:gosec // the user's file set
	if err != nil {
		return nil, err
	}
	head := make([]byte, 512)
	n, err := io.ReadFull(f, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		_ = f.Close()
		return nil, err
	}
	switch what := kind(head[:n]); {
	case what == "zip":
		_ = f.Close()
		return openInZip(path, name)
	case what != "text":
		_ = f.Close()
		return nil, fmt.Errorf("%s is %s, neither a zip nor %s", path, what, name)
	case !bare:
		_ = f.Close()
		return nil, fmt.Errorf("%s is text, not a zip holding %s", path, name)
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		_ = f.Close()
		return nil, err
	}
	return bounded(f, filepath.Base(path), uint64(st.Size()), time.Time{}, f.Close) //nolint:gosec // a size
}

// kind is what a file's first bytes say it is: "zip", "text", or what it is in words.
func kind(head []byte) string {
	if len(head) >= 4 && head[0] == 'P' && head[1] == 'K' && (head[2] == 3 && head[3] == 4 || head[2] == 5 && head[3] == 6) {
		return "zip"
	}
	if len(head) == 0 {
		return "text" // empty: its reader says it has no header
	}
	mime, _, _ := strings.Cut(http.DetectContentType(head), ";")
	switch {
	case mime == "text/plain":
		return "text"
	case mime == "text/html":
		return "an HTML page (an error or sign-in page, not the register's data)"
	case mime == "text/xml":
		return "an XML document"
	case mime == "application/x-gzip":
		return "a gzip file"
	case mime == "application/pdf":
		return "a PDF document"
	case strings.HasPrefix(mime, "image/"):
		return "an image"
	case mime == "application/octet-stream":
		return "binary data"
	}
	return mime + " data"
}

// matches reports whether a path names member: its base name in any case, a doubled
// extension accepted (MASTER.txt.txt).
func matches(p, member string) bool {
	base, m := strings.ToLower(filepath.Base(p)), strings.ToLower(member)
	return base == m || base == m+filepath.Ext(m)
}

// openInFolder opens the first file naming member below dir (in lexical order).
func openInFolder(dir, name string) (*member, error) {
	var found string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.Type().IsRegular() && matches(p, name):
			found = p
			return fs.SkipAll
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if found == "" {
		return nil, fmt.Errorf("%s has no %s", dir, name)
	}
	st, err := os.Stat(found)
	if err != nil {
		return nil, err
	}
	f, err := os.Open(found) //nolint:gosec // below the user's folder
	if err != nil {
		return nil, err
	}
	return bounded(f, filepath.Base(found), uint64(st.Size()), time.Time{}, f.Close) //nolint:gosec // a size
}

// openInZip opens the first member of the zip at path naming name, with the member's own date.
func openInZip(path, name string) (*member, error) {
	z, err := zip.OpenReader(path)
	if err != nil {
		return nil, fmt.Errorf("%s is no readable zip: %w", path, err)
	}
	for _, f := range z.File {
		if f.FileInfo().IsDir() || !matches(f.Name, name) {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			_ = z.Close()
			return nil, fmt.Errorf("%s in %s: %w", f.Name, path, err)
		}
		return bounded(rc, filepath.Base(f.Name), f.UncompressedSize64, memberDate(f),
			func() error { return errors.Join(rc.Close(), z.Close()) })
	}
	_ = z.Close()
	return nil, fmt.Errorf("%s has no %s", path, name)
}

// memberDate is a zip member's own date, zero when the zip records none (a tool that writes
// none leaves MS-DOS's epoch, 1980, or nothing).
func memberDate(f *zip.File) time.Time {
	if f.Modified.Year() < 1990 {
		return time.Time{}
	}
	return f.Modified.UTC()
}

// bounded is a member whose reader fails past maxMember bytes; one that says it is larger is
// refused before a byte is read.
func bounded(r io.Reader, name string, size uint64, date time.Time, closer func() error) (*member, error) {
	if size > uint64(maxMember) { //nolint:gosec // positive
		_ = closer()
		return nil, tooLarge(name)
	}
	return &member{Reader: &limited{r: r, left: maxMember, name: name}, name: name, date: date, closer: closer}, nil
}

func tooLarge(name string) error {
	return fmt.Errorf("%s is over %d MiB uncompressed, more than a register's file may be (a zip bomb, or not the register?)",
		name, maxMember>>20)
}

// limited reads r until left bytes are read; more is an error.
type limited struct {
	r    io.Reader
	left int64
	name string
}

func (l *limited) Read(p []byte) (int, error) {
	if l.left <= 0 {
		if n, _ := l.r.Read(make([]byte, 1)); n > 0 {
			return 0, tooLarge(l.name)
		}
		return 0, io.EOF
	}
	if int64(len(p)) > l.left {
		p = p[:l.left]
	}
	n, err := l.r.Read(p)
	l.left -= int64(n)
	return n, err
}
