package aircraftdb

import (
	"encoding/json"
	"fmt"
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
	meta                      Meta
	metaRaw, strs             []byte
	acKeys, acRecs            []byte
	types, ops, airports      []byte
	routeKeys, routeOffs      []byte
	stops, blocks             []byte
	regKeys, regOffs, regRecs []byte // the registrants (format 2)
	// Indexes made at load, so that a lookup starts in a small range instead of across
	// megabytes (each step of which was a cache miss): aircraft by the address's top 12 bits
	// (4,097 offsets, 16 KB), routes by the callsign's first 3 characters, the registrants
	// by address (registrants.go), the code blocks by significant bitmask.
	acBuckets   []uint32
	routeFirst3 []prefixRange
	regIndex    rankIndex
	typeOrg     []bool       // by register × 256 + type: model.IsOrganisation of a typed record
	groups      []blockGroup // the blocks by significant bitmask, most specific first
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

// Open reads and checks a database file (compressed or not), outside the Go heap (loadFile).
func Open(path string) (*DB, error) {
	db, err := loadFile(path)
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
	db := &DB{size: len(b), typeCounts: &counts{}}
	for _, spec := range sections {
		s := secs[spec.id]
		if s.id == 0 {
			continue // a format 1 file: no registrants
		}
		p := b[s.offset : s.offset+s.length]
		if spec.size > 0 && uint64(len(p)) != uint64(s.count)*uint64(spec.size) {
			return nil, formatErr("section %d holds %d bytes for %d records of %d", spec.id, len(p), s.count, spec.size)
		}
		*spec.in(db) = p
	}
	if len(db.acKeys)/4 != len(db.acRecs)/aircraftRec.size || len(db.routeOffs)/4 != len(db.routeKeys)/8+1 {
		return nil, formatErr("index sizes disagree")
	}
	if err := json.Unmarshal(db.metaRaw, &db.meta); err != nil {
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
	n := len(db.blocks) / blockRec.size
	rec := func(i int) []byte { return db.blocks[i*blockRec.size:] }
	var groups []blockGroup
	for i := 0; i < n; {
		sig := blockRec.sig.get(rec(i))
		j := i + 1
		for j < n && blockRec.sig.get(rec(j)) == sig {
			if blockRec.mask.get(rec(j)) < blockRec.mask.get(rec(j-1)) {
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
	refs := func(what string, sec []byte, size int, fields ...u32At) error {
		for i := 0; i < len(sec); i += size {
			for _, f := range fields {
				if !ref(f.get(sec[i:])) {
					return formatErr("%s record %d refers outside the file", what, i/size)
				}
			}
		}
		return nil
	}
	nTypes := len(db.types) / typeRec.size
	for i := 0; i < len(db.acRecs); i += aircraftRec.size {
		if int(aircraftRec.typ.get(db.acRecs[i:])) > nTypes {
			return formatErr("aircraft record %d refers outside the file", i/aircraftRec.size)
		}
	}
	for _, err := range []error{refs("aircraft", db.acRecs, aircraftRec.size, aircraftRec.reg),
		refs("type", db.types, typeRec.size, typeRec.designator, typeRec.model),
		refs("operator", db.ops, operatorRec.size, operatorRec.name, operatorRec.country, operatorRec.callsign),
		refs("airport", db.airports, airportRec.size, airportRec.code, airportRec.icao, airportRec.iata, airportRec.name, airportRec.city)} {
		if err != nil {
			return err
		}
	}
	nAirports := len(db.airports) / airportRec.size
	for i := 0; i < len(db.stops); i += 2 {
		if int(le.Uint16(db.stops[i:])) >= nAirports {
			return formatErr("route stop %d names no airport", i/2)
		}
	}
	if !ascending(db.routeOffs, uint64(len(db.stops)/2)) {
		return formatErr("route offsets out of order")
	}
	return nil
}

// ascending reports whether the u32 offsets never go down and never pass end.
func ascending(offs []byte, end uint64) bool {
	prev := uint32(0)
	for i := 0; i+4 <= len(offs); i += 4 {
		o := le.Uint32(offs[i:])
		if o < prev || uint64(o) > end {
			return false
		}
		prev = o
	}
	return true
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
	end := int(db.acBuckets[addr>>12+1])
	i := search(db.acKeys, 4, 4, int(db.acBuckets[addr>>12]), end, uint64(addr))
	if i == end || le.Uint32(db.acKeys[i*4:]) != addr {
		return AircraftRecord{}, false
	}
	r := db.acRecs[i*aircraftRec.size:]
	a := AircraftRecord{Registration: db.str(aircraftRec.reg.get(r)), Military: aircraftRec.flags.get(r)&flagMilitary != 0}
	if t := int(aircraftRec.typ.get(r)); t > 0 {
		a.Type = db.typeAt(t - 1)
	}
	return a, true
}

func (db *DB) typeAt(i int) TypeRecord {
	r := db.types[i*typeRec.size:]
	d := typeRec.desc.get(r)
	return TypeRecord{Designator: db.str(typeRec.designator.get(r)), Model: db.str(typeRec.model.get(r)),
		Description: [3]byte{d[0], d[1], d[2]}, Engines: int8(typeRec.engines.get(r)), EngineType: typeRec.engineType.get(r)} //nolint:gosec // stored as a signed byte
}

// Type looks up a type designator (upper-case).
func (db *DB) Type(designator string) (TypeRecord, bool) {
	n := len(db.types) / typeRec.size
	at := func(i int) string { return db.str(typeRec.designator.get(db.types[i*typeRec.size:])) }
	i := sort.Search(n, func(i int) bool { return at(i) >= designator })
	if i == n || at(i) != designator {
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
	n := len(db.ops) / operatorRec.size
	i := search(db.ops, operatorRec.size, 4, 0, n, uint64(key))
	if i == n || operatorRec.key.get(db.ops[i*operatorRec.size:]) != key {
		return Operator{}, false
	}
	return db.operatorAt(i, designator), true
}

// Operators is the number of operators (OperatorAt: 0 ≤ i < Operators(), in designator order).
func (db *DB) Operators() int { return len(db.ops) / operatorRec.size }

// OperatorAt is operator number i.
func (db *DB) OperatorAt(i int) Operator {
	k := operatorRec.key.get(db.ops[i*operatorRec.size:])
	return db.operatorAt(i, string([]byte{byte(k >> 16), byte(k >> 8), byte(k)}))
}

func (db *DB) operatorAt(i int, designator string) Operator {
	r := db.ops[i*operatorRec.size:]
	return Operator{Designator: designator, Name: db.str(operatorRec.name.get(r)),
		Country: db.str(operatorRec.country.get(r)), Callsign: db.str(operatorRec.callsign.get(r))}
}
