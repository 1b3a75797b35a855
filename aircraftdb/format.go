// Package aircraftdb is the offline aircraft, type, operator, route and airport database of
// the rule engine's enrichment (CONTRACT.md 9), with the registrants of the national registers
// (CONTRACT.md 12): built from the upstream files, written as one immutable binary file,
// loaded whole and queried in place (no lookup allocates). The rule engine's users import it;
// the monitor does not.
//
// The file (all integers little-endian, every section 8-byte aligned):
//
//	header   magic "TCHAIRDB", format version u32, section count u32, CRC-32C u32 of all
//	         that follows the header, reserved u32
//	table    per section: id u32, count u32, offset u64, length u64
//	sections the table `sections` below, in its order; format 1 has the first eleven, format 2
//	         the registrants' three too
//
// Each record's layout is declared once below (named offsets, read and written through the
// same fields). A string is a reference u32: its length in the top 8 bits, its offset in the
// pool in the low 24. Why this shape, and not JSON or SQLite: docs/decisions.md.
package aircraftdb

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"math"
)

// Magic opens every database file.
const Magic = "TCHAIRDB"

// FormatVersion is the newest layout written and read (2: with registrants); version 1, the
// same without them, is still read, and written when there are none. Another is refused with
// a clear error.
const FormatVersion = 2

const (
	formatV1   = 1
	headerSize = 24
	entrySize  = 24
)

// Section ids, in file order.
const (
	secMeta uint32 = iota + 1
	secStrings
	secAircraftKeys
	secAircraft
	secTypes
	secOperators
	secAirports
	secRouteKeys
	secRouteOffsets
	secRouteStops
	secBlocks
	secRegistrantKeys
	secRegistrantOffsets
	secRegistrants
	secCount   = secBlocks      // format 1's sections
	secCountV2 = secRegistrants // format 2's
)

// sectionSpec is one section: its id, the size of its records (0: free-form bytes), where a
// loaded database keeps it (in), and how a build writes it (encode, sections.go). Load and the
// build both walk this one table.
type sectionSpec struct {
	id     uint32
	size   int
	in     func(db *DB) *[]byte
	encode func(e *encoding) part
}

var sections = [secCountV2]sectionSpec{
	{secMeta, 0, func(db *DB) *[]byte { return &db.metaRaw }, (*encoding).metaPart},
	{secStrings, 0, func(db *DB) *[]byte { return &db.strs }, (*encoding).stringsPart},
	{secAircraftKeys, 4, func(db *DB) *[]byte { return &db.acKeys }, (*encoding).aircraftKeys},
	{secAircraft, aircraftRec.size, func(db *DB) *[]byte { return &db.acRecs }, (*encoding).aircraftRecords},
	{secTypes, typeRec.size, func(db *DB) *[]byte { return &db.types }, (*encoding).typeRecords},
	{secOperators, operatorRec.size, func(db *DB) *[]byte { return &db.ops }, (*encoding).operatorRecords},
	{secAirports, airportRec.size, func(db *DB) *[]byte { return &db.airports }, (*encoding).airportRecords},
	{secRouteKeys, 8, func(db *DB) *[]byte { return &db.routeKeys }, (*encoding).routeKeys},
	{secRouteOffsets, 4, func(db *DB) *[]byte { return &db.routeOffs }, (*encoding).routeOffsets},
	{secRouteStops, 2, func(db *DB) *[]byte { return &db.stops }, (*encoding).routeStops},
	{secBlocks, blockRec.size, func(db *DB) *[]byte { return &db.blocks }, (*encoding).blockRecords},
	{secRegistrantKeys, 4, func(db *DB) *[]byte { return &db.regKeys }, (*encoding).registrantKeys},
	{secRegistrantOffsets, 4, func(db *DB) *[]byte { return &db.regOffs }, (*encoding).registrantOffsets},
	{secRegistrants, 0, func(db *DB) *[]byte { return &db.regRecs }, (*encoding).registrantRecords},
}

// Fields of a record, by their offset in it: each is read (get) and written (put) through the
// same declaration, by the build and by the lookups.
type (
	u8At  int
	u16At int
	u32At int
	f64At int
	// bytesAt is a fixed run of n bytes.
	bytesAt struct{ off, n int }
)

func (o u8At) get(r []byte) byte               { return r[o] }
func (o u8At) put(r []byte, v byte)            { r[o] = v }
func (o u16At) get(r []byte) uint16            { return le.Uint16(r[o:]) }
func (o u16At) put(r []byte, v uint16)         { le.PutUint16(r[o:], v) }
func (o u32At) get(r []byte) uint32            { return le.Uint32(r[o:]) }
func (o u32At) put(r []byte, v uint32)         { le.PutUint32(r[o:], v) }
func (o f64At) get(r []byte) float64           { return math.Float64frombits(le.Uint64(r[o:])) }
func (o f64At) put(r []byte, v float64)        { le.PutUint64(r[o:], math.Float64bits(v)) }
func (o bytesAt) get(r []byte) []byte          { return r[o.off : o.off+o.n] }
func (o bytesAt) put(r []byte, v []byte)       { copy(r[o.off:o.off+o.n], v) }
func (o bytesAt) putString(r []byte, v string) { copy(r[o.off:o.off+o.n], v) }

// The records' layouts.
var (
	// aircraftRec: registration, type number (0: none, else types[n-1]), flags, a pad byte.
	aircraftRec = struct {
		size  int
		reg   u32At
		typ   u16At
		flags u8At
	}{8, 0, 4, 6}
	// typeRec: designator, manufacturer and model, ICAO description (L2J), engines (-1:
	// unknown), engine type letter, 3 pad bytes.
	typeRec = struct {
		size                int
		designator, model   u32At
		desc                bytesAt
		engines, engineType u8At
	}{16, 0, 4, bytesAt{8, 3}, 11, 12}
	// operatorRec: the designator's key (designatorKey), name, country, radio callsign.
	operatorRec = struct {
		size                         int
		key, name, country, callsign u32At
	}{16, 0, 4, 8, 12}
	// airportRec: code, ICAO, IATA, name, city; country (ISO 3166-1 alpha-2), flags (which
	// numbers are known), a pad; latitude, longitude; altitude (feet, signed), a pad.
	airportRec = struct {
		size                         int
		code, icao, iata, name, city u32At
		country                      bytesAt
		flags                        u8At
		lat, lon                     f64At
		alt                          u32At
	}{48, 0, 4, 8, 12, 16, bytesAt{20, 2}, 22, 24, 32, 40}
	// blockRec: bitmask, significant bitmask, military (0 or 1), 3 pad bytes.
	blockRec = struct {
		size      int
		mask, sig u32At
		military  u8At
	}{12, 0, 4, 8}
	// registrantRec (variable size): register (Meta.Registers' index), flags (flagOrganisation,
	// written and never read: who is an organisation is decided where a record is read;
	// flagRegistration), type (0: none, else Meta.RegistrantTypes[n-1]), country (zero: none),
	// the number of names and of street lines; then each string as a length u8 and its bytes:
	// the names, the streets, city, administrative area, postal code, and, with
	// flagRegistration, the aircraft's registration as the register writes it (issue 51: an
	// owner's opt-out by registration; a record without it, as earlier builds wrote, reads
	// as before, and a reader of those builds reads these, the string past its fields unread).
	registrantRec = struct {
		head                 int
		register, flags, typ u8At
		country              bytesAt
		names, streets       u8At
	}{7, 0, 1, 2, bytesAt{3, 2}, 5, 6}
)

// Aircraft flags.
const flagMilitary = 1

// Airport flags: which optional numbers are known.
const (
	hasPosition = 1 << iota
	hasAltitude
)

// Registrant flags. flagOrganisation was written by builds before the reader decided who is
// a person (model.IsOrganisation); it is written still, and never read. flagRegistration: the
// record ends with the aircraft's registration.
const (
	flagOrganisation = 1 << iota
	flagRegistration
)

var le = binary.LittleEndian

// castagnoli is the CRC-32C table (hardware-accelerated on amd64 and arm64).
var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// ErrFormat marks a file that is not a database of this format: foreign, truncated, corrupt
// or of another version.
var ErrFormat = errors.New("not a usable aircraft database")

func formatErr(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrFormat, fmt.Sprintf(format, args...))
}

// section is one entry of the table.
type section struct {
	id, count      uint32
	offset, length uint64
}

// parseSections checks the header, the CRC and the table, and returns the sections by id.
func parseSections(b []byte) ([secCountV2 + 1]section, error) {
	var secs [secCountV2 + 1]section
	if len(b) < headerSize {
		return secs, formatErr("%d bytes, shorter than a header", len(b))
	}
	if string(b[:8]) != Magic {
		return secs, formatErr("no %q magic (another kind of file)", Magic)
	}
	v := le.Uint32(b[8:])
	if v != formatV1 && v != FormatVersion {
		return secs, formatErr("format version %d; this program reads versions %d and %d (rebuild it with tracker-rules db build or db update)", v, formatV1, FormatVersion)
	}
	n, want := le.Uint32(b[12:]), uint32(secCount)
	if v == FormatVersion {
		want = secCountV2
	}
	if n != want {
		return secs, formatErr("%d sections, want %d", n, want)
	}
	if crc := crc32Castagnoli(b[headerSize:]); crc != le.Uint32(b[16:]) {
		return secs, formatErr("checksum mismatch (truncated or corrupt)")
	}
	if len(b) < headerSize+int(n)*entrySize {
		return secs, formatErr("truncated section table")
	}
	for i := range int(n) {
		e := b[headerSize+i*entrySize:]
		s := section{id: le.Uint32(e), count: le.Uint32(e[4:]), offset: le.Uint64(e[8:]), length: le.Uint64(e[16:])}
		if s.id != uint32(i)+1 { //nolint:gosec // i < secCount
			return secs, formatErr("section %d has id %d", i+1, s.id)
		}
		if s.offset > uint64(len(b)) || s.length > uint64(len(b))-s.offset || s.offset%8 != 0 {
			return secs, formatErr("section %d out of the file", s.id)
		}
		secs[s.id] = s
	}
	return secs, nil
}

func crc32Castagnoli(b []byte) uint32 { return crc32.Checksum(b, castagnoli) }

// search is the first record in [lo, hi) whose key is not below key, in a section of records
// of stride bytes that each begin with their key, 4 or 8 bytes wide, sorted (hi when there is
// none): the one binary search of the sorted sections (aircraft, registrants, routes,
// operators, code blocks).
func search(sec []byte, stride, width, lo, hi int, key uint64) int {
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		var k uint64
		if width == 8 {
			k = le.Uint64(sec[mid*stride:])
		} else {
			k = uint64(le.Uint32(sec[mid*stride:]))
		}
		if k < key {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo
}
