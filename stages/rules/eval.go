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

// cond is one compiled condition.
type cond struct {
	typ      string
	op       opKind
	never    bool // operator outside the type's set
	cost     int
	num      float64
	lo, hi   float64
	str      string
	list     []string
	flag     bool
	dateOnly bool
	day      int64
	instant  int64 // unix nanoseconds
	area     *Polygon
}

// match evaluates the condition on a flight, at the received time of the current message.
// It must not allocate.
func (c *cond) match(f *model.Flight, at time.Time) bool {
	if c.never {
		return false
	}
	switch c.typ {
	case TypeAltitude:
		return f.HasPosition && f.Position.Altitude.OK && cmp(c.op, f.Position.Altitude.V, c.num)
	case TypeVelocity:
		return f.HasVelocity && f.Velocity.Speed.OK && cmp(c.op, f.Velocity.Speed.V, c.num)
	case TypeAircraftPowerplantCount:
		p := f.Aircraft.Powerplant
		return p != nil && p.Count != nil && cmp(c.op, float64(*p.Count), c.num)
	case TypeVerticalSpeed:
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
	case TypeHeading:
		if !f.HasVelocity || !f.Velocity.Heading.OK {
			return false
		}
		h := f.Velocity.Heading.V
		if c.lo <= c.hi {
			return h >= c.lo && h <= c.hi
		}
		return h >= c.lo || h <= c.hi
	case TypeDate:
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
	case TypeIdent:
		return equalFoldTrim(f.Ident, c.str)
	case TypeSquawk:
		return trimSpace(f.Squawk) == c.str
	case TypeMilitary:
		return f.Aircraft.Military != nil && *f.Aircraft.Military == c.flag
	case TypeReceiverSource:
		for _, s := range f.ReceiverSources {
			for _, v := range c.list {
				if s == v {
					return true
				}
			}
		}
		return false
	case TypeOperatorAirlineDesignator:
		return f.Operator.AirlineDesignator == c.str
	case TypeAircraftTypeDesignator:
		return equalFoldTrim(f.Aircraft.TypeDesignator, c.str)
	case TypeAircraftRegistration:
		return equalFoldTrim(f.Aircraft.Registration, c.str)
	case TypeAircraftIcaoHex:
		return equalFoldTrim(f.IcaoHex, c.str)
	case TypeWakeTurbulenceCategory:
		return equalFoldTrim(f.Aircraft.WakeTurbulenceCategory, c.str)
	case TypeMatchedRules:
		any := false
		for _, id := range c.list {
			if f.HasMatched(id) {
				any = true
				break
			}
		}
		if c.op == opInList {
			return any
		}
		return !any
	case TypeArea:
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

// Matches reports whether every condition of r holds.
func (r *Rule) Matches(f *model.Flight, at time.Time) bool {
	for i := range r.conds {
		if !r.conds[i].match(f, at) {
			return false
		}
	}
	return true
}
