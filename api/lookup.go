package api

import (
	"net/http"
	"regexp"
	"sort"
	"strings"
	"unicode"

	"github.com/tracker-adsb/tracker-core-health/aircraftdb"
	"github.com/tracker-adsb/tracker-core-health/enrich"
	"github.com/tracker-adsb/tracker-core-health/model"
)

// MaxSuggestions is how many answers a type or operator search gives at most.
const MaxSuggestions = 20

// maxQuery bounds a search text.
const maxQuery = 64

// lookupRoutes are the database's answers for the rule editor and the traffic card: type and
// operator suggestions as the user types, an aircraft by address, a callsign's operator and
// route (the answers of tracker-rules db lookup).
func (s *Server) lookupRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/lookup/types", s.lookupTypes)
	mux.HandleFunc("GET /api/lookup/operators", s.lookupOperators)
	mux.HandleFunc("GET /api/lookup/aircraft/{hex}", s.lookupAircraft)
	mux.HandleFunc("GET /api/lookup/callsign/{ident}", s.lookupCallsign)
}

// database is the aircraft database in use; nil (after a 503) when there is none.
func (s *Server) database(w http.ResponseWriter) *aircraftdb.DB {
	var db *aircraftdb.DB
	if s.opts.AircraftDB != nil {
		db = s.opts.AircraftDB.Current()
	}
	if db == nil {
		writeDetail(w, http.StatusServiceUnavailable, "No aircraft database (AIRCRAFT_DB=none, or its file is unusable)")
	}
	return db
}

// query reads ?q=: trimmed, 1 to 64 characters, else 422.
func query(w http.ResponseWriter, r *http.Request) (string, bool) {
	q := strings.TrimSpace(r.URL.Query().Get("q"))
	if q == "" || len(q) > maxQuery {
		write422(w, []FieldError{{Loc: []any{"query", "q"}, Msg: "q must be 1 to 64 characters", Type: "value_error"}})
		return "", false
	}
	return q, true
}

// rank orders a code and a name against a search: 0 the code itself, 1 a code starting with
// it, 2 a word of the name starting with it; -1 no match.
func rank(q, code, name string) int {
	uq, uc := strings.ToUpper(q), strings.ToUpper(code)
	switch {
	case uc == uq:
		return 0
	case strings.HasPrefix(uc, uq):
		return 1
	}
	for _, w := range strings.FieldsFunc(strings.ToUpper(name), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if strings.HasPrefix(w, uq) {
			return 2
		}
	}
	return -1
}

// suggest is the best MaxSuggestions of n entries for q: exact code first, then codes that
// start with it, then names with a word that does, each by code.
func suggest(q string, n int, at func(int) (code, name string)) []int {
	type hit struct{ i, rank int }
	var hits []hit
	for i := range n {
		code, name := at(i)
		if r := rank(q, code, name); r >= 0 {
			hits = append(hits, hit{i, r})
		}
	}
	sort.SliceStable(hits, func(a, b int) bool { return hits[a].rank < hits[b].rank }) // entries are in code order
	out := make([]int, 0, min(len(hits), MaxSuggestions))
	for _, h := range hits[:min(len(hits), MaxSuggestions)] {
		out = append(out, h.i)
	}
	return out
}

// typeAnswer is one type designator.
type typeAnswer struct {
	TypeDesignator    string            `json:"type_designator"`
	ManufacturerModel string            `json:"manufacturer_model,omitempty"`
	Description       string            `json:"description,omitempty"` // ICAO description, e.g. L2J
	Powerplant        *model.Powerplant `json:"powerplant,omitempty"`
}

func typeOf(t aircraftdb.TypeRecord) typeAnswer {
	a := typeAnswer{TypeDesignator: t.Designator, ManufacturerModel: t.Model}
	if t.Description != ([3]byte{}) {
		a.Description = strings.TrimRight(string(t.Description[:]), "\x00")
	}
	// The type's details as a flight gets them (engine count and type).
	if ac, _ := enrich.TypeDetails(t); ac.Powerplant != nil {
		a.Powerplant = ac.Powerplant
	}
	return a
}

// suggestions answers a search of n entries (a type or operator table): the best matches of
// ?q= by code and name, each rendered by answer.
func (s *Server) suggestions(w http.ResponseWriter, r *http.Request, n func(*aircraftdb.DB) int,
	at func(*aircraftdb.DB, int) (code, name string), answer func(*aircraftdb.DB, int) any) {
	q, ok := query(w, r)
	if !ok {
		return
	}
	db := s.database(w)
	if db == nil {
		return
	}
	out := []any{}
	for _, i := range suggest(q, n(db), func(i int) (string, string) { return at(db, i) }) {
		out = append(out, answer(db, i))
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) lookupTypes(w http.ResponseWriter, r *http.Request) {
	s.suggestions(w, r, (*aircraftdb.DB).Types,
		func(db *aircraftdb.DB, i int) (string, string) { t := db.TypeAt(i); return t.Designator, t.Model },
		func(db *aircraftdb.DB, i int) any { return typeOf(db.TypeAt(i)) })
}

// operatorAnswer is one operator.
type operatorAnswer struct {
	AirlineDesignator string `json:"airline_designator"`
	Name              string `json:"name,omitempty"`
	Country           string `json:"country,omitempty"`
	Callsign          string `json:"callsign,omitempty"`
}

func (s *Server) lookupOperators(w http.ResponseWriter, r *http.Request) {
	s.suggestions(w, r, (*aircraftdb.DB).Operators,
		func(db *aircraftdb.DB, i int) (string, string) { o := db.OperatorAt(i); return o.Designator, o.Name },
		func(db *aircraftdb.DB, i int) any {
			o := db.OperatorAt(i)
			return operatorAnswer{o.Designator, o.Name, o.Country, o.Callsign}
		})
}

func (s *Server) lookupAircraft(w http.ResponseWriter, r *http.Request) {
	hex := strings.ToUpper(strings.TrimSpace(r.PathValue("hex")))
	addr, ok := aircraftdb.ParseAddress(hex)
	if !ok {
		write422(w, []FieldError{{Loc: []any{"path", "hex"}, Msg: "an ICAO address is 6 hexadecimal digits", Type: "value_error"}})
		return
	}
	db := s.database(w)
	if db == nil {
		return
	}
	a, found := enrich.LookupAircraft(db, hex, addr)
	if !found {
		writeDetail(w, http.StatusNotFound, "Aircraft '"+hex+"' not found")
		return
	}
	writeJSON(w, http.StatusOK, a)
}

// callsignRE is what a callsign may be: 2 to 8 letters and digits.
var callsignRE = regexp.MustCompile(`^[A-Z0-9]{2,8}$`)

func (s *Server) lookupCallsign(w http.ResponseWriter, r *http.Request) {
	ident := strings.ToUpper(strings.TrimSpace(r.PathValue("ident")))
	if !callsignRE.MatchString(ident) {
		write422(w, []FieldError{{Loc: []any{"path", "ident"}, Msg: "a callsign is 2 to 8 letters and digits", Type: "value_error"}})
		return
	}
	db := s.database(w)
	if db == nil {
		return
	}
	out, found := enrich.LookupCallsign(db, ident)
	if !found {
		writeDetail(w, http.StatusNotFound, "Callsign '"+ident+"' not found")
		return
	}
	out.Ident = ident
	writeJSON(w, http.StatusOK, out)
}
