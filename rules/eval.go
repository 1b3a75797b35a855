package rules

import (
	"time"

	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/watchlist"
)

type opKind uint8

const (
	opEquals opKind = iota
	opMinimum
	opMaximum
	opInList
	opNotInList
	opContains
)

func opCode(s string) opKind {
	switch s {
	case OpMinimum:
		return opMinimum
	case OpMaximum:
		return opMaximum
	case OpInList:
		return opInList
	case OpNotInList:
		return opNotInList
	case OpContains:
		return opContains
	}
	return opEquals
}

// cond is one compiled condition: its row of the table and the value compiled for it.
type cond struct {
	t         *conditionType
	eval      func(c *cond, f *model.Flight, fired bitset, at time.Time) bool // t.match
	opName    string                                                          // as written (trimmed, lower-cased), for explanations
	valueText string                                                          // the value as explanations show it
	op        opKind
	never     bool // operator outside the type's set
	cost      int
	num       float64
	lo, hi    float64
	str       string
	list      []string
	flag      bool
	dateOnly  bool
	day       int64
	instant   int64 // unix nanoseconds
	area      *Polygon
	listIdx   []int          // matched_rules: index of each listed rule in the set, -1 when not in it
	bits      uint32         // watchlist: the lists' bits; watchlist_group: the groups' bits
	watch     *watchlist.Set // watchlist: the set the bits are of (to name them when explaining)
}

// match evaluates the condition on a flight, at the received time of the current message.
// It must not allocate.
func (c *cond) match(f *model.Flight, fired bitset, at time.Time) bool {
	return !c.never && c.eval(c, f, fired, at)
}

func cmp(op opKind, x, v float64) bool {
	switch op {
	case opMinimum:
		return x >= v
	case opMaximum:
		return x <= v
	case opEquals:
		return x == v
	}
	return false
}

func trimSpace(s string) string {
	i, j := 0, len(s)
	for i < j && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	for j > i && (s[j-1] == ' ' || s[j-1] == '\t') {
		j--
	}
	return s[i:j]
}

// equalFoldTrim compares trim(s) with want (already upper- or lower-cased) ignoring ASCII
// case, without allocating.
func equalFoldTrim(s, want string) bool {
	s = trimSpace(s)
	if len(s) != len(want) {
		return false
	}
	for i := 0; i < len(s); i++ {
		a, b := s[i], want[i]
		if a >= 'a' && a <= 'z' {
			a -= 32
		}
		if b >= 'a' && b <= 'z' {
			b -= 32
		}
		if a != b {
			return false
		}
	}
	return true
}

// bitset marks the rules of the current set already fired for a flight.
type bitset []uint64

func (b bitset) has(i int) bool { return b[i>>6]&(1<<(uint(i)&63)) != 0 }
func (b bitset) set(i int)      { b[i>>6] |= 1 << (uint(i) & 63) }

// matches reports whether every condition of r holds.
func (r *Rule) matches(f *model.Flight, fired bitset, at time.Time) bool {
	for i := range r.conds {
		if !r.conds[i].match(f, fired, at) {
			return false
		}
	}
	return true
}
