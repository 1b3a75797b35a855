package aircraftdb

import (
	"sort"
	"unsafe"
)

// Airport is one airport of the standing data.
type Airport struct {
	Code, ICAO, IATA, Name, City string
	Country                      string // ISO 3166-1 alpha-2
	Latitude, Longitude          float64
	HasPosition                  bool
	AltitudeFeet                 int32
	HasAltitude                  bool
}

// Airports is the number of airports.
func (db *DB) Airports() int { return len(db.airports) / airportRec.size }

// AirportAt is airport number i (0 ≤ i < Airports()).
func (db *DB) AirportAt(i int) Airport {
	r := db.airports[i*airportRec.size:]
	a := Airport{Code: db.str(airportRec.code.get(r)), ICAO: db.str(airportRec.icao.get(r)), IATA: db.str(airportRec.iata.get(r)),
		Name: db.str(airportRec.name.get(r)), City: db.str(airportRec.city.get(r))}
	if c := airportRec.country.get(r); c[0] != 0 {
		a.Country = unsafe.String(&c[0], 2)
	}
	flags := airportRec.flags.get(r)
	if flags&hasPosition != 0 {
		a.Latitude, a.Longitude, a.HasPosition = airportRec.lat.get(r), airportRec.lon.get(r), true
	}
	if flags&hasAltitude != 0 {
		a.AltitudeFeet, a.HasAltitude = int32(airportRec.alt.get(r)), true //nolint:gosec // stored signed
	}
	return a
}

// Route is the airports of one callsign's route, in the order flown: a view into the database.
type Route struct {
	db    *DB
	stops []byte
}

// Len is the number of airports.
func (r Route) Len() int { return len(r.stops) / 2 }

// Airport is the route's i-th airport.
func (r Route) Airport(i int) Airport { return r.db.AirportAt(r.Index(i)) }

// Index is the database number of the route's i-th airport (for AirportAt).
func (r Route) Index(i int) int { return int(le.Uint16(r.stops[i*2:])) }

// Route looks up the route of a callsign, normalised first (NormaliseCallsign).
func (db *DB) Route(callsign string) (Route, bool) {
	key, ok := NormaliseCallsign(callsign)
	if !ok {
		return Route{}, false
	}
	return db.RouteByKey(key)
}

// RouteByKey looks up a route by its packed normalised callsign.
func (db *DB) RouteByKey(key uint64) (Route, bool) {
	pr, ok := db.prefix(uint32(key >> 40))
	if !ok {
		return Route{}, false
	}
	i := search(db.routeKeys, 8, 8, int(pr.from), int(pr.to), key)
	if i == int(pr.to) || le.Uint64(db.routeKeys[i*8:]) != key {
		return Route{}, false
	}
	from, to := le.Uint32(db.routeOffs[i*4:]), le.Uint32(db.routeOffs[(i+1)*4:])
	return Route{db: db, stops: db.stops[from*2 : to*2]}, true
}

// prefix is the run of routes whose callsigns begin with p's 3 characters.
func (db *DB) prefix(p uint32) (prefixRange, bool) {
	i := sort.Search(len(db.routeFirst3), func(i int) bool { return db.routeFirst3[i].prefix >= p })
	if i == len(db.routeFirst3) || db.routeFirst3[i].prefix != p {
		return prefixRange{}, false
	}
	return db.routeFirst3[i], true
}

// OperatorRoutes is how many routes fly under an operator's designator: how common it is.
func (db *DB) OperatorRoutes(designator string) int {
	k, ok := designatorKey(designator)
	if !ok {
		return 0
	}
	pr, _ := db.prefix(k)
	return int(pr.to - pr.from)
}

// MilitaryBlock reports whether addr lies in a military ICAO address block: the most specific
// block that holds it (the standing data's method: blocks by descending significant bitmask,
// first match) is a military one.
func (db *DB) MilitaryBlock(addr uint32) bool {
	n := len(db.blocks) / blockRec.size
	if db.groups == nil { // a file whose blocks are not in the build's order: every block
		for i := range n {
			if r := db.blocks[i*blockRec.size:]; addr&blockRec.sig.get(r) == blockRec.mask.get(r) {
				return blockRec.military.get(r) != 0
			}
		}
		return false
	}
	for _, g := range db.groups {
		want := addr & g.sig
		i := search(db.blocks, blockRec.size, 4, g.from, g.to, uint64(want))
		if r := db.blocks[i*blockRec.size:]; i < g.to && blockRec.mask.get(r) == want {
			return blockRec.military.get(r) != 0
		}
	}
	return false
}

// NormaliseCallsign packs a callsign as the routes are keyed (the standing data's routes
// README), after any leading whitespace (a feed's padding): split into code and number by
// ^([A-Z]{2,3}|[A-Z][0-9]|[0-9][A-Z])(\d[A-Z0-9]*), leading zeros of the number stripped, one
// 0 put back when nothing or only letters are left; the result, at most 8 characters, packed
// big-endian into a uint64 (zero-padded), so that keys sort as strings do. No allocation.
func NormaliseCallsign(s string) (uint64, bool) {
	for len(s) > 0 && (s[0] == ' ' || s[0] >= '\t' && s[0] <= '\r') { // whitespace of any kind
		s = s[1:]
	}
	code := callsignCode(s)
	if code == 0 {
		return 0, false
	}
	end := code + 1
	for end < len(s) && (isLetter(s, end) || isDigit(s, end)) {
		end++
	}
	num := code
	for num < end && s[num] == '0' {
		num++
	}
	var k keyPacker
	for i := range code {
		k.put(s[i])
	}
	if num == end || !isDigit(s, num) { // nothing, or only letters, left: one 0 back
		k.put('0')
	}
	for i := num; i < end; i++ {
		if !k.put(s[i]) {
			return 0, false
		}
	}
	return k.key, true
}

// callsignCode is the length of a callsign's airline code (0: it has none).
func callsignCode(s string) int {
	switch {
	case isLetter(s, 0) && isLetter(s, 1) && isLetter(s, 2) && isDigit(s, 3):
		return 3
	case isLetter(s, 0) && isLetter(s, 1) && isDigit(s, 2), isLetter(s, 0) && isDigit(s, 1) && isDigit(s, 2),
		isDigit(s, 0) && isLetter(s, 1) && isDigit(s, 2):
		return 2
	}
	return 0
}

func upper(c byte) byte {
	if c >= 'a' && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

func isLetter(s string, i int) bool { return i < len(s) && upper(s[i]) >= 'A' && upper(s[i]) <= 'Z' }
func isDigit(s string, i int) bool  { return i < len(s) && s[i] >= '0' && s[i] <= '9' }

// keyPacker packs up to 8 characters, upper-cased, big-endian into a uint64.
type keyPacker struct {
	key uint64
	n   int
}

func (k *keyPacker) put(c byte) bool {
	if k.n == 8 {
		return false
	}
	k.key |= uint64(upper(c)) << (56 - 8*k.n)
	k.n++
	return true
}

// packKey packs an already normalised callsign (the routes files' Callsign column).
func packKey(s string) (uint64, bool) {
	if len(s) == 0 || len(s) > 8 {
		return 0, false
	}
	var key uint64
	for i := range len(s) {
		key |= uint64(s[i]) << (56 - 8*i)
	}
	return key, true
}

// Types is the number of type designators (TypeAt: 0 ≤ i < Types(), in designator order).
func (db *DB) Types() int { return len(db.types) / typeRec.size }

// TypeAt is type number i.
func (db *DB) TypeAt(i int) TypeRecord { return db.typeAt(i) }

// TypeAircraft is how many aircraft of the database have type number i: how common it is.
func (db *DB) TypeAircraft(i int) int {
	c := db.typeCounts
	c.once.Do(func() {
		c.n = make([]uint32, len(db.types)/typeRec.size)
		for r := 0; r < len(db.acRecs); r += aircraftRec.size {
			if t := int(aircraftRec.typ.get(db.acRecs[r:])); t > 0 && t <= len(c.n) {
				c.n[t-1]++
			}
		}
	})
	if i < 0 || i >= len(c.n) {
		return 0
	}
	return int(c.n[i])
}
