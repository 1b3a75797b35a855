package registers

import (
	"fmt"
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
