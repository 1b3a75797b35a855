package aircraftdb

import (
	"bytes"
	"compress/gzip"
	"strings"

	"fmt"
	"io"
	"os"
	"sync"
	"sync/atomic"
	"time"

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
func Decode(b []byte) (*DB, error) { return decode(b, false) }

// DecodeForever is Decode for a database that is never released (the shipped one, loaded
// once per process): a zstd file is unpacked outside the Go heap, where it costs a fraction
// of the time to write (permanent).
func DecodeForever(b []byte) (*DB, error) { return decode(b, true) }

func decode(b []byte, forever bool) (*DB, error) {
	switch {
	case bytes.HasPrefix(b, packMagic):
		parts, total, ours, err := readParts(b)
		if err == nil && !ours {
			err = formatErr("zstd: a skippable frame that is no parts index")
		}
		if err != nil {
			return nil, err
		}
		raw, err := unpackParts(parts, total, forever)
		if err != nil {
			return nil, err
		}
		return Load(raw)
	case bytes.HasPrefix(b, zstdMagic):
		raw, err := unzstd(b, forever)
		if err != nil {
			return nil, err
		}
		return Load(raw)
	case bytes.HasPrefix(b, gzipMagic):
		raw, err := gunzip(b)
		if err != nil {
			return nil, err
		}
		return Load(raw)
	}
	return Load(b)
}

// unzstd unpacks a zstd frame: the frame header holds the unpacked size, so the database is
// decoded into one allocation of that size, and the decoder keeps no window of its own.
func unzstd(b []byte, forever bool) ([]byte, error) {
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
	switch {
	case h.HasFCS && forever:
		dst = permanent(int(h.FrameContentSize))
	case h.HasFCS:
		dst = make([]byte, 0, h.FrameContentSize)
	}
	raw, err := d.DecodeAll(b, dst)
	if err != nil {
		return nil, formatErr("zstd: %v (truncated?)", err)
	}
	return raw, nil
}

func gunzip(b []byte) ([]byte, error) {
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		return nil, formatErr("gzip: %v", err)
	}
	// gzip's trailer holds the unpacked size (mod 2^32): one allocation of that size, not
	// a buffer doubled up to it (52 MB in passing for the 21 MB database).
	var buf bytes.Buffer
	if n := int(le.Uint32(b[len(b)-4:])); len(b) > 18 && n > 0 && n <= MaxFile {
		buf.Grow(n + bytes.MinRead)
	}
	_, err = buf.ReadFrom(io.LimitReader(zr, MaxFile+1))
	raw := buf.Bytes()
	if err != nil {
		return nil, formatErr("gzip: %v (truncated?)", err)
	}
	if len(raw) > MaxFile {
		return nil, formatErr("over %d bytes unpacked", MaxFile)
	}
	return raw, nil
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

func (h *Handle) open() (*DB, error) {
	f, err := os.Open(h.path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, MaxFile+1))
	if err != nil {
		return nil, err
	}
	if len(b) > MaxFile {
		return nil, formatErr("over %d bytes", MaxFile)
	}
	return Decode(b)
}

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
