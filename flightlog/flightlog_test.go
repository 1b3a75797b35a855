package flightlog

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/require"
)

var day = time.Date(2026, 11, 27, 0, 0, 0, 0, time.UTC)

func ip(v int) *int { return &v }

// sample is flight i of a day: every 10 minutes, alternating operators, types and rules.
func sample(i int) Row {
	r := Row{IcaoHex: fmt.Sprintf("4CA%03X", i%7), Ident: fmt.Sprintf("EZY%d", i), Registration: fmt.Sprintf("G-EZ%02d", i%7),
		TypeDesignator: []string{"A320", "B738"}[i%2], FirstSeen: day.Add(time.Duration(i) * 10 * time.Minute),
		Messages: 10 + i, Positions: 5, MinAltitude: ip(1000 * i), MaxAltitude: ip(1000*i + 500)}
	r.LastSeen = r.FirstSeen.Add(5 * time.Minute)
	r.Operator = &Operator{AirlineDesignator: []string{"EZY", "RYR"}[i%2], Name: []string{"easyJet", "Ryanair"}[i%2]}
	if i%3 == 0 {
		r.MatchedRules = []string{"low", "watch-all"}
	}
	if i%5 == 0 {
		r.Squawks = []string{"1000", "7700"}
		r.Military = true
	}
	nm := float64(i) / 2
	r.ClosestNM = &nm
	return r
}

func openTemp(t *testing.T) (*Log, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "flights.db")
	l, err := Open(t.Context(), path, zerolog.Nop())
	require.NoError(t, err)
	t.Cleanup(func() { _ = l.Close() })
	return l, path
}

func TestRowsRoundTripAndPagesNeverRepeatOrLose(t *testing.T) {
	l, _ := openTemp(t)
	var rows []Row
	for i := range 100 {
		rows = append(rows, sample(i))
	}
	require.NoError(t, l.Insert(t.Context(), rows))

	got, next, err := l.Page(t.Context(), Filter{From: day, To: day.Add(24 * time.Hour), Limit: 1})
	require.NoError(t, err)
	require.NotEmpty(t, next)
	want := sample(99)
	want.ID = got[0].ID
	want.FirstSeen, want.LastSeen = want.FirstSeen.UTC(), want.LastSeen.UTC()
	require.Equal(t, want, got[0], "the newest first, every field back")

	// Paged while rows are added: none twice, none of the first set lost.
	seen := map[int64]bool{}
	cursor := ""
	for page := 0; ; page++ {
		got, next, err := l.Page(t.Context(), Filter{From: day, To: day.Add(24 * time.Hour), Limit: 7, Cursor: cursor})
		require.NoError(t, err)
		for _, r := range got {
			require.False(t, seen[r.ID], "row %d twice", r.ID)
			seen[r.ID] = true
		}
		if page == 2 { // a writer adds newer rows meanwhile
			require.NoError(t, l.Insert(t.Context(), []Row{sample(140), sample(141)}))
		}
		if next == "" {
			break
		}
		cursor = next
	}
	require.Len(t, seen, 100)

	_, _, err = l.Page(t.Context(), Filter{From: day, To: day.Add(time.Hour), Cursor: "garbage!"})
	require.ErrorIs(t, err, ErrCursor)
}

func TestFiltersSelectWhatTheySay(t *testing.T) {
	l, _ := openTemp(t)
	var rows []Row
	for i := range 144 { // a day, every 10 minutes
		rows = append(rows, sample(i))
	}
	require.NoError(t, l.Insert(t.Context(), rows))
	yes, no := true, false
	nm := 5.0
	count := func(f Filter) int {
		f.From, f.To = day, day.Add(24*time.Hour)
		n := 0
		require.NoError(t, l.Each(t.Context(), f, func(*Row) error { n++; return nil }))
		return n
	}
	expect := func(keep func(Row) bool) int {
		n := 0
		for _, r := range rows {
			if keep(r) {
				n++
			}
		}
		return n
	}
	tests := []struct {
		name string
		f    Filter
		keep func(Row) bool
	}{
		{"all", Filter{}, func(Row) bool { return true }},
		{"q ident", Filter{Q: "ezy10"}, func(r Row) bool { return strings.Contains(r.Ident, "EZY10") }},
		{"q registration", Filter{Q: "g-ez03"}, func(r Row) bool { return r.Registration == "G-EZ03" }},
		{"q operator name", Filter{Q: "ryan"}, func(r Row) bool { return r.Operator.Name == "Ryanair" }},
		{"q with a wildcard is text", Filter{Q: "%"}, func(Row) bool { return false }},
		{"operator code", Filter{Operator: "ezy"}, func(r Row) bool { return r.Operator.AirlineDesignator == "EZY" }},
		{"type", Filter{Type: "b738"}, func(r Row) bool { return r.TypeDesignator == "B738" }},
		{"rule", Filter{Rule: "low"}, func(r Row) bool { return len(r.MatchedRules) > 0 }},
		{"rule is a whole identifier", Filter{Rule: "lo"}, func(Row) bool { return false }},
		{"military", Filter{Military: &yes}, func(r Row) bool { return r.Military }},
		{"not military", Filter{Military: &no}, func(r Row) bool { return !r.Military }},
		{"emergency", Filter{Emergency: &yes}, func(r Row) bool { return r.Emergency() }},
		{"within 5 nm", Filter{MaxNM: &nm}, func(r Row) bool { return *r.ClosestNM <= 5 }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			require.Equal(t, expect(tt.keep), count(tt.f))
		})
	}
}

func TestStatsByHourDayAndGroup(t *testing.T) {
	l, _ := openTemp(t)
	var rows []Row
	for i := range 144 {
		rows = append(rows, sample(i))
	}
	require.NoError(t, l.Insert(t.Context(), rows))
	f := Filter{From: day, To: day.Add(24 * time.Hour)}
	hours, err := l.Stats(t.Context(), f, "hour", time.UTC)
	require.NoError(t, err)
	require.Len(t, hours, 24)
	for _, h := range hours {
		require.Equal(t, 6, h.Flights, h.Key)
		require.Equal(t, 6, h.Aircraft, "7 addresses in turn: 6 distinct an hour")
	}
	days, err := l.Stats(t.Context(), Filter{From: day.Add(-48 * time.Hour), To: day.Add(24 * time.Hour)}, "day", time.UTC)
	require.NoError(t, err)
	require.Equal(t, []Stat{{"2026-11-25", 0, 0}, {"2026-11-26", 0, 0}, {"2026-11-27", 144, 7}}, days)

	london, _ := time.LoadLocation("Europe/London")
	ny, _ := time.LoadLocation("America/New_York")
	days, err = l.Stats(t.Context(), f, "day", ny)
	require.NoError(t, err)
	require.Equal(t, []Stat{{"2026-11-26", 30, 7}, {"2026-11-27", 114, 7}}, days, "New York's days: 19:00 local is midnight UTC")
	_, err = l.Stats(t.Context(), f, "hour", london)
	require.NoError(t, err)

	ops, err := l.Stats(t.Context(), f, "operator", nil)
	require.NoError(t, err)
	require.Equal(t, []Stat{{"EZY", 72, 7}, {"RYR", 72, 7}}, ops)
	byRule, err := l.Stats(t.Context(), f, "rule", nil)
	require.NoError(t, err)
	require.Equal(t, []Stat{{"low", 48, 7}, {"watch-all", 48, 7}}, byRule)
	_, err = l.Stats(t.Context(), f, "minute", nil)
	require.ErrorContains(t, err, "value must be one of hour, day, operator, type, rule")
}

func TestNewerFileIsRefusedUntouched(t *testing.T) {
	l, path := openTemp(t)
	_, err := l.db.ExecContext(t.Context(), "PRAGMA user_version = 99")
	require.NoError(t, err)
	require.NoError(t, l.Close())
	before, err := os.ReadFile(path)
	require.NoError(t, err)
	_, err = Open(t.Context(), path, zerolog.Nop())
	require.ErrorIs(t, err, ErrNewer)
	require.ErrorContains(t, err, fmt.Sprintf("schema version 99; this program reads versions up to %d", Version()))
	after, err := os.ReadFile(path)
	require.NoError(t, err)
	require.Equal(t, before, after)
}

func TestCorruptFileIsMovedAsideAndANewOneStarted(t *testing.T) {
	for _, tc := range []struct{ name, content string }{
		{"not a database", strings.Repeat("this is no SQLite file\n", 400)},
		{"a header and garbage", "SQLite format 3\x00" + strings.Repeat("\xff", 8000)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "flights.db")
			require.NoError(t, os.WriteFile(path, []byte(tc.content), 0o600))
			var logged strings.Builder
			l, err := Open(t.Context(), path, zerolog.New(&logged))
			require.NoError(t, err)
			defer func() { _ = l.Close() }()
			require.NoError(t, l.Insert(t.Context(), []Row{sample(1)}))
			require.Equal(t, 1, strings.Count(logged.String(), `"level":"error"`), logged.String())
			aside, _ := filepath.Glob(filepath.Join(dir, "flights.db.corrupt-*"))
			require.Len(t, aside, 1)
			kept, err := os.ReadFile(aside[0])
			require.NoError(t, err)
			require.Equal(t, tc.content, string(kept), "the corrupt file kept as it was")
		})
	}
}

// A full queue drops and counts; a failing write drops its batch and counts; one warning a
// minute; Add never blocks.
func TestWriterDropsAndCountsNeverBlocks(t *testing.T) {
	l, _ := openTemp(t)
	var logged strings.Builder
	w := NewWriter(l, WriterOptions{}, zerolog.New(&logged))
	done := make(chan struct{})
	go func() {
		for i := range QueueSize + 50 { // no Run: nothing drains
			w.Add(sample(i % 144))
		}
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("Add blocked")
	}
	require.Equal(t, int64(50), w.C.Dropped.Load())
	require.Equal(t, 1, strings.Count(logged.String(), "queue is full"), "one warning a minute")

	w.Close() // Run then writes what is queued and returns
	require.NoError(t, w.Run(t.Context()))
	require.Equal(t, int64(QueueSize), w.C.Rows.Load())

	require.NoError(t, l.Close()) // the file gone from under the writer: writes fail
	w.now = func() time.Time { return time.Now().Add(2 * time.Minute) }
	w.Add(sample(1))
	require.NoError(t, w.Run(t.Context()))
	require.Equal(t, int64(51), w.C.Dropped.Load())
	require.Contains(t, logged.String(), "cannot be written")
}

func TestWriterRunWritesEverySecondAndAtTheEnd(t *testing.T) {
	l, _ := openTemp(t)
	w := NewWriter(l, WriterOptions{}, zerolog.Nop())
	ctx, cancel := context.WithCancel(t.Context())
	stopped := make(chan struct{})
	go func() { _ = w.Run(ctx); close(stopped) }()
	w.Add(sample(1))
	require.Eventually(t, func() bool { return w.C.Rows.Load() == 1 }, 3*time.Second, 20*time.Millisecond)
	w.Add(sample(2))
	cancel()
	<-stopped
	require.Equal(t, int64(2), w.C.Rows.Load(), "what was queued is written at the end")
}
