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
	// Carried: this build did not read the register, but kept it from the database it
	// refreshed (Options.Current), as it was: what db update says of it (not stored).
	Carried bool `json:"-"`
}

// RegisterError is a register that failed a build: its files, or Options.Accept, refused.
type RegisterError struct {
	Register string
	Err      error
}

func (e *RegisterError) Error() string { return e.Err.Error() }
func (e *RegisterError) Unwrap() error { return e.Err }

// registrantStore holds the registrants while building, compactly (a 300,000-row register
// costs ≈ 25 MB, not a Go structure per record): each record already encoded, in chunks that
// never move as they grow (one growing slice is copied whole each time it grows: twice its
// size for a moment), with its type numbered in first-seen order, the addresses taken in a
// 2 MB bitmap (the first register to give one keeps it).
type registrantStore struct {
	chunks  [][]byte // each recChunk bytes at most; a record never spans two
	size    int      // the records' bytes in all
	scratch []byte
	entries []registrantEntry
	taken   []byte          // one bit per 24-bit address
	typeNo  map[string]byte // type → first-seen number (1…)
	types   []string        // by first-seen number - 1
}

// recChunk is a chunk of records; at is chunk<<recShift | offset.
const (
	recShift = 22
	recChunk = 1 << recShift
)

type registrantEntry struct{ addr, at uint32 }

// add keeps rec for addr from register reg; false: the address is taken, or the register
// names more types than the format holds.
func (s *registrantStore) add(addr uint32, reg int, rec registers.Record) bool {
	typ, ok := s.free(addr, rec.Type)
	if !ok {
		return false
	}
	s.scratch = appendRegistrant(s.scratch[:0], reg, rec, typ)
	return s.put(addr)
}

// addRecord keeps a record as a database holds it (well-formed: its strings end at its end)
// for addr as register reg's, its type the words typ ("": none); false as add.
func (s *registrantStore) addRecord(addr uint32, reg int, rec []byte, typ string) bool {
	n, ok := s.free(addr, typ)
	if !ok {
		return false
	}
	s.scratch = append(s.scratch[:0], rec...)
	registrantRec.register.put(s.scratch, byte(reg)) //nolint:gosec // a few registers
	registrantRec.typ.put(s.scratch, n)
	return s.put(addr)
}

// free reports an address not taken yet, with the number of the type words typ (0: none).
func (s *registrantStore) free(addr uint32, typ string) (byte, bool) {
	if s.taken == nil {
		s.taken, s.typeNo = make([]byte, 1<<24/8), map[string]byte{}
	}
	if addr > 0xFFFFFF || s.taken[addr>>3]&(1<<(addr&7)) != 0 {
		return 0, false
	}
	if typ == "" {
		return 0, true
	}
	n, ok := s.typeNo[typ]
	if !ok {
		if len(s.types) == maxRegistrantTypes {
			return 0, false
		}
		s.types = append(s.types, typ)
		n = byte(len(s.types)) //nolint:gosec // ≤ 255, checked above
		s.typeNo[typ] = n
	}
	return n, true
}

// put keeps the record in scratch for addr.
func (s *registrantStore) put(addr uint32) bool {
	if len(s.chunks) == 0 || len(s.chunks[len(s.chunks)-1])+len(s.scratch) > recChunk {
		if len(s.chunks) == 1<<(32-recShift) {
			return false // 4 GiB of records: more than the format holds
		}
		s.chunks = append(s.chunks, make([]byte, 0, recChunk))
	}
	c := &s.chunks[len(s.chunks)-1]
	at := uint32(len(s.chunks)-1)<<recShift | uint32(len(*c)) //nolint:gosec // bounded above
	*c = append(*c, s.scratch...)
	s.size += len(s.scratch)
	s.taken[addr>>3] |= 1 << (addr & 7)
	s.entries = append(s.entries, registrantEntry{addr: addr, at: at})
	return true
}

// registers reads each register and keeps its records by address. An address two registers
// give keeps the first's (the order of the build's list) and is counted; a register without
// addresses (CASA) is joined by registration to the aircraft already read, and a registration
// of no aircraft, or of two, is skipped and counted. Refreshing a database (Options.Current),
// a register not read is carried over from it (carry.go).
func (b *builder) registers(o Options) error {
	steps, err := registerSteps(o)
	if err != nil {
		return &RegisterError{Err: err}
	}
	for _, st := range steps {
		f, idx := st.file, len(b.meta.Registers)
		if st.carry {
			m, err := b.carry(f.Register, f.Path, idx)
			if err != nil {
				return &RegisterError{Register: f.Register.Name(), Err: fmt.Errorf("keeping the %s register from the current database %s: %w", f.Register.Name(), f.Path, err)}
			}
			b.meta.Registers = append(b.meta.Registers, m)
			continue
		}
		if err := b.register(f, idx, o.Accept); err != nil {
			return err
		}
	}
	return nil
}

// register reads one register's files and keeps its records as register number idx.
func (b *builder) register(f RegisterFile, idx int, accept func(string, int) error) error {
	name := f.Register.Name()
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
	if uint64(s.size) > math.MaxUint32 {
		return nil, nil, fmt.Errorf("registrants: %d bytes, over the format's 4 GiB", s.size)
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

// record is the record at a place (its strings walked to find its end).
func (s *registrantStore) record(at uint32) []byte {
	rec := s.chunks[at>>recShift][at&(recChunk-1):]
	return rec[:recordLen(rec)]
}

// recordLen is the length of the well-formed record at the start of rec (its strings walked).
func recordLen(rec []byte) int {
	n := registrantStrings(rec)
	p := registrantRec.head
	for range n {
		p += 1 + int(rec[p])
	}
	return p
}

// registrantStrings is how many strings the record whose header is rec holds: its names and
// streets, city, area, postal code, and its registration when it has one.
func registrantStrings(rec []byte) int {
	n := int(registrantRec.names.get(rec)) + int(registrantRec.streets.get(rec)) + 3
	if registrantRec.flags.get(rec)&flagRegistration != 0 {
		n++
	}
	return n
}

func appendRegistrant(dst []byte, register int, rec registers.Record, typ byte) []byte {
	names, streets := rec.Names[:min(len(rec.Names), model.MaxRegistrantNames)], rec.Street[:min(len(rec.Street), 2)]
	var head [7]byte
	registrantRec.register.put(head[:], byte(register)) //nolint:gosec // a few registers
	var flags byte
	if rec.Organisation {
		flags |= flagOrganisation
	}
	if rec.Registration != "" {
		flags |= flagRegistration
	}
	registrantRec.flags.put(head[:], flags)
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
	if rec.Registration != "" {
		dst = appendShort(dst, rec.Registration)
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
func (db *DB) Registrant(addr uint32) (r model.Registrant, ok bool) {
	ok = db.RegistrantTo(addr, &r)
	return r, ok
}

// RegistrantTo is Registrant into r (a flight's own, say: nothing copied on the way); r is
// zeroed on a miss.
func (db *DB) RegistrantTo(addr uint32, r *model.Registrant) bool {
	*r = model.Registrant{}
	from, ok := db.regIndex.find(addr, db.regOffs)
	return ok && db.decodeRegistrant(db.regRecs[from:], r) // the record's strings say where it ends
}

// decodeRegistrant reads the record at the start of p into r.
func (db *DB) decodeRegistrant(p []byte, r *model.Registrant) bool {
	if len(p) < registrantRec.head {
		return false
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
		*r = model.Registrant{}
		return false
	}
	s := shortStrings{p: p[registrantRec.head:]}
	for i := range nNames {
		r.Names[i] = s.next()
	}
	for i := range nStreets {
		r.Street[i] = s.next()
	}
	r.City, r.AdministrativeArea, r.PostalCode = s.next(), s.next(), s.next()
	if registrantRec.flags.get(p)&flagRegistration != 0 {
		r.Registration = s.next()
	}
	if s.bad {
		*r = model.Registrant{}
		return false
	}
	r.Organisation = db.organisation(p, r) // the one rule, whatever the build said
	return true
}

// organisation is model.IsOrganisation of a record: worked out once per register and type at
// load where a type decides it, else from the name.
func (db *DB) organisation(p []byte, r *model.Registrant) bool {
	reg, typ := int(registrantRec.register.get(p)), int(registrantRec.typ.get(p))
	if typ == 0 || r.Source == "casa" || reg >= len(db.meta.Registers) {
		return model.IsOrganisation(r.Source, r.Type, r.Names[0])
	}
	return db.typeOrg[reg*256+typ]
}

// shortStrings reads a record's strings, each after its length byte.
type shortStrings struct {
	p   []byte
	bad bool // one ran past the record
}

func (s *shortStrings) next() string {
	if len(s.p) == 0 || int(s.p[0]) >= len(s.p) || s.bad {
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
	x, ok := newRankIndex(db.regKeys, db.regOffs)
	if !ok {
		return formatErr("registrant addresses out of order")
	}
	db.regIndex = x
	db.typeOrg = make([]bool, len(db.meta.Registers)*256)
	for reg, m := range db.meta.Registers {
		for t, words := range db.meta.RegistrantTypes {
			db.typeOrg[reg*256+t+1] = model.IsOrganisation(m.Name, words, "")
		}
	}
	return nil
}

// rankIndex finds where an address's record is with one read of 64 bytes (a search of the
// sorted addresses, then of their offsets, took four reads, each a cache miss): per 4,096
// addresses (the top 12 bits) a chunk number (0: none of them listed), per chunk 64 lines of
// one cache line each, for 64 addresses: which are listed, where the first one's record is,
// and each other's place after it. The three registers' 350,000 addresses take 352 chunks:
// 1.4 MB (docs/decisions.md).
type rankIndex struct {
	top   []uint32 // 4,096 chunk numbers + 1
	lines []rankLine
}

// rankLine is 64 addresses' line: 64 bytes, one cache line (the slice is a large allocation,
// page-aligned).
type rankLine struct {
	bits uint64 // the listed addresses
	// base is how many listed addresses come before the line (their offsets' place), its top
	// bit set when rel cannot say (more than relSlots records, or a span over 64 KiB).
	base uint32
	off  uint32           // where the line's first record starts
	rel  [relSlots]uint16 // the line's other records' starts, after off, in address order
}

const (
	relSlots = 24
	noRel    = 1 << 31
)

// newRankIndex indexes keys (u32 addresses, strictly ascending, each ≤ 0xFFFFFF; false: not)
// and their records' offsets (checked in order).
func newRankIndex(keys, offs []byte) (rankIndex, bool) {
	x := rankIndex{top: make([]uint32, 4096)}
	prev := -1
	for i := range len(keys) / 4 {
		a, off := le.Uint32(keys[i*4:]), le.Uint32(offs[i*4:])
		if int(a) <= prev || a > 0xFFFFFF {
			return rankIndex{}, false
		}
		prev = int(a)
		c := &x.top[a>>12]
		if *c == 0 {
			x.lines = append(x.lines, make([]rankLine, 64)...)
			*c = uint32(len(x.lines) / 64) //nolint:gosec // ≤ 4,096 chunks
		}
		l := &x.lines[(int(*c)-1)*64+int(a>>6&63)]
		k := bits.OnesCount64(l.bits)
		switch {
		case k == 0:
			l.base, l.off = uint32(i), off //nolint:gosec // < 2^24 addresses
		case k > relSlots || off-l.off > 0xFFFF:
			l.base |= noRel
		default:
			l.rel[k-1] = uint16(off - l.off)
		}
		l.bits |= 1 << (a & 63)
	}
	return x, true
}

// find is where addr's record starts in the records (offs: the offsets section, read only for
// a line rel cannot say).
func (x *rankIndex) find(addr uint32, offs []byte) (uint32, bool) {
	if len(x.top) == 0 || addr > 0xFFFFFF {
		return 0, false
	}
	c := x.top[addr>>12]
	if c == 0 {
		return 0, false
	}
	l := &x.lines[(int(c)-1)*64+int(addr>>6&63)]
	bit := uint64(1) << (addr & 63)
	if l.bits&bit == 0 {
		return 0, false
	}
	k := bits.OnesCount64(l.bits & (bit - 1))
	switch {
	case k == 0:
		return l.off, true
	case l.base&noRel != 0:
		return le.Uint32(offs[(int(l.base&^noRel)+k)*4:]), true
	}
	return l.off + uint32(l.rel[k-1]), true
}

// wide reports whether some line needs the offsets section.
func (x *rankIndex) wide() bool {
	for i := range x.lines {
		if x.lines[i].base&noRel != 0 {
			return true
		}
	}
	return false
}
