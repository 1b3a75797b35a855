package flightlog

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/rs/zerolog"

	_ "modernc.org/sqlite" // the pure-Go SQLite driver ("sqlite")
)

// Off is FLIGHT_LOG's value that turns the log off.
const Off = "none"

// ErrNewer marks a file written by a newer version of the program: it is left untouched.
var ErrNewer = errors.New("flight log from a newer version")

// migrations bring a file from version i to i+1 (the schema's version is their count), in
// one transaction each. Only ever appended to: a released step never changes.
var migrations = []string{
	// 1: the rows (CONTRACT.md 13.1) and the indexes of the day's page and the statistics.
	`CREATE TABLE flights (
		id INTEGER PRIMARY KEY,
		icao INTEGER NOT NULL,          -- the address as a number (the hex is its upper-case form)
		icao_hex TEXT NOT NULL,
		ident TEXT, squawks TEXT, registration TEXT, type_designator TEXT, manufacturer_model TEXT,
		military INTEGER NOT NULL DEFAULT 0, emergency INTEGER NOT NULL DEFAULT 0,
		operator_code TEXT, operator_name TEXT, origin TEXT, destination TEXT, registrant TEXT,
		watch_list TEXT, watch_group TEXT, watch_category TEXT,
		first_seen INTEGER NOT NULL,    -- Unix milliseconds
		last_seen INTEGER NOT NULL,
		messages INTEGER NOT NULL, positions INTEGER NOT NULL,
		min_altitude INTEGER, max_altitude INTEGER, max_speed INTEGER,
		closest_dnm INTEGER,            -- tenths of a nautical mile
		closest_at INTEGER, closest_altitude INTEGER,
		matched_rules TEXT,             -- ",a,b,": a rule is found by its commas
		receiver_sources TEXT
	);
	CREATE INDEX flights_first_seen ON flights(first_seen, icao);`,
}

// Version is the schema this program writes.
func Version() int { return len(migrations) }

// Log is an open flight log: the file, and whether it was opened to write.
type Log struct {
	db       *sql.DB
	path     string
	readOnly bool
}

// Open opens the log at path to write (tracker-rules watch, replay --flight-log): created when
// absent, migrated forward when older; a file from a newer version is ErrNewer, untouched; a
// file that is no SQLite database, or a corrupt one, is moved aside (…corrupt-<UTC time>) and a
// new one started, with one error logged.
func Open(ctx context.Context, path string, log zerolog.Logger) (*Log, error) {
	l, err := open(ctx, path, false)
	if err == nil || errors.Is(err, ErrNewer) || !corrupt(err) {
		return l, err
	}
	aside := fmt.Sprintf("%s.corrupt-%s", path, time.Now().UTC().Format("20060102T150405Z"))
	if rerr := os.Rename(path, aside); rerr != nil {
		return nil, fmt.Errorf("flight log %s is corrupt (%v) and cannot be moved aside: %w", path, err, rerr)
	}
	for _, side := range []string{"-wal", "-shm"} {
		_ = os.Rename(path+side, aside+side)
	}
	log.Error().Err(err).Str("file", path).Str("moved_to", aside).Msg("the flight log was corrupt: moved aside, a new one started")
	return open(ctx, path, false)
}

// OpenReadOnly opens the log to read (the API, tracker-rules flights): never creating,
// migrating or moving it; a reader never blocks the writer (WAL).
func OpenReadOnly(ctx context.Context, path string) (*Log, error) {
	if _, err := os.Stat(path); err != nil {
		return nil, fmt.Errorf("flight log %s: %w", path, err)
	}
	return open(ctx, path, true)
}

func open(ctx context.Context, path string, readOnly bool) (*Log, error) {
	dsn := "file:" + path + "?_pragma=busy_timeout(5000)&_pragma=foreign_keys(0)"
	if readOnly {
		dsn += "&mode=ro"
	} else {
		dsn += "&_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)"
	}
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("flight log %s: %w", path, err)
	}
	l := &Log{db: db, path: path, readOnly: readOnly}
	if !readOnly {
		db.SetMaxOpenConns(1) // one writer: its transactions never wait for each other
	}
	v, err := l.version(ctx)
	if err == nil {
		switch {
		case v > Version():
			err = fmt.Errorf("%w: %s is schema version %d; this program reads versions up to %d", ErrNewer, path, v, Version())
		case readOnly && v < Version():
			err = fmt.Errorf("flight log %s is schema version %d, older than %d: start tracker-rules watch once to migrate it", path, v, Version())
		case !readOnly:
			err = l.migrate(ctx, v)
		}
	}
	if err != nil {
		_ = db.Close()
		return nil, err
	}
	return l, nil
}

// version is the file's schema version (PRAGMA user_version; 0: a new file).
func (l *Log) version(ctx context.Context) (int, error) {
	var v int
	if err := l.db.QueryRowContext(ctx, "PRAGMA user_version").Scan(&v); err != nil {
		return 0, fmt.Errorf("flight log %s: %w", l.path, err)
	}
	if v == 0 && !l.readOnly { // a non-empty file with no version is not ours
		var n int
		if err := l.db.QueryRowContext(ctx, "SELECT count(*) FROM sqlite_master").Scan(&n); err != nil {
			return 0, fmt.Errorf("flight log %s: %w", l.path, err)
		}
		if n > 0 {
			return 0, fmt.Errorf("flight log %s: %w", l.path, errForeign)
		}
	}
	return v, nil
}

var errForeign = errors.New("a database that is no flight log (no schema version)")

// migrate applies the steps after version v.
func (l *Log) migrate(ctx context.Context, v int) error {
	for i := v; i < len(migrations); i++ {
		tx, err := l.db.BeginTx(ctx, nil)
		if err != nil {
			return fmt.Errorf("flight log %s: %w", l.path, err)
		}
		if _, err := tx.ExecContext(ctx, migrations[i]); err != nil {
			_ = tx.Rollback()
			return fmt.Errorf("flight log %s: migrating to version %d: %w", l.path, i+1, err)
		}
		if _, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", i+1)); err != nil {
			_ = tx.Rollback()
			return fmt.Errorf("flight log %s: %w", l.path, err)
		}
		if err := tx.Commit(); err != nil {
			return fmt.Errorf("flight log %s: migrating to version %d: %w", l.path, i+1, err)
		}
	}
	return nil
}

// corrupt reports an error that says the file is no usable SQLite database.
func corrupt(err error) bool {
	s := err.Error()
	return errors.Is(err, errForeign) || strings.Contains(s, "file is not a database") || strings.Contains(s, "malformed") ||
		strings.Contains(s, "SQLITE_CORRUPT") || strings.Contains(s, "SQLITE_NOTADB")
}

// Close closes the file.
func (l *Log) Close() error { return l.db.Close() }

// Path is the file.
func (l *Log) Path() string { return l.path }
