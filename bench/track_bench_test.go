package bench

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"io"
	"math"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/flightlog"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/rules"
	"github.com/tracker-adsb/tracker-core-health/stages/readsb"
	"github.com/tracker-adsb/tracker-core-health/stages/replay"
)

// everyFive is the snapshot's traffic as a feed gives it: for rounds × 5 s, each aircraft's
// message every 5 s, moved along its track at its ground speed and climbing at its baro_rate
// (an aircraft without a speed and track stays put); the first `aircraft` aircraft (0: all).
func everyFive(snap *readsb.Snapshot, rounds, aircraft int) []model.AircraftMessage {
	base := snap.Messages(nil)
	if aircraft > 0 && aircraft < len(base) {
		base = base[:aircraft]
	}
	out := make([]model.AircraftMessage, 0, rounds*len(base))
	for k := range rounds {
		s := float64(5 * k)
		for _, m := range base {
			m.ReceivedAt = m.ReceivedAt.Add(time.Duration(s) * time.Second)
			if m.Latitude != nil && m.Longitude != nil && m.Velocity != nil && m.Heading != nil && k > 0 {
				nm := *m.Velocity * s / 3600
				lat := *m.Latitude + nm/60*math.Cos(*m.Heading*math.Pi/180)
				lon := *m.Longitude + nm/60*math.Sin(*m.Heading*math.Pi/180)/math.Cos(*m.Latitude*math.Pi/180)
				m.Latitude, m.Longitude = &lat, &lon
			}
			if m.Altitude != nil && m.VerticalSpeed != nil && k > 0 {
				alt := max(0, *m.Altitude+*m.VerticalSpeed*s/60)
				m.Altitude = &alt
			}
			out = append(out, m)
		}
	}
	return out
}

// BenchmarkTrackSize: the global snapshot's 8,423 aircraft with a message every 5 s for 20
// minutes (240 each, from their positions, tracks, speeds and climb rates) through the engine
// that keeps the tracks, into a flight log: bytes of track a flight on average (≤ 1,500), and
// the whole file a flight once every track aged out (≤ 250).
func BenchmarkTrackSize(b *testing.B) {
	msgs := everyFive(globalSnapshot(b), 240, 0)
	home := &model.Home{Latitude: 51.47, Longitude: -0.45}
	ctx := context.Background()
	for b.Loop() {
		e := rules.NewEngine(&rules.Set{}, 0)
		e.TrackFlights(home)
		for i := range msgs {
			e.Process(&msgs[i])
		}
		e.EndAll()
		var rows []flightlog.Row
		for f := range e.Ended() {
			rows = append(rows, flightlog.RowOf(f))
		}
		b.StopTimer()
		path := filepath.Join(b.TempDir(), "flights.db")
		l, err := flightlog.Open(ctx, path, zerolog.Nop())
		if err != nil {
			b.Fatal(err)
		}
		if err := l.Insert(ctx, rows); err != nil {
			b.Fatal(err)
		}
		var avg, points float64
		var tracked int
		db := openRaw(b, path)
		if err := db.QueryRow("SELECT avg(length(track)), count(track) FROM flights").Scan(&avg, &tracked); err != nil {
			b.Fatal(err)
		}
		_ = db.Close()
		for _, r := range rows {
			points += float64(len(r.Track))
		}
		if _, err := l.DropTracks(ctx, time.Now()); err != nil {
			b.Fatal(err)
		}
		_ = l.Close()
		b.ReportMetric(avg, "track-bytes/flight")
		b.ReportMetric(points/float64(tracked), "points/flight")
		b.ReportMetric(float64(fileSize(path))/float64(len(rows)), "aged-file-bytes/flight")
		b.ReportMetric(float64(len(rows)), "flights")
		b.StartTimer()
	}
}

func openRaw(b *testing.B, path string) *sql.DB {
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		b.Fatal(err)
	}
	return db
}

func fileSize(path string) int64 {
	var n int64
	for _, p := range []string{path, path + "-wal"} {
		if st, err := os.Stat(p); err == nil {
			n += st.Size()
		}
	}
	return n
}

// BenchmarkReplayTracks: replay without and with --flight-log (tracks kept) on the feed's
// shape of a live receiver: 1,500 of the snapshot's aircraft, a message every 5 s for 20
// minutes (360,000 lines). Each iteration runs both, one after the other, so that both see
// the same load of a shared machine; the ratio of their speeds is the number to keep (≥ 0.90).
func BenchmarkReplayTracks(b *testing.B) {
	var lines [][]byte
	for _, m := range everyFive(globalSnapshot(b), 240, 1500) {
		line, _ := json.Marshal(m)
		lines = append(lines, line)
	}
	input := append(bytes.Join(lines, []byte("\n")), '\n')
	s := replaySet(b, "rare")
	var plain, logged time.Duration
	for b.Loop() {
		for _, withLog := range []bool{false, true} {
			o := replay.Options{Engine: rules.NewEngine(s, 0), Log: zerolog.Nop()}
			if withLog { // as replay --flight-log
				o.FlightLog, o.Home = filepath.Join(b.TempDir(), "f.db"), &model.Home{Latitude: 51.47, Longitude: -0.45}
			}
			start := time.Now()
			res, err := replay.Run(context.Background(), bytes.NewReader(input), io.Discard, io.Discard, o)
			if err != nil || res.Lines != len(lines) {
				b.Fatal(err, res.Lines)
			}
			if withLog {
				logged += time.Since(start)
			} else {
				plain += time.Since(start)
			}
		}
	}
	n := float64(b.N) * float64(len(lines))
	b.ReportMetric(n/plain.Seconds(), "plain-lines/s")
	b.ReportMetric(n/logged.Seconds(), "flight-log-lines/s")
	b.ReportMetric(plain.Seconds()/logged.Seconds(), "ratio")
}

// bigTrack is a flight's path as the engine keeps it: 20 minutes past home in a straight
// line at 420 kt, a point a minute, descending 400 ft a minute (21 points).
func bigTrack(i int) []flightlog.TrackPoint {
	brg := float64(i%360) * math.Pi / 180
	lat0, lon0 := 51.47-0.6*math.Cos(brg), -0.45-1.0*math.Sin(brg)
	out := make([]flightlog.TrackPoint, 21)
	for k := range out {
		alt := 12000 - 400*k + i%1000
		out[k] = flightlog.TrackPoint{Lat: lat0 + 0.06*float64(k)*math.Cos(brg), Lon: lon0 + 0.1*float64(k)*math.Sin(brg), Altitude: &alt, Offset: 60 * k}
	}
	return out
}

// BenchmarkTrackQueries: on 1.8 M rows (90 days × 20,000 flights) whose last 14 days have
// their tracks (bigLog's, tracks added once): a flight's track (≤ 10 ms) and coverage over
// 30 days (≤ 500 ms), the last of them in progress (read from the tracks), the others from
// the days' summaries; and, for comparison, 30 complete days read from the tracks alone (no
// summary from this home: another home).
func BenchmarkTrackQueries(b *testing.B) {
	l, last := bigLog(b)
	ctx := context.Background()
	home := benchHome
	var id int64
	err := l.EachTrack(ctx, flightlog.Filter{From: last, To: last.AddDate(0, 0, 1)}, func(r *flightlog.Row) error {
		id = r.ID
		return errStop
	})
	if err != errStop || id == 0 {
		b.Skip("no tracks in the bench log (a FLIGHTLOG_BENCH_FILE made before issue 54: remove it to make it again)")
	}
	b.Run("track", func(b *testing.B) {
		cpu := cpuTime()
		for b.Loop() {
			_, pts, err := l.Track(ctx, id)
			if err != nil || len(pts) != 21 {
				b.Fatal(err, len(pts))
			}
		}
		reportCPU(b, cpu)
	})
	b.Run("coverage-30-days", func(b *testing.B) { // 29 days summarised, the 30th half gone: 10,000 flights' tracks read
		cpu := cpuTime()
		for b.Loop() {
			reach, err := l.Coverage(ctx, last.AddDate(0, 0, -29), last.Add(12*time.Hour), home)
			if err != nil || len(reach) != flightlog.Sectors {
				b.Fatal(err, len(reach))
			}
		}
		reportCPU(b, cpu)
	})
	b.Run("coverage-30-days-no-summaries", func(b *testing.B) {
		other := model.Home{Latitude: 51.5, Longitude: -0.4}
		cpu := cpuTime()
		for b.Loop() {
			reach, err := l.Coverage(ctx, last.AddDate(0, 0, -29), last.AddDate(0, 0, 1), other)
			if err != nil || len(reach) != flightlog.Sectors {
				b.Fatal(err, len(reach))
			}
		}
		reportCPU(b, cpu)
	})
}

// cpuTime is the process's CPU time so far (user and system): on a machine others share, the
// time a query costs whatever the load, beside the wall clock's ns/op.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func reportCPU(b *testing.B, since time.Duration) {
	b.ReportMetric(float64((cpuTime()-since).Milliseconds())/float64(b.N), "cpu-ms/op")
}

var errStop = &stopError{}

type stopError struct{}

func (*stopError) Error() string { return "stop" }
