package aircraftdb

import (
	"fmt"
	"math"
	"sort"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/registers"
)

// The registrants (CONTRACT.md 12) are format version 2's three sections after the eleven of
// version 1: addresses (sorted u32), offsets (u32, one more than the addresses) and records.
// A record is variable-sized, its strings inline (most are unique: names, streets):
//
//	register u8 (Meta.Registers' index), flags u8 (bit 0: an organisation), type u8 (0 none,
//	else Meta.RegistrantTypes[type-1]), country [2]byte (zero: none), name count u8, street
//	count u8; then each string as a length u8 and its bytes: the names, the streets, city,
//	administrative area, postal code.
//
// A database without registrants is written as version 1, as before: the shipped one is, and
// a program of the last version reads it.
const (
	secRegistrantKeys uint32 = secBlocks + iota + 1
	secRegistrantOffsets
	secRegistrants
	secCountV2 = secRegistrants
)

const (
	formatV1           = 1
	registrantHead     = 7
	flagOrganisation   = 1
	maxRegistrantTypes = 255
)

// RegisterFile is one register to build from: which, and its file set (archive, folder, file).
type RegisterFile struct {
	Register registers.Register
	Path     string
}

// RegisterMeta is what the database says of one register it holds (db info).
type RegisterMeta struct {
	Name    string         `json:"name"`
	Notice  string         `json:"notice"`
	Date    string         `json:"date,omitempty"` // the data's date (YYYY-MM-DD), when the files record it
	Read    int            `json:"read"`
	Kept    int            `json:"kept"`
	Skipped map[string]int `json:"skipped,omitempty"`
}

// registrantStore holds the registrants while building, compactly (a 300,000-row register
// costs ≈ 25 MB, not a Go structure per record): each record already encoded in one growing
// blob with its type numbered in first-seen order, the addresses taken in a 2 MB bitmap (the
// first register to give one keeps it).
type registrantStore struct {
	blob    []byte
	entries []registrantEntry
	taken   []byte          // one bit per 24-bit address
	typeNo  map[string]byte // type → first-seen number (1…)
	types   []string        // by first-seen number - 1
}

type registrantEntry struct{ addr, off uint32 }

// add keeps rec for addr from register reg; false: the address is taken, or the register
// names more types than the format holds.
func (s *registrantStore) add(addr uint32, reg int, rec registers.Record) bool {
	if s.taken == nil {
		s.taken, s.typeNo = make([]byte, 1<<24/8), map[string]byte{}
	}
	if s.taken[addr>>3]&(1<<(addr&7)) != 0 {
		return false
	}
	typ := byte(0)
	if rec.Type != "" {
		n, ok := s.typeNo[rec.Type]
		if !ok {
			if len(s.types) == maxRegistrantTypes {
				return false
			}
			s.types = append(s.types, rec.Type)
			n = byte(len(s.types)) //nolint:gosec // ≤ 255, checked above
			s.typeNo[rec.Type] = n
		}
		typ = n
	}
	s.taken[addr>>3] |= 1 << (addr & 7)
	s.entries = append(s.entries, registrantEntry{addr: addr, off: uint32(len(s.blob))}) //nolint:gosec // checked at encode
	s.blob = appendRegistrant(s.blob, reg, rec, typ)
	return true
}

// registers reads each register and keeps its records by address. An address two registers
// give keeps the first's (the order of the build's list) and is counted; a register without
// addresses (CASA) is joined by registration to the aircraft already read, and a registration
// of no aircraft, or of two, is skipped and counted.
func (b *builder) registers(files []RegisterFile) error {
	var byReg map[string][]uint32
	for _, f := range files {
		idx := len(b.meta.Registers)
		extra := map[string]int{}
		c, err := f.Register.Read(f.Path, func(e registers.Entry) {
			addr := e.Address
			if !e.HasAddress {
				if byReg == nil {
					byReg = b.registrationIndex()
				}
				addrs := byReg[strings.ToUpper(e.Registration)]
				switch {
				case len(addrs) == 0:
					extra["registration not in the aircraft database"]++
					return
				case len(addrs) > 1:
					extra["registration of two addresses"]++
					return
				}
				addr = addrs[0]
			}
			if !b.registrants.add(addr, idx, e.Record) {
				extra["address already registered elsewhere"]++
			}
		})
		if err != nil {
			return err // the register's own error names it and the problem
		}
		b.meta.Registers = append(b.meta.Registers, registerMeta(f.Register, c, extra))
	}
	return nil
}

// registerMeta is what db info says of a register read: its counts with the build's own
// skips (joins that failed) moved from kept to skipped.
func registerMeta(r registers.Register, c registers.Counts, extra map[string]int) RegisterMeta {
	m := RegisterMeta{Name: r.Name(), Notice: r.Notice(), Read: c.Read, Kept: c.Kept, Skipped: c.Skipped}
	if !c.Date.IsZero() {
		m.Date = c.Date.UTC().Format("2006-01-02")
	}
	for reason, n := range extra {
		if m.Skipped == nil {
			m.Skipped = map[string]int{}
		}
		m.Skipped[reason] += n
		m.Kept -= n
	}
	return m
}

// registrationIndex is the aircraft's addresses by registration (upper-case).
func (b *builder) registrationIndex() map[string][]uint32 {
	out := make(map[string][]uint32, len(b.aircraft))
	for _, addr := range sortedKeys(b.aircraft) {
		if reg := strings.ToUpper(b.aircraft[addr].reg); reg != "" {
			out[reg] = append(out[reg], addr)
		}
	}
	return out
}

// encodeRegistrants lays out the three sections (records in address order) and the type
// words, sorted, each record's type number rewritten to its sorted place.
func (s *registrantStore) encode() (keys, offs, recs []byte, types []string, err error) {
	if uint64(len(s.blob)) > math.MaxUint32 {
		return nil, nil, nil, nil, fmt.Errorf("registrants: %d bytes, over the format's 4 GiB", len(s.blob))
	}
	types = append([]string(nil), s.types...)
	sort.Strings(types)
	remap := make([]byte, len(s.types)+1)
	for i, t := range types {
		remap[s.typeNo[t]] = byte(i + 1) //nolint:gosec // ≤ 255 types
	}
	sort.Slice(s.entries, func(i, j int) bool { return s.entries[i].addr < s.entries[j].addr })
	keys = make([]byte, 0, 4*len(s.entries))
	offs = make([]byte, 0, 4*(len(s.entries)+1))
	recs = make([]byte, 0, len(s.blob))
	for _, e := range s.entries {
		end := s.recordEnd(e.off)
		keys = le.AppendUint32(keys, e.addr)
		offs = le.AppendUint32(offs, uint32(len(recs))) //nolint:gosec // checked above
		start := len(recs)
		recs = append(recs, s.blob[e.off:end]...)
		recs[start+2] = remap[recs[start+2]]
	}
	offs = le.AppendUint32(offs, uint32(len(recs))) //nolint:gosec // checked above
	return keys, offs, recs, types, nil
}

// recordEnd is where the record at off ends in the blob (its strings walked).
func (s *registrantStore) recordEnd(off uint32) uint32 {
	p := int(off)
	n := int(s.blob[p+5]) + int(s.blob[p+6]) + 3 // names, streets, city, area, postal code
	p += registrantHead
	for range n {
		p += 1 + int(s.blob[p])
	}
	return uint32(p) //nolint:gosec // within the blob
}

func appendRegistrant(dst []byte, register int, rec registers.Record, typ byte) []byte {
	flags := byte(0)
	if rec.Organisation {
		flags = flagOrganisation
	}
	country := [2]byte{}
	if len(rec.Country) == 2 {
		country = [2]byte{rec.Country[0], rec.Country[1]}
	}
	names, streets := rec.Names, rec.Street
	names = names[:min(len(names), model.MaxRegistrantNames)]
	streets = streets[:min(len(streets), 2)]
	dst = append(dst, byte(register), flags, typ, country[0], country[1], byte(len(names)), byte(len(streets))) //nolint:gosec // a few registers
	for _, s := range names {
		dst = appendShort(dst, s)
	}
	for _, s := range streets {
		dst = appendShort(dst, s)
	}
	for _, s := range []string{rec.City, rec.AdministrativeArea, rec.PostalCode} {
		dst = appendShort(dst, s)
	}
	return dst
}

// appendShort appends a string of at most 255 bytes (clipped on a rune boundary) after its length.
func appendShort(dst []byte, s string) []byte {
	if len(s) > 255 {
		s = s[:255]
		for !utf8.ValidString(s) {
			s = s[:len(s)-1]
		}
	}
	dst = append(dst, byte(len(s)))
	return append(dst, s...)
}

// Registrants is the number of addresses with a registrant.
func (db *DB) Registrants() int { return len(db.regKeys) / 4 }

// Registrant looks up who the aircraft at addr is registered to, as the register publishes it
// (REGISTRANT_DETAIL is the caller's: model.Registrant.Shown). No allocation: its strings
// point into the database. A record the file holds badly is a miss, never a read out of bounds.
func (db *DB) Registrant(addr uint32) (model.Registrant, bool) {
	n := len(db.regKeys) / 4
	if n == 0 || addr > 0xFFFFFF {
		return model.Registrant{}, false
	}
	lo, hi := int(db.regBuckets[addr>>12]), int(db.regBuckets[addr>>12+1])
	end := hi
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if le.Uint32(db.regKeys[mid*4:]) < addr {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo == end || le.Uint32(db.regKeys[lo*4:]) != addr {
		return model.Registrant{}, false
	}
	from, to := le.Uint32(db.regOffs[lo*4:]), le.Uint32(db.regOffs[lo*4+4:])
	if from > to || uint64(to) > uint64(len(db.regRecs)) {
		return model.Registrant{}, false
	}
	return db.decodeRegistrant(db.regRecs[from:to])
}

func (db *DB) decodeRegistrant(p []byte) (model.Registrant, bool) {
	var r model.Registrant
	if len(p) < registrantHead {
		return r, false
	}
	if t := int(p[2]); t > 0 && t <= len(db.meta.RegistrantTypes) {
		r.Type = db.meta.RegistrantTypes[t-1]
	}
	r.Organisation = p[1]&flagOrganisation != 0
	if p[3] != 0 {
		r.Country = unsafe.String(&p[3], 2)
	}
	nNames, nStreets := int(p[5]), int(p[6])
	if nNames > len(r.Names) || nStreets > len(r.Street) {
		return model.Registrant{}, false
	}
	p = p[registrantHead:]
	ok := true
	next := func() string {
		if len(p) == 0 || int(p[0]) >= len(p) {
			ok = false
			return ""
		}
		n := int(p[0])
		s := p[1 : 1+n]
		p = p[1+n:]
		if n == 0 {
			return ""
		}
		return unsafe.String(&s[0], n)
	}
	for i := range nNames {
		r.Names[i] = next()
	}
	for i := range nStreets {
		r.Street[i] = next()
	}
	r.City, r.AdministrativeArea, r.PostalCode = next(), next(), next()
	if !ok {
		return model.Registrant{}, false
	}
	return r, true
}

// RegistrantTypes are the registrant types the database holds, sorted (the rule editor
// offers them).
func (db *DB) RegistrantTypes() []string { return db.meta.RegistrantTypes }

// indexRegistrants checks the offsets once and builds the address buckets (as the aircraft's).
func (db *DB) indexRegistrants() error {
	n := len(db.regKeys) / 4
	if n == 0 {
		return nil
	}
	if len(db.regOffs) != (n+1)*4 {
		return formatErr("registrant offsets: %d for %d addresses", len(db.regOffs)/4, n)
	}
	prev := uint32(0)
	for i := 0; i < len(db.regOffs); i += 4 {
		o := le.Uint32(db.regOffs[i:])
		if o < prev || uint64(o) > uint64(len(db.regRecs)) {
			return formatErr("registrant offsets out of order")
		}
		prev = o
	}
	db.regBuckets = addressBuckets(db.regKeys)
	return nil
}
