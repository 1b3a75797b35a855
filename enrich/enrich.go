// Package enrich fills a flight with what the offline database knows (CONTRACT.md 9): the
// aircraft when the flight is created, the operator when its ident is first seen, and the
// origin and destination by the original processor's route leg resolution. The rule engine
// calls it for every message (rules.Engine.SetEnricher) before any rule looks at the flight.
package enrich

import (
	"regexp"
	"strings"

	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/aircraftdb"
	"github.com/tracker-adsb/tracker-core-health/model"
)

// Source is where the database in use comes from (an aircraftdb.Handle): nil means none.
type Source interface {
	Current() *aircraftdb.DB
}

// Enricher implements rules.Enricher. One engine's (one goroutine's): it keeps scratch space.
type Enricher struct {
	src   Source
	log   zerolog.Logger
	stops []Stop // scratch for a route's airports
	// The objects already rendered, for the database they came from: a flight's operator and
	// airports are shared read-only (a Party's bytes are never written in place).
	cacheOf   *aircraftdb.DB
	airports  map[int]model.Party
	operators map[string]model.Party
	// Scratch of the aircraft lookup, and the slab the flights' first positions are carved
	// from: a flight costs no allocation of its own until its track outgrows its piece.
	ac    model.Aircraft
	pp    model.Powerplant
	count int
	mil   bool
	slab  []float32
	// detail is REGISTRANT_DETAIL (the zero value is standard: private by default), applied
	// here, where the registrant is made, so every reader sees the same.
	detail model.RegistrantDetail
	// optOut is PRIVACY_LIST (nil: none): a listed aircraft gets no registrant at all.
	optOut OptOut
}

// OptOut is the owners' opt-out list (privacy.List): an aircraft listed by its address or
// registration gets no registrant (CONTRACT.md 12.3). Generation counts its versions.
type OptOut interface {
	Listed(addr uint32, registration string) bool
	Generation() uint64
}

// SetRegistrantDetail sets what of a registrant the flights get (CONTRACT.md 12.3).
func (en *Enricher) SetRegistrantDetail(d model.RegistrantDetail) { en.detail = d }

// SetOptOut sets the opt-out list (nil: none).
func (en *Enricher) SetOptOut(l OptOut) { en.optOut = l }

// trackPiece is the positions (pairs) a flight's track starts with; most routes settle on
// the first message that has an ident, a position with an altitude and a heading.
const trackPiece = 2 * 8

func (en *Enricher) piece() []float32 {
	if cap(en.slab)-len(en.slab) < trackPiece {
		en.slab = make([]float32, 0, 512*trackPiece)
	}
	n := len(en.slab)
	en.slab = en.slab[:n+trackPiece]
	return en.slab[n : n : n+trackPiece]
}

// New enriches from src; log gets the debug lines of rejected routes.
func New(src Source, log zerolog.Logger) *Enricher {
	return &Enricher{src: src, log: log, stops: make([]Stop, 0, 16)}
}

// Enrich fills what is missing of f after m was folded into it. It never fails: no database,
// a miss or an unsettled route just leave fields unset. The flight's registrant is made here
// with or without a database (an input's registrant obeys REGISTRANT_DETAIL and PRIVACY_LIST
// as the database's does).
func (en *Enricher) Enrich(f *model.Flight, m *model.AircraftMessage) {
	var db *aircraftdb.DB
	if en.src != nil {
		db = en.src.Current()
	}
	if db == nil {
		en.registrant(nil, f, m)
		return
	}
	if db != en.cacheOf { // a new database: objects rendered from the old one go
		en.cacheOf, en.airports, en.operators = db, map[int]model.Party{}, map[string]model.Party{}
	}
	st := &f.Enrichment
	st.Keep(db) // what the flight's looked-up strings point into lives as long as the flight
	if !st.AircraftDone {
		st.AircraftDone = true
		st.RegistrantMade = false // made again with the database (it may have come late)
		if !model.NonICAO(f.IcaoHex) {
			en.aircraft(db, f)
		}
	}
	en.registrant(db, f, m)
	if !st.OperatorDone && f.Ident != "" {
		st.OperatorDone = true
		en.operator(db, f)
	}
	if !st.RouteDone {
		en.route(db, f, m)
	}
}

// Aircraft is the aircraft object the database gives an address (and a type designator the
// feed may already have said): what the flight is filled from, and what db lookup prints.
// found reports whether the address is in the aircraft table; an address that is not may
// still get the type's details (from the feed's type) and the military flag of its block.
func Aircraft(db *aircraftdb.DB, addr uint32, feedType string) (model.Aircraft, bool) {
	var (
		a     model.Aircraft
		pp    model.Powerplant
		count int
		mil   bool
	)
	found := aircraftInto(db, addr, feedType, &a, &pp, &count, &mil)
	return a, found
}

// aircraftInto is Aircraft into storage the caller owns (the enricher's scratch: no
// allocation per flight).
func aircraftInto(db *aircraftdb.DB, addr uint32, feedType string, a *model.Aircraft, pp *model.Powerplant, count *int, mil *bool) bool {
	rec, found := db.Aircraft(addr)
	*a = model.Aircraft{Registration: rec.Registration, TypeDesignator: rec.Type.Designator}
	*pp = model.Powerplant{}
	typ := rec.Type
	if feedType = strings.ToUpper(strings.TrimSpace(feedType)); feedType != "" && feedType != typ.Designator {
		typ, _ = db.Type(feedType) // the feed's own type wins; its details come from the table
	}
	typeInto(typ, a, pp, count)
	if rec.Military || db.MilitaryBlock(addr) {
		*mil = true
		a.Military = mil
	}
	return found
}

func (en *Enricher) aircraft(db *aircraftdb.DB, f *model.Flight) {
	addr, ok := model.ParseAddress(f.IcaoHex)
	if !ok {
		return
	}
	aircraftInto(db, addr, f.Aircraft.TypeDesignator, &en.ac, &en.pp, &en.count, &en.mil)
	f.FillAircraft(&en.ac) // copies: the scratch is the next flight's
}

// registrant makes the flight's registrant (CONTRACT.md 12), Flight.Owner: the input's when
// a message carried one (it wins, CONTRACT.md 9.1), else the database's; either one cut to what
// REGISTRANT_DETAIL lets leave (CONTRACT.md 12.3), and none at all for an aircraft on the
// owners' opt-out list, found by its address, its registration, or the registration its
// register writes. Made on the flight's first message, again when a message carries a
// registrant, and when the list changed (a flight in progress obeys it too); otherwise nothing
// is done (no allocation).
func (en *Enricher) registrant(db *aircraftdb.DB, f *model.Flight, m *model.AircraftMessage) {
	st := &f.Enrichment
	changed := en.optOut != nil && st.OptOutGeneration != en.optOut.Generation()
	if st.RegistrantMade && !changed && m.Registrant.Empty() {
		return
	}
	st.RegistrantMade = true
	if en.optOut != nil {
		st.OptOutGeneration = en.optOut.Generation()
	}
	f.Owner = model.Registrant{}
	if en.detail == model.DetailNone {
		return
	}
	addr, ok := model.ParseAddress(f.IcaoHex)
	if ok = ok && !model.NonICAO(f.IcaoHex); !ok {
		addr = noAddress // listed by its registration alone
	}
	if ok && db != nil && db.Registrants() > 0 {
		db.RegistrantTo(addr, &f.Owner) // the register's registration, for the opt-out, even when the input's wins
	}
	if en.optOut != nil && (en.optOut.Listed(addr, f.Aircraft.Registration) || en.optOut.Listed(addr, f.Owner.Registration)) {
		f.Owner = model.Registrant{}
		return
	}
	if !f.Registrant.Empty() {
		f.Owner, _ = model.RegistrantOf(f.Registrant.Raw) // not an object: nothing of it can be judged, so none
	}
	f.Owner.Limit(en.detail) // rendered only when a payload is made (model.Flight.RegistrantJSON)
}

// noAddress is no 24-bit address: a list never holds it.
const noAddress = 1 << 24

// TypeDetails are what a type designator says of an aircraft: its model, type, category and
// powerplant (the engine count and kind), as a flight gets them.
func TypeDetails(t aircraftdb.TypeRecord) (model.Aircraft, bool) {
	var (
		a     model.Aircraft
		pp    model.Powerplant
		count int
	)
	typeInto(t, &a, &pp, &count)
	return a, t.Designator != ""
}

// typeInto fills a's type details from typ (into storage the caller owns).
func typeInto(typ aircraftdb.TypeRecord, a *model.Aircraft, pp *model.Powerplant, count *int) {
	if typ.Model != "" {
		a.ManufacturerModel = typ.Model
	}
	desc := typ.Description
	switch desc[0] {
	case 'L':
		a.Type, a.Category = "Airplane", "Land"
	case 'S':
		a.Type, a.Category = "Airplane", "Sea"
	case 'A':
		a.Type, a.Category = "Airplane", "Amphibian"
	case 'H':
		a.Type = "Rotorcraft"
	case 'G':
		a.Type = "Gyroplane"
	case 'T':
		a.Type = "Tiltrotor"
	}
	if typ.Engines >= 0 && typ.Designator != "" {
		*count = int(typ.Engines)
		pp.Count = count
	}
	switch typ.EngineType {
	case 'P':
		pp.Type = "Piston"
	case 'T':
		pp.Type = "Turbo-prop"
		if desc[0] == 'H' {
			pp.Type = "Turbo-shaft"
		}
	case 'J':
		pp.Type = "Jet"
	case 'E':
		pp.Type = "Electric"
	case 'R':
		pp.Type = "Rocket"
	}
	if pp.Count != nil || pp.Type != "" {
		a.Powerplant = pp
	}
}

// nNumber is a US civil registration used as a callsign (the original's pattern).
var nNumber = regexp.MustCompile(`^[LT]?N[CXR]?[1-9]((\d{0,4})|(\d{0,3}[A-HJ-NP-Z])|(\d{0,2}[A-HJ-NP-Z]{2}))$`)

// Designator is the ICAO airline designator of a callsign: its first 3 characters when they
// are letters and a digit follows ("BAW12" → "BAW"; "BA123", "GEZUA" → none).
func Designator(ident string) (string, bool) {
	if len(ident) < 4 {
		return "", false
	}
	for i := range 3 {
		if c := ident[i]; c < 'A' || c > 'Z' {
			return "", false
		}
	}
	if c := ident[3]; c < '0' || c > '9' {
		return "", false
	}
	return ident[:3], true
}

func (en *Enricher) operator(db *aircraftdb.DB, f *model.Flight) {
	if !f.Operator.Empty() || (f.Aircraft.Military != nil && *f.Aircraft.Military) {
		return
	}
	ident := strings.ToUpper(strings.TrimSpace(f.Ident))
	if ownRegistration(f) {
		return
	}
	if nNumber.MatchString(ident) {
		return
	}
	d, ok := Designator(ident)
	if !ok {
		return
	}
	p, ok := en.operators[d]
	if !ok {
		p, _ = OperatorParty(db, ident)
		if len(en.operators) < maxCached {
			en.operators[d] = p
		}
	}
	if !p.Empty() {
		f.Operator = p
	}
}

// ownRegistration reports whether the flight's ident is the aircraft's own registration
// (dashes removed, any case): a private flight, with no operator and no route to look up.
func ownRegistration(f *model.Flight) bool {
	reg := f.Aircraft.Registration
	return reg != "" && strings.EqualFold(strings.ReplaceAll(reg, "-", ""), strings.TrimSpace(f.Ident))
}

// route keeps the track the leg resolution reads and resolves once the flight has an ident,
// a position with an altitude and a heading; it settles once (CONTRACT.md 9.2, 9.3).
func (en *Enricher) route(db *aircraftdb.DB, f *model.Flight, m *model.AircraftMessage) {
	t := &f.Enrichment.Track
	if m.Latitude != nil && m.Longitude != nil {
		if !t.HasFirst {
			t.First, t.HasFirst = f.Position, true
		}
		if m.Altitude != nil {
			t.AltitudeSeen = true
		}
		if t.Positions == nil {
			t.Positions = en.piece()
		}
		t.Positions = append(t.Positions, float32(*m.Latitude), float32(*m.Longitude))
	}
	if m.VerticalSpeed != nil && !t.FirstVertical.OK {
		t.FirstVertical = model.OptFloat{V: *m.VerticalSpeed, OK: true}
	}
	if m.Heading != nil {
		t.Headings[t.NHeadings%3] = *m.Heading
		t.NHeadings++
	}
	// The original looks no route up for a registration. A flight still unsettled after
	// maxTrack positions (hours without an ident, or of unstable heading) is given up rather
	// than checked on a thinned track, which could pass a leg the original rejects.
	if len(t.Positions) > maxTrack || (f.Ident != "" && ownRegistration(f)) {
		f.Enrichment.RouteDone = true
		t.Positions = nil
		return
	}
	if f.Ident == "" || !t.AltitudeSeen || t.NHeadings == 0 {
		return
	}
	res, route := en.resolve(db, f)
	if !res.Final {
		return
	}
	f.Enrichment.RouteDone = true
	t.Positions = nil // settled: the track is no longer read
	if !res.Found {
		if en.log.GetLevel() <= zerolog.DebugLevel {
			en.log.Debug().Str("ident", f.Ident).Str("icao_hex", f.IcaoHex).Str("route", route).Str("reason", res.Reason).Msg("no route leg")
		}
		return
	}
	if !f.Origin.Empty() || !f.Destination.Empty() {
		return // the input said where it flies: both or neither are ours
	}
	f.Origin = en.airport(db, en.stops[res.Leg.From].Index)
	f.Destination = en.airport(db, en.stops[res.Leg.To].Index)
}

// maxCached bounds each cache of rendered objects (there are ≈ 34,000 airports and ≈ 7,600
// operators in all).
const maxCached = 50_000

func (en *Enricher) airport(db *aircraftdb.DB, i int) model.Party {
	if p, ok := en.airports[i]; ok {
		return p
	}
	p := AirportParty(db.AirportAt(i))
	if len(en.airports) < maxCached {
		en.airports[i] = p
	}
	return p
}

// maxTrack bounds the positions kept of an unsettled flight (pairs of float32: 512 KB at
// most, 18 hours of one position a second); the sanity check judges every one of them.
const maxTrack = 2 * 65536

func (en *Enricher) resolve(db *aircraftdb.DB, f *model.Flight) (Resolution, string) {
	r, ok := db.Route(f.Ident)
	en.stops = en.stops[:0]
	if ok {
		for i := range r.Len() {
			a := r.Airport(i)
			en.stops = append(en.stops, Stop{Code: a.Code, Lat: a.Latitude, Lon: a.Longitude, OK: a.HasPosition, Index: r.Index(i)})
		}
	}
	res := ResolveLeg(en.stops, &f.Enrichment.Track)
	if res.Final && !res.Found && en.log.GetLevel() <= zerolog.DebugLevel {
		codes := make([]string, len(en.stops))
		for i, s := range en.stops {
			codes[i] = s.Code
		}
		return res, strings.Join(codes, "-")
	}
	return res, ""
}
