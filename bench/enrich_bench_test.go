package bench

import (
	"bytes"
	"context"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/aircraftdb"
	"github.com/tracker-adsb/tracker-core-health/aircraftdb/shipped"
	"github.com/tracker-adsb/tracker-core-health/enrich"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/rules"
	"github.com/tracker-adsb/tracker-core-health/stages/replay"
)

func shippedDB(b *testing.B) *aircraftdb.DB {
	db, err := shipped.Load()
	if err != nil {
		b.Fatal(err)
	}
	return db
}

// rssBytes is the process's resident set (VmRSS), 0 where /proc is not there.
func rssBytes() int64 {
	raw, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(raw), "\n") {
		if rest, ok := strings.CutPrefix(l, "VmRSS:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb << 10
		}
	}
	return 0
}

// BenchmarkDatabaseLoad: the shipped database, as a program loads it: from the zstd-compressed
// file it ships (built into the binaries, or beside them in the image: unpacked into one
// buffer, checksummed, every reference checked), and from an uncompressed file (tracker-rules db
// build -o aircraft.db), with the resident memory one load adds (RSS after load and GC minus
// before; the unpacked bytes are the database, nothing is unpacked into Go structures).
func BenchmarkDatabaseLoad(b *testing.B) {
	zst, err := os.ReadFile("../aircraftdb/shipped/aircraft.db.zst")
	if err != nil {
		b.Fatal(err)
	}
	db, err := aircraftdb.Decode(zst)
	if err != nil {
		b.Fatal(err)
	}
	_ = db
	dir := b.TempDir()
	plain := dir + "/aircraft.db"
	packed := dir + "/aircraft.db.zst"
	if err := os.WriteFile(packed, zst, 0o600); err != nil {
		b.Fatal(err)
	}
	unpacked, err := unpackedBytes(zst)
	if err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(plain, unpacked, 0o600); err != nil {
		b.Fatal(err)
	}
	for _, f := range []struct{ name, path string }{{"zstd", packed}, {"file", plain}} {
		b.Run(f.name, func(b *testing.B) {
			var keep *aircraftdb.DB
			for b.Loop() {
				if keep, err = aircraftdb.Open(f.path); err != nil {
					b.Fatal(err)
				}
			}
			st, _ := os.Stat(f.path)
			b.ReportMetric(float64(st.Size())/1e6, "MB-file")
			runtime.KeepAlive(keep)
			runtime.GC()
			debug.FreeOSMemory()
			before := rssBytes()
			one, err := aircraftdb.Open(f.path)
			if err != nil {
				b.Fatal(err)
			}
			runtime.GC()
			debug.FreeOSMemory()
			b.ReportMetric(float64(rssBytes()-before)/1e6, "MB-RSS-added")
			runtime.KeepAlive(one)
		})
	}
}

// unpackedBytes is the database file a zstd file holds.
func unpackedBytes(zst []byte) ([]byte, error) {
	d, err := zstd.NewReader(nil)
	if err != nil {
		return nil, err
	}
	defer d.Close()
	return d.DecodeAll(zst, nil)
}

// BenchmarkLookup: one aircraft (by address), one operator, one route with its airports, one
// code-block check: ns each and no allocation.
func BenchmarkLookup(b *testing.B) {
	db := shippedDB(b)
	b.Run("aircraft", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if a, ok := db.Aircraft(0x4CA87D); !ok || a.Registration != "EI-EJH" {
				b.Fatal(a)
			}
		}
	})
	b.Run("operator", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, ok := db.Operator("BAW"); !ok {
				b.Fatal("BAW")
			}
		}
	})
	b.Run("route", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			r, ok := db.Route("BAW12")
			if !ok || r.Airport(1).ICAO != "EGLL" {
				b.Fatal("BAW12")
			}
		}
	})
	b.Run("military-block", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			db.MilitaryBlock(0xAE0B3D)
		}
	})
}

// BenchmarkRouteResolution: the leg of a 3-airport route by the stable heading, with the
// sanity check against 100 positions.
func BenchmarkRouteResolution(b *testing.B) {
	stops := []enrich.Stop{
		{Code: "EGLL", Lat: 51.4706, Lon: -0.461941, OK: true},
		{Code: "LFPG", Lat: 49.0097, Lon: 2.5479, OK: true},
		{Code: "LEPA", Lat: 39.5517, Lon: 2.7388, OK: true},
	}
	t := &model.RouteTrack{NHeadings: 3, Headings: [3]float64{190, 191, 189}}
	for i := range 100 {
		s := 0.2 + 0.003*float64(i)
		t.Positions = append(t.Positions, float32(49.0097+s*(39.5517-49.0097)), float32(2.5479+s*(2.7388-2.5479)))
	}
	b.ReportAllocs()
	for b.Loop() {
		if !enrich.ResolveLeg(stops, t).Found {
			b.Fatal("no leg")
		}
	}
}

// BenchmarkReplayEnriched: replay on the real traffic the replay benchmarks use, without and
// with enrichment (the shipped database; and the upstream data with 350,700 registrants, most
// of the US block, at REGISTRANT_DETAIL=full: the most a flight gets), in one run: the enriched
// throughput against the plain.
func BenchmarkReplayEnriched(b *testing.B) {
	lines := replayTraffic(b)
	input := append(bytes.Join(lines, []byte("\n")), '\n')
	s := replaySet(b, "rare")
	withRegisters, _ := registrantsDB(b)
	registered, err := aircraftdb.Open(withRegisters)
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name string
		db   *aircraftdb.Handle
	}{{"plain", nil}, {"enrich", aircraftdb.Fixed(shippedDB(b))}, {"enrich+registrants", aircraftdb.Fixed(registered)}} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				e := rules.NewEngine(s, 0)
				if c.db != nil {
					en := enrich.New(c.db, zerolog.Nop())
					en.SetRegistrantDetail(model.DetailFull)
					e.SetEnricher(en)
				}
				res, err := replay.Run(context.Background(), bytes.NewReader(input), io.Discard, io.Discard,
					replay.Options{Engine: e, Log: zerolog.Nop()})
				if err != nil || res.Lines != len(lines) {
					b.Fatal(err, res.Lines)
				}
			}
			b.ReportMetric(float64(b.N)*float64(len(lines))/b.Elapsed().Seconds(), "lines/s")
		})
	}
}

// BenchmarkEnrichCoverage reports, on the global snapshot, the share (%) of aircraft that get
// a registration, a type, a model, an engine count, an operator (of those flying an airline
// callsign: 3 letters and a digit) and a route.
func BenchmarkEnrichCoverage(b *testing.B) {
	snap := globalSnapshot(b)
	db := aircraftdb.Fixed(shippedDB(b))
	var reg, typ, mdl, engines, airline, op, route, n int
	for b.Loop() {
		reg, typ, mdl, engines, airline, op, route, n = 0, 0, 0, 0, 0, 0, 0, 0
		e := rules.NewEngine(&rules.Set{}, 0)
		e.SetEnricher(enrich.New(db, zerolog.Nop()))
		msgs := snap.Moving(3)
		for i := range msgs {
			e.Process(&msgs[i])
		}
		for _, m := range snap.Messages(nil) {
			fl := e.Flight(m.IcaoHex)
			n++
			a := fl.Aircraft
			count := func(ok bool, c *int) {
				if ok {
					*c++
				}
			}
			count(a.Registration != "", &reg)
			count(a.TypeDesignator != "", &typ)
			count(a.ManufacturerModel != "", &mdl)
			count(a.Powerplant != nil && a.Powerplant.Count != nil, &engines)
			if _, ok := enrich.Designator(strings.ToUpper(fl.Ident)); ok {
				airline++
				count(!fl.Operator.Empty(), &op)
			}
			count(!fl.Origin.Empty(), &route)
		}
	}
	pct := func(k, of int) float64 { return 100 * float64(k) / float64(of) }
	b.ReportMetric(float64(n), "aircraft")
	b.ReportMetric(pct(reg, n), "%registration")
	b.ReportMetric(pct(typ, n), "%type")
	b.ReportMetric(pct(mdl, n), "%model")
	b.ReportMetric(pct(engines, n), "%engines")
	b.ReportMetric(pct(op, airline), "%operator-of-airline-callsigns")
	b.ReportMetric(pct(route, n), "%route")
}
