package flightlog

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// The sensors count a flight on the local day it began and start again at local midnight; the
// last hour slides; the closest approach is today's flights'.
func TestTodayResetsAtLocalMidnight(t *testing.T) {
	ny, err := time.LoadLocation("America/New_York")
	require.NoError(t, err)
	today := NewToday(ny)
	at := func(s string) time.Time {
		v, err := time.ParseInLocation("2006-01-02 15:04", s, ny)
		require.NoError(t, err)
		return v
	}
	fly := func(hex, first, last string, nm float64) {
		today.Began(hex, at(first), at(first))
		r := &Row{IcaoHex: hex, FirstSeen: at(first), LastSeen: at(last), Ident: "ID" + hex}
		r.ClosestNM = &nm
		today.Ended(r, at(last).Add(5*time.Minute))
	}
	fly("AAAAAA", "2026-11-27 21:50", "2026-11-27 22:00", 5)
	fly("BBBBBB", "2026-11-27 23:20", "2026-11-27 23:30", 2.5)
	fly("AAAAAA", "2026-11-27 23:40", "2026-11-27 23:50", 9)
	n := today.Numbers(at("2026-11-27 23:59"))
	require.Equal(t, 3, n.Flights)
	require.Equal(t, 2, n.Aircraft)
	require.Equal(t, 2, n.LastHour, "begun at 23:20 and 23:40: within the hour before 23:59")
	require.Equal(t, "IDBBBBBB", n.Closest.Ident)
	require.Equal(t, at("2026-11-27 00:00"), n.Since)

	n = today.Numbers(at("2026-11-28 00:00")) // local midnight: 05:00 UTC
	require.Equal(t, TodayNumbers{LastHour: 2, Since: at("2026-11-28 00:00")}, n, "a new day: nothing today yet, the last hour still slides")
	n = today.Numbers(at("2026-11-28 00:41"))
	require.Zero(t, n.LastHour)
	fly("CCCCCC", "2026-11-28 00:45", "2026-11-28 00:55", 1)
	n = today.Numbers(at("2026-11-28 01:00"))
	require.Equal(t, 1, n.Flights)
	require.Equal(t, "IDCCCCCC", n.Closest.Ident)
}

func TestTodaySeedsFromTheLog(t *testing.T) {
	l, _ := openTemp(t)
	now := time.Date(2026, 11, 27, 13, 0, 0, 0, time.UTC)
	var rows []Row
	for i := range 6 { // from 21:30 yesterday, every 3 hours
		r := sample(i)
		r.FirstSeen = time.Date(2026, 11, 26, 21, 30, 0, 0, time.UTC).Add(time.Duration(i) * 3 * time.Hour)
		r.LastSeen = r.FirstSeen.Add(20 * time.Minute)
		rows = append(rows, r)
	}
	require.NoError(t, l.Insert(t.Context(), rows))
	today := NewToday(time.UTC)
	require.NoError(t, today.Seed(t.Context(), l, now))
	n := today.Numbers(now)
	require.Equal(t, 5, n.Flights, "the flights begun today (00:30 to 12:30); the one begun yesterday at 21:30 is yesterday's")
	require.Equal(t, 1, n.LastHour, "begun at 12:30")
}
