package flightlog

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"sync"
	"time"
)

// Reader is a long-lived reader of the log at a path (the API): each use gets the file that is
// there now. A file replaced since it was opened (moved aside, deleted and made again, by watch
// after damage or by hand) is noticed at the next use and the new one opened; so is a file
// read immutable (a read-only mount) that changed. A file whose bytes changed in place (a
// backup copied over it: the same inode, which SQLite's cache of a WAL file does not notice)
// is opened again at the first use once its size or modification time differ and the log
// has been open reopenAfter. A log in use by a request stays open until the request is done
// with it.
type Reader struct {
	path string
	o    ReadOptions
	now  func() time.Time
	mu   sync.Mutex
	cur  *held
}

// reopenAfter is the least time a file changed in place is read before it is opened again
// (watch's own checkpoints change it too): a file restored in place is read within it.
const reopenAfter = 30 * time.Second

// held is an open log, when it was opened and the uses it has.
type held struct {
	log     *Log
	at      time.Time
	uses    int
	retired bool
}

// NewReader reads the log at path with o.
func NewReader(path string, o ReadOptions) *Reader { return &Reader{path: path, o: o, now: time.Now} }

// Use is the log at the path now, and the function that ends its use; an error when there is
// none to read (fs.ErrNotExist: not written yet).
func (rd *Reader) Use(ctx context.Context) (*Log, func(), error) {
	rd.mu.Lock()
	defer rd.mu.Unlock()
	if rd.cur != nil && rd.replaced() {
		rd.retire(rd.cur)
		rd.cur = nil
	}
	if rd.cur == nil {
		l, err := OpenReadOnly(ctx, rd.path, rd.o)
		if err != nil {
			return nil, nil, err
		}
		rd.cur = &held{log: l, at: rd.now()}
	}
	h := rd.cur
	h.uses++
	return h.log, func() {
		rd.mu.Lock()
		defer rd.mu.Unlock()
		h.uses--
		if h.retired && h.uses == 0 {
			_ = h.log.Close()
		}
	}, nil
}

// replaced reports a file that is not the one opened (another inode, or gone), one read
// immutable that changed or gained a WAL, or one changed in place and open reopenAfter.
// Only the file's metadata is read: opening and closing the file itself would drop this
// process's SQLite locks on it (POSIX locks are the process's, per file).
func (rd *Reader) replaced() bool {
	was := rd.cur.log.opened
	now, err := os.Stat(rd.path)
	if err != nil || was == nil || !os.SameFile(was, now) {
		return true
	}
	changed := !now.ModTime().Equal(was.ModTime()) || now.Size() != was.Size()
	if rd.cur.log.immutable {
		_, werr := os.Stat(rd.path + "-wal")
		return !errors.Is(werr, fs.ErrNotExist) || changed
	}
	return changed && rd.now().Sub(rd.cur.at) >= reopenAfter
}

// ErrReplaced is a read cut short because the file was replaced meanwhile (moved aside,
// deleted and made again): the rest would come from another file (an export stops there, and
// says so, rather than end as if whole).
var ErrReplaced = errors.New("the flight log file was replaced during the read")

// sameFile is ErrReplaced when a reader's file is no longer the one at its path. A read of
// many chunks (Each) asks it after each: a connection the pool opens later would open the
// new file, and its rows would follow the old file's.
func (l *Log) sameFile() error {
	if !l.readOnly || l.opened == nil {
		return nil
	}
	if now, err := os.Stat(l.path); err != nil || !os.SameFile(l.opened, now) {
		return ErrReplaced
	}
	return nil
}

func (rd *Reader) retire(h *held) {
	h.retired = true
	if h.uses == 0 {
		_ = h.log.Close()
	}
}

// Close closes the log once no use holds it.
func (rd *Reader) Close() {
	rd.mu.Lock()
	defer rd.mu.Unlock()
	if rd.cur != nil {
		rd.retire(rd.cur)
		rd.cur = nil
	}
}
