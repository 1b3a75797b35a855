package flightlog

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/require"
)

// The findings of issue 50's audit: one writer through any name of the file, ids never given
// again after damage, damage found under a running writer, a file restored in place read
// anew, by=hour's limit in local days, the table's ambiguous times and format characters.

// A second writer is refused through any name of the file: a symbolic link, a hard link (which
// would have a -wal and -shm of its own), a path written another way; naming the holder, and
// leaving nothing beside the name it was given.
func TestASecondWriterIsRefusedThroughAnyNameOfTheFile(t *testing.T) {
	for _, tc := range []struct {
		name string
		link func(t *testing.T, dir, file string) string
	}{
		{"symbolic link", func(t *testing.T, dir, _ string) string {
			require.NoError(t, os.Mkdir(filepath.Join(dir, "sub"), 0o700))
			p := filepath.Join(dir, "sub", "link.db")
			require.NoError(t, os.Symlink("../flights.db", p))
			return p
		}},
		{"hard link", func(t *testing.T, dir, file string) string {
			p := filepath.Join(dir, "hard.db")
			require.NoError(t, os.Link(file, p))
			return p
		}},
		{"another spelling", func(t *testing.T, dir, _ string) string {
			require.NoError(t, os.Mkdir(filepath.Join(dir, "sub"), 0o700))
			return filepath.Join(dir, "sub", "..", ".", "flights.db")
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			file := filepath.Join(dir, "flights.db")
			l, err := Open(t.Context(), file, zerolog.Nop())
			require.NoError(t, err)
			require.NoError(t, l.Insert(t.Context(), []Row{sample(1)}))
			other := tc.link(t, dir, file)
			before := dirNames(t, filepath.Dir(other))

			_, err = Open(t.Context(), other, zerolog.Nop())
			require.ErrorIs(t, err, ErrLocked)
			require.ErrorContains(t, err, fmt.Sprintf("(pid %d on ", os.Getpid()), "naming the holder")
			require.Equal(t, before, dirNames(t, filepath.Dir(other)), "no lock, WAL or index made beside the other name")

			require.NoError(t, l.Close())
			l2, err := Open(t.Context(), other, zerolog.Nop())
			require.NoError(t, err, "the lock goes with its writer")
			n, err := l2.count(t.Context())
			require.NoError(t, err)
			require.Equal(t, 1, n, "the same file")
			require.NoError(t, l2.Close())
		})
	}
}

func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	return out
}

// fiveThousand is a closed log of 5,000 rows (ids 1 to 5000), its WAL folded in.
func fiveThousand(t *testing.T) (*Log, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "flights.db")
	l, err := Open(t.Context(), path, zerolog.Nop())
	require.NoError(t, err)
	rows := make([]Row, 5000)
	for i := range rows {
		rows[i] = sample(i)
		rows[i].FirstSeen = day.Add(time.Duration(i) * time.Second)
	}
	require.NoError(t, l.Insert(t.Context(), rows))
	_, err = l.db.Exec("PRAGMA wal_checkpoint(TRUNCATE)")
	require.NoError(t, err)
	return l, path
}

// pagesWhere are the pages of the file at path for which keep says yes.
func pagesWhere(t *testing.T, path string, keep func(p *pages, b []byte) bool) []int {
	t.Helper()
	p, err := openPages(path, false)
	require.NoError(t, err)
	defer p.close()
	var out []int
	for pg := uint32(2); pg <= p.count; pg++ {
		if keep(p, p.page(pg)) {
			out = append(out, int(pg))
		}
	}
	return out
}

// rightmostLeaf is the flights page holding id 5000; sequencePage sqlite_sequence's; indexPages
// the pages of the index on first_seen.
func rightmostLeaf(p *pages, b []byte) bool {
	layout, _ := p.layout()
	for _, r := range leafRows(b, p.usable, layout) {
		if r.ID == 5000 {
			return true
		}
	}
	return false
}

func sequencePage(p *pages, b []byte) bool { return sequenceOn(b, p.usable) > 0 }

func indexPages(p *pages, b []byte) bool {
	typ, _, _ := pageCells(b, 0, p.usable)
	return typ == 0x0a || typ == 0x02
}

// Ids are never given again after damage: the new file's next id follows the largest the
// damaged file gave, though the rows that held the largest are lost: from its sqlite_sequence,
// else from its index, else from the running writer's own.
func TestIDsAreNeverGivenAgainAfterDamage(t *testing.T) {
	for _, tc := range []struct {
		name    string
		damage  []func(p *pages, b []byte) bool
		running bool
	}{
		{"found at open, the rightmost leaf", []func(*pages, []byte) bool{rightmostLeaf}, false},
		{"found at open, the sequence too", []func(*pages, []byte) bool{rightmostLeaf, sequencePage}, false},
		{"found by the writer, the index too", []func(*pages, []byte) bool{rightmostLeaf, sequencePage, indexPages}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l, path := fiveThousand(t)
			if !tc.running {
				require.NoError(t, l.Close())
			}
			var hit []int
			for _, d := range tc.damage {
				hit = append(hit, pagesWhere(t, path, d)...)
			}
			require.NotEmpty(t, hit)
			for _, pg := range hit {
				damage(t, path, pg)
			}
			var logged syncBuffer
			if tc.running {
				l.log = zerolog.New(&logged)
				require.NoError(t, l.recover(t.Context(), errCorrupt))
			} else {
				var err error
				l, err = Open(t.Context(), path, zerolog.New(&logged))
				require.NoError(t, err)
			}
			defer func() { _ = l.Close() }()
			n, err := l.count(t.Context())
			require.NoError(t, err)
			require.Less(t, n, 5000, "the rows of the damaged leaf are lost")
			require.Greater(t, n, 4900)
			require.NoError(t, l.Insert(t.Context(), []Row{sample(7)}))
			var id int64
			require.NoError(t, l.db.QueryRow("SELECT max(id) FROM flights").Scan(&id))
			require.Equal(t, int64(5001), id, "a lost row's id is not given again")
			require.Contains(t, logged.String(), `"next_id":5001`, "the error says where the ids go on")
		})
	}
}

// Each source of the high-water mark alone finds the largest id given: the flight records'
// rowids, the sqlite_sequence row, the index's entries.
func TestHighWaterReadsEachSource(t *testing.T) {
	for _, tc := range []struct {
		name   string
		damage []func(p *pages, b []byte) bool
	}{
		{"whole", nil},
		{"the rows alone", []func(*pages, []byte) bool{sequencePage, indexPages}},
		{"the sequence alone", []func(*pages, []byte) bool{rightmostLeaf, indexPages}},
		{"the index alone", []func(*pages, []byte) bool{rightmostLeaf, sequencePage}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l, path := fiveThousand(t)
			require.NoError(t, l.Close())
			for _, d := range tc.damage {
				for _, pg := range pagesWhere(t, path, d) {
					damage(t, path, pg)
				}
			}
			p, err := openPages(path, false)
			require.NoError(t, err)
			defer p.close()
			layout, _ := p.layout()
			require.Equal(t, int64(5000), p.highWater(layout))
		})
	}
}

// Damage done to the file under a running writer, to pages its connection holds in its cache
// (its writes go on as if nothing were wrong), is found by the writer's own check within
// CheckEvery: the file moved aside, the readable rows kept, the writes going on in a new file,
// which is still the writer's alone.
func TestDamageUnderARunningWriterIsFoundByItsCheck(t *testing.T) {
	l, path := fiveThousand(t)
	defer func() { _ = l.Close() }()
	var logged syncBuffer
	l.log = zerolog.New(&logged)
	w := NewWriter(l, WriterOptions{}, zerolog.New(&logged))
	var ahead atomic.Int64 // the writer's clock, moved on by the test
	start := time.Now()
	w.now = func() time.Time { return start.Add(time.Duration(ahead.Load())) }
	ctx, cancel := context.WithCancel(t.Context())
	ran := make(chan struct{})
	go func() { _ = w.Run(ctx); close(ran) }()
	defer func() { cancel(); <-ran }()

	w.Add(sample(1))
	require.Eventually(t, func() bool { return w.C.Rows.Load() == 1 }, 10*time.Second, 10*time.Millisecond)
	_, err := l.db.Exec("PRAGMA wal_checkpoint(TRUNCATE)") // the writer's first write folded into the file
	require.NoError(t, err)
	for _, pg := range []int{3, 5, 100} {
		damage(t, path, pg)
	}
	w.Add(sample(2))
	require.Eventually(t, func() bool { return w.C.Rows.Load() == 2 }, 10*time.Second, 10*time.Millisecond,
		"the writer's cache hides the damage from its writes")
	aside, _ := filepath.Glob(path + ".corrupt-*")
	require.Empty(t, aside, "not found before the check is due")

	ahead.Store(int64(CheckEvery))
	require.Eventually(t, func() bool {
		aside, _ = filepath.Glob(path + ".corrupt-*")
		return len(aside) == 1 && strings.Contains(logged.String(), "rows_kept")
	}, 20*time.Second, 20*time.Millisecond, logged.String())
	w.Add(sample(3))
	require.Eventually(t, func() bool { return w.C.Rows.Load() == 3 }, 10*time.Second, 10*time.Millisecond, "the writes go on")
	require.Zero(t, w.C.Dropped.Load())
	_, err = Open(t.Context(), path, zerolog.Nop())
	require.ErrorIs(t, err, ErrLocked, "the new file is the writer's alone")
	cancel()
	<-ran
	n, err := l.count(t.Context())
	require.NoError(t, err)
	require.Greater(t, n, 4500, "the readable rows kept")
	require.NoError(t, l.check(t.Context()), "the new file whole")
}

// A file restored in place (cp backup.db flights.db: the same inode, other bytes) is read anew
// by a long-lived reader once it has read the old one for reopenAfter, not before.
func TestReaderNoticesAFileRestoredInPlace(t *testing.T) {
	path := filepath.Join(t.TempDir(), "flights.db")
	l, err := Open(t.Context(), path, zerolog.Nop())
	require.NoError(t, err)
	require.NoError(t, l.Insert(t.Context(), []Row{sample(1), sample(2), sample(3)}))
	_, err = l.db.Exec("PRAGMA wal_checkpoint(TRUNCATE)")
	require.NoError(t, err)
	backup, err := os.ReadFile(path)
	require.NoError(t, err)
	require.NoError(t, l.Insert(t.Context(), []Row{sample(4), sample(5)}))

	rd := NewReader(path, ReadOptions{})
	defer rd.Close()
	var ahead time.Duration
	start := time.Now()
	rd.now = func() time.Time { return start.Add(ahead) }
	count := func() int {
		r, done, err := rd.Use(t.Context())
		require.NoError(t, err)
		defer done()
		require.False(t, r.immutable, "the file read as watch writes it (WAL)")
		n, err := r.count(t.Context())
		require.NoError(t, err)
		return n
	}
	require.Equal(t, 5, count())
	require.NoError(t, l.Close())
	require.Equal(t, 5, count())
	ahead += reopenAfter // the writer's last checkpoint changed the file: read anew
	require.Equal(t, 5, count())

	f, err := os.OpenFile(path, os.O_WRONLY|os.O_TRUNC, 0) // as cp does: the same inode
	require.NoError(t, err)
	_, err = f.Write(backup)
	require.NoError(t, err)
	require.NoError(t, f.Close())
	later := time.Now().Add(time.Minute) // the restore's time, whatever the clock's granularity
	require.NoError(t, os.Chtimes(path, later, later))

	require.Equal(t, 5, count(), "read again no sooner than reopenAfter after the last open")
	ahead += reopenAfter
	require.Equal(t, 3, count(), "the restored file")
}

// by=hour takes at most 31 local calendar days, counted the same way across a change of the
// clocks and across the end of a month or a year (a to date is the whole of that day).
func TestByHourTakesThirtyOneLocalDaysEverywhere(t *testing.T) {
	berlin := zone(t, "Europe/Berlin")
	for _, tc := range []struct {
		from, to string
		hours    int // 0: refused
	}{
		{"2025-12-01", "2025-12-31", 31 * 24},
		{"2025-12-01", "2026-01-01", 0},
		{"2025-12-15", "2026-01-14", 31 * 24},
		{"2026-10-01", "2026-10-31", 31*24 + 1}, // the clocks go back on the 25th
		{"2026-10-01", "2026-11-01", 0},
		{"2026-03-01", "2026-03-31", 31*24 - 1}, // forward on the 29th
		{"2026-03-01", "2026-04-01", 0},
		{"2026-03-01T00:00:00+01:00", "2026-04-01T00:00:00+02:00", 31*24 - 1}, // times: to is the instant, not included
		{"2026-03-01T00:00:00+01:00", "2026-04-01T00:00:01+02:00", 0},
	} {
		t.Run(tc.from+"/"+tc.to, func(t *testing.T) {
			from, to, err := Range(tc.from, tc.to, berlin, day)
			require.NoError(t, err)
			periods, err := periodsOf(from, to, "hour", berlin)
			if tc.hours == 0 {
				var pe *ParamError
				require.ErrorAs(t, err, &pe)
				require.Equal(t, "to", pe.Param)
				require.Contains(t, pe.Msg, "at most 31 days (this range holds 32)")
				return
			}
			require.NoError(t, err)
			require.Len(t, periods, tc.hours)
			require.Equal(t, 31, LocalDays(from, to, berlin))
		})
	}
}

// The table shows the offset of a time the clock reads twice (the 25-hour day), and no format
// character (zero-width spaces and joiners, word joiner, byte order mark, soft hyphen) nor a
// line separator from the feed.
func TestTableTimesAndFormatCharacters(t *testing.T) {
	london := zone(t, "Europe/London")
	var out strings.Builder
	tab := NewTable(&out, london)
	for i, at := range []time.Time{time.Date(2026, 10, 25, 0, 30, 0, 0, time.UTC), time.Date(2026, 10, 25, 1, 30, 0, 0, time.UTC),
		time.Date(2026, 10, 25, 12, 0, 0, 0, time.UTC)} {
		r := sample(i)
		r.FirstSeen = at
		r.Ident = "EZ\u200bY\u200c\u200d\u2060\ufeff\u00ad\u2028" + fmt.Sprint(i)
		require.NoError(t, tab.Write(&r))
	}
	require.NoError(t, tab.Close())
	s := out.String()
	require.Contains(t, s, "2026-10-25 01:30+01:00  EZY0 ")
	require.Contains(t, s, "2026-10-25 01:30+00:00  EZY1 ")
	require.Contains(t, s, "2026-10-25 12:00        EZY2 ", "an unambiguous time without its offset")
	for _, c := range s {
		require.True(t, c == '\n' || printable(c), "%U printed", c)
	}
	lines := strings.Split(strings.TrimSpace(s), "\n")
	require.Equal(t, strings.Index(lines[0], "IDENT"), strings.Index(lines[1], "EZY0"), "the columns line up")
}

// ambiguous is true only in the hour the clocks go back, in every kind of zone.
func TestAmbiguousLocalTimes(t *testing.T) {
	for _, tc := range []struct {
		zone string
		at   time.Time
		want bool
	}{
		{"Europe/London", time.Date(2026, 10, 25, 0, 59, 0, 0, time.UTC), true},
		{"Europe/London", time.Date(2026, 10, 25, 1, 59, 0, 0, time.UTC), true},
		{"Europe/London", time.Date(2026, 10, 25, 2, 0, 0, 0, time.UTC), false},
		{"Europe/London", time.Date(2026, 10, 24, 23, 59, 0, 0, time.UTC), false},
		{"Europe/London", time.Date(2026, 3, 29, 1, 30, 0, 0, time.UTC), false},
		{"Australia/Lord_Howe", time.Date(2026, 4, 4, 15, 15, 0, 0, time.UTC), true}, // back half an hour at 02:00
		{"Asia/Kolkata", time.Date(2026, 10, 25, 1, 30, 0, 0, time.UTC), false},
	} {
		l := tc.at.In(zone(t, tc.zone))
		require.Equal(t, tc.want, ambiguous(l), "%s %s", tc.zone, l)
	}
}
