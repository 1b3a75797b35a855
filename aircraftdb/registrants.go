package aircraftdb

import (
	"fmt"
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

// registrantRow is one address's registrant while building.
type registrantRow struct {
	register int
	rec      registers.Record
}

// registers reads each register and keeps its records by address. An address two registers
// give keeps the first's (the order of the build's list) and is counted; a register without
// addresses (CASA) is joined by registration to the aircraft already read, and a registration
// of no aircraft, or of two, is skipped and counted.
func (b *builder) registers(files []RegisterFile) error {
	var byReg map[string][]uint32
	for _, f := range files {
		idx := len(b.meta.Registers)
		name := f.Register.Name()
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
			if _, dup := b.registrants[addr]; dup {
				extra["address already registered elsewhere"]++
				return
			}
			b.registrants[addr] = registrantRow{register: idx, rec: e.Record}
		})
		if err != nil {
			return err // the register's own error names it and the problem
		}
		m := RegisterMeta{Name: name, Notice: f.Register.Notice(), Read: c.Read, Kept: c.Kept, Skipped: c.Skipped}
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
		b.meta.Registers = append(b.meta.Registers, m)
	}
	return nil
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

// encodeRegistrants lays out the three sections and the type words.
func (b *builder) encodeRegistrants() (keys, offs, recs []byte, types []string, err error) {
	typeNo := map[string]int{}
	for _, r := range b.registrants {
		if t := r.rec.Type; t != "" {
			typeNo[t] = 0
		}
	}
	if len(typeNo) > maxRegistrantTypes {
		return nil, nil, nil, nil, fmt.Errorf("%d registrant types: over the format's %d", len(typeNo), maxRegistrantTypes)
	}
	types = sortedKeys(typeNo)
	for i, t := range types {
		typeNo[t] = i + 1
	}
	for _, addr := range sortedKeys(b.registrants) {
		r := b.registrants[addr]
		keys = le.AppendUint32(keys, addr)
		offs = le.AppendUint32(offs, uint32(len(recs)))            //nolint:gosec // checked below
		recs = appendRegistrant(recs, r, byte(typeNo[r.rec.Type])) //nolint:gosec // ≤ 255 types
	}
	if len(recs) > 1<<32-1 {
		return nil, nil, nil, nil, fmt.Errorf("registrants: %d bytes, over the format's 4 GiB", len(recs))
	}
	offs = le.AppendUint32(offs, uint32(len(recs))) //nolint:gosec // checked above
	return keys, offs, recs, types, nil
}

func appendRegistrant(dst []byte, r registrantRow, typ byte) []byte {
	rec := r.rec
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
	dst = append(dst, byte(r.register), flags, typ, country[0], country[1], byte(len(names)), byte(len(streets))) //nolint:gosec // a few registers
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
	if from > to || int(to) > len(db.regRecs) {
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
		if o < prev || int(o) > len(db.regRecs) {
			return formatErr("registrant offsets out of order")
		}
		prev = o
	}
	db.regBuckets = addressBuckets(db.regKeys)
	return nil
}
