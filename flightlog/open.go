// Package flightlog is what flew over (CONTRACT.md 13): one row per flight tracker-rules watch
// saw, kept in SQLite through a pure-Go driver (modernc.org/sqlite: the images stay static for
// amd64, arm64 and arm/v7), written by one bounded, batched writer that never makes an alert
// wait, and read by the API, the command line and the Home Assistant sensors, each with its
// own privacy setting.
package flightlog

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"time"

	"github.com/rs/zerolog"
	"modernc.org/sqlite"
)

// Off is FLIGHT_LOG's value that turns the log off.
const Off = "none"

var (
	// ErrNewer marks a file written by a newer version of the program: it is left untouched.
	ErrNewer = errors.New("flight log from a newer version")
	// ErrForeign marks a valid SQLite file that is not a flight log (another program's
	// database): it is refused untouched, never renamed and never migrated.
	ErrForeign = errors.New("not a flight log")
	// ErrOlder marks a flight log of an older version, which a reader does not migrate.
	ErrOlder = errors.New("flight log from an older version")
	// ErrLocked marks a file another writer holds (one writer a file).
	ErrLocked = errors.New("flight log written by another process")
	// errCorrupt marks a file PRAGMA quick_check finds damaged.
	errCorrupt = errors.New("the file is damaged (quick_check)")
	errClosed  = errors.New("closed")
)

// Log is an open flight log: the file, opened to write (one writer, holding its lock) or to read.
type Log struct {
	db        *sql.DB
	path      string
	readOnly  bool
	immutable bool        // a reader on a read-only mount with no WAL: the file as it was (Reader reopens it on a change)
	opened    os.FileInfo // the file as it was opened (a reader notices a replacement)
	priv      Privacy
	policy    int64 // priv's handle for the SQL functions
	// The writer's: its lock, its logger, its prepared insert, the largest id it wrote (ids
	// are never used again, not even after the file is replaced) and how many times the file
	// was replaced (a check of the file before does not count).
	lock   *writerLock
	log    zerolog.Logger
	ins    *inserter
	lastID int64
	gen    int
}

// Open opens the log at path to write (tracker-rules watch, replay --flight-log): one writer a
// file (another holding it: ErrLocked, naming it); created when absent (mode 0600, its -wal and
// -shm too), migrated forward when older; a file from a newer version is ErrNewer and another
// program's SQLite database ErrForeign, both untouched; a file that is no SQLite database or is
// damaged (PRAGMA quick_check) is moved aside (…corrupt-<UTC time>), a new one started and the
// rows that can still be read copied into it, with one error logged. The writer works on the
// file itself, path's symbolic links followed.
func Open(ctx context.Context, path string, log zerolog.Logger) (*Log, error) {
	kind, err := classify(ctx, path)
	if err != nil {
		return nil, err
	}
	if path, err = realPath(path); err != nil {
		return nil, err
	}
	lock, err := lockWriter(path)
	if err != nil {
		return nil, err
	}
	l := &Log{path: path, lock: lock, log: log, priv: Privacy{Detail: detailFull}}
	aside := ""
	if kind == kindCorrupt { // no SQLite header: its first page lost, or no database at all
		if aside, err = l.replaceFile(); err != nil {
			l.unlock()
			return nil, fmt.Errorf("flight log %s is no SQLite database and cannot be moved aside: %w", path, err)
		}
	}
	err = l.openWriter(ctx)
	if isCorrupt(err) {
		err = l.recover(ctx, err)
	}
	if err == nil && aside != "" {
		l.readBackHeaderless(ctx, aside)
	}
	if err != nil {
		l.unlock()
		return nil, err
	}
	return l, nil
}

// readBackHeaderless carries what a file without a SQLite header still holds (a flight log
// whose first page was torn) into the new file, its ids after the largest it gave; another
// program's file or garbage yields nothing.
func (l *Log) readBackHeaderless(ctx context.Context, aside string) {
	kept, high, err := l.salvageHeaderless(ctx, aside)
	if ierr := l.keepIDs(ctx, high); err == nil {
		err = ierr
	}
	ev := l.log.Error().Str("file", l.path).Str("moved_to", aside).Int("rows_kept", kept)
	if err != nil {
		ev = ev.AnErr("reading_back", err)
	}
	ev.Msg("the flight log had no SQLite header: moved aside, a new one started with the rows that could still be read")
}

// openWriter opens the file for writing: created 0600 when absent, its mode tightened when
// not, checked (quick_check), made or migrated to Version.
func (l *Log) openWriter(ctx context.Context) error {
	fi, err := os.Stat(l.path)
	fresh := err != nil || fi.Size() == 0
	f, err := os.OpenFile(l.path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return fmt.Errorf("flight log %s: %w", l.path, err)
	}
	_ = f.Close()
	for _, p := range []string{l.path, l.path + "-wal", l.path + "-shm"} {
		if fi, err := os.Stat(p); err == nil && fi.Mode().Perm()&0o077 != 0 {
			_ = os.Chmod(p, 0o600) // the registrants and the owner's flights are no one else's
		}
	}
	pragmas := []string{"busy_timeout(5000)", "synchronous(NORMAL)", "journal_mode(WAL)", "secure_delete(1)", "temp_store(2)"} // temp_store: the tracks' retention copies rows in memory, never a temp file
	if fresh {                                                                                                                 // before its first page is written (WAL's); on a file that has one, it writes
		pragmas = slices.Insert(pragmas, 2, "auto_vacuum(2)")
	}
	dsn, err := dsnOf(l.path, url.Values{"_pragma": pragmas, "_txlock": {"immediate"}})
	if err != nil {
		return err
	}
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return fmt.Errorf("flight log %s: %w", l.path, err)
	}
	db.SetMaxOpenConns(1) // one writer: its transactions never wait for each other
	db.SetConnMaxLifetime(0)
	l.db = db
	if err = l.check(ctx); err == nil {
		err = l.upgrade(ctx)
	}
	if err != nil {
		l.closeDB()
		return err
	}
	l.opened, _ = os.Stat(l.path)
	l.policy = register(&l.priv)
	return nil
}

// check runs PRAGMA quick_check: damage that opening does not find (CONTRACT.md 13.2).
func (l *Log) check(ctx context.Context) error {
	var res string
	if err := l.db.QueryRowContext(ctx, "PRAGMA quick_check(1)").Scan(&res); err != nil {
		return fmt.Errorf("flight log %s: %w", l.path, err)
	}
	if res != "ok" {
		return fmt.Errorf("flight log %s: %w: %s", l.path, errCorrupt, res)
	}
	return nil
}

// upgrade makes a new file or migrates an older one to Version, one transaction a step.
func (l *Log) upgrade(ctx context.Context) error {
	v, app, err := l.marks(ctx)
	if err != nil {
		return err
	}
	switch {
	case v > Version():
		return fmt.Errorf("%w: %s is schema version %d; this program reads versions up to %d", ErrNewer, l.path, v, Version())
	case v == Version() && app == AppID:
		return nil
	case v == 0:
		var n int
		if err := l.db.QueryRowContext(ctx, "SELECT count(*) FROM sqlite_master").Scan(&n); err != nil {
			return fmt.Errorf("flight log %s: %w", l.path, err)
		}
		if n > 0 {
			return fmt.Errorf("%w: %s holds tables and no flight log's version", ErrForeign, l.path)
		}
		return l.exec(ctx, "creating it", createSQL())
	}
	for to := v + 1; to <= Version(); to++ {
		if err := l.exec(ctx, fmt.Sprintf("migrating to version %d", to), stepSQL(to)); err != nil {
			return err
		}
	}
	if v < 2 { // freed pages returned to the file system from now on: the file written once again
		l.log.Info().Str("file", l.path).Msg("the flight log is rewritten once for incremental vacuum")
		if _, err := l.db.ExecContext(ctx, "PRAGMA auto_vacuum = INCREMENTAL"); err != nil {
			return fmt.Errorf("flight log %s: %w", l.path, err)
		}
		if _, err := l.db.ExecContext(ctx, "VACUUM"); err != nil {
			return fmt.Errorf("flight log %s: vacuum: %w", l.path, err)
		}
	}
	return nil
}

// marks are the file's schema version and application id.
func (l *Log) marks(ctx context.Context) (v, app int, err error) {
	if err = l.db.QueryRowContext(ctx, "PRAGMA user_version").Scan(&v); err == nil {
		err = l.db.QueryRowContext(ctx, "PRAGMA application_id").Scan(&app)
	}
	if err != nil {
		return 0, 0, fmt.Errorf("flight log %s: %w", l.path, err)
	}
	return v, app, nil
}

// exec runs statements in one transaction.
func (l *Log) exec(ctx context.Context, what string, stmts []string) error {
	tx, err := l.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("flight log %s: %s: %w", l.path, what, err)
	}
	for _, s := range stmts {
		if _, err := tx.ExecContext(ctx, s); err != nil {
			_ = tx.Rollback()
			return fmt.Errorf("flight log %s: %s: %w", l.path, what, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("flight log %s: %s: %w", l.path, what, err)
	}
	return nil
}

// ReadOptions are a reader's own settings.
type ReadOptions struct {
	Privacy Privacy
}

// OpenReadOnly opens the log to read (the API, tracker-rules flights): never creating,
// migrating, moving or writing it, including from a read-only mount or directory; a reader
// never blocks the writer (WAL). An older flight log is ErrOlder, a newer ErrNewer, another
// program's database ErrForeign.
func OpenReadOnly(ctx context.Context, path string, o ReadOptions) (*Log, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("flight log %s: %w", path, err)
	}
	kind, err := classify(ctx, path)
	switch {
	case err != nil:
		return nil, err
	case kind == kindNew:
		return nil, fmt.Errorf("flight log %s: %w", path, fs.ErrNotExist) // an empty file: watch has not started it yet
	case kind == kindCorrupt:
		return nil, fmt.Errorf("flight log %s is no SQLite database", path)
	}
	l := &Log{path: path, readOnly: true, priv: o.Privacy, opened: fi}
	err = l.openReader(ctx, false)
	if err != nil && !isCorrupt(err) && !errors.Is(err, ErrNewer) && !errors.Is(err, ErrOlder) && !errors.Is(err, ErrForeign) {
		// A WAL file on a read-only mount opens only when its -shm exists: a closed log (no
		// -wal) is read as it is, immutable (Reader opens it again when it changes).
		if _, werr := os.Stat(path + "-wal"); errors.Is(werr, fs.ErrNotExist) {
			if err2 := l.openReader(ctx, true); err2 == nil {
				err = nil
			}
		}
	}
	if err != nil {
		return nil, err
	}
	l.policy = register(&l.priv)
	return l, nil
}

func (l *Log) openReader(ctx context.Context, immutable bool) error {
	q := url.Values{"mode": {"ro"}, "_pragma": {"busy_timeout(5000)", "query_only(1)"}}
	if immutable {
		q.Set("immutable", "1")
	}
	dsn, err := dsnOf(l.path, q)
	if err != nil {
		return err
	}
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return fmt.Errorf("flight log %s: %w", l.path, err)
	}
	l.db, l.immutable = db, immutable
	v, app, err := l.marks(ctx)
	switch {
	case err != nil:
	case v > Version():
		err = fmt.Errorf("%w: %s is schema version %d; this program reads versions up to %d", ErrNewer, l.path, v, Version())
	case v < Version():
		err = fmt.Errorf("%w: %s is schema version %d, older than %d: start tracker-rules watch once to migrate it", ErrOlder, l.path, v, Version())
	case app != AppID:
		err = fmt.Errorf("%w: %s", ErrForeign, l.path)
	}
	if err != nil {
		_ = db.Close()
		l.db = nil
	}
	return err
}

// dsnOf is the driver's name of path with query: a file: URI built by net/url, so that a
// path with ? or # in it names that file.
func dsnOf(path string, q url.Values) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", fmt.Errorf("flight log %s: %w", path, err)
	}
	u := url.URL{Scheme: "file", Path: filepath.ToSlash(abs), RawQuery: q.Encode()}
	return u.String(), nil
}

// kind is what a file is, read from its header without opening it.
type kind int

const (
	kindNew     kind = iota // absent or empty: a flight log is made there
	kindOurs                // marked as a flight log
	kindCorrupt             // no SQLite database (its header is not one)
)

// classify tells what the file at path is, touching nothing: its 100-byte header, and for an
// unmarked SQLite file its tables, read immutable (ErrForeign: another program's; a version 1
// flight log, made before the mark, is ours).
func classify(ctx context.Context, path string) (kind, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return kindNew, nil
	}
	if err != nil {
		return kindNew, fmt.Errorf("flight log %s: %w", path, err)
	}
	head := make([]byte, 100)
	n, err := io.ReadFull(f, head)
	_ = f.Close()
	if n == 0 && err != nil {
		return kindNew, nil
	}
	if n < 100 || string(head[:16]) != "SQLite format 3\x00" || !validHeader(head) {
		return kindCorrupt, nil
	}
	switch app := binary.BigEndian.Uint32(head[68:]); app {
	case AppID:
		if v := int(binary.BigEndian.Uint32(head[60:])); v > Version() { // refused before anything opens it
			return kindOurs, fmt.Errorf("%w: %s is schema version %d; this program reads versions up to %d", ErrNewer, path, v, Version())
		}
		return kindOurs, nil
	case 0:
		return probe(ctx, path)
	default:
		return kindNew, fmt.Errorf("%w: %s is a SQLite database of another program (application id %#x): refused, left untouched", ErrForeign, path, app)
	}
}

// validHeader checks the fields every SQLite file has (fileformat.html, 1.3).
func validHeader(h []byte) bool {
	size := int(binary.BigEndian.Uint16(h[16:]))
	if size == 1 {
		size = 65536
	}
	return size >= 512 && size&(size-1) == 0 && (h[18] == 1 || h[18] == 2) && (h[19] == 1 || h[19] == 2) &&
		h[21] == 64 && h[22] == 32 && h[23] == 32
}

// probe reads an unmarked SQLite file's tables, immutable (no lock taken, no -shm made): a
// version 1 flight log (a flights table and a version) is ours, an empty database is a new
// log, anything else another program's.
func probe(ctx context.Context, path string) (kind, error) {
	q := url.Values{"mode": {"ro"}}
	if _, err := os.Stat(path + "-wal"); errors.Is(err, fs.ErrNotExist) {
		q.Set("immutable", "1")
	}
	dsn, err := dsnOf(path, q)
	if err != nil {
		return kindNew, err
	}
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return kindNew, fmt.Errorf("flight log %s: %w", path, err)
	}
	defer func() { _ = db.Close() }()
	var v, app, tables, ours int
	err = db.QueryRowContext(ctx, "PRAGMA user_version").Scan(&v)
	if err == nil { // the mark as SQLite reads it (a new file's may be in its WAL still)
		err = db.QueryRowContext(ctx, "PRAGMA application_id").Scan(&app)
	}
	if err == nil {
		err = db.QueryRowContext(ctx, "SELECT (SELECT count(*) FROM sqlite_master), "+
			"(SELECT count(*) FROM pragma_table_info('flights') WHERE name IN ('icao_hex', 'first_seen', 'closest_dnm'))").Scan(&tables, &ours)
	}
	switch {
	case err != nil:
		return kindNew, fmt.Errorf("%w: %s is a SQLite database that cannot be read (%v): refused, left untouched; move it away if it is a damaged flight log", ErrForeign, path, err)
	case app == AppID:
		return kindOurs, nil
	case app != 0:
		return kindNew, fmt.Errorf("%w: %s is a SQLite database of another program (application id %#x): refused, left untouched", ErrForeign, path, app)
	case tables == 0 && v == 0:
		return kindNew, nil
	case ours == 3 && v >= 1:
		return kindOurs, nil
	}
	return kindNew, fmt.Errorf("%w: %s is another program's SQLite database (%d tables, no flight log's): refused, left untouched", ErrForeign, path, tables)
}

// isCorrupt reports an error that says the file is damaged: the driver's SQLITE_CORRUPT or
// SQLITE_NOTADB (its extended codes masked), or quick_check's findings.
func isCorrupt(err error) bool {
	var e *sqlite.Error
	if errors.As(err, &e) {
		switch e.Code() & 0xff {
		case 11, 26: // SQLITE_CORRUPT, SQLITE_NOTADB
			return true
		}
	}
	return errors.Is(err, errCorrupt)
}

// replaceFile moves the damaged file aside (…corrupt-<UTC time>, with its -wal; its -shm, an
// index of the WAL that SQLite makes again, dropped) and puts a new empty file, locked, in its
// place: the damaged file is linked under its new name first and the new one renamed over the
// path, so that the file at the path is at every moment one this writer locks (no second
// writer starts in between). Where the file system has no hard links, it is renamed aside.
// The connections are closed (closeDB) before.
func (l *Log) replaceFile() (string, error) {
	next, err := os.CreateTemp(filepath.Dir(l.path), filepath.Base(l.path)+".new-*") // mode 0600
	if err != nil {
		return "", err
	}
	drop := func() { _ = next.Close(); _ = os.Remove(next.Name()) }
	if held, err := tryLock(next); err != nil || held {
		drop()
		return "", cmp.Or(err, errors.New("the new file is locked by another process"))
	}
	aside := asideName(l.path)
	linked := os.Link(l.path, aside) == nil
	if !linked {
		if err := os.Rename(l.path, aside); err != nil {
			drop()
			return "", err
		}
	}
	_ = os.Chmod(aside, 0o600) // the damaged file holds the same flights: no one else's either
	if err := os.Rename(l.path+"-wal", aside+"-wal"); err != nil && !errors.Is(err, fs.ErrNotExist) {
		if linked { // the damaged file left as it was
			_ = os.Remove(aside)
		} else {
			_ = os.Rename(aside, l.path)
		}
		drop()
		return "", err
	}
	_ = os.Chmod(aside+"-wal", 0o600)
	_ = os.Remove(l.path + "-shm")
	if err := os.Rename(next.Name(), l.path); err != nil {
		drop()
		return aside, err
	}
	l.lock.swap(next)
	return aside, nil
}

// asideName is the free name …corrupt-<UTC time>[-n] for a damaged file at path.
func asideName(path string) string {
	base := path + ".corrupt-" + time.Now().UTC().Format("20060102T150405Z")
	aside := base
	for i := 2; ; i++ {
		if _, err := os.Lstat(aside); errors.Is(err, fs.ErrNotExist) {
			return aside
		}
		aside = base + "-" + strconv.Itoa(i)
	}
}

// closeDB closes the connections (and the writer's statements).
func (l *Log) closeDB() {
	if l.db == nil {
		return
	}
	l.ins.close(l.db)
	l.ins = nil
	_ = l.db.Close()
	l.db = nil
	unregister(l.policy)
}

// Close closes the file and, for the writer, its lock.
func (l *Log) Close() error {
	var err error
	if l.db != nil {
		if !l.readOnly { // the WAL folded into the file, so that a reader finds it whole
			_, _ = l.db.Exec("PRAGMA wal_checkpoint(TRUNCATE)")
		}
		l.ins.close(l.db)
		l.ins = nil
		err = l.db.Close()
		l.db = nil
		unregister(l.policy)
	}
	l.unlock()
	return err
}

func (l *Log) unlock() {
	l.lock.close()
	l.lock = nil
}

// IsDamaged reports an error that says the file is damaged (the driver's corrupt and
// not-a-database codes, or quick_check's findings).
func IsDamaged(err error) bool { return isCorrupt(err) }

// checkBeside runs PRAGMA quick_check on a read-only connection of its own (the writer's
// periodic check): the file's pages as they are on disk and in the WAL, not as a connection's
// cache keeps them.
func (l *Log) checkBeside(ctx context.Context) error {
	dsn, err := dsnOf(l.path, url.Values{"mode": {"ro"}, "_pragma": {"busy_timeout(5000)", "query_only(1)"}})
	if err != nil {
		return err
	}
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return fmt.Errorf("flight log %s: %w", l.path, err)
	}
	defer func() { _ = db.Close() }()
	var res string
	if err := db.QueryRowContext(ctx, "PRAGMA quick_check(1)").Scan(&res); err != nil {
		return fmt.Errorf("flight log %s: %w", l.path, err)
	}
	if res != "ok" {
		return fmt.Errorf("flight log %s: %w: %s", l.path, errCorrupt, res)
	}
	return nil
}
