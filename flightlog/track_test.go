package flightlog

import (
	"database/sql"
	"fmt"
	"math"
	"path/filepath"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// path is a generated track: n points from (lat, lon), a step of (dlat, dlon) degrees and
// 60 s each, climbing 600 ft a point, the third's altitude unknown.
func path(lat, lon, dlat, dlon float64, n int) []TrackPoint {
	out := make([]TrackPoint, n)
	for i := range out {
		out[i] = TrackPoint{Lat: lat + float64(i)*dlat, Lon: lon + float64(i)*dlon, Offset: 60 * i}
		if i != 2 {
			out[i].Altitude = ip(1000 + 600*i)
		}
	}
	return out
}

// tracked is sample(i) with a path of n points.
func tracked(i, n int) Row {
	r := sample(i)
	r.Track = path(51.4+float64(i)/100, -0.5, 0.01, 0.02, n)
	lat, lon := r.Track[0].Lat, r.Track[0].Lon
	r.ClosestLat, r.ClosestLon = &lat, &lon
	return r
}

func sameTrack(t *testing.T, want, got []TrackPoint) {
	t.Helper()
	require.Len(t, got, len(want))
	for i := range want {
		require.InDelta(t, want[i].Lat, got[i].Lat, 0.6e-5, "point %d", i)
		require.InDelta(t, want[i].Lon, got[i].Lon, 0.6e-5, "point %d", i)
		require.Equal(t, want[i].Offset, got[i].Offset)
		if want[i].Altitude == nil {
			require.Nil(t, got[i].Altitude)
		} else {
			require.InDelta(t, *want[i].Altitude, *got[i].Altitude, altStep/2, "point %d", i)
		}
	}
}

// The stored form: round trip (1e-5°, 25 ft, seconds), unknown altitudes, a path across the
// antimeridian read back unbroken (past ±180), and its size.
func TestTrackEncodingRoundTrips(t *testing.T) {
	for _, tc := range []struct {
		name string
		pts  []TrackPoint
	}{
		{"climbing", path(51.47, -0.45, 0.01, 0.02, 30)},
		{"south and west", path(-33.9, 151.2, -0.013, -0.021, 30)},
		{"across the antimeridian, east", path(-16.5, 179.95, 0.001, 0.02, 6)},
		{"across the antimeridian, west", path(60.1, -179.97, 0.001, -0.02, 6)},
		{"one point", path(0, 0, 0, 0, 1)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := encodeTrack(tc.pts)
			got, err := decodeTrack(b)
			require.NoError(t, err)
			want := make([]TrackPoint, len(tc.pts))
			copy(want, tc.pts)
			// unbroken: each longitude within 1° of the one before, past ±180 if need be
			want[0].Lon = model.Wrap180(want[0].Lon)
			for i := 1; i < len(want); i++ {
				want[i].Lon = want[i-1].Lon + model.Wrap180(tc.pts[i].Lon-tc.pts[i-1].Lon)
			}
			sameTrack(t, want, got)
			require.LessOrEqual(t, len(b), 1+8*len(tc.pts)+8, "about 8 bytes a point")
		})
	}
	_, err := decodeTrack([]byte{trackFormat, 0x80})
	require.ErrorIs(t, err, errTrack)
}

// A track is written, read by the track route's read alone (never in a list), and a flight
// without one, or an unknown id, says so.
func TestTrackIsStoredAndReadOnlyByTheTrackRead(t *testing.T) {
	l, _ := openTemp(t)
	withTrack, without := tracked(1, 40), sample(2)
	without.Positions = 0
	require.NoError(t, l.Insert(t.Context(), []Row{withTrack, without}))
	page, _, err := l.Page(t.Context(), Filter{From: day, To: day.Add(24 * time.Hour)})
	require.NoError(t, err)
	require.Len(t, page, 2)
	for _, r := range page {
		require.Nil(t, r.Track, "a list never reads the track")
	}
	byIdent := map[string]int64{page[0].Ident: page[0].ID, page[1].Ident: page[1].ID}

	row, pts, err := l.Track(t.Context(), byIdent["EZY1"])
	require.NoError(t, err)
	require.Equal(t, "EZY1", row.Ident)
	require.InDelta(t, *withTrack.ClosestLat, *row.ClosestLat, 1e-9)
	sameTrack(t, withTrack.Track, pts)

	row, _, err = l.Track(t.Context(), byIdent["EZY2"])
	require.ErrorIs(t, err, ErrNoTrack)
	require.Equal(t, "EZY2", row.Ident, "the row without its track")
	_, _, err = l.Track(t.Context(), 999)
	require.ErrorIs(t, err, ErrNoFlight)

	var n int
	require.NoError(t, l.EachTrack(t.Context(), Filter{From: day, To: day.Add(24 * time.Hour)}, func(r *Row) error {
		n++
		require.Equal(t, "EZY1", r.Ident, "only the flights with a track")
		sameTrack(t, withTrack.Track, r.Track)
		return nil
	}))
	require.Equal(t, 1, n)
}

// FLIGHT_LOG_TRACK_DAYS: the retention drops the tracks of older rows in batches, each row
// kept with everything else; newer rows keep theirs.
func TestAgedOutTrackKeepsTheRow(t *testing.T) {
	l, _ := openTemp(t)
	now := time.Now()
	var rows []Row
	for i := range 2*pruneBatch + 10 {
		r := tracked(i%100, 20)
		r.Ident = fmt.Sprintf("OLD%05d", i)
		r.FirstSeen = now.Add(-20*24*time.Hour + time.Duration(i)*time.Second)
		rows = append(rows, r)
	}
	fresh := tracked(3, 20)
	fresh.Ident, fresh.FirstSeen = "FRESH", now.Add(-time.Hour)
	require.NoError(t, l.Insert(t.Context(), append(rows, fresh)))

	w := NewWriter(l, WriterOptions{Days: 90, TrackDays: 14}, zerolog.Nop())
	for range 100 {
		require.NoError(t, w.housekeeping(t.Context()))
		if w.cut.IsZero() {
			break
		}
	}
	require.True(t, w.cut.IsZero(), "the retention ended")
	n, err := l.count(t.Context())
	require.NoError(t, err)
	require.Equal(t, len(rows)+1, n, "every row kept")
	var tracks int
	require.NoError(t, l.db.QueryRow("SELECT count(*) FROM flights WHERE track IS NOT NULL").Scan(&tracks))
	require.Equal(t, 1, tracks, "only the fresh flight keeps its track")

	old, _, err := l.Page(t.Context(), Filter{Q: "OLD00007"})
	require.NoError(t, err)
	require.Len(t, old, 1)
	require.Equal(t, rows[7].ClosestNM, old[0].ClosestNM)
	require.NotNil(t, old[0].ClosestLat, "the closest point's place is kept")
	r, _, err := l.Track(t.Context(), old[0].ID)
	require.ErrorIs(t, err, ErrNoTrack)
	require.Equal(t, "OLD00007", r.Ident)
	page, _, err := l.Page(t.Context(), Filter{Q: "FRESH"})
	require.NoError(t, err)
	_, pts, err := l.Track(t.Context(), page[0].ID)
	require.NoError(t, err)
	require.Len(t, pts, 20)
}

// A file of version 2 (issue 50) gets the new columns and index, its rows kept.
func TestVersion2FileGetsTheTrackColumns(t *testing.T) {
	path := filepath.Join(t.TempDir(), "flights.db")
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=journal_mode(WAL)")
	require.NoError(t, err)
	for _, q := range []string{tableSQL("flights", 2), indexSQL, daysSQL, fmt.Sprintf("PRAGMA application_id = %d", AppID), "PRAGMA user_version = 2"} {
		_, err = db.Exec(q)
		require.NoError(t, err)
	}
	_, err = db.Exec(`INSERT INTO flights (icao, icao_hex, ident, first_seen, last_seen, messages, positions, closest_dnm)
		VALUES (4, '000004', 'EZY1', ?, ?, 3, 2, 45)`, day.UnixMilli(), day.Add(time.Minute).UnixMilli())
	require.NoError(t, err)
	require.NoError(t, db.Close())

	l, err := Open(t.Context(), path, zerolog.Nop())
	require.NoError(t, err)
	defer func() { _ = l.Close() }()
	v, _, err := l.marks(t.Context())
	require.NoError(t, err)
	require.Equal(t, 3, v)
	var idx int
	require.NoError(t, l.db.QueryRow("SELECT count(*) FROM sqlite_master WHERE name = 'flights_tracked'").Scan(&idx))
	require.Equal(t, 1, idx)
	got, _, err := l.Page(t.Context(), Filter{From: day, To: day.Add(24 * time.Hour)})
	require.NoError(t, err)
	require.Len(t, got, 1)
	require.Nil(t, got[0].ClosestLat)
	_, _, err = l.Track(t.Context(), got[0].ID)
	require.ErrorIs(t, err, ErrNoTrack, "an old row has no track")
	require.NoError(t, l.Insert(t.Context(), []Row{tracked(1, 5)}))
}

// Coverage is the farthest kept point in each 10° sector of true bearing from home, as an
// independent computation over the rows' tracks finds it; a flight without a track adds
// nothing.
func TestCoverageIsTheFarthestKeptPointPerSector(t *testing.T) {
	l, _ := openTemp(t)
	home := model.Home{Latitude: 51.47, Longitude: -0.45}
	var rows []Row
	for i := range 60 { // flights radiating from near home in every direction
		r := sample(i)
		brg := float64(i) * 7.3 * math.Pi / 180
		r.Track = path(home.Latitude+0.05*math.Cos(brg), home.Longitude+0.05*math.Sin(brg), 0.03*math.Cos(brg), 0.05*math.Sin(brg), 3+i%9)
		rows = append(rows, r)
	}
	none := sample(61)
	none.Positions = 0
	require.NoError(t, l.Insert(t.Context(), append(rows, none)))

	got, err := l.Coverage(t.Context(), day, day.Add(24*time.Hour), home)
	require.NoError(t, err)

	// Independently: every point of every row read back, its bearing by the usual formula.
	type best struct {
		nm float64
		id int64
		at time.Time
	}
	want := map[int]best{}
	page, _, err := l.Page(t.Context(), Filter{From: day, To: day.Add(24 * time.Hour), Limit: 500})
	require.NoError(t, err)
	for _, r := range page {
		_, pts, err := l.Track(t.Context(), r.ID)
		if r.Positions == 0 {
			require.ErrorIs(t, err, ErrNoTrack)
			continue
		}
		require.NoError(t, err)
		for _, p := range pts {
			p1, p2, d := home.Latitude*math.Pi/180, p.Lat*math.Pi/180, (p.Lon-home.Longitude)*math.Pi/180
			brg := math.Atan2(math.Sin(d)*math.Cos(p2), math.Cos(p1)*math.Sin(p2)-math.Sin(p1)*math.Cos(p2)*math.Cos(d)) * 180 / math.Pi
			sector := int(math.Mod(brg+360, 360)) / 10 * 10
			nm := model.DistanceNM(home.Latitude, home.Longitude, p.Lat, p.Lon)
			if b, ok := want[sector]; !ok || nm > b.nm {
				want[sector] = best{nm, r.ID, r.FirstSeen.Add(time.Duration(p.Offset) * time.Second)}
			}
		}
	}
	require.Len(t, got, len(want))
	require.Greater(t, len(want), 20)
	for _, c := range got {
		w := want[c.Bearing]
		require.Equal(t, math.Round(w.nm*10)/10, c.NM, "sector %d", c.Bearing)
		require.Equal(t, w.id, c.ID, "sector %d", c.Bearing)
		require.Equal(t, w.at, c.At, "sector %d", c.Bearing)
	}
	empty, err := l.Coverage(t.Context(), day.Add(-48*time.Hour), day, home)
	require.NoError(t, err)
	require.Empty(t, empty)

	// The writer's summary of the day answers the same, and is what answers: the tracks gone
	// under it, the day's reach stays; a row written into the day forgets it.
	n, err := l.SummariseReach(t.Context(), time.UTC, day.Add(48*time.Hour), home, 0)
	require.NoError(t, err)
	require.Equal(t, 2, n, "the day, and the next (empty)")
	_, err = l.db.Exec("UPDATE flights SET track = NULL")
	require.NoError(t, err)
	summarised, err := l.Coverage(t.Context(), day, day.Add(24*time.Hour), home)
	require.NoError(t, err)
	require.Equal(t, got, summarised)
	require.NoError(t, l.Insert(t.Context(), []Row{tracked(1, 3)}))
	live, err := l.Coverage(t.Context(), day, day.Add(24*time.Hour), home)
	require.NoError(t, err)
	require.NotEqual(t, got, live, "the summary forgotten: the tracks read again")
	require.LessOrEqual(t, len(live), 3)
}

// low_flights_today and max_range_today_nm: counted as flights end, seeded from the log.
func TestTodaysLowFlightsAndReach(t *testing.T) {
	l, _ := openTemp(t)
	home := &model.Home{Latitude: 51.4, Longitude: -0.5}
	now := day.Add(20 * time.Hour)
	var rows []Row
	for i := range 6 {
		r := tracked(i, 10)
		nm, alt := float64(i), 1000*i
		r.ClosestNM, r.ClosestAltitude = &nm, &alt
		rows = append(rows, r)
	}
	far := 0.0
	for _, r := range rows {
		for _, p := range r.Track {
			far = max(far, model.DistanceNM(home.Latitude, home.Longitude, p.Lat, p.Lon))
		}
	}
	live := NewToday(time.UTC)
	live.Thresholds(home, 3, 2500) // within 3 nm and at most 2,500 ft: flights 0, 1, 2
	for i := range rows {
		live.Began(rows[i].IcaoHex, rows[i].FirstSeen, now)
		live.Ended(&rows[i], now)
	}
	require.NoError(t, l.Insert(t.Context(), rows))
	seeded := NewToday(time.UTC)
	seeded.Thresholds(home, 3, 2500)
	require.NoError(t, seeded.Seed(t.Context(), l, now))
	for name, today := range map[string]*Today{"live": live, "seeded": seeded} {
		n := today.Numbers(now)
		require.True(t, n.LowSet, name)
		require.Equal(t, 3, n.LowFlights, name)
		require.NotNil(t, n.Farthest, name)
		require.InDelta(t, far, n.Farthest.NM, 0.06, name)
		require.Equal(t, "EZY5", n.Farthest.Row.Ident, name)
	}
	unset := NewToday(time.UTC)
	unset.Ended(&rows[0], now)
	n := unset.Numbers(now)
	require.False(t, n.LowSet)
	require.Nil(t, n.Farthest, "no home: no reach")
	n = live.Numbers(now.Add(5 * time.Hour))
	require.Zero(t, n.LowFlights, "a new day")
	require.Nil(t, n.Farthest)
}

// The joiner's parts of one flight make one path, in time order, offsets from the first.
func TestJoinedPartsMakeOnePath(t *testing.T) {
	a, b := tracked(1, 5), tracked(1, 5)
	b.FirstSeen = a.FirstSeen.Add(10 * time.Minute)
	b.LastSeen = b.FirstSeen.Add(5 * time.Minute)
	var out []Row
	j := NewJoiner(5*time.Minute, func(r Row) { out = append(out, r) })
	j.Add(b)
	j.Add(a)
	j.Flush()
	require.Len(t, out, 1)
	require.Len(t, out[0].Track, 10)
	require.Equal(t, 0, out[0].Track[0].Offset)
	require.Equal(t, 600, out[0].Track[5].Offset, "the later part's first point, 10 minutes on")
	for i := 1; i < 10; i++ {
		require.GreaterOrEqual(t, out[0].Track[i].Offset, out[0].Track[i-1].Offset)
	}
}

// The track exports (GeoJSON, KML) keep the hours of the local day as the list and the CSV do
// (CONTRACT.md 13.4): with to alone (every day up to it), and past their first chunk of rows
// across a change of the clocks. London's clocks go back on 25 October: hours=12-13 over 24–26
// October keeps the flights begun at 12:xx GMT on the 26th and not the one at 11:30 GMT
// (12:30 by the summer's offset, which the chunks after the first read every row in).
func TestTrackExportsKeepTheLocalHours(t *testing.T) {
	london := zone(t, "Europe/London")
	l, _ := openTemp(t)
	noonGMT := time.Date(2026, 10, 26, 12, 0, 0, 0, time.UTC)
	var rows []Row
	for i := range eachChunk + 5 {
		r := tracked(i%100, 3)
		r.FirstSeen = noonGMT.Add(time.Duration(i) * 3 * time.Second)
		r.LastSeen = r.FirstSeen.Add(time.Minute)
		rows = append(rows, r)
	}
	early := tracked(1, 3)
	early.Ident, early.FirstSeen = "EARLY", noonGMT.Add(-30*time.Minute)
	early.LastSeen = early.FirstSeen.Add(time.Minute)
	rows = append(rows, early)
	require.NoError(t, l.Insert(t.Context(), rows))
	h, err := ParseHours("12-13")
	require.NoError(t, err)
	for _, f := range []Filter{
		{From: time.Date(2026, 10, 24, 0, 0, 0, 0, london), To: time.Date(2026, 10, 27, 0, 0, 0, 0, london), Hours: h, Zone: london},
		{To: time.Date(2026, 10, 27, 0, 0, 0, 0, london), Hours: h, Zone: london},
	} {
		var n int
		require.NoError(t, l.EachTrack(t.Context(), f, func(r *Row) error {
			n++
			require.NotEqual(t, "EARLY", r.Ident, "11:30 GMT is not in 12-13 (from %s)", f.From)
			return nil
		}))
		require.Equal(t, eachChunk+5, n, "from %s", f.From)
	}
}
