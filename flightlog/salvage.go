package flightlog

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
)

// Corruption (CONTRACT.md 13.2): a damaged file, found at open (quick_check) or by any read or
// write (the driver's corrupt and not-a-database codes), is moved aside and a new file started
// in its place, without a restart; the rows that can still be read are copied into the new
// file first, with their ids.
//
// The rows are read from the pages themselves, as SQLite's own recovery does: every table leaf
// page of the file (the newest version of each page, the WAL's committed frames over the
// file's) that is not on the free list, each cell a record decoded by the file format
// (sqlite.org/fileformat.html), kept when its shape is a flight's. A damaged interior page, or
// the table's root, then costs no row beyond the pages that are themselves damaged.

// recover moves the damaged file aside, starts a new one and copies the readable rows into it.
func (l *Log) recover(ctx context.Context, cause error) error {
	if l.db != nil { // what the WAL holds folded into the file, where it can be
		_, _ = l.db.ExecContext(ctx, "PRAGMA wal_checkpoint(TRUNCATE)")
	}
	l.closeDB()
	aside, err := moveAside(l.path)
	if err != nil {
		return fmt.Errorf("flight log %s is damaged (%v) and cannot be moved aside: %w", l.path, cause, err)
	}
	if err := l.openWriter(ctx); err != nil {
		return err
	}
	kept, err := l.salvage(ctx, aside)
	ev := l.log.Error().Err(cause).Str("file", l.path).Str("moved_to", aside).Int("rows_kept", kept)
	if err != nil {
		ev = ev.AnErr("reading_back", err)
	}
	ev.Msg("the flight log was damaged: moved aside, a new one started with the rows that could still be read")
	return nil
}

// legacyLayout is version 1's columns in the order its files hold them (issue 44's table).
var legacyLayout = []string{"id", "icao", "icao_hex", "ident", "squawks", "registration", "type_designator", "manufacturer_model",
	"military", "emergency", "operator_code", "operator_name", "origin", "destination", "registrant", "watch_list", "watch_group",
	"watch_category", "first_seen", "last_seen", "messages", "positions", "min_altitude", "max_altitude", "max_speed", "closest_dnm",
	"closest_at", "closest_altitude", "matched_rules", "receiver_sources"}

// salvageBatch is how many rows one insert of the salvage carries.
const salvageBatch = 500

// salvage copies the flights that can be read from the damaged file at aside into l.
func (l *Log) salvage(ctx context.Context, aside string) (int, error) {
	f, err := openPages(aside)
	if err != nil {
		return 0, err
	}
	defer f.close()
	layout, ok := f.layout()
	if !ok {
		return 0, fmt.Errorf("flight log %s: no flight log's version in its header", aside)
	}
	free := f.freePages()
	kept := 0
	batch := make([]Row, 0, salvageBatch)
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		if err := l.insertKept(ctx, batch); err != nil {
			return err
		}
		kept += len(batch)
		batch = batch[:0]
		return nil
	}
	for pg := uint32(2); pg <= f.count; pg++ {
		if free[pg] {
			continue
		}
		page := f.page(pg)
		if len(page) == 0 || page[0] != 0x0d { // a table leaf page
			continue
		}
		for _, r := range leafRows(page, f.usable, layout) {
			if batch = append(batch, r); len(batch) == salvageBatch {
				if err := flush(); err != nil {
					return kept, err
				}
			}
		}
		if ctx.Err() != nil {
			return kept, ctx.Err()
		}
	}
	return kept, flush()
}

// pages reads a database file's pages: the file's, and the newest committed frame of each in
// its WAL.
type pages struct {
	db, wal      *os.File
	size, usable int
	count        uint32
	header       []byte
	frames       map[uint32]int64 // page → offset of its newest committed frame's data in the WAL
}

func openPages(path string) (*pages, error) {
	db, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	p := &pages{db: db, header: make([]byte, 100), frames: map[uint32]int64{}}
	if _, err := io.ReadFull(db, p.header); err != nil || !validHeader(p.header) {
		_ = db.Close()
		return nil, fmt.Errorf("flight log %s: no SQLite header to read back from", path)
	}
	p.size = int(binary.BigEndian.Uint16(p.header[16:]))
	if p.size == 1 {
		p.size = 65536
	}
	p.usable = p.size - int(p.header[20])
	fi, _ := db.Stat()
	p.count = uint32(fi.Size() / int64(p.size)) //nolint:gosec // a file's page count fits
	if wal, err := os.Open(path + "-wal"); err == nil {
		p.wal = wal
		p.readWAL()
	} else if !errors.Is(err, fs.ErrNotExist) {
		_ = db.Close()
		return nil, err
	}
	if pg1 := p.page(1); len(pg1) >= 100 { // the newest header
		copy(p.header, pg1[:100])
	}
	return p, nil
}

// readWAL indexes the WAL's frames up to its last commit (those whose salts are the header's).
func (p *pages) readWAL() {
	h := make([]byte, 32)
	if _, err := io.ReadFull(p.wal, h); err != nil || int(binary.BigEndian.Uint32(h[8:])) != p.size {
		return
	}
	salt := h[16:24]
	fh := make([]byte, 24)
	pending := map[uint32]int64{}
	for off := int64(32); ; off += int64(24 + p.size) {
		if _, err := p.wal.ReadAt(fh, off); err != nil || string(fh[8:16]) != string(salt) {
			return
		}
		pending[binary.BigEndian.Uint32(fh)] = off + 24
		if n := binary.BigEndian.Uint32(fh[4:]); n != 0 { // a commit: its frames count, and the file's size
			for pg, at := range pending {
				p.frames[pg] = at
			}
			clear(pending)
			p.count = n
		}
	}
}

// page is page n (nil when it cannot be read).
func (p *pages) page(n uint32) []byte {
	b := make([]byte, p.size)
	var err error
	if at, ok := p.frames[n]; ok {
		_, err = p.wal.ReadAt(b, at)
	} else {
		_, err = p.db.ReadAt(b, int64(n-1)*int64(p.size))
	}
	if err != nil {
		return nil
	}
	return b
}

func (p *pages) close() {
	_ = p.db.Close()
	if p.wal != nil {
		_ = p.wal.Close()
	}
}

// layout is the column order of the file's flights records, by its schema version.
func (p *pages) layout() ([]string, bool) {
	switch v := int(binary.BigEndian.Uint32(p.header[60:])); {
	case v == 1:
		return legacyLayout, true
	case v >= 2 && v <= Version():
		cs := stored(v)
		out := make([]string, len(cs))
		for i, c := range cs {
			out[i] = c.name
		}
		return out, true
	}
	return nil, false
}

// freePages are the pages on the free list (rows once deleted: never brought back).
func (p *pages) freePages() map[uint32]bool {
	free := map[uint32]bool{}
	trunk := binary.BigEndian.Uint32(p.header[32:])
	for i := uint32(0); trunk != 0 && trunk <= p.count && i < p.count; i++ {
		free[trunk] = true
		b := p.page(trunk)
		if len(b) < 8 {
			break
		}
		n := binary.BigEndian.Uint32(b[4:])
		for j := uint32(0); j < n && int(8+4*j+4) <= len(b); j++ {
			free[binary.BigEndian.Uint32(b[8+4*j:])] = true
		}
		trunk = binary.BigEndian.Uint32(b)
	}
	return free
}

// leafRows decodes the cells of a table leaf page whose records are flights (layout's columns,
// or a prefix of them from before a migration added the rest); a cell that overflows its page
// or does not decode is skipped.
func leafRows(page []byte, usable int, layout []string) []Row {
	if len(page) < 8 {
		return nil
	}
	cells := int(binary.BigEndian.Uint16(page[3:]))
	maxLocal := usable - 35
	byName := map[string]column{}
	for _, c := range columns {
		if c.name != "" {
			byName[c.name] = c
		}
	}
	var out []Row
	for i := range cells {
		at := 8 + 2*i
		if at+2 > len(page) {
			break
		}
		off := int(binary.BigEndian.Uint16(page[at:]))
		if off < 8 || off >= len(page) {
			continue
		}
		size, n1 := varint(page[off:])
		if n1 <= 0 {
			continue
		}
		rowid, n2 := varint(page[off+n1:])
		if n2 <= 0 || size < 0 || size > int64(maxLocal) || off+n1+n2+int(size) > len(page) {
			continue
		}
		vals, ok := record(page[off+n1+n2 : off+n1+n2+int(size)])
		if !ok || len(vals) > len(layout) || len(vals) < 20 {
			continue
		}
		r := Row{ID: rowid}
		shaped := true
		for j, v := range vals {
			switch c, known := byName[layout[j]]; {
			case !known || c.name == "id":
			case c.name == "icao_hex":
				_, isText := v.(string)
				shaped = shaped && isText
				c.get(&r, v)
			case c.name == "first_seen":
				n, isInt := v.(int64)
				shaped = shaped && isInt && n > 0
				c.get(&r, v)
			default:
				c.get(&r, v)
			}
		}
		if shaped && r.IcaoHex != "" {
			out = append(out, r)
		}
	}
	return out
}

// varint reads a SQLite varint (big-endian, 7 bits a byte, the ninth byte whole); n ≤ 0 when b
// is too short.
func varint(b []byte) (int64, int) {
	var v uint64
	for i := range 9 {
		if i >= len(b) {
			return 0, 0
		}
		if i == 8 {
			return int64(v<<8 | uint64(b[i])), 9 //nolint:gosec // the format's bits
		}
		v = v<<7 | uint64(b[i]&0x7f)
		if b[i]&0x80 == 0 {
			return int64(v), i + 1 //nolint:gosec // the format's bits
		}
	}
	return 0, 0
}

// record decodes a record's values: int64, float64, string, []byte or nil.
func record(b []byte) ([]any, bool) {
	hlen, n := varint(b)
	if n <= 0 || hlen < int64(n) || hlen > int64(len(b)) {
		return nil, false
	}
	var types []int64
	for p := n; p < int(hlen); {
		t, k := varint(b[p:hlen])
		if k <= 0 {
			return nil, false
		}
		types = append(types, t)
		p += k
	}
	body := b[hlen:]
	out := make([]any, len(types))
	for i, t := range types {
		var w int
		switch {
		case t == 0:
			continue
		case t == 8, t == 9:
			out[i] = t - 8
			continue
		case t >= 1 && t <= 4:
			w = int(t)
		case t == 5:
			w = 6
		case t == 6, t == 7:
			w = 8
		case t >= 12:
			w = int((t - 12 - t%2) / 2)
		default:
			return nil, false
		}
		if w > len(body) {
			return nil, false
		}
		v := body[:w]
		body = body[w:]
		switch {
		case t == 7:
			out[i] = math.Float64frombits(binary.BigEndian.Uint64(v))
		case t <= 6:
			var x int64
			for _, c := range v {
				x = x<<8 | int64(c)
			}
			if w < 8 && v[0]&0x80 != 0 { // sign-extend
				x -= 1 << (8 * w)
			}
			out[i] = x
		case t%2 == 1:
			out[i] = string(v)
		default:
			out[i] = append([]byte(nil), v...)
		}
	}
	return out, true
}
