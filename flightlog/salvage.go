package flightlog

import (
	"context"
	"database/sql"
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

// recover moves the damaged file aside, starts a new one and copies the readable rows into it;
// the new file's ids go on after the largest the damaged one ever gave (ids are never used
// again): its sqlite_sequence, every id its readable pages and WAL frames hold, and the
// writer's own.
func (l *Log) recover(ctx context.Context, cause error) error {
	high := l.lastID
	if l.db != nil { // what the WAL holds folded into the file, where it can be
		_, _ = l.db.ExecContext(ctx, "PRAGMA wal_checkpoint(TRUNCATE)")
		var seq sql.NullInt64
		if l.db.QueryRowContext(ctx, "SELECT max(seq) FROM sqlite_sequence WHERE name = 'flights'").Scan(&seq) == nil {
			high = max(high, seq.Int64)
		}
	}
	l.closeDB()
	aside, err := l.replaceFile()
	if err != nil {
		return fmt.Errorf("flight log %s is damaged (%v) and cannot be moved aside: %w", l.path, cause, err)
	}
	l.gen++
	if err := l.openWriter(ctx); err != nil {
		return err
	}
	kept, seen, err := l.salvage(ctx, aside)
	high = max(high, seen)
	if ierr := l.keepIDs(ctx, high); err == nil {
		err = ierr
	}
	ev := l.log.Error().Err(cause).Str("file", l.path).Str("moved_to", aside).Int("rows_kept", kept).Int64("next_id", high+1)
	if err != nil {
		ev = ev.AnErr("reading_back", err)
	}
	ev.Msg("the flight log was damaged: moved aside, a new one started with the rows that could still be read")
	return nil
}

// keepIDs makes the file's next id follow high, at least.
func (l *Log) keepIDs(ctx context.Context, high int64) error {
	if high <= 0 {
		return nil
	}
	return l.exec(ctx, "carrying its ids over", []string{
		fmt.Sprintf("UPDATE sqlite_sequence SET seq = %d WHERE name = 'flights' AND seq < %d", high, high),
		fmt.Sprintf("INSERT INTO sqlite_sequence (name, seq) SELECT 'flights', %d WHERE NOT EXISTS "+
			"(SELECT 1 FROM sqlite_sequence WHERE name = 'flights')", high)})
}

// legacyLayout is version 1's columns in the order its files hold them (issue 44's table).
var legacyLayout = []string{"id", "icao", "icao_hex", "ident", "squawks", "registration", "type_designator", "manufacturer_model",
	"military", "emergency", "operator_code", "operator_name", "origin", "destination", "registrant", "watch_list", "watch_group",
	"watch_category", "first_seen", "last_seen", "messages", "positions", "min_altitude", "max_altitude", "max_speed", "closest_dnm",
	"closest_at", "closest_altitude", "matched_rules", "receiver_sources"}

// salvageBatch is how many rows one insert of the salvage carries.
const salvageBatch = 500

// salvage copies the flights that can be read from the damaged file at aside into l; high is
// the largest id the file's bytes show it gave (highWater).
func (l *Log) salvage(ctx context.Context, aside string) (kept int, high int64, err error) {
	f, err := openPages(aside, false)
	if err != nil {
		return 0, 0, err
	}
	defer f.close()
	layout, ok := f.layout()
	if !ok {
		return 0, 0, fmt.Errorf("flight log %s: no flight log's version in its header", aside)
	}
	return l.copyAndHigh(ctx, f, layout)
}

// salvageHeaderless copies what can be read from a file at aside whose first page is lost (a
// power cut that tore the header: nothing says it was a flight log, its page size or its
// version): its pages read at the WAL's page size or SQLite's default, each version's layout
// tried and the one that reads the most rows kept. Another program's file yields no row: a
// record must have a flight's shape to count. Nothing is freed without page 1, but deleted
// rows are zeroed (secure_delete), so none comes back.
func (l *Log) salvageHeaderless(ctx context.Context, aside string) (kept int, high int64, err error) {
	f, err := openPages(aside, true)
	if err != nil {
		return 0, 0, err
	}
	defer f.close()
	var best []string
	bestRows := 0
	for v := Version(); v >= 1; v-- {
		binary.BigEndian.PutUint32(f.header[60:], uint32(v)) //nolint:gosec // a small version
		layout, _ := f.layout()
		n := 0
		for pg := uint32(2); pg <= f.count && pg < 2+64; pg++ { // a sample of the first pages
			if page := f.page(pg); len(page) > 0 && page[0] == 0x0d {
				n += len(leafRows(page, f.usable, layout))
			}
		}
		if n > bestRows {
			best, bestRows = layout, n
		}
	}
	if best == nil {
		return 0, 0, nil
	}
	return l.copyAndHigh(ctx, f, best)
}

// copyAndHigh copies f's rows and finds its high-water id.
func (l *Log) copyAndHigh(ctx context.Context, f *pages, layout []string) (int, int64, error) {
	high := f.highWater(layout)
	kept, err := l.copyRows(ctx, f, layout)
	return kept, high, err
}

// guessHeader stands in for a lost first page: the WAL's page size (its header has one), else
// SQLite's default 4,096, no reserved bytes, no free list.
func (p *pages) guessHeader(path string) {
	clear(p.header)
	size := 4096
	if wal, err := os.Open(path + "-wal"); err == nil {
		h := make([]byte, 32)
		if _, err := io.ReadFull(wal, h); err == nil {
			if n := int(binary.BigEndian.Uint32(h[8:])); n >= 512 && n <= 65536 && n&(n-1) == 0 {
				size = n
			}
		}
		_ = wal.Close()
	}
	binary.BigEndian.PutUint16(p.header[16:], uint16(size%65536)) //nolint:gosec // 65,536 is written 1
	if size == 65536 {
		binary.BigEndian.PutUint16(p.header[16:], 1)
	}
}

// copyRows inserts the rows of f's table leaf pages that are not on its free list.
func (l *Log) copyRows(ctx context.Context, f *pages, layout []string) (int, error) {
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
	count        uint32 // pages, as of the WAL's last commit
	inFile       uint32 // pages in the file itself
	header       []byte
	frames       map[uint32]int64 // page → offset of its newest committed frame's data in the WAL
	walOK        bool             // a WAL of this page size
}

func openPages(path string, headerless bool) (*pages, error) {
	db, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	p := &pages{db: db, header: make([]byte, 100), frames: map[uint32]int64{}}
	if _, err := io.ReadFull(db, p.header); err != nil || !validHeader(p.header) {
		if !headerless {
			_ = db.Close()
			return nil, fmt.Errorf("flight log %s: no SQLite header to read back from", path)
		}
		p.guessHeader(path)
	}
	p.size = int(binary.BigEndian.Uint16(p.header[16:]))
	if p.size == 1 {
		p.size = 65536
	}
	p.usable = p.size - int(p.header[20])
	fi, _ := db.Stat()
	p.count = uint32(fi.Size() / int64(p.size)) //nolint:gosec // a file's page count fits
	p.inFile = p.count
	if wal, err := os.Open(path + "-wal"); err == nil {
		p.wal = wal
		p.readWAL()
	} else if !errors.Is(err, fs.ErrNotExist) {
		_ = db.Close()
		return nil, err
	}
	if pg1 := p.page(1); len(pg1) >= 100 && validHeader(pg1[:100]) { // the newest header
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
	p.walOK = true
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
	typ, _, cells := pageCells(page, 0, usable)
	if typ != 0x0d {
		return nil
	}
	byName := map[string]column{}
	for _, c := range columns {
		if c.name != "" {
			byName[c.name] = c
		}
	}
	var out []Row
	for _, c := range cells {
		if !c.whole {
			continue
		}
		vals, ok := record(c.payload)
		if !ok || len(vals) > len(layout) || len(vals) < 20 {
			continue
		}
		r := Row{ID: c.key}
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
	return out, len(body) == 0 // a record's values fill it exactly
}

// highWater is the largest id the damaged file shows it gave, wherever its bytes still say
// so: the flights row of its sqlite_sequence and the rowid of every flight's record, on any
// page of the file (free ones too) and in any frame of its WAL (older ones too), and the ids
// that the indexes on flights hold (walked from their roots in the schema): the rows of a
// damaged page are lost, their ids are not given again.
func (p *pages) highWater(layout []string) int64 {
	var high int64
	see := func(b []byte) {
		typ, _, cells := pageCells(b, 0, p.usable)
		if typ != 0x0d {
			return
		}
		for _, c := range cells {
			if !c.whole {
				continue
			}
			n, _, ok := recordShape(c.payload)
			switch {
			case !ok:
			case n >= 20 && n <= len(layout): // a flight's record (leafRows reads it whole)
				high = max(high, c.key)
			case n == 2:
				high = max(high, sequenceOn(b, p.usable))
			}
		}
	}
	b := make([]byte, p.size)
	for pg := uint32(2); pg <= p.inFile; pg++ {
		if _, err := p.db.ReadAt(b, int64(pg-1)*int64(p.size)); err == nil {
			see(b)
		}
	}
	if p.wal != nil && p.walOK {
		fh := make([]byte, 24)
		for off := int64(32); ; off += int64(24 + p.size) {
			if _, err := p.wal.ReadAt(fh, off); err != nil {
				break
			}
			if _, err := p.wal.ReadAt(b, off+24); err != nil {
				break
			}
			if binary.BigEndian.Uint32(fh) != 1 {
				see(b)
			}
		}
	}
	for _, root := range p.indexRoots("flights") {
		p.walk(root, func(typ byte, c cell) {
			if typ != 0x0a && typ != 0x02 || !c.whole {
				return
			}
			if n, id, ok := recordShape(c.payload); ok && n > 1 { // an index's record ends with the row's id
				high = max(high, id)
			}
		})
	}
	return high
}

// recordShape is how many values a record holds and its last value when an integer, without
// decoding the others; ok: its header and its body agree.
func recordShape(b []byte) (n int, last int64, ok bool) {
	hlen, k := varint(b)
	if k <= 0 || hlen < int64(k) || hlen > int64(len(b)) {
		return 0, 0, false
	}
	body := int64(0)
	var t, w int64
	for at := k; at < int(hlen); {
		if t, k = varint(b[at:hlen]); k <= 0 {
			return 0, 0, false
		}
		at += k
		switch {
		case t <= 4 || t == 8 || t == 9:
			w = max(t, 0)
			if t >= 8 {
				w = 0
			}
		case t == 5:
			w = 6
		case t == 6, t == 7:
			w = 8
		case t >= 12:
			w = (t - 12) / 2
		default:
			return 0, 0, false
		}
		body += w
		n++
	}
	if hlen+body != int64(len(b)) {
		return 0, 0, false
	}
	switch {
	case t >= 1 && t <= 6:
		v := b[int64(len(b))-w:]
		for _, c := range v {
			last = last<<8 | int64(c)
		}
		if v[0]&0x80 != 0 && w < 8 { // sign-extend
			last -= 1 << (8 * w)
		}
	case t == 9:
		last = 1
	}
	return n, last, true
}

// sequenceOn is the flights row of sqlite_sequence when page b holds it (a table leaf record
// of two values, "flights" and the largest id given), else 0.
func sequenceOn(b []byte, usable int) int64 {
	var seq int64
	if typ, _, cells := pageCells(b, 0, usable); typ == 0x0d {
		for _, c := range cells {
			if !c.whole {
				continue
			}
			if vals, ok := record(c.payload); ok && len(vals) == 2 && vals[0] == "flights" {
				if n, ok := vals[1].(int64); ok {
					seq = max(seq, n)
				}
			}
		}
	}
	return seq
}

// indexRoots are the root pages of the indexes on table, as the schema (page 1's tree) says.
func (p *pages) indexRoots(table string) []uint32 {
	var out []uint32
	p.walk(1, func(typ byte, c cell) {
		if typ != 0x0d || !c.whole {
			return
		}
		// type, name, tbl_name, rootpage, sql
		if vals, ok := record(c.payload); ok && len(vals) == 5 && vals[0] == "index" && vals[2] == table {
			if root, ok := vals[3].(int64); ok && root > 1 && root <= int64(p.count) {
				out = append(out, uint32(root))
			}
		}
	})
	return out
}

// cell is one cell of a b-tree page: its left child (interior pages), its key (a table's
// rowid) and its payload (whole: held on the page, no overflow).
type cell struct {
	child   uint32
	key     int64
	payload []byte
	whole   bool
}

// pageCells reads the b-tree page in b whose header starts at at (100 on page 1): its type
// (0x0d table leaf, 0x05 table interior, 0x0a index leaf, 0x02 index interior; 0 for none),
// its right-most child and its cells; a cell that does not decode is skipped.
func pageCells(b []byte, at, usable int) (byte, uint32, []cell) {
	if len(b) < at+12 {
		return 0, 0, nil
	}
	typ := b[at]
	hdr := 8
	var right uint32
	switch typ {
	case 0x05, 0x02:
		hdr = 12
		right = binary.BigEndian.Uint32(b[at+8:])
	case 0x0d, 0x0a:
	default:
		return 0, 0, nil
	}
	maxLocal := usable - 35
	if typ == 0x0a || typ == 0x02 {
		maxLocal = (usable-12)*64/255 - 23
	}
	n := int(binary.BigEndian.Uint16(b[at+3:]))
	out := make([]cell, 0, n)
	for i := range n {
		ptr := at + hdr + 2*i
		if ptr+2 > len(b) {
			break
		}
		off := int(binary.BigEndian.Uint16(b[ptr:]))
		if off < at+hdr || off >= len(b) {
			continue
		}
		var c cell
		if typ == 0x05 || typ == 0x02 {
			if off+4 > len(b) {
				continue
			}
			c.child = binary.BigEndian.Uint32(b[off:])
			off += 4
		}
		if typ == 0x05 { // a key alone
			k, m := varint(b[off:])
			if m <= 0 {
				continue
			}
			c.key = k
			out = append(out, c)
			continue
		}
		size, m := varint(b[off:])
		if m <= 0 || size < 0 {
			continue
		}
		off += m
		if typ == 0x0d {
			k, m := varint(b[off:])
			if m <= 0 {
				continue
			}
			c.key = k
			off += m
		}
		if size <= int64(maxLocal) && off+int(size) <= len(b) {
			c.payload, c.whole = b[off:off+int(size)], true
		}
		out = append(out, c)
	}
	return typ, right, out
}

// walk calls fn with every cell of the b-tree rooted at page root (the newest version of each
// page; a page that cannot be read or is no b-tree page costs only what is below it).
func (p *pages) walk(root uint32, fn func(typ byte, c cell)) {
	seen := map[uint32]bool{}
	todo := []uint32{root}
	for len(todo) > 0 && len(seen) <= int(p.count) {
		pg := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		if pg == 0 || pg > p.count || seen[pg] {
			continue
		}
		seen[pg] = true
		at := 0
		if pg == 1 {
			at = 100
		}
		typ, right, cells := pageCells(p.page(pg), at, p.usable)
		for _, c := range cells {
			fn(typ, c)
			if c.child != 0 {
				todo = append(todo, c.child)
			}
		}
		if right != 0 {
			todo = append(todo, right)
		}
	}
}
