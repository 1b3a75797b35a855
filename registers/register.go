package registers

import (
	"archive/zip"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// Entry is one aircraft a register keeps: its 24-bit address, or (a register without
// addresses) its registration, to be joined to the address the aircraft database has.
type Entry struct {
	Address      uint32
	HasAddress   bool
	Registration string
	Record       Record
}

// Counts is what a read did: rows read, entries kept, rows skipped by reason, and the data's
// date (its file's own date inside the archive; zero when not recorded).
type Counts struct {
	Read, Kept int
	Skipped    map[string]int
	Date       time.Time
}

func (c *Counts) skip(reason string) {
	if c.Skipped == nil {
		c.Skipped = map[string]int{}
	}
	c.Skipped[reason]++
}

// String says the counts in one line, the reasons in order.
func (c Counts) String() string {
	reasons := make([]string, 0, len(c.Skipped))
	for r := range c.Skipped {
		reasons = append(reasons, r)
	}
	sort.Strings(reasons)
	parts := make([]string, 0, len(reasons))
	for _, r := range reasons {
		parts = append(parts, fmt.Sprintf("%s %d", r, c.Skipped[r]))
	}
	if len(parts) == 0 {
		parts = []string{"none"}
	}
	return fmt.Sprintf("%d rows read, %d kept, skipped: %s", c.Read, c.Kept, strings.Join(parts, ", "))
}

// Register is one national register (CONTRACT.md 12.1).
type Register interface {
	// Name is the register's name (faa, casa…): its flag and its place in the database.
	Name() string
	// Notice is what its licence asks to be said wherever its data is shown.
	Notice() string
	// URL is where tracker-rules db update downloads its file set by default.
	URL() string
	// Read streams the register's file set at path (its archive, a folder, or the file),
	// calling keep with each aircraft kept. An error names the problem (a missing member, a
	// layout without a column it needs); a row it cannot use is skipped and counted.
	Read(path string, keep func(Entry)) (Counts, error)
}

// All are the registers, one line each.
var All = []Register{FAA{}, TC{}, CASA{}}

// ByName is the register called name (nil: none).
func ByName(name string) Register {
	for _, r := range All {
		if r.Name() == name {
			return r
		}
	}
	return nil
}

// open opens member (any case; a doubled extension accepted) of the archive or folder at path,
// or path itself when it is the file, with the member's own date when an archive records it
// (zero otherwise: a file's modification time is the day it was copied, not the data's).
func open(path, member string) (io.ReadCloser, time.Time, error) {
	var none time.Time
	st, err := os.Stat(path)
	if err != nil {
		return nil, none, err
	}
	matches := func(name string) bool {
		base := strings.ToLower(filepath.Base(name))
		m := strings.ToLower(member)
		return base == m || base == m+filepath.Ext(m)
	}
	if st.IsDir() {
		entries, err := os.ReadDir(path)
		if err != nil {
			return nil, none, err
		}
		for _, e := range entries {
			if !e.IsDir() && matches(e.Name()) {
				return openFile(filepath.Join(path, e.Name()))
			}
		}
		return nil, none, fmt.Errorf("%s has no %s", path, member)
	}
	if !strings.EqualFold(filepath.Ext(path), ".zip") {
		return openFile(path)
	}
	z, err := zip.OpenReader(path)
	if err != nil {
		return nil, none, fmt.Errorf("%s is no readable zip: %w", path, err)
	}
	for _, f := range z.File {
		if matches(f.Name) {
			rc, err := f.Open()
			if err != nil {
				_ = z.Close()
				return nil, none, fmt.Errorf("%s in %s: %w", f.Name, path, err)
			}
			return readCloser{rc, z}, f.Modified.UTC(), nil
		}
	}
	_ = z.Close()
	return nil, none, fmt.Errorf("%s has no %s", path, member)
}

// openFile opens a plain file (no date: its modification time is the copy's, not the data's).
func openFile(path string) (io.ReadCloser, time.Time, error) {
	f, err := os.Open(path) //nolint:gosec // the user's file
	if err != nil {
		return nil, time.Time{}, err // never a typed nil in the interface
	}
	return f, time.Time{}, nil
}

type readCloser struct {
	io.ReadCloser
	z *zip.ReadCloser
}

func (r readCloser) Close() error { return errors.Join(r.ReadCloser.Close(), r.z.Close()) }
