package flightlog

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/require"
)

// foreignDB makes another program's SQLite database at path (Home Assistant's recorder, say:
// WAL, tables of its own, no mark), closed.
func foreignDB(t *testing.T, path string, appID int) {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=journal_mode(WAL)")
	require.NoError(t, err)
	for _, s := range []string{"CREATE TABLE states (state_id INTEGER PRIMARY KEY, entity_id TEXT, state TEXT)",
		"INSERT INTO states (entity_id, state) VALUES ('sensor.flights_today', '12')", fmt.Sprintf("PRAGMA application_id = %d", appID)} {
		_, err := db.Exec(s)
		require.NoError(t, err)
	}
	require.NoError(t, db.Close())
}

// Another program's database is refused untouched (ErrForeign, its bytes as they were, nothing
// moved aside, no lock beside it), by the writer and by a reader.
func TestAnotherProgramsDatabaseIsRefusedUntouched(t *testing.T) {
	for _, tc := range []struct {
		name  string
		appID int
	}{{"unmarked", 0}, {"another mark", 0x0f055112}} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "home-assistant_v2.db")
			foreignDB(t, path, tc.appID)
			before, err := os.ReadFile(path)
			require.NoError(t, err)
			_, err = Open(t.Context(), path, zerolog.Nop())
			require.ErrorIs(t, err, ErrForeign)
			require.ErrorContains(t, err, path)
			_, err = OpenReadOnly(t.Context(), path, ReadOptions{})
			require.ErrorIs(t, err, ErrForeign)
			after, err := os.ReadFile(path)
			require.NoError(t, err)
			require.Equal(t, before, after, "the file's bytes as they were")
			entries, err := os.ReadDir(dir)
			require.NoError(t, err)
			var names []string
			for _, e := range entries {
				names = append(names, e.Name())
			}
			require.Equal(t, []string{"home-assistant_v2.db"}, names, "nothing moved aside, no lock, no WAL made beside it")
		})
	}
}

// legacyV1 is version 1's table as issue 44 made it (the file format a released watch wrote).
const legacyV1 = `CREATE TABLE flights (id INTEGER PRIMARY KEY, icao INTEGER NOT NULL, icao_hex TEXT NOT NULL,
	ident TEXT, squawks TEXT, registration TEXT, type_designator TEXT, manufacturer_model TEXT,
	military INTEGER NOT NULL DEFAULT 0, emergency INTEGER NOT NULL DEFAULT 0,
	operator_code TEXT, operator_name TEXT, origin TEXT, destination TEXT, registrant TEXT,
	watch_list TEXT, watch_group TEXT, watch_category TEXT, first_seen INTEGER NOT NULL, last_seen INTEGER NOT NULL,
	messages INTEGER NOT NULL, positions INTEGER NOT NULL, min_altitude INTEGER, max_altitude INTEGER, max_speed INTEGER,
	closest_dnm INTEGER, closest_at INTEGER, closest_altitude INTEGER, matched_rules TEXT, receiver_sources TEXT);
	CREATE INDEX flights_first_seen ON flights(first_seen, icao);
	PRAGMA user_version = 1;`

// A version 1 file (no mark) is a flight log: a reader says to start watch once; the writer
// migrates it (rows and ids kept, marked, incremental vacuum on).
func TestVersion1FileIsMigrated(t *testing.T) {
	path := filepath.Join(t.TempDir(), "flights.db")
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=journal_mode(WAL)")
	require.NoError(t, err)
	_, err = db.Exec(legacyV1)
	require.NoError(t, err)
	_, err = db.Exec(`INSERT INTO flights (id, icao, icao_hex, ident, registrant, first_seen, last_seen, messages, positions, closest_dnm)
		VALUES (7, 4, '000004', 'EZY1', 'JOHN SMITH', ?, ?, 3, 2, 45)`, day.UnixMilli(), day.Add(time.Minute).UnixMilli())
	require.NoError(t, err)
	require.NoError(t, db.Close())

	_, err = OpenReadOnly(t.Context(), path, ReadOptions{})
	require.ErrorIs(t, err, ErrOlder)
	require.ErrorContains(t, err, "start tracker-rules watch once to migrate it")

	l, err := Open(t.Context(), path, zerolog.Nop())
	require.NoError(t, err)
	defer func() { _ = l.Close() }()
	v, app, err := l.marks(t.Context())
	require.NoError(t, err)
	require.Equal(t, Version(), v)
	require.Equal(t, AppID, app)
	var vacuum int
	require.NoError(t, l.db.QueryRow("PRAGMA auto_vacuum").Scan(&vacuum))
	require.Equal(t, 2, vacuum, "incremental")
	got, _, err := l.Page(t.Context(), Filter{From: day, To: day.Add(24 * time.Hour)})
	require.NoError(t, err)
	require.Len(t, got, 1)
	require.Equal(t, int64(7), got[0].ID)
	require.Equal(t, "EZY1", got[0].Ident)
	require.Equal(t, 4.5, *got[0].ClosestNM)
	require.NoError(t, l.Insert(t.Context(), []Row{sample(1)}))
}

// Ids are never used again: retention (or anything) removing the newest rows does not hand
// their ids to the next.
func TestIDsAreNeverUsedAgain(t *testing.T) {
	l, _ := openTemp(t)
	require.NoError(t, l.Insert(t.Context(), []Row{sample(1), sample(2), sample(3)}))
	_, err := l.db.Exec("DELETE FROM flights WHERE id >= 2")
	require.NoError(t, err)
	require.NoError(t, l.Insert(t.Context(), []Row{sample(4)}))
	var id int64
	require.NoError(t, l.db.QueryRow("SELECT max(id) FROM flights").Scan(&id))
	require.Equal(t, int64(4), id)
}

// damage writes garbage over page n of the file (4096-byte pages).
func damage(t *testing.T, path string, n int) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	require.NoError(t, err)
	_, err = f.WriteAt(bytes.Repeat([]byte{0xa5}, 4096), int64(n-1)*4096)
	require.NoError(t, err)
	require.NoError(t, f.Close())
}

// closedLog is a closed flight log of n sample rows in a directory of the test's own.
func closedLog(t *testing.T, n int) (dir, path string) {
	t.Helper()
	dir = t.TempDir()
	path = filepath.Join(dir, "flights.db")
	l, err := Open(t.Context(), path, zerolog.Nop())
	require.NoError(t, err)
	rows := make([]Row, n)
	for i := range rows {
		rows[i] = sample(i % 144)
	}
	require.NoError(t, l.Insert(t.Context(), rows))
	require.NoError(t, l.Close())
	return dir, path
}

// A file damaged on page 3 (the usual damage after a power cut on an SD card): found at open
// by quick_check, moved aside as it was, the rows that can still be read carried into a new
// file with their ids, one error logged, and the writes go on.
func TestDamagedFileFoundAtOpenKeepsItsReadableRows(t *testing.T) {
	dir, path := closedLog(t, 3000)
	damage(t, path, 3)
	damaged, err := os.ReadFile(path)
	require.NoError(t, err)

	var logged syncBuffer
	l, err := Open(t.Context(), path, zerolog.New(&logged))
	require.NoError(t, err)
	defer func() { _ = l.Close() }()
	aside, _ := filepath.Glob(filepath.Join(dir, "flights.db.corrupt-*"))
	require.Len(t, aside, 1, logged.String())
	kept, err := os.ReadFile(aside[0])
	require.NoError(t, err)
	require.True(t, bytes.Equal(damaged, kept), "the damaged file kept as it was: %d bytes, %d now, first change at %d",
		len(damaged), len(kept), firstDiff(damaged, kept))
	require.Equal(t, 1, strings.Count(logged.String(), `"level":"error"`), logged.String())
	require.Contains(t, logged.String(), `"rows_kept":3000`)
	n, err := l.count(t.Context())
	require.NoError(t, err)
	require.Equal(t, 3000, n, "every row on an undamaged page read back")
	got, _, err := l.Page(t.Context(), Filter{From: day, To: day.Add(24 * time.Hour), Limit: 1})
	require.NoError(t, err)
	want := sample(143) // the newest (a batch is written in first_seen order: the last id)
	want.ID = 3000
	require.Equal(t, want, got[0], "the newest row, every field and its id")
	require.NoError(t, l.Insert(t.Context(), []Row{sample(1)}), "writes go on")
}

// The same damage under a running writer: its next write finds it (the driver's corrupt code),
// the file is moved aside and a new one started with the readable rows, and the batch is
// written there, without a restart.
func TestDamagedFileFoundByAWriteIsReplacedWithoutARestart(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "flights.db")
	var logged syncBuffer
	l, err := Open(t.Context(), path, zerolog.New(&logged))
	require.NoError(t, err)
	defer func() { _ = l.Close() }()
	rows := make([]Row, 3000)
	for i := range rows {
		rows[i] = sample(i % 144)
	}
	require.NoError(t, l.Insert(t.Context(), rows))
	_, err = l.db.Exec("PRAGMA wal_checkpoint(TRUNCATE)")
	require.NoError(t, err)
	w := NewWriter(l, WriterOptions{}, zerolog.New(&logged))
	ctx, cancel := context.WithCancel(t.Context())
	ran := make(chan struct{})
	go func() { _ = w.Run(ctx); close(ran) }()
	defer func() { cancel(); <-ran }()

	damage(t, path, 3)
	other, err := sql.Open("sqlite", "file:"+path) // another connection's commit: the writer reads the pages again
	require.NoError(t, err)
	_, err = other.Exec(fmt.Sprintf("PRAGMA user_version = %d", Version()))
	require.NoError(t, err)
	require.NoError(t, other.Close())

	w.Add(sample(5))
	require.Eventually(t, func() bool { return w.C.Rows.Load() == 1 }, 10*time.Second, 20*time.Millisecond, logged.String())
	require.Zero(t, w.C.Dropped.Load())
	aside, _ := filepath.Glob(filepath.Join(dir, "flights.db.corrupt-*"))
	require.Len(t, aside, 1)
	require.Contains(t, logged.String(), `"rows_kept":3000`)
	cancel()
	<-ran
	n, err := l.count(t.Context())
	require.NoError(t, err)
	require.Equal(t, 3001, n, "the rows read back and the batch")
}

// A failure is known by the driver's code, never by its words.
func TestDamageIsKnownByTheDriversCode(t *testing.T) {
	require.False(t, IsDamaged(errors.New("database disk image is malformed")))
	require.False(t, IsDamaged(errors.New("file is not a database (SQLITE_NOTADB)")))
	path := filepath.Join(t.TempDir(), "flights.db")
	l, err := Open(t.Context(), path, zerolog.Nop())
	require.NoError(t, err)
	require.NoError(t, l.Insert(t.Context(), []Row{sample(1)}))
	require.NoError(t, l.Close())
	require.NoError(t, os.WriteFile(path, append([]byte("SQLite format 3\x00"), bytes.Repeat([]byte{7}, 8192)...), 0o600))
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	require.NoError(t, err)
	defer func() { _ = db.Close() }()
	_, err = db.Exec("SELECT count(*) FROM flights")
	require.Error(t, err)
	require.True(t, IsDamaged(err), "%T %v", err, err)
}

// One writer a file: a second is refused at start, naming the first; readers any number.
func TestASecondWriterIsRefused(t *testing.T) {
	l, path := openTemp(t)
	_, err := Open(t.Context(), path, zerolog.Nop())
	require.ErrorIs(t, err, ErrLocked)
	require.ErrorContains(t, err, fmt.Sprintf("(pid %d on ", os.Getpid()))
	r, err := OpenReadOnly(t.Context(), path, ReadOptions{})
	require.NoError(t, err, "a reader is never refused")
	require.NoError(t, r.Close())
	require.NoError(t, l.Close())
	l2, err := Open(t.Context(), path, zerolog.Nop())
	require.NoError(t, err, "the lock goes with its writer")
	require.NoError(t, l2.Close())
}

// The file, its -wal and -shm and the writer's lock (which names the program, its pid and the
// host) are the owner's alone (mode 0600), a new one or an old one.
func TestTheFileIsPrivate(t *testing.T) {
	dir := t.TempDir()
	old := filepath.Join(dir, "old.db")
	l, err := Open(t.Context(), old, zerolog.Nop())
	require.NoError(t, err)
	require.NoError(t, l.Close())
	for _, p := range []string{old, old + ".lock"} {
		require.NoError(t, os.Chmod(p, 0o644)) // as issue 44's watch left them
	}
	for _, path := range []string{filepath.Join(dir, "new.db"), old} {
		l, err := Open(t.Context(), path, zerolog.Nop())
		require.NoError(t, err)
		require.NoError(t, l.Insert(t.Context(), []Row{sample(1)}))
		for _, p := range []string{path, path + "-wal", path + "-shm", path + ".lock"} {
			fi, err := os.Stat(p)
			require.NoError(t, err)
			require.Equal(t, fs.FileMode(0o600), fi.Mode().Perm(), p)
		}
		require.NoError(t, l.Close())
	}
}

// A path with ? and # in it names that file (the driver's name built by net/url).
func TestAPathWithQuestionMarkAndHash(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "logs?mode=memory#x")
	require.NoError(t, os.Mkdir(dir, 0o700))
	path := filepath.Join(dir, "flights 1?.db")
	l, err := Open(t.Context(), path, zerolog.Nop())
	require.NoError(t, err)
	require.NoError(t, l.Insert(t.Context(), []Row{sample(1)}))
	require.NoError(t, l.Close())
	fi, err := os.Stat(path)
	require.NoError(t, err)
	require.Positive(t, fi.Size())
	r, err := OpenReadOnly(t.Context(), path, ReadOptions{})
	require.NoError(t, err)
	defer func() { _ = r.Close() }()
	got, _, err := r.Page(t.Context(), Filter{From: day, To: day.Add(24 * time.Hour)})
	require.NoError(t, err)
	require.Len(t, got, 1)
}

// Retention removes old rows in batches (the WAL stays small), and they are gone from the
// file's bytes (secure_delete, the freed pages returned, the WAL folded in): strings finds no
// removed ident.
func TestRetentionLeavesNoTraceInTheFile(t *testing.T) {
	l, path := openTemp(t)
	now := time.Now()
	var rows []Row
	for i := range 20000 {
		r := sample(i % 144)
		r.Ident = fmt.Sprintf("GONE%05d", i)
		r.FirstSeen = now.Add(-100*24*time.Hour + time.Duration(i)*time.Second)
		rows = append(rows, r)
	}
	for i := range 100 {
		r := sample(i)
		r.Ident = fmt.Sprintf("KEPT%03d", i)
		r.FirstSeen = now.Add(-time.Duration(i) * time.Minute)
		rows = append(rows, r)
	}
	require.NoError(t, l.Insert(t.Context(), rows))
	_, err := l.db.Exec("PRAGMA wal_checkpoint(TRUNCATE)")
	require.NoError(t, err)
	big, err := os.Stat(path)
	require.NoError(t, err)
	// A quarter of SQLite's checkpoint size (1,000 pages), for a file a quarter of the size a
	// test with the default would need (80,000 rows: a minute under the race detector): the
	// WAL stays near it only if the rows go in batches.
	_, err = l.db.Exec("PRAGMA wal_autocheckpoint = 250")
	require.NoError(t, err)

	w := NewWriter(l, WriterOptions{Days: 90}, zerolog.Nop())
	var walMax int64
	for range 1000 { // the housekeeping of successive ticks
		require.NoError(t, w.housekeeping(t.Context()))
		if fi, err := os.Stat(path + "-wal"); err == nil {
			walMax = max(walMax, fi.Size())
		}
		if w.cut.IsZero() {
			break
		}
	}
	require.True(t, w.cut.IsZero(), "the retention ended")
	t.Logf("file %d bytes, the WAL at most %d", big.Size(), walMax)
	require.Greater(t, big.Size(), int64(3<<20))
	require.Less(t, walMax, big.Size()*2/3, "batches: the WAL stays near its checkpoint size and a batch's pages, never the file's")
	n, err := l.count(t.Context())
	require.NoError(t, err)
	require.Equal(t, 100, n)

	var content []byte
	for _, p := range []string{path, path + "-wal"} {
		if b, err := os.ReadFile(p); err == nil {
			content = append(content, b...)
		}
	}
	require.NotContains(t, string(content), "GONE", "no removed ident in the file's bytes")
	require.Contains(t, string(content), "KEPT00")
	small, err := os.Stat(path)
	require.NoError(t, err)
	require.Less(t, small.Size(), big.Size()/4, "the freed pages returned to the file system")
}

// A writer that keeps every row (replay --flight-log) removes none, however old.
func TestAWriterWithoutRetentionAppendsOnly(t *testing.T) {
	l, _ := openTemp(t)
	old := sample(1)
	old.FirstSeen = time.Date(2022, 4, 30, 12, 0, 0, 0, time.UTC)
	require.NoError(t, l.Insert(t.Context(), []Row{old}))
	w := NewWriter(l, WriterOptions{}, zerolog.Nop())
	require.NoError(t, w.housekeeping(t.Context()))
	n, err := l.count(t.Context())
	require.NoError(t, err)
	require.Equal(t, 1, n)
}

// A reader opens the file that is there now: one moved aside and made again is read anew.
func TestReaderNoticesAReplacedFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "flights.db")
	l, err := Open(t.Context(), path, zerolog.Nop())
	require.NoError(t, err)
	require.NoError(t, l.Insert(t.Context(), []Row{sample(1), sample(2), sample(3)}))
	require.NoError(t, l.Close())
	rd := NewReader(path, ReadOptions{})
	defer rd.Close()
	count := func() int {
		r, done, err := rd.Use(t.Context())
		require.NoError(t, err)
		defer done()
		n, err := r.count(t.Context())
		require.NoError(t, err)
		return n
	}
	require.Equal(t, 3, count())
	held, done, err := rd.Use(t.Context()) // a long export still reading the old file
	require.NoError(t, err)

	require.NoError(t, os.Rename(path, path+".old"))
	l, err = Open(t.Context(), path, zerolog.Nop())
	require.NoError(t, err)
	require.NoError(t, l.Insert(t.Context(), []Row{sample(4)}))
	require.NoError(t, l.Close())
	require.Equal(t, 1, count(), "the new file")
	n, err := held.count(t.Context())
	require.NoError(t, err)
	require.Equal(t, 3, n, "the old one open until its use ends")
	done()
}

// syncBuffer is a logger's output written from the writer's goroutine.
type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// A log whose first page was torn (no SQLite header: nothing says it was a flight log, its
// page size or its version) is moved aside, private, and what its other pages hold is carried
// into the new file, its ids after the largest it gave; a file of text yields nothing.
func TestALogWithoutItsFirstPageKeepsItsRows(t *testing.T) {
	dir, path := closedLog(t, 3000)
	require.NoError(t, os.Chmod(path, 0o644)) // as an older version made it
	damage(t, path, 1)

	var logged syncBuffer
	l, err := Open(t.Context(), path, zerolog.New(&logged))
	require.NoError(t, err)
	defer func() { _ = l.Close() }()
	aside, _ := filepath.Glob(filepath.Join(dir, "flights.db.corrupt-*"))
	require.Len(t, aside, 1, logged.String())
	fi, err := os.Stat(aside[0])
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o600), fi.Mode().Perm(), "the damaged file is as private as the log")
	require.Equal(t, 1, strings.Count(logged.String(), `"level":"error"`), logged.String())
	n, err := l.count(t.Context())
	require.NoError(t, err)
	require.Equal(t, 3000, n, "every row read back: page 1 held none")
	require.NoError(t, l.Insert(t.Context(), []Row{sample(1)}))
	var id int64
	require.NoError(t, l.db.QueryRowContext(t.Context(), "SELECT max(id) FROM flights").Scan(&id))
	require.Equal(t, int64(3001), id, "ids go on after the largest given")

	text := filepath.Join(dir, "notes.db")
	require.NoError(t, os.WriteFile(text, bytes.Repeat([]byte("not a database\n"), 2000), 0o600))
	other, err := Open(t.Context(), text, zerolog.Nop())
	require.NoError(t, err)
	defer func() { _ = other.Close() }()
	n, err = other.count(t.Context())
	require.NoError(t, err)
	require.Zero(t, n, "a file of text gives no row")
}

// An export reading in chunks stops with ErrReplaced when the file is replaced under it (the
// rest would come from the new file), never ending as if whole.
func TestAnExportStopsWhenItsFileIsReplaced(t *testing.T) {
	const written = 2*eachChunk + 10
	_, path := closedLog(t, written)
	rd := NewReader(path, ReadOptions{})
	defer rd.Close()
	r, done, err := rd.Use(t.Context())
	require.NoError(t, err)
	defer done()
	read := 0
	err = r.Each(t.Context(), Filter{From: day.Add(-24 * time.Hour), To: day.Add(48 * time.Hour)}, func(*Row) error {
		if read++; read == 1 { // the file moved aside and a new one made during the export
			require.NoError(t, os.Rename(path, path+".aside"))
			n, err := Open(t.Context(), path, zerolog.Nop())
			require.NoError(t, err)
			require.NoError(t, n.Insert(t.Context(), []Row{sample(1)}))
			require.NoError(t, n.Close())
		}
		return nil
	})
	require.ErrorIs(t, err, ErrReplaced)
	require.Less(t, read, written)

	read = 0
	r2, done2, err := rd.Use(t.Context())
	require.NoError(t, err)
	defer done2()
	require.NoError(t, r2.Each(t.Context(), Filter{From: day.Add(-24 * time.Hour), To: day.Add(48 * time.Hour)}, func(*Row) error { read++; return nil }))
	require.Equal(t, 1, read, "the next export reads the new file, whole")
}
