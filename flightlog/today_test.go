package flightlog

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// The sensors count today's flights in the zone and start again at local midnight; the last
// hour slides; the closest approach is today's.
func TestTodayResetsAtLocalMidnight(t *testing.T) {
	ny, err := time.LoadLocation("America/New_York")
	require.NoError(t, err)
	today := NewToday(ny)
	at := func(s string) time.Time {
		v, err := time.ParseInLocation("2006-01-02 15:04", s, ny)
		require.NoError(t, err)
		return v
	}
	row := func(hex, last string, nm float64) *Row {
		r := &Row{IcaoHex: hex, FirstSeen: at(last).Add(-10 * time.Minute), LastSeen: at(last), Ident: "ID" + hex}
		r.ClosestNM = &nm
		return r
	}
	today.Add(row("AAAAAA", "2026-11-27 22:00", 5), at("2026-11-27 22:05"))
	today.Add(row("BBBBBB", "2026-11-27 23:30", 2.5), at("2026-11-27 23:35"))
	today.Add(row("AAAAAA", "2026-11-27 23:50", 9), at("2026-11-27 23:55"))
	n := today.Numbers(at("2026-11-27 23:59"))
	require.Equal(t, 3, n.Flights)
	require.Equal(t, 2, n.Aircraft)
	require.Equal(t, 2, n.LastHour, "23:30 and 23:50 are within the hour before 23:59")
	require.Equal(t, "IDBBBBBB", n.Closest.Ident)

	n = today.Numbers(at("2026-11-28 00:00")) // local midnight: 05:00 UTC
	require.Equal(t, TodayNumbers{LastHour: 2}, n, "a new day: nothing today yet, the last hour still slides")
	n = today.Numbers(at("2026-11-28 00:51"))
	require.Zero(t, n.LastHour)
	today.Add(row("CCCCCC", "2026-11-28 00:55", 1), at("2026-11-28 01:00"))
	n = today.Numbers(at("2026-11-28 01:00"))
	require.Equal(t, 1, n.Flights)
	require.Equal(t, "IDCCCCCC", n.Closest.Ident)
}

func TestTodaySeedsFromTheLog(t *testing.T) {
	l, _ := openTemp(t)
	now := time.Date(2026, 11, 27, 14, 0, 0, 0, time.UTC)
	var rows []Row
	for i := range 6 { // from 23:00 yesterday, every 3 hours
		r := sample(i)
		r.FirstSeen = time.Date(2026, 11, 26, 23, 0, 0, 0, time.UTC).Add(time.Duration(i) * 3 * time.Hour)
		r.LastSeen = r.FirstSeen.Add(2 * time.Hour)
		rows = append(rows, r)
	}
	require.NoError(t, l.Insert(t.Context(), rows))
	today := NewToday(time.UTC)
	require.NoError(t, today.Seed(t.Context(), l, now))
	n := today.Numbers(now)
	require.Equal(t, 5, n.Flights, "the flight that started yesterday and ended today counts; the one still to end does not")
}
