package aircraftdb

import (
	"bufio"
	"encoding/json"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"sort"
)

// encoding is a build laid out for writing: every record sorted, every string in the pool,
// every count known, so that the section table is written first and each section streams
// after it (the file is never whole in memory beside the build).
type encoding struct {
	b        *builder
	pool     *pool
	typeKeys []string
	typeNo   map[string]uint16
	refs     []uint32 // the records' string references, in the order they are written
	opKeys   []string
	routes   []routeRow // the kept ones
	stops    int
	military int
	regTypes []string
	regRemap []byte
	version  uint32
	meta     Meta
	metaJSON []byte
}

// settledAircraft sorts the aircraft by address, keeping the last row read of each.
func (b *builder) settledAircraft() []aircraftRow {
	sort.SliceStable(b.aircraft, func(i, j int) bool { return b.aircraft[i].addr < b.aircraft[j].addr })
	out := b.aircraft[:0]
	for i, a := range b.aircraft {
		if i+1 < len(b.aircraft) && b.aircraft[i+1].addr == a.addr {
			continue
		}
		out = append(out, a)
	}
	b.aircraft = out
	return out
}

// prepare lays the build out: the order of every section, the pool (strings in the order the
// records name them: types, aircraft, operators, airports) and the meta.
func (b *builder) prepare() (*encoding, error) {
	e := &encoding{b: b, pool: newPool(), typeNo: map[string]uint16{}}
	for _, a := range b.settledAircraft() { // every designator an aircraft names is a type, known or not
		if d := a.typ; d != 0 && b.types[b.typeNames[d-1]] == nil {
			b.types[b.typeNames[d-1]] = &typeRow{engines: -1}
		}
	}
	e.typeKeys, e.opKeys = sortedKeys(b.types), sortedKeys(b.operators)
	switch {
	case len(e.typeKeys) >= math.MaxUint16:
		return nil, fmt.Errorf("%d types: over the format's %d", len(e.typeKeys), math.MaxUint16-1)
	case len(b.apOrder) > math.MaxUint16:
		return nil, fmt.Errorf("%d airports: over the format's %d", len(b.apOrder), math.MaxUint16)
	}
	if err := e.strings(); err != nil {
		return nil, err
	}
	e.routes = b.keptRoutes()
	for _, r := range e.routes {
		e.stops += int(r.stops)
	}
	sort.SliceStable(b.blocks, func(i, j int) bool {
		if b.blocks[i].sig != b.blocks[j].sig {
			return b.blocks[i].sig > b.blocks[j].sig
		}
		return b.blocks[i].mask < b.blocks[j].mask
	})
	for _, bl := range b.blocks {
		if bl.military {
			e.military++
		}
	}
	return e, e.makeMeta()
}

// strings puts every record's strings in the pool, in the order the file's records name them.
func (e *encoding) strings() error {
	b := e.b
	var err error
	ref := func(s string) {
		r, rerr := e.pool.ref(s)
		if rerr != nil && err == nil {
			err = rerr
		}
		e.refs = append(e.refs, r)
	}
	for i, d := range e.typeKeys {
		e.typeNo[d] = uint16(i + 1) //nolint:gosec // checked: fewer than 65,535
		ref(d)
		ref(b.types[d].model)
	}
	for _, a := range b.aircraft {
		ref(string(b.regs[a.regOff : a.regOff+uint32(a.regLen)]))
	}
	for _, d := range e.opKeys {
		op := b.operators[d]
		ref(op.Name)
		ref(op.Country)
		ref(op.Callsign)
	}
	for _, code := range b.apOrder {
		a := b.airports[code]
		for _, s := range []string{a.code, a.icao, a.iata, a.name, a.city} {
			ref(s)
		}
	}
	return err
}

// makeMeta sets the counts, the format version (1 without registrants) and the meta section.
func (e *encoding) makeMeta() error {
	b := e.b
	types, remap, err := b.registrants.sorted()
	if err != nil {
		return err
	}
	e.regRemap, e.version = remap, formatV1 // as before without registrants: the shipped database, and readers of the last version
	if n := len(b.registrants.entries); n > 0 {
		e.version, e.regTypes = FormatVersion, types
		b.meta.Counts["registrants"], b.meta.RegistrantTypes = n, types
	}
	b.meta.Format = int(e.version)
	c := b.meta.Counts
	c["aircraft"], c["types"], c["operators"], c["airports"], c["routes"], c["code_blocks"], c["military_code_blocks"] =
		len(b.aircraft), len(e.typeKeys), len(e.opKeys), len(b.apOrder), len(e.routes), len(b.blocks), e.military
	if len(b.meta.Skipped) == 0 {
		b.meta.Skipped = nil
	}
	e.meta = b.meta
	e.metaJSON, err = json.Marshal(b.meta)
	return err
}

// part is one section as it is written: its record count, its length, and what writes it.
type part struct {
	count, length int
	write         func(w *bufio.Writer)
}

// parts are the sections, in file order: each row of the table `sections` encoded.
func (e *encoding) parts() []part {
	n := secCount
	if e.version == FormatVersion {
		n = secCountV2
	}
	out := make([]part, n)
	for i, spec := range sections[:n] {
		out[i] = spec.encode(e)
	}
	return out
}

// size is the file's size.
func (e *encoding) size() int {
	parts := e.parts()
	end := headerSize + len(parts)*entrySize
	for _, p := range parts {
		end = align8(end) + p.length
	}
	return end
}

func align8(n int) int { return (n + 7) &^ 7 }

// writeTo writes the file: the header (its checksum left 0, for the caller to write at byte
// 16), the table, the sections; it returns the checksum.
func (e *encoding) writeTo(dst io.Writer) (uint32, error) {
	parts := e.parts()
	crc := crc32.New(castagnoli)
	counted := &counter{w: io.MultiWriter(dst, crc)}
	w := bufio.NewWriterSize(counted, 256<<10)
	head := make([]byte, headerSize, headerSize+len(parts)*entrySize)
	copy(head, Magic)
	le.PutUint32(head[8:], e.version)
	le.PutUint32(head[12:], uint32(len(parts))) //nolint:gosec // a handful
	at := headerSize + len(parts)*entrySize
	for i, p := range parts {
		at = align8(at)
		head = le.AppendUint32(head, sections[i].id)
		head = le.AppendUint32(head, uint32(p.count)) //nolint:gosec // < 2^32 records
		head = le.AppendUint64(head, uint64(at))      //nolint:gosec // positive
		head = le.AppendUint64(head, uint64(p.length))
		at += p.length
	}
	if _, err := dst.Write(head[:headerSize]); err != nil { // the header is outside the checksum
		return 0, err
	}
	_, _ = w.Write(head[headerSize:])
	written := len(head)
	for _, p := range parts {
		for ; written%8 != 0; written++ {
			_ = w.WriteByte(0)
		}
		p.write(w)
		written += p.length
	}
	if err := w.Flush(); err != nil {
		return 0, err
	}
	if counted.n != int64(at-headerSize) {
		return 0, fmt.Errorf("aircraftdb: %d bytes written for a file of %d (a section's length is wrong)", counted.n+headerSize, at)
	}
	return crc.Sum32(), nil
}

// counter counts what is written through it.
type counter struct {
	w io.Writer
	n int64
}

func (c *counter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}
