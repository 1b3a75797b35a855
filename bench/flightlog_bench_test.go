package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/flightlog"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/rules"
	"github.com/tracker-adsb/tracker-core-health/stages/replay"
)

// benchRow is a realistic flight: an airline flight with a route, a registration, a closest
// approach, now and then a rule and a watchlist entry.
func benchRow(i int, first time.Time) flightlog.Row {
	alt, maxAlt, spd, calt := 1000+i%30000, 5000+i%35000, 200+i%300, 2000+i%9000
	nm := float64(i%600) / 10
	at := first.Add(3 * time.Minute)
	r := flightlog.Row{IcaoHex: fmt.Sprintf("%06X", 0x400000+i%40000), Ident: fmt.Sprintf("%s%d", []string{"EZY", "RYR", "BAW", "DLH"}[i%4], 10+i%9000),
		Squawks: []string{fmt.Sprintf("%04o", i%4096)}, Registration: fmt.Sprintf("G-%c%c%c%c", 'A'+i%26, 'A'+i/26%26, 'A'+i/676%26, 'A'+i/17576%26),
		TypeDesignator: []string{"A320", "B738", "A20N", "B77W"}[i%4], ManufacturerModel: []string{"AIRBUS A-320", "BOEING 737-800", "AIRBUS A-320neo", "BOEING 777-300ER"}[i%4],
		Operator: &flightlog.Operator{AirlineDesignator: []string{"EZY", "RYR", "BAW", "DLH"}[i%4], Name: []string{"easyJet", "Ryanair", "British Airways", "Lufthansa"}[i%4]},
		Origin:   "EGLL", Destination: "LEPA", FirstSeen: first, LastSeen: first.Add(7 * time.Minute), Messages: 40 + i%400, Positions: 20 + i%200,
		MinAltitude: &alt, MaxAltitude: &maxAlt, MaxSpeed: &spd, ClosestNM: &nm, ClosestAt: &at, ClosestAltitude: &calt,
		ReceiverSources: []string{"1090"}}
	if i%50 == 0 {
		r.MatchedRules = []string{"heathrow-low"}
	}
	if i%200 == 0 {
		r.Watchlist = &flightlog.Watch{List: "plane-alert", Group: "gov", Category: "Government"}
	}
	return r
}

// BenchmarkFlightLogWrite: 100,000 flights through the writer as replay runs it (beside the
// caller, a transaction every 4,096 rows) into a new file: seconds for all, and bytes on disk
// a flight.
func BenchmarkFlightLogWrite(b *testing.B) {
	const n = 100000
	rows := make([]flightlog.Row, n)
	t0 := time.Date(2026, 11, 27, 0, 0, 0, 0, time.UTC)
	for i := range rows {
		rows[i] = benchRow(i, t0.Add(time.Duration(i)*time.Second))
	}
	for b.Loop() {
		b.StopTimer()
		path := filepath.Join(b.TempDir(), "flights.db")
		l, err := flightlog.Open(context.Background(), path, zerolog.Nop())
		if err != nil {
			b.Fatal(err)
		}
		w := flightlog.NewWriter(l, flightlog.WriterOptions{MaxBatch: 4096}, zerolog.Nop())
		b.StartTimer()
		ran := make(chan struct{})
		go func() { _ = w.Run(context.Background()); close(ran) }()
		for _, r := range rows {
			w.AddWait(context.Background(), r)
		}
		w.Close()
		<-ran
		b.StopTimer()
		if w.C.Rows.Load() != n {
			b.Fatal(w.C.Rows.Load(), w.C.Dropped.Load())
		}
		_ = l.Close()
		st, _ := os.Stat(path)
		wal, _ := os.Stat(path + "-wal")
		size := st.Size()
		if wal != nil {
			size += wal.Size()
		}
		b.ReportMetric(float64(size)/n, "bytes/flight")
		b.StartTimer()
	}
	b.ReportMetric(b.Elapsed().Seconds()/float64(b.N), "s/100k")
}

// benchHome is the big log's home (its tracks pass it; its days' reach summarised from it).
var benchHome = model.Home{Latitude: 51.47, Longitude: -0.45}

// bigLog is a log of 90 days × 20,000 flights (1.8 M rows), the last 14 days' with their
// tracks (21 points each), made once (≈ 1 min) and reused by
// the query benchmarks through FLIGHTLOG_BENCH_FILE when set, with the daily summaries the
// writer keeps (in UTC): the counts, and the reach from benchHome.
func bigLog(b *testing.B) (*flightlog.Log, time.Time) {
	b.Helper()
	last := time.Date(2026, 11, 27, 0, 0, 0, 0, time.UTC)
	path := os.Getenv("FLIGHTLOG_BENCH_FILE")
	if path == "" {
		path = filepath.Join(b.TempDir(), "flights.db")
	}
	_, missing := os.Stat(path)
	l, err := flightlog.Open(context.Background(), path, zerolog.Nop()) // an older file migrated
	if err != nil {
		b.Fatal(err)
	}
	if missing != nil {
		batch := make([]flightlog.Row, 0, 20000)
		for d := range 90 {
			day := last.AddDate(0, 0, d-89)
			batch = batch[:0]
			for i := range 20000 {
				r := benchRow(d*20000+i, day.Add(time.Duration(i)*86400*time.Second/20000))
				if d >= 90-14 { // the last 14 days keep their tracks (FLIGHT_LOG_TRACK_DAYS)
					r.Track = bigTrack(d*20000 + i)
					r.ClosestLat, r.ClosestLon = &r.Track[10].Lat, &r.Track[10].Lon
				}
				batch = append(batch, r)
			}
			if err := l.Insert(context.Background(), batch); err != nil {
				b.Fatal(err)
			}
		}
	}
	if _, err := l.Summarise(context.Background(), time.UTC, last.AddDate(0, 0, 1), 0); err != nil {
		b.Fatal(err)
	}
	if _, err := l.SummariseReach(context.Background(), time.UTC, last.AddDate(0, 0, 1), benchHome, 0); err != nil {
		b.Fatal(err)
	}
	_ = l.Close()
	l, err = flightlog.OpenReadOnly(context.Background(), path, flightlog.ReadOptions{})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { _ = l.Close() })
	return l, last
}

// BenchmarkFlightLogQuery: on 1.8 M rows, one day's first page with a filter, the stats by
// hour of a day, and by day over 90 days.
func BenchmarkFlightLogQuery(b *testing.B) {
	l, last := bigLog(b)
	ctx := context.Background()
	dayF := flightlog.Filter{From: last, To: last.AddDate(0, 0, 1)}
	b.Run("page-filtered", func(b *testing.B) {
		f := dayF
		f.Operator, f.Limit = "EZY", 100
		for b.Loop() {
			rows, _, err := l.Page(ctx, f)
			if err != nil || len(rows) != 100 {
				b.Fatal(err, len(rows))
			}
		}
	})
	b.Run("export-7-days", func(b *testing.B) { // 140,000 rows through Each, as the CSV reads them
		f := flightlog.Filter{From: last.AddDate(0, 0, -6), To: last.AddDate(0, 0, 1)}
		for b.Loop() {
			n := 0
			if err := l.Each(ctx, f, func(*flightlog.Row) error { n++; return nil }); err != nil || n != 140000 {
				b.Fatal(err, n)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/140000, "ns/row")
	})
	b.Run("stats-hour", func(b *testing.B) {
		for b.Loop() {
			s, err := l.Stats(ctx, dayF, "hour", time.UTC)
			if err != nil || len(s) != 24 {
				b.Fatal(err, len(s))
			}
		}
	})
	b.Run("stats-day-90", func(b *testing.B) { // the daily summaries
		f := flightlog.Filter{From: last.AddDate(0, 0, -89), To: last.AddDate(0, 0, 1)}
		for b.Loop() {
			s, err := l.Stats(ctx, f, "day", time.UTC)
			if err != nil || len(s) != 90 || s[89].Flights != 20000 {
				b.Fatal(err, len(s))
			}
		}
	})
	b.Run("stats-day-90-live", func(b *testing.B) { // another zone's days: no summary, a query a day
		tokyo, _ := time.LoadLocation("Asia/Tokyo")
		f := flightlog.Filter{From: time.Date(2026, 8, 30, 0, 0, 0, 0, tokyo), To: time.Date(2026, 11, 28, 0, 0, 0, 0, tokyo)}
		for b.Loop() {
			s, err := l.Stats(ctx, f, "day", tokyo)
			if err != nil || len(s) != 90 {
				b.Fatal(err, len(s))
			}
		}
	})
}

// BenchmarkReplayFlightLog: replay of the real traffic with and without a flight log being
// written, in one run, for three shapes of traffic: the replay benchmarks' (8,423 flights of 3
// messages each, all in view at once: every row is written after the last line, when the
// flights end); the same flights spread over a day (the aircraft in 24 hourly groups, as a
// day's recording: flights end, and are written, while the replay goes on); and the aircraft
// moving for a minute (60 messages a flight: a live feed gives one a second, so a 10-minute
// pass is 600).
func BenchmarkReplayFlightLog(b *testing.B) {
	snap := globalSnapshot(b)
	for _, shape := range []struct {
		name   string
		per    int
		spread bool
	}{{"3-messages", 3, false}, {"3-messages-over-a-day", 3, true}, {"60-messages", 60, false}} {
		msgs := snap.Moving(shape.per)
		if shape.spread {
			group := map[string]time.Duration{}
			for _, m := range msgs {
				if _, ok := group[m.IcaoHex]; !ok {
					group[m.IcaoHex] = time.Duration(len(group)%24) * time.Hour
				}
			}
			for i := range msgs {
				msgs[i].ReceivedAt = msgs[i].ReceivedAt.Add(group[msgs[i].IcaoHex])
			}
			slices.SortStableFunc(msgs, func(a, b model.AircraftMessage) int { return a.ReceivedAt.Compare(b.ReceivedAt) })
		}
		var lines [][]byte
		for _, m := range msgs {
			line, _ := json.Marshal(m)
			lines = append(lines, line)
		}
		b.Run(shape.name, func(b *testing.B) { replayFlightLog(b, lines) })
	}
}

func replayFlightLog(b *testing.B, lines [][]byte) {
	input := append(bytes.Join(lines, []byte("\n")), '\n')
	s := replaySet(b, "rare")
	for _, logged := range []bool{false, true} {
		name := "plain"
		if logged {
			name = "flight-log"
		}
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				e := rules.NewEngine(s, 0)
				o := replay.Options{Engine: e, Log: zerolog.Nop()}
				if logged { // as replay --flight-log
					o.FlightLog, o.Home = filepath.Join(b.TempDir(), "f.db"), &model.Home{Latitude: 51.47, Longitude: -0.45}
				}
				res, err := replay.Run(context.Background(), bytes.NewReader(input), io.Discard, io.Discard, o)
				if err != nil || res.Lines != len(lines) {
					b.Fatal(err, res.Lines)
				}
			}
			b.ReportMetric(float64(b.N)*float64(len(lines))/b.Elapsed().Seconds(), "lines/s")
		})
	}
}
