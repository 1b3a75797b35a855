// Package replay is tracker-rules replay as a pipeline: reading and decoding traffic lines,
// evaluating the rules, and rendering and writing what fires run as stages over bounded
// channels of batches, so both cores work, with the output in input order.
package replay

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/tracker-adsb/tracker-core-health/model"
)

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

var aircraftKeys = []string{"registration", "type_designator", "type", "category", "wake_turbulence_category", "powerplant", "military"}

// foldsTo reports whether key would be matched case-insensitively by encoding/json to one of
// known without being exactly it: the fast path leaves such lines to the reference decoder.
func foldsTo(key []byte, known func(func(string) bool) bool) bool {
	return known(func(k string) bool { return strings.EqualFold(k, string(key)) })
}

func (d *Decoder) fast(b []byte, slot *Slot) (*model.AircraftMessage, bool) {
	*slot = Slot{}
	m := &slot.m
	s := scanner{b: b}
	if !s.begin('{') {
		return nil, false
	}
	seen := 0
	for more := !s.end('}'); more; {
		key, ok := s.plainString()
		if !ok || !s.colon() {
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
			}) || !s.skip() {
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
		if more, ok = s.next('}'); !ok {
			return nil, false
		}
	}
	s.ws()
	return m, s.i == len(s.b)
}

func (d *Decoder) topValue(s *scanner, bit int, slot *Slot) bool {
	m := &slot.m
	switch bit {
	case kReceivedAt:
		v, null, ok := s.stringOrNull()
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
		return s.floatField(&m.Altitude, &slot.alt)
	case kVelocity:
		return s.floatField(&m.Velocity, &slot.vel)
	case kHeading:
		return s.floatField(&m.Heading, &slot.hdg)
	case kVerticalSpeed:
		return s.floatField(&m.VerticalSpeed, &slot.vs)
	case kLatitude:
		return s.floatField(&m.Latitude, &slot.lat)
	case kLongitude:
		return s.floatField(&m.Longitude, &slot.lon)
	case kAircraft:
		if s.null() {
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

func (d *Decoder) strField(s *scanner, dst *string) bool {
	v, null, ok := s.stringOrNull()
	if ok && !null {
		*dst = d.str(v)
	}
	return ok
}

func (d *Decoder) aircraft(s *scanner, slot *Slot) bool {
	if !s.begin('{') {
		return false
	}
	seen := 0
	for more := !s.end('}'); more; {
		key, ok := s.plainString()
		if !ok || !s.colon() {
			return false
		}
		i := -1
		for j, k := range aircraftKeys {
			if k == string(key) {
				i = j
			}
		}
		switch {
		case i < 0:
			if foldsTo(key, func(f func(string) bool) bool {
				for _, k := range aircraftKeys {
					if f(k) {
						return true
					}
				}
				return false
			}) || !s.skip() {
				return false
			}
		case seen&(1<<i) != 0:
			return false
		default:
			seen |= 1 << i
			if !d.aircraftValue(s, i, slot) {
				return false
			}
		}
		if more, ok = s.next('}'); !ok {
			return false
		}
	}
	return true
}

func (d *Decoder) aircraftValue(s *scanner, i int, slot *Slot) bool {
	a := &slot.aircraft
	switch aircraftKeys[i] {
	case "registration":
		return d.strField(s, &a.Registration)
	case "type_designator":
		return d.strField(s, &a.TypeDesignator)
	case "type":
		return d.strField(s, &a.Type)
	case "category":
		return d.strField(s, &a.Category)
	case "wake_turbulence_category":
		return d.strField(s, &a.WakeTurbulenceCategory)
	case "military":
		if s.null() {
			return true
		}
		v, ok := s.boolean()
		if ok {
			slot.military = v
			a.Military = &slot.military
		}
		return ok
	case "powerplant":
		if s.null() {
			return true
		}
		a.Powerplant = &slot.powerplant
		return d.powerplant(s, slot)
	}
	return false
}

func (d *Decoder) powerplant(s *scanner, slot *Slot) bool {
	p := &slot.powerplant
	if !s.begin('{') {
		return false
	}
	seen := 0
	for more := !s.end('}'); more; {
		key, ok := s.plainString()
		if !ok || !s.colon() {
			return false
		}
		switch string(key) {
		case "count":
			if seen&1 != 0 {
				return false
			}
			seen |= 1
			if !s.null() {
				n, ok := s.integer()
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
			if strings.EqualFold(string(key), "count") || strings.EqualFold(string(key), "type") || !s.skip() {
				return false
			}
		}
		if more, ok = s.next('}'); !ok {
			return false
		}
	}
	return true
}

// party keeps the object verbatim (as Party.UnmarshalJSON does) with its airline designator.
func (d *Decoder) party(s *scanner, dst **model.Party, slot *model.Party) bool {
	if s.null() {
		return true
	}
	start := s.i
	if s.i >= len(s.b) || s.b[s.i] != '{' {
		return false
	}
	// The designator: the last top-level "airline_designator" string of the object.
	inner := scanner{b: s.b, i: s.i}
	inner.begin('{')
	designator := ""
	for more := !inner.end('}'); more; {
		key, ok := inner.plainString()
		if !ok || !inner.colon() {
			return false
		}
		if string(key) == "airline_designator" {
			// As Party.UnmarshalJSON: a string gives the designator, anything else none.
			designator = ""
			inner.ws()
			if inner.i < len(inner.b) && inner.b[inner.i] == '"' {
				v, ok := inner.plainString()
				if !ok {
					return false
				}
				designator = strings.ToUpper(strings.TrimSpace(d.str(v)))
			} else if !inner.skip() {
				return false
			}
		} else if strings.EqualFold(string(key), "airline_designator") {
			return false // a map keeps both keys: leave it to the reference decoder
		} else if !inner.skip() {
			return false
		}
		if more, ok = inner.next('}'); !ok {
			return false
		}
	}
	s.i = inner.i
	*slot = model.Party{Raw: s.b[start:s.i], AirlineDesignator: designator}
	*dst = slot
	return true
}

// scanner reads JSON for the fast path; every method reports false for anything it does not
// handle exactly like encoding/json, so that the caller falls back.
type scanner struct {
	b []byte
	i int
}

func (s *scanner) ws() {
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

// begin consumes the opening brace c.
func (s *scanner) begin(c byte) bool {
	s.ws()
	if s.i < len(s.b) && s.b[s.i] == c {
		s.i++
		return true
	}
	return false
}

// end consumes the closing c of an empty object.
func (s *scanner) end(c byte) bool {
	s.ws()
	if s.i < len(s.b) && s.b[s.i] == c {
		s.i++
		return true
	}
	return false
}

// next consumes ',' (more) or the closing c (no more).
func (s *scanner) next(c byte) (more, ok bool) {
	s.ws()
	if s.i < len(s.b) {
		switch s.b[s.i] {
		case ',':
			s.i++
			return true, true
		case c:
			s.i++
			return false, true
		}
	}
	return false, false
}

func (s *scanner) colon() bool {
	s.ws()
	if s.i < len(s.b) && s.b[s.i] == ':' {
		s.i++
		s.ws()
		return true
	}
	return false
}

func (s *scanner) literal(l string) bool {
	if strings.HasPrefix(unsafeString(s.b[s.i:]), l) {
		s.i += len(l)
		return true
	}
	return false
}

func (s *scanner) null() bool { s.ws(); return s.literal("null") }

func (s *scanner) boolean() (bool, bool) {
	if s.literal("true") {
		return true, true
	}
	return false, s.literal("false")
}

// plainString reads a string without escapes or control characters, in valid UTF-8.
func (s *scanner) plainString() ([]byte, bool) {
	s.ws()
	if s.i >= len(s.b) || s.b[s.i] != '"' {
		return nil, false
	}
	start := s.i + 1
	ascii := true
	for j := start; j < len(s.b); j++ {
		switch c := s.b[j]; {
		case c == '"':
			v := s.b[start:j]
			if !ascii && !utf8.Valid(v) {
				return nil, false // encoding/json would replace the invalid bytes
			}
			s.i = j + 1
			return v, true
		case c == '\\' || c < 0x20:
			return nil, false
		case c >= 0x80:
			ascii = false
		}
	}
	return nil, false
}

func (s *scanner) stringOrNull() (v []byte, null, ok bool) {
	if s.null() {
		return nil, true, true
	}
	v, ok = s.plainString()
	return v, false, ok
}

// number reads a JSON number (RFC 8259 grammar).
func (s *scanner) number() ([]byte, bool) {
	s.ws()
	start, j := s.i, s.i
	b := s.b
	if j < len(b) && b[j] == '-' {
		j++
	}
	switch {
	case j < len(b) && b[j] == '0':
		j++
	case j < len(b) && b[j] >= '1' && b[j] <= '9':
		for j < len(b) && b[j] >= '0' && b[j] <= '9' {
			j++
		}
	default:
		return nil, false
	}
	if j < len(b) && b[j] == '.' {
		j++
		k := j
		for j < len(b) && b[j] >= '0' && b[j] <= '9' {
			j++
		}
		if j == k {
			return nil, false
		}
	}
	if j < len(b) && (b[j] == 'e' || b[j] == 'E') {
		j++
		if j < len(b) && (b[j] == '+' || b[j] == '-') {
			j++
		}
		k := j
		for j < len(b) && b[j] >= '0' && b[j] <= '9' {
			j++
		}
		if j == k {
			return nil, false
		}
	}
	s.i = j
	return b[start:j], true
}

func (s *scanner) floatField(dst **float64, store *float64) bool {
	if s.null() {
		return true
	}
	n, ok := s.number()
	if !ok {
		return false
	}
	v, err := strconv.ParseFloat(unsafeString(n), 64)
	if err != nil {
		return false // out of range: encoding/json's error text
	}
	*store = v
	*dst = store
	return true
}

// integer reads a JSON number that encoding/json accepts for an int.
func (s *scanner) integer() (int, bool) {
	n, ok := s.number()
	if !ok {
		return 0, false
	}
	v, err := strconv.ParseInt(unsafeString(n), 10, 64)
	if err != nil || int64(int(v)) != v {
		return 0, false
	}
	return int(v), true
}

// skip passes over any JSON value (strings may hold escapes here: they are only skipped).
func (s *scanner) skip() bool {
	s.ws()
	if s.i >= len(s.b) {
		return false
	}
	switch c := s.b[s.i]; c {
	case '{', '[':
		closer := byte('}')
		if c == '[' {
			closer = ']'
		}
		s.i++
		if s.end(closer) {
			return true
		}
		for {
			if c == '{' {
				if !s.skipString() || !s.colon() {
					return false
				}
			}
			if !s.skip() {
				return false
			}
			more, ok := s.next(closer)
			if !ok {
				return false
			}
			if !more {
				return true
			}
		}
	case '"':
		return s.skipString()
	case 't':
		return s.literal("true")
	case 'f':
		return s.literal("false")
	case 'n':
		return s.literal("null")
	default:
		_, ok := s.number()
		return ok
	}
}

// skipString passes over a string, escapes included, checking them as encoding/json does.
func (s *scanner) skipString() bool {
	s.ws()
	if s.i >= len(s.b) || s.b[s.i] != '"' {
		return false
	}
	for j := s.i + 1; j < len(s.b); j++ {
		switch c := s.b[j]; {
		case c == '"':
			s.i = j + 1
			return true
		case c < 0x20:
			return false
		case c == '\\':
			j++
			if j >= len(s.b) {
				return false
			}
			switch s.b[j] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			case 'u':
				if j+4 >= len(s.b) {
					return false
				}
				for k := j + 1; k <= j+4; k++ {
					if !isHex(s.b[k]) {
						return false
					}
				}
				j += 4
			default:
				return false
			}
		}
	}
	return false
}

func isHex(c byte) bool { return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

// unsafeString views b as a string for a call that does not keep it (parsing).
func unsafeString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(unsafe.SliceData(b), len(b))
}
