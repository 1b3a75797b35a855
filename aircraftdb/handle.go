package aircraftdb

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/klauspost/compress/zstd"

	"github.com/rs/zerolog"
)

// MaxFile bounds a database file (and its unpacked size when compressed): the full upstream
// data builds to ≈ 21 MB.
const MaxFile = 512 << 20

var (
	gzipMagic = []byte{0x1f, 0x8b}
	zstdMagic = []byte{0x28, 0xb5, 0x2f, 0xfd}
	packMagic = []byte{0x50, 0x2a, 0x4d, 0x18} // a skippable frame first: packZstd's index
)

// Decode loads a database from a file's bytes: zstd-compressed (the shipped one), gzip-
// compressed or not. A compressed file is unpacked into one buffer of its unpacked size.
func Decode(b []byte) (*DB, error) { return decode(b, heapBytes) }

// DecodeForever is Decode for a database that is never released (the shipped one, loaded
// once per process): a zstd file is unpacked outside the Go heap, where it costs a fraction
// of the time to write (permanent).
func DecodeForever(b []byte) (*DB, error) { return decode(b, permanent) }

// alloc gives n bytes of capacity (length 0) for a database's bytes.
type alloc func(n int) []byte

func heapBytes(n int) []byte { return make([]byte, 0, n) }

func decode(b []byte, mem alloc) (*DB, error) {
	raw, err := unpack(b, mem)
	if err != nil {
		return nil, err
	}
	return Load(raw)
}

// unpack is a file's bytes unpacked (b itself when it is not compressed), into mem's bytes.
func unpack(b []byte, mem alloc) ([]byte, error) {
	switch {
	case bytes.HasPrefix(b, packMagic):
		parts, total, ours, err := readParts(b)
		if err == nil && !ours {
			err = formatErr("zstd: a skippable frame that is no parts index")
		}
		if err != nil {
			return nil, err
		}
		return unpackParts(parts, total, mem)
	case bytes.HasPrefix(b, zstdMagic):
		return unzstd(b, mem)
	case bytes.HasPrefix(b, gzipMagic):
		return gunzip(b, mem)
	}
	return b, nil
}

// unzstd unpacks a zstd frame: the frame header holds the unpacked size, so the database is
// decoded into one allocation of that size, and the decoder keeps no window of its own.
func unzstd(b []byte, mem alloc) ([]byte, error) {
	var h zstd.Header
	if err := h.Decode(b); err != nil {
		return nil, formatErr("zstd: %v", err)
	}
	if h.HasFCS && h.FrameContentSize > MaxFile {
		return nil, formatErr("over %d bytes unpacked", MaxFile)
	}
	d, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxMemory(MaxFile))
	if err != nil {
		return nil, formatErr("zstd: %v", err)
	}
	defer d.Close()
	var dst []byte
	if h.HasFCS {
		dst = mem(int(h.FrameContentSize))
	}
	raw, err := d.DecodeAll(b, dst)
	if err != nil {
		return nil, formatErr("zstd: %v (truncated?)", err)
	}
	return raw, nil
}

// gunzip unpacks a gzip file: its trailer holds the unpacked size (mod 2^32), so it is read
// into one allocation of that size, not a buffer doubled up to it.
func gunzip(b []byte, mem alloc) ([]byte, error) {
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		return nil, formatErr("gzip: %v", err)
	}
	n := int(le.Uint32(b[len(b)-4:]))
	if len(b) <= 18 || n <= 0 || n > MaxFile {
		return nil, formatErr("gzip: over %d bytes unpacked, or truncated", MaxFile)
	}
	out := mem(n)[:n]
	if _, err := io.ReadFull(zr, out); err != nil {
		return nil, formatErr("gzip: %v (truncated?)", err)
	}
	if k, _ := io.ReadFull(zr, make([]byte, 1)); k > 0 {
		return nil, formatErr("gzip: more than its trailer says (over %d bytes unpacked?)", MaxFile)
	}
	return out, nil
}

// ReloadEvery is how often a running program looks at its database file: a replaced file is
// in use within a minute (CONTRACT.md 9.4).
const ReloadEvery = 30 * time.Second

// Handle is the database a running program enriches with: a file, read again when it changes
// on disk (size, time or inode; the program calls Refresh every ReloadEvery), with a
// fallback (the shipped database) while the file is absent, unpacked the first time it is
// asked for (Current): a program's start-up goes on meanwhile. A file that cannot be used is
// logged once, naming it, and the database in use is kept (none, for a file that never loaded
// and no fallback). Safe for concurrent use.
type Handle struct {
	path     string
	fallback func() *DB // nil: none
	log      zerolog.Logger

	cur        atomic.Pointer[DB] // the file's database
	fallbackOn atomic.Bool        // no file in use: the fallback is
	fbOnce     sync.Once
	fb         *DB
	mu         sync.Mutex
	stamp      string // of the file last tried
}

// NewHandle uses the file at path (empty: only the fallback), or the fallback's database while
// it is absent; fallback (nil: none) is called only then, once.
func NewHandle(path string, fallback func() *DB, log zerolog.Logger) *Handle {
	h := &Handle{path: path, fallback: fallback, log: log}
	if path == "" {
		h.fallbackOn.Store(fallback != nil)
	}
	h.Refresh()
	return h
}

func (h *Handle) fallbackDB() *DB {
	h.fbOnce.Do(func() {
		if h.fallback != nil {
			h.fb = h.fallback()
		}
	})
	return h.fb
}

// Fixed is a handle on one database that never changes (nil: enrichment off).
func Fixed(db *DB) *Handle {
	h := &Handle{}
	h.cur.Store(db)
	return h
}

// Current is the database in use (nil: none).
func (h *Handle) Current() *DB {
	if h == nil {
		return nil
	}
	if db := h.cur.Load(); db != nil {
		return db
	}
	if h.fallbackOn.Load() {
		return h.fallbackDB()
	}
	return nil
}

// Refresh reads the file again if it changed since the last look, and reports whether the
// database in use changed.
func (h *Handle) Refresh() bool {
	if h.path == "" {
		return false
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	st, err := os.Stat(h.path)
	if err != nil {
		if h.stamp == "absent" {
			return false
		}
		h.stamp = "absent"
		if h.fallback != nil {
			h.log.Info().Str("db", h.path).Msg("no aircraft database file; using the shipped one")
		} else {
			h.log.Error().Err(err).Str("db", h.path).Msg("aircraft database unusable; enriching nothing until it is there")
		}
		return h.useFallback()
	}
	stamp := fmt.Sprintf("%d|%d|%v", st.Size(), st.ModTime().UnixNano(), inode(st))
	if stamp == h.stamp {
		return false
	}
	h.stamp = stamp
	db, err := h.open()
	if err != nil {
		h.log.Error().Err(err).Str("db", h.path).Msg("aircraft database unusable; keeping the one in use")
		if h.cur.Load() == nil {
			return h.useFallback()
		}
		return false
	}
	h.log.Info().Str("db", h.path).Int("bytes", db.Size()).Int("aircraft", db.Meta().Counts["aircraft"]).Msg("aircraft database loaded")
	h.cur.Store(db)
	h.fallbackOn.Store(false)
	return true
}

// useFallback drops the file's database for the fallback; it reports whether that changed the
// database in use.
func (h *Handle) useFallback() bool {
	had := h.cur.Swap(nil) != nil
	was := h.fallbackOn.Swap(h.fallback != nil)
	return had || was != (h.fallback != nil)
}

func (h *Handle) open() (*DB, error) { return loadFile(h.path) }

// loadFile reads a database file into memory outside the Go heap (unpacked there when it is
// compressed), given back when the database is no longer referenced: a collector that sizes
// the heap at twice what is live would otherwise hold the database twice (docs/decisions.md).
// Whoever keeps a string of it past the database keeps the database (model.EnrichState.Keep).
func loadFile(path string) (*DB, error) {
	f, err := os.Open(path) //nolint:gosec // the user's database
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if st.Size() > MaxFile {
		return nil, formatErr("over %d bytes", MaxFile)
	}
	var regions []*region
	mem := func(n int) []byte {
		r := newRegion(n)
		regions = append(regions, r)
		return r.b[:0:n]
	}
	releaseAll := func() {
		for _, r := range regions {
			r.release()
		}
	}
	file := mem(int(st.Size()))[:st.Size()]
	if _, err := io.ReadFull(f, file); err != nil {
		releaseAll()
		return nil, err
	}
	raw, err := unpack(file, mem)
	var db *DB
	if err == nil {
		db, err = Load(raw)
	}
	if err != nil {
		releaseAll()
		return nil, err
	}
	if len(raw) != len(file) || &raw[0] != &file[0] {
		regions[0].release() // the packed file, once unpacked
		regions = regions[1:]
	}
	if len(regions) > 0 && regions[0].holds(raw) {
		Release(db.regKeys) // read once, into the registrants' index: its pages can go
		if !db.regIndex.wide() {
			Release(db.regOffs) // the same: the index holds them
		}
	}
	if n := len(db.regIndex.lines); n > 0 { // the index beside the bytes, outside the heap too (no pointers in it)
		r := newRegion(n * int(unsafe.Sizeof(rankLine{})))
		lines := unsafe.Slice((*rankLine)(unsafe.Pointer(&r.b[0])), n)
		copy(lines, db.regIndex.lines)
		db.regIndex.lines = lines
		regions = append(regions, r)
	}
	runtime.AddCleanup(db, func(rs []*region) {
		// Later, not now: a caller may still read a string it took just before it dropped the
		// database (an answer being written); a flight holds its database itself.
		time.AfterFunc(releaseAfter, func() {
			for _, r := range rs {
				r.release()
			}
		})
	}, regions)
	return db, nil
}

// releaseAfter is how long a database's memory outlives the last reference to the database.
var releaseAfter = 10 * time.Minute

// Compress packs a database file for its name: zstd for ".zst" (the shipped file: smaller
// than gzip and unpacked several times faster, in parts on every core: packZstd), gzip for
// ".gz", as it is otherwise. Both are deterministic: the same database, the same bytes.
func Compress(name string, b []byte) ([]byte, error) {
	switch {
	case strings.HasSuffix(name, ".zst"):
		return packZstd(b)
	case strings.HasSuffix(name, ".gz"):
		var buf bytes.Buffer
		zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		if err != nil {
			return nil, err
		}
		if _, err := zw.Write(b); err != nil {
			return nil, err
		}
		if err := zw.Close(); err != nil {
			return nil, err
		}
		return buf.Bytes(), nil
	}
	return b, nil
}
