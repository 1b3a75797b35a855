package enrich

import (
	"encoding/json"
	"strings"

	"github.com/tracker-adsb/tracker-core-health/aircraftdb"
	"github.com/tracker-adsb/tracker-core-health/model"
)

// AircraftAnswer is what the database knows of an address: the notification's aircraft object
// (tracker-rules db lookup, GET /api/lookup/aircraft/{hex}).
type AircraftAnswer struct {
	IcaoHex string `json:"icao_hex"`
	model.Aircraft
	// Registrant is who it is registered to, as REGISTRANT_DETAIL lets it be shown.
	Registrant json.RawMessage `json:"registrant,omitempty"`
	// OptedOut says the aircraft is on the owners' opt-out list (PRIVACY_LIST): no registrant
	// is shown, whatever the registers hold (CONTRACT.md 12.3).
	OptedOut bool `json:"opted_out,omitempty"`
	// notice is the registrant's register's notice (its attribution, CONTRACT.md 12.2).
	notice string
}

// Notice is what the licence of the register the answer's registrant came from asks to be
// said with it ("" without a registrant).
func (a AircraftAnswer) Notice() string { return a.notice }

// LookupAircraft answers an address (hex, upper-case, already parsed to addr) with its
// registrant at detail d, none when the aircraft is on the opt-out list (nil: none); found is
// false when neither the aircraft table nor the registers have it.
func LookupAircraft(db *aircraftdb.DB, hex string, addr uint32, d model.RegistrantDetail, optOut OptOut) (AircraftAnswer, bool) {
	a, found := Aircraft(db, addr, "")
	out := AircraftAnswer{IcaoHex: hex, Aircraft: a}
	r, held := db.Registrant(addr)
	// Listed by its address, or by its registration: the aircraft table's, or the register's
	// own where the table has none for the address (CONTRACT.md 12.3).
	if optOut != nil && (optOut.Listed(addr, a.Registration) || optOut.Listed(addr, r.Registration)) {
		out.OptedOut = true
		return out, true
	}
	if held {
		if shown, ok := r.Shown(d); ok {
			out.Registrant, out.notice = shown.AppendJSON(nil), shown.Notice
		}
	}
	return out, found || out.Registrant != nil
}

// CallsignAnswer is what the database knows of a callsign: its operator and its route's
// airports in the order flown (tracker-rules db lookup, GET /api/lookup/callsign/{ident}).
type CallsignAnswer struct {
	Ident    string            `json:"ident,omitempty"` // the API names the callsign; the command does not
	Operator json.RawMessage   `json:"operator,omitempty"`
	Route    []json.RawMessage `json:"route,omitempty"`
}

// LookupCallsign answers a callsign (upper-case); found is false when neither its operator nor
// its route is known.
func LookupCallsign(db *aircraftdb.DB, ident string) (CallsignAnswer, bool) {
	var out CallsignAnswer
	if p, ok := OperatorParty(db, ident); ok {
		out.Operator = p.Raw
	}
	if r, ok := db.Route(ident); ok {
		for i := range r.Len() {
			out.Route = append(out.Route, AirportObject(r.Airport(i)))
		}
	}
	return out, out.Operator != nil || out.Route != nil
}

// Lookup is one answer of tracker-rules db lookup: an address gives the aircraft object, a
// callsign the operator and the route's airports; a key that is both (ACA123: six hex digits,
// and Air Canada 123) and known as both is answered as both, labelled {"aircraft",
// "callsign"}; unknown: {}.
func Lookup(db *aircraftdb.DB, key string, detail model.RegistrantDetail, optOut OptOut) any {
	key = strings.ToUpper(strings.TrimSpace(key))
	var ac any
	if addr, ok := model.ParseAddress(key); ok {
		if a, found := LookupAircraft(db, key, addr, detail, optOut); found {
			ac = a
		}
	}
	c, isCallsign := LookupCallsign(db, key)
	switch {
	case ac != nil && isCallsign:
		return struct {
			Aircraft any            `json:"aircraft"`
			Callsign CallsignAnswer `json:"callsign"`
		}{ac, c}
	case ac != nil:
		return ac
	}
	return c
}
