package aircraftdb

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"strings"

	"github.com/klauspost/compress/zstd"

	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/registers"
)

// A refresh never wipes the owners (CONTRACT.md 12.6): a register db update does not download
// (--registers faa, --no-registers) is carried over from the database being refreshed, its
// records as they are, with its data's date and its counts. The current file is read as a
// stream, a register at a time (never loaded: a build's memory stays its own), its checksum
// checked to its end.

// registerStep is one register of a build: read from its files, or carried over.
type registerStep struct {
	file  RegisterFile
	carry bool // from Options.Current
}

// registerSteps are the build's registers in the order their records are preferred: the files
// given, or, refreshing Options.Current, every register of registers.All that is either given
// or held by the current database (carried), in that list's order.
func registerSteps(o Options) ([]registerStep, error) {
	steps := make([]registerStep, 0, len(registers.All))
	given := map[string]bool{}
	for _, f := range o.Registers {
		given[f.Register.Name()] = true
	}
	var missing []string
	for _, r := range registers.All {
		if !given[r.Name()] {
			missing = append(missing, r.Name())
		}
	}
	if o.Current == "" || len(missing) == 0 {
		for _, f := range o.Registers {
			steps = append(steps, registerStep{file: f})
		}
		return steps, nil
	}
	held, err := heldRegisters(o.Current)
	if err != nil {
		return nil, fmt.Errorf("keeping the registers not refreshed (%s) from the current database %s: %w; "+
			"refresh them too (--registers %s) or move that file away", strings.Join(missing, ", "), o.Current, err, strings.Join(names(), ","))
	}
	for _, r := range registers.All {
		switch {
		case given[r.Name()]:
			for _, f := range o.Registers {
				if f.Register.Name() == r.Name() {
					steps = append(steps, registerStep{file: f})
				}
			}
		case held[r.Name()]:
			steps = append(steps, registerStep{file: RegisterFile{Register: r, Path: o.Current}, carry: true})
		}
	}
	for _, f := range o.Registers { // a register of no list (a test's own) after them, as given
		if registers.ByName(f.Register.Name()) == nil {
			steps = append(steps, registerStep{file: f})
		}
	}
	return steps, nil
}

func names() []string {
	out := make([]string, len(registers.All))
	for i, r := range registers.All {
		out[i] = r.Name()
	}
	return out
}

// heldRegisters are the registers the database at path holds (none when there is no file).
func heldRegisters(path string) (map[string]bool, error) {
	m, err := ReadMeta(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	held := map[string]bool{}
	for _, r := range m.Registers {
		held[r.Name] = true
	}
	return held, nil
}

// carry keeps the records of register r from the current database at path as register number
// idx of the build: its meta as it was (date, rows read, skipped), Kept what was kept now (an
// address an earlier register of this build took is counted as such).
func (b *builder) carry(r registers.Register, path string, idx int) (RegisterMeta, error) {
	s, err := openStream(path)
	if err != nil {
		return RegisterMeta{}, err
	}
	defer s.close()
	old, err := s.meta()
	if err != nil {
		return RegisterMeta{}, err
	}
	from := -1
	for i, m := range old.Registers {
		if m.Name == r.Name() {
			from = i
		}
	}
	m := RegisterMeta{Name: r.Name(), Notice: r.Notice(), Carried: true}
	if from < 0 {
		return m, nil // the file changed meanwhile, and holds it no longer
	}
	prev := old.Registers[from]
	m.Date, m.Read, m.Skipped = prev.Date, prev.Read, map[string]int{}
	for k, v := range prev.Skipped {
		m.Skipped[k] = v
	}
	taken := 0
	err = s.registrants(func(addr uint32, rec []byte) {
		if int(registrantRec.register.get(rec)) != from {
			return
		}
		var typ string
		if t := int(registrantRec.typ.get(rec)); t > 0 && t <= len(old.RegistrantTypes) {
			typ = old.RegistrantTypes[t-1]
		}
		if b.registrants.addRecord(addr, idx, rec, typ) {
			m.Kept++
		} else {
			taken++
		}
	})
	if err != nil {
		return RegisterMeta{}, err
	}
	if taken > 0 {
		m.Skipped["address already registered elsewhere"] += taken
	}
	if len(m.Skipped) == 0 {
		m.Skipped = nil
	}
	return m, nil
}

// dbStream reads a database file from its start, unpacked as it is read (zstd, gzip or as it
// is), its checksum summed along: what it holds costs no more memory than what is kept of it.
type dbStream struct {
	br    *bufio.Reader
	pos   uint64 // bytes of the unpacked file read
	crc   uint32
	head  []byte
	table []section
	close func()
}

// openStream opens a database file and reads its header and section table.
func openStream(path string) (*dbStream, error) {
	f, err := os.Open(path) //nolint:gosec // the user's database
	if err != nil {
		return nil, err
	}
	s := &dbStream{close: func() { _ = f.Close() }}
	fb := bufio.NewReaderSize(f, 64<<10)
	magic, _ := fb.Peek(4)
	switch {
	case bytes.HasPrefix(magic, packMagic), bytes.HasPrefix(magic, zstdMagic):
		d, err := zstd.NewReader(fb, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxMemory(MaxFile))
		if err != nil {
			s.close()
			return nil, formatErr("zstd: %v", err)
		}
		s.close = func() { d.Close(); _ = f.Close() }
		s.br = bufio.NewReaderSize(d, 64<<10)
	case bytes.HasPrefix(magic, gzipMagic):
		z, err := gzip.NewReader(fb)
		if err != nil {
			s.close()
			return nil, formatErr("gzip: %v", err)
		}
		s.br = bufio.NewReaderSize(z, 64<<10)
	default:
		s.br = fb
	}
	if err := s.header(); err != nil {
		s.close()
		return nil, err
	}
	return s, nil
}

// header reads the header and the section table, checking them as parseSections does.
func (s *dbStream) header() error {
	s.head = make([]byte, headerSize)
	if err := s.read(s.head); err != nil || string(s.head[:8]) != Magic {
		return formatErr("no %q magic (another kind of file)", Magic)
	}
	v, n := le.Uint32(s.head[8:]), le.Uint32(s.head[12:])
	switch {
	case v != formatV1 && v != FormatVersion:
		return formatErr("format version %d; this program reads versions %d and %d", v, formatV1, FormatVersion)
	case v == formatV1 && n != secCount, v == FormatVersion && n != secCountV2:
		return formatErr("%d sections for format %d", n, v)
	}
	t := make([]byte, int(n)*entrySize)
	if err := s.read(t); err != nil {
		return formatErr("truncated section table")
	}
	last := uint64(len(t) + headerSize)
	for i := range int(n) {
		e := t[i*entrySize:]
		sec := section{id: le.Uint32(e), count: le.Uint32(e[4:]), offset: le.Uint64(e[8:]), length: le.Uint64(e[16:])}
		if sec.id != uint32(i)+1 || sec.offset < last || sec.length > MaxFile || sec.offset > MaxFile { //nolint:gosec // i < secCountV2
			return formatErr("section %d out of order or out of the file", i+1)
		}
		last = sec.offset + sec.length
		s.table = append(s.table, sec)
	}
	return nil
}

// read fills p from the stream, the checksum summed past the header.
func (s *dbStream) read(p []byte) error {
	if _, err := io.ReadFull(s.br, p); err != nil {
		return err
	}
	s.sum(p)
	return nil
}

func (s *dbStream) sum(p []byte) {
	if s.pos >= headerSize {
		s.crc = crc32.Update(s.crc, castagnoli, p)
	} else if k := headerSize - s.pos; uint64(len(p)) > k {
		s.crc = crc32.Update(s.crc, castagnoli, p[k:])
	}
	s.pos += uint64(len(p))
}

// skipTo reads on to the unpacked offset off.
func (s *dbStream) skipTo(off uint64) error {
	var buf [4096]byte
	for s.pos < off {
		if err := s.read(buf[:min(uint64(len(buf)), off-s.pos)]); err != nil {
			return formatErr("truncated: %v", err)
		}
	}
	return nil
}

// section reads the section id whole (the stream must not be past it).
func (s *dbStream) section(id uint32) ([]byte, error) {
	sec := s.table[id-1]
	if err := s.skipTo(sec.offset); err != nil {
		return nil, err
	}
	b := make([]byte, sec.length)
	if err := s.read(b); err != nil {
		return nil, formatErr("section %d truncated", id)
	}
	return b, nil
}

// meta reads the meta section (the first).
func (s *dbStream) meta() (Meta, error) {
	raw, err := s.section(secMeta)
	if err != nil {
		return Meta{}, err
	}
	var m Meta
	if err := json.Unmarshal(raw, &m); err != nil {
		return Meta{}, formatErr("meta: %v", err)
	}
	return m, nil
}

// registrants streams every registrant record, in address order, to each (the record's bytes
// are valid until the next), then reads on to the end of the file: a file whose checksum
// disagrees is an error (what was given to each must then not be used).
func (s *dbStream) registrants(each func(addr uint32, rec []byte)) error {
	if len(s.table) < int(secCountV2) {
		return nil // format 1: none
	}
	keys, err := s.section(secRegistrantKeys)
	if err != nil {
		return err
	}
	offs, err := s.section(secRegistrantOffsets)
	if err != nil {
		return err
	}
	n := len(keys) / 4
	recs := s.table[secRegistrants-1]
	if len(offs) != (n+1)*4 || !ascending(offs, recs.length) {
		return formatErr("registrant offsets out of order")
	}
	if err := s.skipTo(recs.offset); err != nil {
		return err
	}
	var rec []byte
	for i := range n {
		size := le.Uint32(offs[(i+1)*4:]) - le.Uint32(offs[i*4:])
		if size > 1<<16 {
			return formatErr("a registrant record of %d bytes", size)
		}
		if cap(rec) < int(size) {
			rec = make([]byte, size, max(size, 512))
		}
		rec = rec[:size]
		if err := s.read(rec); err != nil {
			return formatErr("registrants truncated")
		}
		if wellFormed(rec) {
			each(le.Uint32(keys[i*4:]), rec)
		}
	}
	return s.verify()
}

// verify reads on to the end of the file and checks its checksum: a file cut short or
// changed is ErrFormat's "checksum mismatch", as Open says of it.
func (s *dbStream) verify() error {
	if _, err := io.Copy(io.Discard, readerFunc(func(p []byte) (int, error) {
		k, err := s.br.Read(p)
		s.sum(p[:k])
		return k, err
	})); err != nil {
		return formatErr("reading to its end: %v", err)
	}
	if s.crc != le.Uint32(s.head[16:]) {
		return formatErr("checksum mismatch (truncated or corrupt)")
	}
	return nil
}

type readerFunc func(p []byte) (int, error)

func (f readerFunc) Read(p []byte) (int, error) { return f(p) }

// wellFormed reports a record whose strings end exactly at its end.
func wellFormed(rec []byte) bool {
	if len(rec) < registrantRec.head || int(registrantRec.names.get(rec)) > model.MaxRegistrantNames ||
		registrantRec.streets.get(rec) > 2 {
		return false
	}
	p := registrantRec.head
	for range registrantStrings(rec) {
		if p >= len(rec) {
			return false
		}
		p += 1 + int(rec[p])
	}
	return p == len(rec)
}
