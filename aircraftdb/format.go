// Package aircraftdb is the offline aircraft, type, operator, route and airport database of
// the rule engine's enrichment (CONTRACT.md 9): built from the upstream Mictronics and
// Virtual Radar Server standing data files, written as one immutable binary file, loaded
// whole and queried in place (no lookup allocates). The rule engine's users import it; the
// monitor does not.
//
// The file (all integers little-endian, every section 8-byte aligned):
//
//	header   magic "TCHAIRDB", format version u32, section count u32, CRC-32C u32 of all
//	         that follows the header, reserved u32
//	table    per section: id u32, count u32, offset u64, length u64
//	sections meta (JSON: sources, dates, counts), strings (a pool), aircraft addresses
//	         (sorted u32) and records, types, operators, airports, route keys (sorted u64),
//	         route offsets, route stops (airport numbers), code blocks; version 2 adds the
//	         registrants: addresses (sorted u32), offsets, records (registrants.go)
//
// A string is a reference u32: its length in the top 8 bits, its offset in the pool in the
// low 24. Why this shape, and not JSON or SQLite: docs/decisions.md.
package aircraftdb

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
)

// Magic opens every database file.
const Magic = "TCHAIRDB"

// FormatVersion is the newest layout written and read (2: with registrants); version 1, the
// same without them, is still read, and written when there are none. Another is refused with
// a clear error.
const FormatVersion = 2

const (
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
	secCount = secBlocks
)

// Record sizes.
const (
	aircraftSize = 8  // registration ref u32, type number u16, flags u8, pad u8
	typeSize     = 16 // designator ref u32, model ref u32, description [3]byte, engines i8, engine type u8, pad [3]
	operatorSize = 16 // designator key u32 (big-endian letters), name ref, country ref, callsign ref
	airportSize  = 48 // code, icao, iata, name, city refs; country [2]byte, flags u8, pad u8; lat f64, lon f64; altitude i32, pad u32
	blockSize    = 12 // bitmask u32, significant bitmask u32, military u8, pad [3]
)

// Aircraft flags.
const flagMilitary = 1

// Airport flags: which optional numbers are known.
const (
	hasPosition = 1 << iota
	hasAltitude
)

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
	le := binary.LittleEndian
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
