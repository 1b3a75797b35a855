package aircraftdb

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/rs/zerolog"
)

// MaxFile bounds a database file (and its unpacked size when gzip-compressed): the full
// upstream data builds to ≈ 21 MB.
const MaxFile = 512 << 20

// Decode loads a database from a file's bytes, gzip-compressed or not.
func Decode(b []byte) (*DB, error) {
	if bytes.HasPrefix(b, []byte{0x1f, 0x8b}) {
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
		b = raw
	}
	return Load(b)
}

// ReloadEvery is how often a running program looks at its database file: a replaced file is
// in use within a minute (CONTRACT.md 9.4).
const ReloadEvery = 30 * time.Second

// Handle is the database a running program enriches with: a file, read again when it changes
// on disk (size, time or inode; the program calls Refresh every ReloadEvery), with a fallback (the shipped database) while the file is
// absent. A file that cannot be used is logged once, naming it, and the database in use is
// kept (none, for a file that never loaded and no fallback). Safe for concurrent use.
type Handle struct {
	path     string
	fallback *DB
	log      zerolog.Logger

	cur   atomic.Pointer[DB]
	mu    sync.Mutex
	stamp string // of the file last tried
}

// NewHandle uses the file at path (empty: only the fallback), or fallback while it is absent.
func NewHandle(path string, fallback *DB, log zerolog.Logger) *Handle {
	h := &Handle{path: path, fallback: fallback, log: log}
	if path == "" {
		h.cur.Store(fallback)
	}
	h.Refresh()
	return h
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
	return h.cur.Load()
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
		if h.stamp != "absent" {
			h.stamp = "absent"
			if h.fallback != nil {
				h.log.Info().Str("db", h.path).Msg("no aircraft database file; using the shipped one")
			} else {
				h.log.Error().Err(err).Str("db", h.path).Msg("aircraft database unusable; enriching nothing until it is there")
			}
			return h.swap(h.fallback)
		}
		return false
	}
	stamp := fmt.Sprintf("%d|%d|%v", st.Size(), st.ModTime().UnixNano(), inode(st))
	if stamp == h.stamp {
		return false
	}
	h.stamp = stamp
	db, err := h.open()
	if err != nil {
		h.log.Error().Err(err).Str("db", h.path).Msg("aircraft database unusable; keeping the one in use")
		if h.cur.Load() == nil && h.fallback != nil {
			return h.swap(h.fallback)
		}
		return false
	}
	h.log.Info().Str("db", h.path).Int("bytes", db.Size()).Int("aircraft", db.Meta().Counts["aircraft"]).Msg("aircraft database loaded")
	return h.swap(db)
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

func (h *Handle) swap(db *DB) bool { return h.cur.Swap(db) != db }

// Gzip compresses a database file deterministically (no name, no time in the header).
func Gzip(b []byte) ([]byte, error) {
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
