package api

import (
	"encoding/json"
	"net/http"
	"regexp"
	"sort"
	"strings"
	"unicode"

	"github.com/tracker-adsb/tracker-core-health/aircraftdb"
	"github.com/tracker-adsb/tracker-core-health/aircraftdb/shipped"
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
	mux.HandleFunc("GET /api/lookup/types", attributed(s.lookupTypes))
	mux.HandleFunc("GET /api/lookup/operators", attributed(s.lookupOperators))
	mux.HandleFunc("GET /api/lookup/aircraft/{hex}", attributed(s.lookupAircraft))
	mux.HandleFunc("GET /api/lookup/callsign/{ident}", attributed(s.lookupCallsign))
}

// AttributionHeader says, on every lookup's answer, where the data is from: the licences of the
// shipped data ask for it wherever it is used (the single answers also carry it in the body).
const AttributionHeader = "X-Data-Attribution"

func attributed(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set(AttributionHeader, shipped.Attribution)
		h(w, r)
	}
}

// withAttribution is a lookup's answer with the data's attribution.
type withAttribution[T any] struct {
	Answer      T
	Attribution string `json:"attribution"`
}

// MarshalJSON adds the attribution to the answer's object.
func (a withAttribution[T]) MarshalJSON() ([]byte, error) {
	b, err := json.Marshal(a.Answer)
	if err != nil || len(b) < 2 || b[0] != '{' {
		return b, err
	}
	attr, _ := json.Marshal(a.Attribution)
	if len(b) == 2 {
		return []byte(`{"attribution":` + string(attr) + `}`), nil
	}
	return append(append(append(b[:len(b)-1:len(b)-1], `,"attribution":`...), attr...), '}'), nil
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

// candidate is one entry of a type or operator table as a search sees it: its code, name,
// radio callsign (operators) and how common it is (aircraft of the type, routes of the
// operator).
type candidate struct {
	code, name, callsign string
	common               int
}

// rank orders an entry against a search, as a person expects: 0 the code itself; 1 the radio
// callsign or the whole name ("speedbird", "lufthansa"); 2 a code, name or callsign that
// starts with it ("A32", "ryan"); 3 a word of the name that does; 4 a code, name or callsign
// that holds it anywhere; -1 no match.
func rank(uq string, c candidate) int {
	code, name, callsign := strings.ToUpper(c.code), strings.ToUpper(c.name), strings.ToUpper(c.callsign)
	switch {
	case code == uq:
		return 0
	case callsign == uq || name == uq:
		return 1
	case strings.HasPrefix(code, uq) || strings.HasPrefix(name, uq) || strings.HasPrefix(callsign, uq):
		return 2
	}
	for _, w := range strings.FieldsFunc(name, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if strings.HasPrefix(w, uq) {
			return 3
		}
	}
	if strings.Contains(code, uq) || strings.Contains(name, uq) || strings.Contains(callsign, uq) {
		return 4
	}
	return -1
}

// suggest is the best MaxSuggestions of n entries for q: by rank, then the most common first,
// then by code.
func suggest(q string, n int, at func(int) candidate) []int {
	type hit struct {
		i, rank, common int
		code            string
	}
	uq := strings.ToUpper(q)
	var hits []hit
	for i := range n {
		c := at(i)
		if r := rank(uq, c); r >= 0 {
			hits = append(hits, hit{i, r, c.common, c.code})
		}
	}
	sort.Slice(hits, func(a, b int) bool {
		x, y := hits[a], hits[b]
		if x.rank != y.rank {
			return x.rank < y.rank
		}
		if x.common != y.common {
			return x.common > y.common
		}
		return x.code < y.code
	})
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
	at func(*aircraftdb.DB, int) candidate, answer func(*aircraftdb.DB, int) any) {
	q, ok := query(w, r)
	if !ok {
		return
	}
	db := s.database(w)
	if db == nil {
		return
	}
	out := []any{}
	for _, i := range suggest(q, n(db), func(i int) candidate { return at(db, i) }) {
		out = append(out, answer(db, i))
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) lookupTypes(w http.ResponseWriter, r *http.Request) {
	s.suggestions(w, r, (*aircraftdb.DB).Types,
		func(db *aircraftdb.DB, i int) candidate {
			t := db.TypeAt(i)
			return candidate{code: t.Designator, name: t.Model, common: db.TypeAircraft(i)}
		},
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
		func(db *aircraftdb.DB, i int) candidate {
			o := db.OperatorAt(i)
			return candidate{code: o.Designator, name: o.Name, callsign: o.Callsign, common: db.OperatorRoutes(o.Designator)}
		},
		func(db *aircraftdb.DB, i int) any {
			o := db.OperatorAt(i)
			return operatorAnswer{o.Designator, o.Name, o.Country, o.Callsign}
		})
}

func (s *Server) lookupAircraft(w http.ResponseWriter, r *http.Request) {
	hex := strings.ToUpper(strings.TrimSpace(r.PathValue("hex")))
	addr, ok := model.ParseAddress(hex)
	if !ok {
		write422(w, []FieldError{{Loc: []any{"path", "hex"}, Msg: "an ICAO address is 6 hexadecimal digits", Type: "value_error"}})
		return
	}
	db := s.database(w)
	if db == nil {
		return
	}
	a, found := enrich.LookupAircraft(db, hex, addr, s.opts.RegistrantDetail, s.optOut())
	if !found {
		writeDetail(w, http.StatusNotFound, "Aircraft '"+hex+"' not found")
		return
	}
	// The shipped data's attribution, and the notice of the one register the registrant came
	// from (CONTRACT.md 12.2), never the others'.
	attribution := shipped.Attribution
	if n := a.Notice(); n != "" {
		attribution += ". Registrant: " + n
	}
	writeJSON(w, http.StatusOK, withAttribution[enrich.AircraftAnswer]{a, attribution})
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
	writeJSON(w, http.StatusOK, withAttribution[enrich.CallsignAnswer]{out, shipped.Attribution})
}
