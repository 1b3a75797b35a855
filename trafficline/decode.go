// Package trafficline is the format of recorded traffic (tracker-rules replay and trace, the
// management API's rule test): one JSON object a line, its limit, its decoder (a one-pass fast
// path that answers exactly as encoding/json would), and the replay clock that judges the lag
// of a match on the messages' own time.
package trafficline

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/tracker-adsb/tracker-core-health/internal/jsonscan"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/rules"
)

// MaxLine is the longest traffic line read; a longer one is a bad line naming the limit.
const MaxLine = 4 << 20

// ParseLine is the reference decoder of one traffic line (an object with received_at, RFC
// 3339, and icao_hex): encoding/json, with the error texts users see.
func ParseLine(b []byte) (*model.AircraftMessage, error) {
	var probe map[string]json.RawMessage
	if err := json.Unmarshal(b, &probe); err != nil {
		return nil, fmt.Errorf("not a JSON object: %w", err)
	}
	if _, ok := probe["received_at"]; !ok {
		return nil, errors.New("missing received_at")
	}
	m := &model.AircraftMessage{}
	if err := json.Unmarshal(b, m); err != nil {
		return nil, fmt.Errorf("invalid message: %w", err)
	}
	return m, check(m)
}

func check(m *model.AircraftMessage) error {
	if m.ReceivedAt.IsZero() {
		return errors.New("missing received_at")
	}
	if strings.TrimSpace(m.IcaoHex) == "" {
		return errors.New("missing icao_hex")
	}
	return nil
}

// Slot is reused storage for one decoded message: the message and everything its pointers
// point at. Strings are interned (immutable); party objects point into the line's bytes, so
// the line must live as long as the message is used (the engine keeps copies).
type Slot struct {
	m                            model.AircraftMessage
	alt, vel, hdg, vs, lat, lon  float64
	aircraft                     model.Aircraft
	powerplant                   model.Powerplant
	count                        int
	military                     bool
	operator, registrant, origin model.Party
	destination                  model.Party
}

// Decoder decodes traffic lines in one pass. The fast path reads the fixed traffic schema
// directly; any line it does not handle exactly as encoding/json would (escapes, keys in
// another case, repeated keys, other types, errors) goes through ParseLine, which also words
// every error, so results and error texts are those of the reference decoder.
type Decoder struct {
	intern map[string]string
	// Fallbacks counts the lines that took the reference path.
	Fallbacks int
}

// NewDecoder builds a decoder.
func NewDecoder() *Decoder { return &Decoder{intern: map[string]string{}} }

// maxInterned bounds the interned strings (idents, registrations…) of a long replay.
const maxInterned = 1 << 18

func (d *Decoder) str(b []byte) string {
	if s, ok := d.intern[string(b)]; ok { // no allocation for the lookup
		return s
	}
	s := string(b)
	if len(d.intern) >= maxInterned {
		clear(d.intern)
	}
	d.intern[s] = s
	return s
}

// Decode decodes one trimmed, non-empty line into slot (or, when it falls back, into a new
// message) and checks it.
func (d *Decoder) Decode(line []byte, slot *Slot) (*model.AircraftMessage, error) {
	if m, ok := d.fast(line, slot); ok {
		return m, check(m)
	}
	d.Fallbacks++
	return ParseLine(line)
}

// Top-level keys of the traffic schema, as bits for the repeated-key check.
const (
	kReceivedAt = 1 << iota
	kIcaoHex
	kReceiverSource
	kIdent
	kSquawk
	kAltitude
	kVelocity
	kHeading
	kVerticalSpeed
	kLatitude
	kLongitude
	kAircraft
	kOperator
	kRegistrant
	kOrigin
	kDestination
)

var topKeys = map[string]int{
	"received_at": kReceivedAt, "icao_hex": kIcaoHex, "receiver_source": kReceiverSource, "ident": kIdent,
	"squawk": kSquawk, "altitude": kAltitude, "velocity": kVelocity, "heading": kHeading,
	"vertical_speed": kVerticalSpeed, "latitude": kLatitude, "longitude": kLongitude, "aircraft": kAircraft,
	"operator": kOperator, "registrant": kRegistrant, "origin": kOrigin, "destination": kDestination,
}

var aircraftKeys = []string{"registration", "type_designator", "manufacturer_model", "type", "category", "wake_turbulence_category", "powerplant", "military"}

// foldsTo reports whether key would be matched case-insensitively by encoding/json to one of
// known without being exactly it: the fast path leaves such lines to the reference decoder.
func foldsTo(key []byte, known func(func(string) bool) bool) bool {
	return known(func(k string) bool { return strings.EqualFold(k, string(key)) })
}

func (d *Decoder) fast(b []byte, slot *Slot) (*model.AircraftMessage, bool) {
	*slot = Slot{}
	m := &slot.m
	s := jsonscan.New(b)
	if !s.Begin('{') {
		return nil, false
	}
	seen := 0
	for more := !s.End('}'); more; {
		key, ok := s.PlainString()
		if !ok || !s.Colon() {
			return nil, false
		}
		bit, known := topKeys[string(key)]
		if !known {
			if foldsTo(key, func(f func(string) bool) bool {
				for k := range topKeys {
					if f(k) {
						return true
					}
				}
				return false
			}) || !s.Skip() {
				return nil, false
			}
		} else {
			if seen&bit != 0 {
				return nil, false
			}
			seen |= bit
			if !d.topValue(&s, bit, slot) {
				return nil, false
			}
		}
		if more, ok = s.Next('}'); !ok {
			return nil, false
		}
	}
	s.WS()
	return m, s.AtEnd()
}

func (d *Decoder) topValue(s *jsonscan.Scanner, bit int, slot *Slot) bool {
	m := &slot.m
	switch bit {
	case kReceivedAt:
		v, null, ok := s.StringOrNull()
		if !ok {
			return false
		}
		if !null && m.ReceivedAt.UnmarshalText(v) != nil {
			return false
		}
		return true
	case kIcaoHex:
		return d.strField(s, &m.IcaoHex)
	case kReceiverSource:
		return d.strField(s, &m.ReceiverSource)
	case kIdent:
		return d.strField(s, &m.Ident)
	case kSquawk:
		return d.strField(s, &m.Squawk)
	case kAltitude:
		return floatField(s, &m.Altitude, &slot.alt)
	case kVelocity:
		return floatField(s, &m.Velocity, &slot.vel)
	case kHeading:
		return floatField(s, &m.Heading, &slot.hdg)
	case kVerticalSpeed:
		return floatField(s, &m.VerticalSpeed, &slot.vs)
	case kLatitude:
		return floatField(s, &m.Latitude, &slot.lat)
	case kLongitude:
		return floatField(s, &m.Longitude, &slot.lon)
	case kAircraft:
		if s.Null() {
			return true
		}
		m.Aircraft = &slot.aircraft
		return d.aircraft(s, slot)
	case kOperator:
		return d.party(s, &m.Operator, &slot.operator)
	case kRegistrant:
		return d.party(s, &m.Registrant, &slot.registrant)
	case kOrigin:
		return d.party(s, &m.Origin, &slot.origin)
	case kDestination:
		return d.party(s, &m.Destination, &slot.destination)
	}
	return false
}

func (d *Decoder) strField(s *jsonscan.Scanner, dst *string) bool {
	v, null, ok := s.StringOrNull()
	if ok && !null {
		*dst = d.str(v)
	}
	return ok
}

func (d *Decoder) aircraft(s *jsonscan.Scanner, slot *Slot) bool {
	return s.Object(aircraftKeys, func(i int) bool { return d.aircraftValue(s, i, slot) })
}

func (d *Decoder) aircraftValue(s *jsonscan.Scanner, i int, slot *Slot) bool {
	a := &slot.aircraft
	switch aircraftKeys[i] {
	case "registration":
		return d.strField(s, &a.Registration)
	case "type_designator":
		return d.strField(s, &a.TypeDesignator)
	case "manufacturer_model":
		return d.strField(s, &a.ManufacturerModel)
	case "type":
		return d.strField(s, &a.Type)
	case "category":
		return d.strField(s, &a.Category)
	case "wake_turbulence_category":
		return d.strField(s, &a.WakeTurbulenceCategory)
	case "military":
		if s.Null() {
			return true
		}
		v, ok := s.Boolean()
		if ok {
			slot.military = v
			a.Military = &slot.military
		}
		return ok
	case "powerplant":
		if s.Null() {
			return true
		}
		a.Powerplant = &slot.powerplant
		return d.powerplant(s, slot)
	}
	return false
}

func (d *Decoder) powerplant(s *jsonscan.Scanner, slot *Slot) bool {
	p := &slot.powerplant
	if !s.Begin('{') {
		return false
	}
	seen := 0
	for more := !s.End('}'); more; {
		key, ok := s.PlainString()
		if !ok || !s.Colon() {
			return false
		}
		switch string(key) {
		case "count":
			if seen&1 != 0 {
				return false
			}
			seen |= 1
			if !s.Null() {
				n, ok := s.Integer()
				if !ok {
					return false
				}
				slot.count = n
				p.Count = &slot.count
			}
		case "type":
			if seen&2 != 0 || !d.strField(s, &p.Type) {
				return false
			}
			seen |= 2
		default:
			if strings.EqualFold(string(key), "count") || strings.EqualFold(string(key), "type") || !s.Skip() {
				return false
			}
		}
		if more, ok = s.Next('}'); !ok {
			return false
		}
	}
	return true
}

// party keeps the object verbatim (as Party.UnmarshalJSON does) with its airline designator.
func (d *Decoder) party(s *jsonscan.Scanner, dst **model.Party, slot *model.Party) bool {
	if s.Null() {
		return true
	}
	if s.Peek() != '{' {
		return false
	}
	start := s.Pos()
	// The designator: the last top-level "airline_designator" string of the object; its brief
	// (name, callsign, codes, city) as Party.UnmarshalJSON reads them: the last of each key, a
	// string or nothing.
	inner := *s
	inner.Begin('{')
	designator := ""
	var brief model.Brief
	for more := !inner.End('}'); more; {
		key, ok := inner.PlainString()
		if !ok || !inner.Colon() {
			return false
		}
		switch field := briefField(&brief, string(key)); {
		case string(key) == "airline_designator":
			// As Party.UnmarshalJSON: a string gives the designator, anything else none.
			if !d.stringOrNothing(&inner, &designator) {
				return false
			}
			designator = strings.ToUpper(strings.TrimSpace(designator))
		case strings.EqualFold(string(key), "airline_designator"):
			return false // a map keeps both keys: leave it to the reference decoder
		case field != nil:
			if !d.stringOrNothing(&inner, field) {
				return false
			}
		default:
			if !inner.Skip() {
				return false
			}
		}
		if more, ok = inner.Next('}'); !ok {
			return false
		}
	}
	*s = inner
	*slot = model.Party{Raw: s.Since(start), AirlineDesignator: designator, Brief: brief}
	*dst = slot
	return true
}

// briefField is the field of a party's brief a key fills (nil: none).
func briefField(b *model.Brief, key string) *string {
	switch key {
	case "name":
		return &b.Name
	case "callsign":
		return &b.Callsign
	case "icao_code":
		return &b.ICAO
	case "iata_code":
		return &b.IATA
	case "city":
		return &b.City
	}
	return nil
}

// stringOrNothing reads a value into dst: a string's text, anything else "" (skipped).
func (d *Decoder) stringOrNothing(s *jsonscan.Scanner, dst *string) bool {
	*dst = ""
	if s.Peek() != '"' {
		return s.Skip()
	}
	v, ok := s.PlainString()
	if ok {
		*dst = d.str(v)
	}
	return ok
}

func floatField(s *jsonscan.Scanner, dst **float64, store *float64) bool {
	if s.Null() {
		return true
	}
	v, ok := s.Float()
	if !ok {
		return false // not a number, or out of range: encoding/json's error text
	}
	*store = v
	*dst = store
	return true
}

// Clock is the replay clock: the newest received_at seen. The lag rule (a notification is
// suppressed when its message is more than 30 s older) is judged on it, not on the wall clock,
// so that the same input always gives the same output. The management API's rule test runs
// its messages on one too.
type Clock struct{ now time.Time }

// See moves the clock to at when at is newer.
func (c *Clock) See(at time.Time) {
	if at.After(c.now) {
		c.now = at
	}
}

// Now is the newest time seen.
func (c *Clock) Now() time.Time { return c.now }

// Lagging reports whether a match of a message received at at is suppressed.
func (c *Clock) Lagging(at time.Time) bool { return rules.Lagging(c.now, at) }
