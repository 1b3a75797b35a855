package rules

import (
	"time"

	"github.com/tracker-adsb/tracker-core-health/model"
)

type opKind uint8

const (
	opEquals opKind = iota
	opMinimum
	opMaximum
	opInList
	opNotInList
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
	}
	return opEquals
}

type kind uint8

const (
	kAltitude kind = iota
	kVelocity
	kPowerplantCount
	kVerticalSpeed
	kHeading
	kDate
	kIdent
	kSquawk
	kMilitary
	kReceiverSource
	kOperatorDesignator
	kTypeDesignator
	kRegistration
	kIcaoHex
	kWake
	kMatchedRules
	kArea
)

var kinds = map[string]kind{
	TypeAltitude: kAltitude, TypeVelocity: kVelocity, TypeAircraftPowerplantCount: kPowerplantCount,
	TypeVerticalSpeed: kVerticalSpeed, TypeHeading: kHeading, TypeDate: kDate, TypeIdent: kIdent,
	TypeSquawk: kSquawk, TypeMilitary: kMilitary, TypeReceiverSource: kReceiverSource,
	TypeOperatorAirlineDesignator: kOperatorDesignator, TypeAircraftTypeDesignator: kTypeDesignator,
	TypeAircraftRegistration: kRegistration, TypeAircraftIcaoHex: kIcaoHex,
	TypeWakeTurbulenceCategory: kWake, TypeMatchedRules: kMatchedRules, TypeArea: kArea,
}

// cond is one compiled condition.
type cond struct {
	kind      kind
	typ       string
	opName    string // as written (trimmed, lower-cased), for explanations
	valueText string // the value as explanations show it
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
	listIdx   []int // matched_rules: index of each listed rule in the set, -1 when not in it
}

// match evaluates the condition on a flight, at the received time of the current message.
// It must not allocate.
func (c *cond) match(f *model.Flight, fired bitset, at time.Time) bool {
	if c.never {
		return false
	}
	switch c.kind {
	case kAltitude:
		return f.HasPosition && f.Position.Altitude.OK && cmp(c.op, f.Position.Altitude.V, c.num)
	case kVelocity:
		return f.HasVelocity && f.Velocity.Speed.OK && cmp(c.op, f.Velocity.Speed.V, c.num)
	case kPowerplantCount:
		p := f.Aircraft.Powerplant
		return p != nil && p.Count != nil && cmp(c.op, float64(*p.Count), c.num)
	case kVerticalSpeed:
		if !f.HasVelocity || !f.Velocity.VerticalSpeed.OK {
			return false
		}
		vs, v := f.Velocity.VerticalSpeed.V, c.num
		if v < 0 { // descending thresholds only match descents
			if vs >= 0 {
				return false
			}
			if c.op == opMinimum {
				return vs <= v
			}
			return vs >= v
		}
		if vs < 0 {
			return false
		}
		return cmp(c.op, vs, v)
	case kHeading:
		if !f.HasVelocity || !f.Velocity.Heading.OK {
			return false
		}
		h := f.Velocity.Heading.V
		if c.lo <= c.hi {
			return h >= c.lo && h <= c.hi
		}
		return h >= c.lo || h <= c.hi
	case kDate:
		if c.dateOnly {
			d := dayNumber(at.UTC())
			if c.op == opMinimum {
				return d >= c.day
			}
			return d <= c.day
		}
		t := at.Truncate(time.Minute).UnixNano()
		if c.op == opMinimum {
			return t >= c.instant
		}
		return t <= c.instant
	case kIdent:
		return equalFoldTrim(f.Ident, c.str)
	case kSquawk:
		return trimSpace(f.Squawk) == c.str
	case kMilitary:
		return f.Aircraft.Military != nil && *f.Aircraft.Military == c.flag
	case kReceiverSource:
		for _, s := range f.ReceiverSources {
			for _, v := range c.list {
				if s == v {
					return true
				}
			}
		}
		return false
	case kOperatorDesignator:
		return f.Operator.AirlineDesignator == c.str
	case kTypeDesignator:
		return equalFoldTrim(f.Aircraft.TypeDesignator, c.str)
	case kRegistration:
		return equalFoldTrim(f.Aircraft.Registration, c.str)
	case kIcaoHex:
		return equalFoldTrim(f.IcaoHex, c.str)
	case kWake:
		return equalFoldTrim(f.Aircraft.WakeTurbulenceCategory, c.str)
	case kMatchedRules:
		hit := false
		for i, idx := range c.listIdx {
			if (idx >= 0 && fired.has(idx)) || (idx < 0 && f.HasMatched(c.list[i])) {
				hit = true
				break
			}
		}
		if c.op == opInList {
			return hit
		}
		return !hit
	case kArea:
		p := f.Position
		return f.HasPosition && p.Latitude.OK && p.Longitude.OK && c.area.Contains(Point{X: p.Longitude.V, Y: p.Latitude.V})
	}
	return false
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
