package model

import (
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// leg is part of a generated flight: how long, its turn rate (°/s) and climb (ft/min).
type leg struct {
	seconds     int
	turn, climb float64
}

// fly generates a flight's messages every 5 s from (lat, lon) heading hdg at 450 kt and
// altitude alt, along legs; withHeading says whether the messages carry their track.
func fly(lat, lon, hdg, alt float64, withHeading bool, legs ...leg) []AircraftMessage {
	const every, speed = 5, 450.0
	t0 := time.Date(2026, 11, 27, 10, 0, 0, 0, time.UTC)
	var out []AircraftMessage
	at := 0
	add := func() {
		la, lo, h, a := lat, lon, hdg, alt
		m := AircraftMessage{ReceivedAt: t0.Add(time.Duration(at) * time.Second), IcaoHex: "4CA7B5", Latitude: &la, Longitude: &lo, Altitude: &a}
		if withHeading {
			m.Heading = &h
		}
		out = append(out, m)
	}
	add()
	for _, l := range legs {
		for range l.seconds / every {
			nm := speed * every / 3600
			lat += nm / 60 * math.Cos(hdg*math.Pi/180)
			lon += nm / 60 * math.Sin(hdg*math.Pi/180) / math.Cos(lat*math.Pi/180)
			hdg = math.Mod(hdg+l.turn*every+360, 360)
			alt += l.climb * every / 60
			at += every
			add()
		}
	}
	return out
}

func keepAll(msgs []AircraftMessage, home *Home) (*FlightStats, []TrackPoint) {
	var s FlightStats
	for i := range msgs {
		s.Add(&msgs[i], home)
	}
	return &s, s.Path(nil)
}

// secondsOf are a path's points as seconds from its first.
func secondsOf(path []TrackPoint) []int64 {
	var out []int64
	for _, p := range path {
		out = append(out, (p.At-path[0].At)/1000)
	}
	return out
}

// The rule (CONTRACT.md 13.4): straight level flight is thinned to a point a minute, a turn
// keeps a point every 10°, a climb one every 500 ft; the first and the last always; with or
// without the messages' own track.
func TestTrackKeepsTurnsAndClimbsAndThinsStraightFlight(t *testing.T) {
	for _, withHeading := range []bool{true, false} {
		straight := fly(51.0, -1.0, 90, 30000, withHeading, leg{seconds: 1200})
		_, path := keepAll(straight, nil)
		want := []int64{}
		for s := int64(0); s <= 1200; s += 60 {
			want = append(want, s)
		}
		require.Equal(t, want, secondsOf(path), "straight and level, 20 minutes: a point a minute")

		// 2 minutes straight, a 90° turn at 3°/s (15° a message), 2 minutes straight.
		turn := fly(51.0, -1.0, 0, 30000, withHeading, leg{seconds: 120}, leg{seconds: 30, turn: 3}, leg{seconds: 122})
		_, path = keepAll(turn, nil)
		inTurn := 0
		for _, s := range secondsOf(path) {
			if s > 120 && s <= 155 {
				inTurn++
			}
		}
		require.GreaterOrEqual(t, inTurn, 5, "every 15° message of the turn is kept (the first in it may wait for its course)")
		require.Equal(t, turn[len(turn)-1].ReceivedAt.UnixMilli(), path[len(path)-1].At, "the last position always")

		// A climb of 3,000 ft/min: 500 ft every 10 s.
		climb := fly(51.0, -1.0, 90, 2000, withHeading, leg{seconds: 120, climb: 3000})
		_, path = keepAll(climb, nil)
		require.Len(t, path, 13, "a point every 500 ft")
		for i := 1; i < len(path); i++ {
			require.GreaterOrEqual(t, path[i].Altitude-path[i-1].Altitude, int32(500))
		}
	}
}

// The closest point to home is always kept, within 0.1 nm of the test's own nearest
// position, with its place; the farthest too.
func TestTrackKeepsTheClosestAndTheFarthestPoint(t *testing.T) {
	msgs := fly(51.0, -1.0, 90, 30000, true, leg{seconds: 1200})
	// Home 2 nm north of the position at 7 min 37 s (between two of the minute's points).
	mid := msgs[457/5]
	home := &Home{Latitude: *mid.Latitude + 2.0/60, Longitude: *mid.Longitude}
	s, path := keepAll(msgs, home)
	best, bestNM := -1, math.Inf(1)
	for i, m := range msgs {
		if d := DistanceNM(home.Latitude, home.Longitude, *m.Latitude, *m.Longitude); d < bestNM {
			best, bestNM = i, d
		}
	}
	require.InDelta(t, bestNM, s.ClosestNM, 0.1)
	require.Less(t, DistanceNM(s.ClosestLat, s.ClosestLon, *msgs[best].Latitude, *msgs[best].Longitude), 0.1)
	found := false
	for _, p := range path {
		found = found || (p.At == msgs[best].ReceivedAt.UnixMilli() && DistanceNM(p.Lat, p.Lon, s.ClosestLat, s.ClosestLon) < 0.1)
	}
	require.True(t, found, "the closest point is in the path")
	require.Len(t, path, 22, "a point a minute and the closest")
	_, far, ok := s.Farthest()
	require.True(t, ok)
	farthest := 0.0
	for _, m := range msgs {
		farthest = max(farthest, DistanceNM(home.Latitude, home.Longitude, *m.Latitude, *m.Longitude))
	}
	require.InDelta(t, farthest, far, 0.01, "the farthest position (the last, here)")
}

// At most MaxTrackPoints: a long circling flight is thinned evenly, its first and last kept.
func TestTrackIsBoundedAndThinnedEvenly(t *testing.T) {
	msgs := fly(51.0, -1.0, 0, 3000, true, leg{seconds: 4 * 3600, turn: 3}) // 15° every message: every one a candidate
	home := &Home{Latitude: 51.2, Longitude: -1.0}
	s, path := keepAll(msgs, home)
	require.LessOrEqual(t, len(path), MaxTrackPoints)
	require.Greater(t, len(path), MaxTrackPoints/2)
	require.Equal(t, msgs[0].ReceivedAt.UnixMilli(), path[0].At)
	require.Equal(t, msgs[len(msgs)-1].ReceivedAt.UnixMilli(), path[len(path)-1].At)
	gaps := map[int64]int{}
	for i := 1; i < len(s.Track); i++ {
		gaps[(s.Track[i].At-s.Track[i-1].At)/1000]++
	}
	require.Len(t, gaps, 1, "one spacing along the whole path: %v", gaps)
}

// A flight's memory is kept for the next (Flight.Reset): no path carried over.
func TestResetStartsAnEmptyPath(t *testing.T) {
	var f Flight
	msgs := fly(51.0, -1.0, 0, 3000, true, leg{seconds: 300})
	for i := range msgs {
		f.Stats.Add(&msgs[i], nil)
	}
	require.NotEmpty(t, f.Stats.Track)
	f.Reset("4CA7B5")
	require.Empty(t, f.Stats.Track)
	require.Empty(t, f.Stats.Path(nil))
}
