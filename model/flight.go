package model

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"time"
)

// Party is an operator, registrant or airport object: kept verbatim for the notification,
// with what the rules and the people-facing outputs read of it typed, read once (at decode
// time, or by the enrichment that rendered it), so that nothing parses the JSON again.
type Party struct {
	Raw               json.RawMessage
	AirlineDesignator string // upper-cased operator.airline_designator
	// Clean says Raw is already in payload form (no null, no empty object, no "source"): an
	// object the enrichment rendered, which the notification takes as it is.
	Clean bool
	Brief
}

// Brief is what the UI, the channels' text and the digest show of a party: an operator's
// name and radio callsign, an airport's codes, name and city.
type Brief struct {
	Name     string `json:"name,omitempty"`
	Callsign string `json:"callsign,omitempty"`
	ICAO     string `json:"icao_code,omitempty"`
	IATA     string `json:"iata_code,omitempty"`
	City     string `json:"city,omitempty"`
}

// briefOf reads a Brief from an object's keys.
func briefOf(obj map[string]json.RawMessage) Brief {
	var b Brief
	for key, dst := range map[string]*string{"name": &b.Name, "callsign": &b.Callsign, "icao_code": &b.ICAO, "iata_code": &b.IATA, "city": &b.City} {
		if v, ok := obj[key]; ok {
			_ = json.Unmarshal(v, dst)
		}
	}
	return b
}

// UnmarshalJSON keeps the object verbatim; null leaves the party empty.
func (p *Party) UnmarshalJSON(b []byte) error {
	if bytes.Equal(bytes.TrimSpace(b), []byte("null")) {
		*p = Party{}
		return nil
	}
	var probe map[string]json.RawMessage
	if err := json.Unmarshal(b, &probe); err != nil {
		return err
	}
	p.Raw = append(json.RawMessage(nil), b...)
	p.AirlineDesignator = designator(probe)
	p.Brief = briefOf(probe)
	return nil
}

func designator(obj map[string]json.RawMessage) string {
	var d string
	_ = json.Unmarshal(obj["airline_designator"], &d)
	return strings.ToUpper(strings.TrimSpace(d))
}

// merge folds a later object into p key by key (CONTRACT.md 6.4): a key that is absent or
// null in the later object leaves the accumulated value unchanged. An identical object, the
// common case within a flight, costs nothing.
func (p *Party) merge(later *Party) {
	if later.Empty() || bytes.Equal(p.Raw, later.Raw) {
		return
	}
	if p.Empty() {
		// The message's bytes may be reused for the next line: the flight keeps its own copy.
		*p = Party{Raw: bytes.Clone(later.Raw), AirlineDesignator: later.AirlineDesignator, Brief: later.Brief}
		return
	}
	var acc, upd map[string]json.RawMessage
	if json.Unmarshal(p.Raw, &acc) != nil || json.Unmarshal(later.Raw, &upd) != nil {
		*p = Party{Raw: bytes.Clone(later.Raw), AirlineDesignator: later.AirlineDesignator, Brief: later.Brief}
		return
	}
	for k, v := range upd {
		if !bytes.Equal(bytes.TrimSpace(v), []byte("null")) {
			acc[k] = v
		}
	}
	b, err := json.Marshal(acc)
	if err != nil {
		*p = Party{Raw: bytes.Clone(later.Raw), AirlineDesignator: later.AirlineDesignator, Brief: later.Brief}
		return
	}
	p.Raw, p.AirlineDesignator, p.Clean, p.Brief = b, designator(acc), false, briefOf(acc)
}

// Empty reports whether nothing was resolved.
func (p *Party) Empty() bool { return p == nil || len(p.Raw) == 0 }

// Powerplant of an aircraft.
type Powerplant struct {
	Count *int   `json:"count,omitempty"`
	Type  string `json:"type,omitempty"`
}

// Aircraft enrichment of a message.
type Aircraft struct {
	Registration           string      `json:"registration,omitempty"`
	TypeDesignator         string      `json:"type_designator,omitempty"`
	ManufacturerModel      string      `json:"manufacturer_model,omitempty"`
	Type                   string      `json:"type,omitempty"`
	Category               string      `json:"category,omitempty"`
	WakeTurbulenceCategory string      `json:"wake_turbulence_category,omitempty"`
	Powerplant             *Powerplant `json:"powerplant,omitempty"`
	Military               *bool       `json:"military,omitempty"`
}

// AircraftMessage is one aircraft message: a line of recorded traffic for the rules command, or
// what a message processor hands to the evaluator.
type AircraftMessage struct {
	ReceivedAt     time.Time `json:"received_at"`
	IcaoHex        string    `json:"icao_hex"`
	ReceiverSource string    `json:"receiver_source,omitempty"`
	Ident          string    `json:"ident,omitempty"`
	Squawk         string    `json:"squawk,omitempty"`
	Altitude       *float64  `json:"altitude,omitempty"`
	Velocity       *float64  `json:"velocity,omitempty"`
	Heading        *float64  `json:"heading,omitempty"`
	VerticalSpeed  *float64  `json:"vertical_speed,omitempty"`
	Latitude       *float64  `json:"latitude,omitempty"`
	Longitude      *float64  `json:"longitude,omitempty"`
	Aircraft       *Aircraft `json:"aircraft,omitempty"`
	Operator       *Party    `json:"operator,omitempty"`
	Registrant     *Party    `json:"registrant,omitempty"`
	Origin         *Party    `json:"origin,omitempty"`
	Destination    *Party    `json:"destination,omitempty"`
}

// NonICAOPrefix marks an address that is no ICAO 24-bit address (readsb's "~": a TIS-B track
// file, say). The prefix stays part of the address everywhere (the flight key, the traffic
// line, the notification), so such a track is never taken for the aircraft that owns the
// address, and it is never looked up (CONTRACT.md 9.2).
const NonICAOPrefix = "~"

// NonICAO reports whether an address is readsb's non-ICAO kind.
func NonICAO(icao string) bool { return strings.HasPrefix(strings.TrimSpace(icao), NonICAOPrefix) }

// OptFloat is a nullable number of a position or velocity record.
type OptFloat struct {
	V  float64
	OK bool
}

func opt(p *float64) OptFloat {
	if p == nil {
		return OptFloat{}
	}
	return OptFloat{*p, true}
}

// Position is the latest position record of a flight.
type Position struct {
	Latitude, Longitude, Altitude OptFloat
}

// Velocity is the latest velocity record of a flight.
type Velocity struct {
	Speed, Heading, VerticalSpeed OptFloat
}

// Flight accumulates the messages of one aircraft until a gap longer than the flight TTL.
type Flight struct {
	IcaoHex    string
	Ident      string
	Squawk     string
	Aircraft   Aircraft
	Operator   Party
	Registrant Party
	// Owner is the flight's registrant as REGISTRANT_DETAIL and PRIVACY_LIST let it be shown
	// (the input's, which wins, else the database's: the enrichment makes it): what the
	// registrant conditions, the payload (RegistrantJSON), the flight log and the channels'
	// text read.
	Owner           Registrant
	Origin          Party
	Destination     Party
	ReceiverSources []string
	FirstMessage    time.Time
	LastMessage     time.Time
	TotalMessages   int
	HasPosition     bool
	Position        Position
	HasVelocity     bool
	Velocity        Velocity
	MatchedRules    []string
	ForceArchive    bool
	// Held are the rules whose match of this flight was held (CONTRACT.md 10.2): an emergency
	// later decides each again, once.
	Held []string
	// Enrichment is what the enrichment remembers of the flight (CONTRACT.md 9): which
	// lookups were made, and what the route leg resolution reads until the route is settled.
	Enrichment EnrichState
	// Watched is what the watchlists say of the aircraft (nil: on no list), looked up once
	// per flight and again when the lists change (CONTRACT.md 11).
	Watched *Watched
	// Stats is what the flight log keeps (CONTRACT.md 13), accumulated only where one is kept.
	Stats FlightStats

	// Storage of the merged powerplant and military flag that Aircraft points at (never the
	// message's, whose storage may be reused).
	powerplant      Powerplant
	powerplantCount int
	military        bool
}

// AppendFlightKey appends the flight key of an icao_hex to buf: trimmed and upper-cased
// (CONTRACT.md 6.4), so that "4ca7b5" and " 4CA7B5" are one aircraft. A lookup with
// m[string(buf)] allocates nothing.
func AppendFlightKey(buf []byte, icao string) []byte {
	buf = append(buf, strings.TrimSpace(icao)...)
	for i, c := range buf {
		if c >= 'a' && c <= 'z' {
			buf[i] = c - 'a' + 'A'
		}
	}
	return buf
}

// Reset starts a new flight for the same aircraft, reusing the flight's memory.
func (f *Flight) Reset(icao string) {
	matched, sources, track, held := f.MatchedRules[:0], f.ReceiverSources[:0], f.Enrichment.Track.Positions[:0], f.Held[:0]
	path := f.Stats.Track
	*f = Flight{IcaoHex: icao, MatchedRules: matched, ReceiverSources: sources, Held: held}
	f.Enrichment.Track.Positions = track
	f.Stats.resetTrack(path)
}

// Apply folds one message into the flight: identity and enrichment (latest non-empty value
// wins), receiver sources, counters, and the latest position and velocity records.
func (f *Flight) Apply(m *AircraftMessage) {
	if f.TotalMessages == 0 {
		f.FirstMessage = m.ReceivedAt
	}
	if m.ReceivedAt.After(f.LastMessage) || f.TotalMessages == 0 {
		f.LastMessage = m.ReceivedAt
	}
	f.TotalMessages++
	if m.Ident != "" {
		f.Ident = m.Ident
	}
	if m.Squawk != "" {
		f.Squawk = m.Squawk
	}
	if src := m.ReceiverSource; src != "" && !slices.Contains(f.ReceiverSources, src) {
		f.ReceiverSources = append(f.ReceiverSources, src)
	}
	if a := m.Aircraft; a != nil {
		f.mergeAircraft(a)
	}
	f.Operator.merge(m.Operator)
	f.Registrant.merge(m.Registrant)
	f.Origin.merge(m.Origin)
	f.Destination.merge(m.Destination)
	// A position record needs both coordinates; an altitude alone is not one, so it does not
	// change the latest altitude (CONTRACT.md 6.4).
	if m.Latitude != nil && m.Longitude != nil {
		f.HasPosition = true
		f.Position = Position{Latitude: opt(m.Latitude), Longitude: opt(m.Longitude), Altitude: opt(m.Altitude)}
	}
	if m.Velocity != nil || m.Heading != nil || m.VerticalSpeed != nil {
		f.HasVelocity = true
		f.Velocity = Velocity{Speed: opt(m.Velocity), Heading: opt(m.Heading), VerticalSpeed: opt(m.VerticalSpeed)}
	}
}

// mergeAircraft folds a message's aircraft object into the flight's (latest non-empty wins).
func (f *Flight) mergeAircraft(a *Aircraft) {
	mergeStr(&f.Aircraft.Registration, a.Registration)
	mergeStr(&f.Aircraft.TypeDesignator, a.TypeDesignator)
	mergeStr(&f.Aircraft.ManufacturerModel, a.ManufacturerModel)
	mergeStr(&f.Aircraft.Type, a.Type)
	mergeStr(&f.Aircraft.Category, a.Category)
	mergeStr(&f.Aircraft.WakeTurbulenceCategory, a.WakeTurbulenceCategory)
	if p := a.Powerplant; p != nil { // merged one level deeper: count and type apart
		if p.Count != nil {
			f.powerplantCount = *p.Count
			f.powerplant.Count = &f.powerplantCount
		}
		mergeStr(&f.powerplant.Type, p.Type)
		f.Aircraft.Powerplant = &f.powerplant
	}
	if a.Military != nil {
		f.military = *a.Military
		f.Aircraft.Military = &f.military
	}
}

func mergeStr(dst *string, v string) {
	if v != "" {
		*dst = v
	}
}

// HasMatched reports whether rule id already fired for this flight.
func (f *Flight) HasMatched(id string) bool {
	for _, r := range f.MatchedRules {
		if r == id {
			return true
		}
	}
	return false
}
