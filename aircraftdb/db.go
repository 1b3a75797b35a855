package aircraftdb

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"sort"
	"sync"
	"unsafe"
)

// Meta is what a database says of itself (tracker-rules db info).
type Meta struct {
	Format  int            `json:"format"`
	Sources []Source       `json:"sources"`
	Counts  map[string]int `json:"counts"`
	Skipped map[string]int `json:"skipped,omitempty"` // upstream rows left out, by reason
	// Registers are the national registers the registrants come from (CONTRACT.md 12), in
	// build order; RegistrantTypes the types their records name (a record holds an index).
	Registers       []RegisterMeta `json:"registers,omitempty"`
	RegistrantTypes []string       `json:"registrant_types,omitempty"`
}

// Source is one upstream data set a database was built from.
type Source struct {
	Name    string `json:"name"`
	Version string `json:"version,omitempty"`
	Date    string `json:"date,omitempty"` // its data's date (YYYY-MM-DD), when the source records it
	Licence string `json:"licence"`
}

// DB is a loaded database: immutable, safe for concurrent readers. Every string a lookup
// returns points into the database's bytes (no copy, no allocation) and keeps them alive.
type DB struct {
	meta      Meta
	strs      []byte
	acKeys    []byte
	acRecs    []byte
	types     []byte
	ops       []byte
	airports  []byte
	routeKeys []byte
	routeOffs []byte
	stops     []byte
	blocks    []byte
	// The registrants (format 2): addresses, offsets, records, and the addresses' buckets.
	regKeys, regOffs, regRecs []byte
	regBuckets                []uint32
	groups                    []blockGroup // the blocks by significant bitmask, most specific first
	// Indexes made at load, so that a lookup's binary search starts in a small range instead
	// of across megabytes (each step of which was a cache miss): aircraft by the address's top
	// 12 bits (4,097 offsets, 16 KB), routes by the callsign's first 3 characters.
	acBuckets   []uint32
	routeFirst3 []prefixRange
	size        int
	// How many aircraft have each type (TypeAircraft), counted the first time it is asked.
	typeCounts *counts
}

// counts is a table counted once, when first needed.
type counts struct {
	once sync.Once
	n    []uint32
}

// prefixRange is the run of route keys that share their first 3 characters.
type prefixRange struct {
	prefix   uint32
	from, to uint32
}

// blockGroup is the run of code blocks that share one significant bitmask (at most 24 runs:
// the blocks are aligned powers of two), sorted by bitmask: one binary search each.
type blockGroup struct {
	sig      uint32
	from, to int // record numbers
}

var le = binary.LittleEndian

// Open reads and checks a database file (gzip-compressed or not).
func Open(path string) (*DB, error) {
	b, err := os.ReadFile(path) //nolint:gosec // the path is the user's choice
	if err != nil {
		return nil, fmt.Errorf("aircraft database %s: %w", path, err)
	}
	db, err := Decode(b)
	if err != nil {
		return nil, fmt.Errorf("aircraft database %s: %w", path, err)
	}
	return db, nil
}

// Load checks a database held in b and queries it in place; b must not change afterwards.
func Load(b []byte) (*DB, error) {
	secs, err := parseSections(b)
	if err != nil {
		return nil, err
	}
	part := func(id uint32, recSize int) ([]byte, error) {
		s := secs[id]
		p := b[s.offset : s.offset+s.length]
		if recSize > 0 && len(p) != int(s.count)*recSize {
			return nil, formatErr("section %d holds %d bytes for %d records of %d", id, len(p), s.count, recSize)
		}
		return p, nil
	}
	db := &DB{size: len(b), typeCounts: &counts{}}
	var errs [secCountV2 + 1]error
	metaRaw, _ := part(secMeta, 0)
	db.strs, _ = part(secStrings, 0)
	db.acKeys, errs[0] = part(secAircraftKeys, 4)
	db.acRecs, errs[1] = part(secAircraft, aircraftSize)
	db.types, errs[2] = part(secTypes, typeSize)
	db.ops, errs[3] = part(secOperators, operatorSize)
	db.airports, errs[4] = part(secAirports, airportSize)
	db.routeKeys, errs[5] = part(secRouteKeys, 8)
	db.routeOffs, errs[6] = part(secRouteOffsets, 4)
	db.stops, errs[7] = part(secRouteStops, 2)
	db.blocks, errs[8] = part(secBlocks, blockSize)
	if secs[secRegistrants].id != 0 {
		db.regKeys, errs[9] = part(secRegistrantKeys, 4)
		db.regOffs, errs[10] = part(secRegistrantOffsets, 4)
		db.regRecs, _ = part(secRegistrants, 0)
	}
	for _, e := range errs {
		if e != nil {
			return nil, e
		}
	}
	if len(db.acKeys)/4 != len(db.acRecs)/aircraftSize || len(db.routeOffs)/4 != len(db.routeKeys)/8+1 {
		return nil, formatErr("index sizes disagree")
	}
	if err := json.Unmarshal(metaRaw, &db.meta); err != nil {
		return nil, formatErr("meta: %v", err)
	}
	if err := db.check(); err != nil {
		return nil, err
	}
	db.groupBlocks()
	db.index()
	if err := db.indexRegistrants(); err != nil {
		return nil, err
	}
	return db, nil
}

// index builds the lookup indexes; keys out of order (a file not written by Build) leave a
// range empty and its lookups missing, never out of bounds.
func (db *DB) index() {
	db.acBuckets = addressBuckets(db.acKeys)
	nr := len(db.routeKeys) / 8
	for i := 0; i < nr; {
		p := uint32(le.Uint64(db.routeKeys[i*8:]) >> 40)
		j := i + 1
		for j < nr && uint32(le.Uint64(db.routeKeys[j*8:])>>40) == p {
			j++
		}
		db.routeFirst3 = append(db.routeFirst3, prefixRange{prefix: p, from: uint32(i), to: uint32(j)}) //nolint:gosec // < 2^32 routes
		i = j
	}
}

// addressBuckets are where each run of addresses with the same top 12 bits starts in keys
// (sorted u32s), and one more for the end: 4,097 offsets, 16 KB.
func addressBuckets(keys []byte) []uint32 {
	n := len(keys) / 4
	out := make([]uint32, 4097)
	i := 0
	for b := range 4096 {
		out[b] = uint32(i) //nolint:gosec // < 2^32 addresses
		for i < n && le.Uint32(keys[i*4:])>>12 <= uint32(b) {
			i++
		}
	}
	out[4096] = uint32(n) //nolint:gosec // < 2^32 addresses
	return out
}

// groupBlocks finds the runs of blocks with one significant bitmask. The build writes them
// by descending significant bitmask and ascending bitmask; a file that does not gets no
// groups, and MilitaryBlock then walks every block.
func (db *DB) groupBlocks() {
	n := len(db.blocks) / blockSize
	var groups []blockGroup
	for i := 0; i < n; {
		sig := le.Uint32(db.blocks[i*blockSize+4:])
		j := i + 1
		for j < n && le.Uint32(db.blocks[j*blockSize+4:]) == sig {
			if le.Uint32(db.blocks[j*blockSize:]) < le.Uint32(db.blocks[(j-1)*blockSize:]) {
				return
			}
			j++
		}
		if len(groups) > 0 && groups[len(groups)-1].sig <= sig {
			return
		}
		groups = append(groups, blockGroup{sig: sig, from: i, to: j})
		i = j
	}
	db.groups = groups
}

// check verifies every reference once, so that no lookup can read out of bounds later.
func (db *DB) check() error {
	ref := func(r uint32) bool { return int(r&0xFFFFFF)+int(r>>24) <= len(db.strs) }
	nTypes := len(db.types) / typeSize
	for i := 0; i < len(db.acRecs); i += aircraftSize {
		if !ref(le.Uint32(db.acRecs[i:])) || int(le.Uint16(db.acRecs[i+4:])) > nTypes {
			return formatErr("aircraft record %d refers outside the file", i/aircraftSize)
		}
	}
	for i := 0; i < len(db.types); i += typeSize {
		if !ref(le.Uint32(db.types[i:])) || !ref(le.Uint32(db.types[i+4:])) {
			return formatErr("type record %d refers outside the file", i/typeSize)
		}
	}
	for i := 0; i < len(db.ops); i += operatorSize {
		for j := 4; j < operatorSize; j += 4 {
			if !ref(le.Uint32(db.ops[i+j:])) {
				return formatErr("operator record %d refers outside the file", i/operatorSize)
			}
		}
	}
	for i := 0; i < len(db.airports); i += airportSize {
		for j := 0; j < 20; j += 4 {
			if !ref(le.Uint32(db.airports[i+j:])) {
				return formatErr("airport record %d refers outside the file", i/airportSize)
			}
		}
	}
	nAirports := len(db.airports) / airportSize
	for i := 0; i < len(db.stops); i += 2 {
		if int(le.Uint16(db.stops[i:])) >= nAirports {
			return formatErr("route stop %d names no airport", i/2)
		}
	}
	prev := uint32(0)
	for i := 0; i < len(db.routeOffs); i += 4 {
		o := le.Uint32(db.routeOffs[i:])
		if o < prev || uint64(o) > uint64(len(db.stops)/2) {
			return formatErr("route offsets out of order")
		}
		prev = o
	}
	return nil
}

// Meta is what the database says of itself.
func (db *DB) Meta() Meta { return db.meta }

// Size is the database's size in bytes.
func (db *DB) Size() int { return db.size }

// str is a string of the pool, without a copy.
func (db *DB) str(r uint32) string {
	n, off := int(r>>24), int(r&0xFFFFFF)
	if n == 0 {
		return ""
	}
	return unsafe.String(&db.strs[off], n)
}

// AircraftRecord is what the database knows of one ICAO address.
type AircraftRecord struct {
	Registration string
	Type         TypeRecord // Designator "" when unknown
	Military     bool       // Mictronics' flag (the code blocks are asked apart: MilitaryBlock)
}

// TypeRecord is one aircraft type designator.
type TypeRecord struct {
	Designator  string
	Model       string  // manufacturer and model, e.g. BOEING 737-800
	Description [3]byte // ICAO description, e.g. L2J; zero when unknown
	Engines     int8    // -1 when unknown (or C: coupled)
	EngineType  byte    // E, J, P, R, T; 0 when unknown
}

// Aircraft looks up an ICAO address.
func (db *DB) Aircraft(addr uint32) (AircraftRecord, bool) {
	if addr > 0xFFFFFF {
		return AircraftRecord{}, false
	}
	lo, hi := int(db.acBuckets[addr>>12]), int(db.acBuckets[addr>>12+1])
	for lo < hi { // sort.Search within the bucket, without the closure
		mid := int(uint(lo+hi) >> 1)
		if le.Uint32(db.acKeys[mid*4:]) < addr {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	i := lo
	if i == int(db.acBuckets[addr>>12+1]) || le.Uint32(db.acKeys[i*4:]) != addr {
		return AircraftRecord{}, false
	}
	r := db.acRecs[i*aircraftSize:]
	a := AircraftRecord{Registration: db.str(le.Uint32(r)), Military: r[6]&flagMilitary != 0}
	if t := int(le.Uint16(r[4:])); t > 0 {
		a.Type = db.typeAt(t - 1)
	}
	return a, true
}

func (db *DB) typeAt(i int) TypeRecord {
	r := db.types[i*typeSize:]
	return TypeRecord{Designator: db.str(le.Uint32(r)), Model: db.str(le.Uint32(r[4:])),
		Description: [3]byte{r[8], r[9], r[10]}, Engines: int8(r[11]), EngineType: r[12]} //nolint:gosec // stored as a signed byte
}

// Type looks up a type designator (upper-case).
func (db *DB) Type(designator string) (TypeRecord, bool) {
	n := len(db.types) / typeSize
	i := sort.Search(n, func(i int) bool { return db.str(le.Uint32(db.types[i*typeSize:])) >= designator })
	if i == n || db.str(le.Uint32(db.types[i*typeSize:])) != designator {
		return TypeRecord{}, false
	}
	return db.typeAt(i), true
}

// Operator is one airline or operator by its ICAO designator.
type Operator struct {
	Designator, Name, Country, Callsign string
}

// designatorKey packs a 3-letter designator for the sorted operator index.
func designatorKey(d string) (uint32, bool) {
	if len(d) != 3 {
		return 0, false
	}
	return uint32(d[0])<<16 | uint32(d[1])<<8 | uint32(d[2]), true
}

// Operator looks up a 3-letter ICAO designator (upper-case).
func (db *DB) Operator(designator string) (Operator, bool) {
	key, ok := designatorKey(designator)
	if !ok {
		return Operator{}, false
	}
	n := len(db.ops) / operatorSize
	i := sort.Search(n, func(i int) bool { return le.Uint32(db.ops[i*operatorSize:]) >= key })
	if i == n || le.Uint32(db.ops[i*operatorSize:]) != key {
		return Operator{}, false
	}
	r := db.ops[i*operatorSize:]
	return Operator{Designator: designator, Name: db.str(le.Uint32(r[4:])), Country: db.str(le.Uint32(r[8:])), Callsign: db.str(le.Uint32(r[12:]))}, true
}

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
func (db *DB) Airports() int { return len(db.airports) / airportSize }

// AirportAt is airport number i (0 ≤ i < Airports()).
func (db *DB) AirportAt(i int) Airport {
	r := db.airports[i*airportSize:]
	a := Airport{Code: db.str(le.Uint32(r)), ICAO: db.str(le.Uint32(r[4:])), IATA: db.str(le.Uint32(r[8:])),
		Name: db.str(le.Uint32(r[12:])), City: db.str(le.Uint32(r[16:]))}
	if r[20] != 0 {
		a.Country = unsafe.String(&r[20], 2)
	}
	flags := r[22]
	if flags&hasPosition != 0 {
		a.Latitude, a.Longitude, a.HasPosition = math.Float64frombits(le.Uint64(r[24:])), math.Float64frombits(le.Uint64(r[32:])), true
	}
	if flags&hasAltitude != 0 {
		a.AltitudeFeet, a.HasAltitude = int32(le.Uint32(r[40:])), true //nolint:gosec // stored signed
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
func (r Route) Airport(i int) Airport { return r.db.AirportAt(int(le.Uint16(r.stops[i*2:]))) }

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
	p := uint32(key >> 40)
	ranges := db.routeFirst3
	lo, hi := 0, len(ranges)
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if ranges[mid].prefix < p {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo == len(ranges) || ranges[lo].prefix != p {
		return Route{}, false
	}
	end := int(ranges[lo].to)
	lo, hi = int(ranges[lo].from), end
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if le.Uint64(db.routeKeys[mid*8:]) < key {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	i := lo
	if i == end || le.Uint64(db.routeKeys[i*8:]) != key {
		return Route{}, false
	}
	from, to := le.Uint32(db.routeOffs[i*4:]), le.Uint32(db.routeOffs[(i+1)*4:])
	return Route{db: db, stops: db.stops[from*2 : to*2]}, true
}

// MilitaryBlock reports whether addr lies in a military ICAO address block: the most specific
// block that holds it (the standing data's method: blocks by descending significant bitmask,
// first match) is a military one.
func (db *DB) MilitaryBlock(addr uint32) bool {
	if db.groups != nil {
		for _, g := range db.groups {
			want := addr & g.sig
			lo, hi := g.from, g.to
			for lo < hi { // sort.Search, without the closure
				mid := int(uint(lo+hi) >> 1)
				if le.Uint32(db.blocks[mid*blockSize:]) < want {
					lo = mid + 1
				} else {
					hi = mid
				}
			}
			if lo < g.to && le.Uint32(db.blocks[lo*blockSize:]) == want {
				return db.blocks[lo*blockSize+8] != 0
			}
		}
		return false
	}
	for i := 0; i < len(db.blocks); i += blockSize {
		if addr&le.Uint32(db.blocks[i+4:]) == le.Uint32(db.blocks[i:]) {
			return db.blocks[i+8] != 0
		}
	}
	return false
}

// NormaliseCallsign packs a callsign as the routes are keyed (the standing data's routes
// README), after any leading whitespace (a feed's padding): split into code and number by ^([A-Z]{2,3}|[A-Z][0-9]|[0-9][A-Z])(\d[A-Z0-9]*),
// leading zeros of the number stripped, one 0 put back when nothing or only letters are left;
// the result, at most 8 characters, packed big-endian into a uint64 (zero-padded), so that
// keys sort as strings do. No allocation.
func NormaliseCallsign(s string) (uint64, bool) {
	for len(s) > 0 && (s[0] == ' ' || s[0] >= '\t' && s[0] <= '\r') { // whitespace of any kind
		s = s[1:]
	}
	up := func(c byte) byte {
		if c >= 'a' && c <= 'z' {
			return c - 'a' + 'A'
		}
		return c
	}
	letter := func(i int) bool { return i < len(s) && up(s[i]) >= 'A' && up(s[i]) <= 'Z' }
	digit := func(i int) bool { return i < len(s) && s[i] >= '0' && s[i] <= '9' }
	code := 0
	switch {
	case letter(0) && letter(1) && letter(2) && digit(3):
		code = 3
	case letter(0) && letter(1) && digit(2):
		code = 2
	case letter(0) && digit(1) && digit(2):
		code = 2
	case digit(0) && letter(1) && digit(2):
		code = 2
	default:
		return 0, false
	}
	end := code + 1
	for end < len(s) && (letter(end) || digit(end)) {
		end++
	}
	num := code
	for num < end && s[num] == '0' {
		num++
	}
	var key uint64
	n := 0
	put := func(c byte) bool {
		if n == 8 {
			return false
		}
		key |= uint64(up(c)) << (56 - 8*n)
		n++
		return true
	}
	for i := range code {
		put(s[i])
	}
	if num == end || !digit(num) { // nothing, or only letters, left: one 0 back
		put('0')
	}
	for i := num; i < end; i++ {
		if !put(s[i]) {
			return 0, false
		}
	}
	return key, true
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

// TypeAircraft is how many aircraft of the database have type number i: how common it is.
func (db *DB) TypeAircraft(i int) int {
	c := db.typeCounts
	c.once.Do(func() {
		c.n = make([]uint32, len(db.types)/typeSize)
		for r := 0; r < len(db.acRecs); r += aircraftSize {
			if t := int(le.Uint16(db.acRecs[r+4:])); t > 0 && t <= len(c.n) {
				c.n[t-1]++
			}
		}
	})
	if i < 0 || i >= len(c.n) {
		return 0
	}
	return int(c.n[i])
}

// OperatorRoutes is how many routes fly under an operator's designator: how common it is.
func (db *DB) OperatorRoutes(designator string) int {
	if len(designator) != 3 {
		return 0
	}
	p := uint32(designator[0])<<16 | uint32(designator[1])<<8 | uint32(designator[2])
	i := sort.Search(len(db.routeFirst3), func(i int) bool { return db.routeFirst3[i].prefix >= p })
	if i == len(db.routeFirst3) || db.routeFirst3[i].prefix != p {
		return 0
	}
	return int(db.routeFirst3[i].to - db.routeFirst3[i].from)
}

// Types is the number of type designators (TypeAt: 0 ≤ i < Types(), in designator order).
func (db *DB) Types() int { return len(db.types) / typeSize }

// TypeAt is type number i.
func (db *DB) TypeAt(i int) TypeRecord { return db.typeAt(i) }

// Operators is the number of operators (OperatorAt: 0 ≤ i < Operators(), in designator order).
func (db *DB) Operators() int { return len(db.ops) / operatorSize }

// OperatorAt is operator number i.
func (db *DB) OperatorAt(i int) Operator {
	r := db.ops[i*operatorSize:]
	k := le.Uint32(r)
	d := string([]byte{byte(k >> 16), byte(k >> 8), byte(k)})
	return Operator{Designator: d, Name: db.str(le.Uint32(r[4:])), Country: db.str(le.Uint32(r[8:])), Callsign: db.str(le.Uint32(r[12:]))}
}
