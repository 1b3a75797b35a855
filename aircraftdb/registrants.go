package aircraftdb

import (
	"fmt"
	"math"
	"math/bits"
	"sort"
	"strings"
	"unsafe"

	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/registers"
)

// The registrants (CONTRACT.md 12) are format version 2's three sections after the eleven of
// version 1: addresses (sorted u32), offsets (u32, one more than the addresses) and records
// (registrantRec). A database without registrants is written as version 1, as before: the
// shipped one is, and a program of the last version reads it.

const maxRegistrantTypes = 255

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

// RegisterError is a register that failed a build: its files, or Options.Accept, refused.
type RegisterError struct {
	Register string
	Err      error
}

func (e *RegisterError) Error() string { return e.Err.Error() }
func (e *RegisterError) Unwrap() error { return e.Err }

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
	if addr > 0xFFFFFF || s.taken[addr>>3]&(1<<(addr&7)) != 0 {
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
func (b *builder) registers(files []RegisterFile, accept func(string, int) error) error {
	for _, f := range files {
		idx, name := len(b.meta.Registers), f.Register.Name()
		extra := map[string]int{}
		var joins []registers.Entry // kept until the register is read, then joined (few: CASA's 16,700)
		c, err := f.Register.Read(f.Path, func(e registers.Entry) {
			switch {
			case !e.HasAddress:
				joins = append(joins, e)
			case !b.registrants.add(e.Address, idx, e.Record):
				extra["address already registered elsewhere"]++
			}
		})
		if err != nil {
			return &RegisterError{Register: name, Err: err} // its own error names it and the problem
		}
		b.join(joins, idx, extra)
		m := registerMeta(f.Register, c, extra)
		if accept != nil {
			if err := accept(name, m.Kept); err != nil {
				return &RegisterError{Register: name, Err: err}
			}
		}
		b.meta.Registers = append(b.meta.Registers, m)
	}
	return nil
}

// join keeps the entries of a register without addresses at the one address the aircraft
// database has for each registration.
func (b *builder) join(entries []registers.Entry, reg int, extra map[string]int) {
	if len(entries) == 0 {
		return
	}
	addrs := make(map[string][]uint32, len(entries))
	for _, e := range entries {
		addrs[strings.ToUpper(e.Registration)] = nil
	}
	for _, a := range b.settledAircraft() {
		r := strings.ToUpper(string(b.regs[a.regOff : a.regOff+uint32(a.regLen)]))
		if list, ok := addrs[r]; ok && len(list) < 2 {
			addrs[r] = append(list, a.addr)
		}
	}
	for _, e := range entries {
		switch found := addrs[strings.ToUpper(e.Registration)]; {
		case len(found) == 0:
			extra["registration not in the aircraft database"]++
		case len(found) > 1:
			extra["registration of two addresses"]++
		case !b.registrants.add(found[0], reg, e.Record):
			extra["address already registered elsewhere"]++
		}
	}
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

// sorted puts the entries in address order and numbers the types in their sorted order: the
// type words, and each first-seen number's sorted one.
func (s *registrantStore) sorted() (types []string, remap []byte, err error) {
	if uint64(len(s.blob)) > math.MaxUint32 {
		return nil, nil, fmt.Errorf("registrants: %d bytes, over the format's 4 GiB", len(s.blob))
	}
	types = append([]string(nil), s.types...)
	sort.Strings(types)
	remap = make([]byte, len(s.types)+1)
	for i, t := range types {
		remap[s.typeNo[t]] = byte(i + 1) //nolint:gosec // ≤ 255 types
	}
	sort.Slice(s.entries, func(i, j int) bool { return s.entries[i].addr < s.entries[j].addr })
	return types, remap, nil
}

// recordEnd is where the record at off ends in the blob (its strings walked).
func (s *registrantStore) recordEnd(off uint32) uint32 {
	p := int(off)
	rec := s.blob[p:]
	n := int(registrantRec.names.get(rec)) + int(registrantRec.streets.get(rec)) + 3 // names, streets, city, area, postal code
	p += registrantRec.head
	for range n {
		p += 1 + int(s.blob[p])
	}
	return uint32(p) //nolint:gosec // within the blob
}

func appendRegistrant(dst []byte, register int, rec registers.Record, typ byte) []byte {
	names, streets := rec.Names[:min(len(rec.Names), model.MaxRegistrantNames)], rec.Street[:min(len(rec.Street), 2)]
	var head [7]byte
	registrantRec.register.put(head[:], byte(register)) //nolint:gosec // a few registers
	if rec.Organisation {
		registrantRec.flags.put(head[:], flagOrganisation)
	}
	registrantRec.typ.put(head[:], typ)
	if len(rec.Country) == 2 {
		registrantRec.country.putString(head[:], rec.Country)
	}
	registrantRec.names.put(head[:], byte(len(names)))     //nolint:gosec // ≤ 6
	registrantRec.streets.put(head[:], byte(len(streets))) //nolint:gosec // ≤ 2
	dst = append(dst, head[:registrantRec.head]...)
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
	s = clip(s)
	dst = append(dst, byte(len(s)))
	return append(dst, s...)
}

// Registrants is the number of addresses with a registrant.
func (db *DB) Registrants() int { return len(db.regKeys) / 4 }

// Registrant looks up who the aircraft at addr is registered to, as the register publishes it
// (REGISTRANT_DETAIL is the caller's: model.Registrant.Shown), with the register it came
// from and that register's notice. No allocation: its strings point into the database. A
// record the file holds badly is a miss, never a read out of bounds.
func (db *DB) Registrant(addr uint32) (model.Registrant, bool) {
	i, ok := db.regIndex.find(addr)
	if !ok {
		return model.Registrant{}, false
	}
	from, to := le.Uint32(db.regOffs[i*4:]), le.Uint32(db.regOffs[i*4+4:]) // checked at load: in order, in the records
	return db.decodeRegistrant(db.regRecs[from:to])
}

func (db *DB) decodeRegistrant(p []byte) (model.Registrant, bool) {
	var r model.Registrant
	if len(p) < registrantRec.head {
		return r, false
	}
	if i := int(registrantRec.register.get(p)); i < len(db.meta.Registers) {
		r.Source, r.Notice = db.meta.Registers[i].Name, db.meta.Registers[i].Notice
	}
	if t := int(registrantRec.typ.get(p)); t > 0 && t <= len(db.meta.RegistrantTypes) {
		r.Type = db.meta.RegistrantTypes[t-1]
	}
	if c := registrantRec.country.get(p); c[0] != 0 {
		r.Country = unsafe.String(&c[0], 2)
	}
	nNames, nStreets := int(registrantRec.names.get(p)), int(registrantRec.streets.get(p))
	if nNames > len(r.Names) || nStreets > len(r.Street) {
		return model.Registrant{}, false
	}
	s := shortStrings{p: p[registrantRec.head:]}
	for i := range nNames {
		r.Names[i] = s.next()
	}
	for i := range nStreets {
		r.Street[i] = s.next()
	}
	r.City, r.AdministrativeArea, r.PostalCode = s.next(), s.next(), s.next()
	if s.bad {
		return model.Registrant{}, false
	}
	r.Organisation = model.IsOrganisation(r.Source, r.Type, r.Names[0]) // the one rule, whatever the build said
	return r, true
}

// shortStrings reads a record's strings, each after its length byte.
type shortStrings struct {
	p   []byte
	bad bool // one ran past the record
}

func (s *shortStrings) next() string {
	if len(s.p) == 0 || int(s.p[0]) >= len(s.p) {
		s.bad = true
		return ""
	}
	n := int(s.p[0])
	v := s.p[1 : 1+n]
	s.p = s.p[1+n:]
	if n == 0 {
		return ""
	}
	return unsafe.String(&v[0], n)
}

// RegistrantTypes are the registrant types the database holds, sorted (the rule editor
// offers them).
func (db *DB) RegistrantTypes() []string { return db.meta.RegistrantTypes }

// indexRegistrants checks the addresses and offsets once and indexes the addresses.
func (db *DB) indexRegistrants() error {
	n := len(db.regKeys) / 4
	if n == 0 {
		return nil
	}
	if len(db.regOffs) != (n+1)*4 {
		return formatErr("registrant offsets: %d for %d addresses", len(db.regOffs)/4, n)
	}
	if !ascending(db.regOffs, uint64(len(db.regRecs))) {
		return formatErr("registrant offsets out of order")
	}
	x, ok := newRankIndex(db.regKeys)
	if !ok {
		return formatErr("registrant addresses out of order")
	}
	db.regIndex = x
	return nil
}

// rankIndex finds an address's number in a sorted list of addresses with one cache miss
// where a binary search took several: per 4,096 addresses (the top 12 bits) a chunk number
// (0: none of them listed), per chunk 64 words, each the bits of 64 addresses and how many
// listed addresses come before it. The three registers' 350,000 addresses take 352 chunks:
// 368 KB (docs/decisions.md).
type rankIndex struct {
	top   []uint32 // 4,096 chunk numbers + 1
	words []rankWord
}

type rankWord struct {
	bits uint64
	base uint32
	_    uint32 // 16 bytes: a word never straddles a cache line
}

// newRankIndex indexes keys (u32 addresses, strictly ascending, each ≤ 0xFFFFFF; false: not).
func newRankIndex(keys []byte) (rankIndex, bool) {
	x := rankIndex{top: make([]uint32, 4096)}
	prev := -1
	for i := 0; i < len(keys)/4; i++ {
		a := le.Uint32(keys[i*4:])
		if int(a) <= prev || a > 0xFFFFFF {
			return rankIndex{}, false
		}
		prev = int(a)
		c := &x.top[a>>12]
		if *c == 0 {
			x.words = append(x.words, make([]rankWord, 64)...)
			*c = uint32(len(x.words) / 64) //nolint:gosec // ≤ 4,096 chunks
		}
		w := &x.words[(int(*c)-1)*64+int(a>>6&63)]
		if w.bits == 0 {
			w.base = uint32(i) //nolint:gosec // < 2^24 addresses
		}
		w.bits |= 1 << (a & 63)
	}
	return x, true
}

// find is addr's number in the list.
func (x *rankIndex) find(addr uint32) (int, bool) {
	if len(x.top) == 0 || addr > 0xFFFFFF {
		return 0, false
	}
	c := x.top[addr>>12]
	if c == 0 {
		return 0, false
	}
	w := &x.words[(int(c)-1)*64+int(addr>>6&63)]
	bit := uint64(1) << (addr & 63)
	if w.bits&bit == 0 {
		return 0, false
	}
	return int(w.base) + bits.OnesCount64(w.bits&(bit-1)), true
}
