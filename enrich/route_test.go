package enrich_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/enrich"
	"github.com/tracker-adsb/tracker-core-health/model"
)

var (
	egll = enrich.Stop{Code: "EGLL", Lat: 51.4706, Lon: -0.461941, OK: true}
	egkk = enrich.Stop{Code: "EGKK", Lat: 51.148102, Lon: -0.190278, OK: true}
	lfpg = enrich.Stop{Code: "LFPG", Lat: 49.0097, Lon: 2.5479, OK: true}
	lepa = enrich.Stop{Code: "LEPA", Lat: 39.5517, Lon: 2.7388, OK: true}
	nope = enrich.Stop{Code: "XXXX"} // no coordinates
)

// along is the point at share s of the way from a to b (linear: these legs are short enough).
func along(a, b enrich.Stop, s float64) [2]float64 {
	return [2]float64{a.Lat + s*(b.Lat-a.Lat), a.Lon + s*(b.Lon-a.Lon)}
}

// track builds what the enricher would have kept: positions (the first at altitude alt),
// the first vertical speed (0: none) and the last headings.
func track(alt, vs float64, headings []float64, pos ...[2]float64) *model.RouteTrack {
	t := &model.RouteTrack{}
	for i, p := range pos {
		if i == 0 {
			t.First = model.Position{Latitude: model.OptFloat{V: p[0], OK: true}, Longitude: model.OptFloat{V: p[1], OK: true}, Altitude: model.OptFloat{V: alt, OK: true}}
			t.HasFirst, t.AltitudeSeen = true, true
		}
		t.Positions = append(t.Positions, float32(p[0]), float32(p[1]))
	}
	if vs != 0 {
		t.FirstVertical = model.OptFloat{V: vs, OK: true}
	}
	for _, h := range headings {
		t.Headings[t.NHeadings%3] = h
		t.NHeadings++
	}
	return t
}

func TestResolveLeg(t *testing.T) {
	south := []float64{190, 192, 188} // stable, toward Palma from Paris
	for _, tc := range []struct {
		name   string
		stops  []enrich.Stop
		track  *model.RouteTrack
		want   enrich.Resolution
		reason string
	}{
		{"no route", nil, track(30000, 0, south, along(lfpg, lepa, .5)), enrich.Resolution{Final: true}, "fewer than 2 airports"},
		{"one airport", []enrich.Stop{egll}, track(30000, 0, south, along(lfpg, lepa, .5)), enrich.Resolution{Final: true}, "fewer than 2 airports"},
		{"two airports: that leg, no heading needed", []enrich.Stop{lfpg, lepa}, track(30000, 0, []float64{10}, along(lfpg, lepa, .2), along(lfpg, lepa, .6)),
			enrich.Resolution{Leg: enrich.Leg{From: 0, To: 1}, Found: true, Final: true}, ""},
		{"geometry: far off the leg (cross-track)", []enrich.Stop{lfpg, lepa}, track(30000, 0, south, along(lfpg, lepa, .5), [2]float64{44, 12}),
			enrich.Resolution{Final: true}, "a position too far off the leg"},
		{"geometry: before the origin (along-track)", []enrich.Stop{lfpg, lepa}, track(30000, 0, south, [2]float64{51.2, 2.5}, along(lfpg, lepa, .2)),
			enrich.Resolution{Final: true}, "a position before the origin or past the destination"},
		{"holding pattern past the destination", []enrich.Stop{lfpg, lepa}, track(8000, 0, south, along(lfpg, lepa, .9), [2]float64{37.8, 2.74}, [2]float64{37.9, 2.8}),
			enrich.Resolution{Final: true}, "a position before the origin or past the destination"},
		{"proximity climbing: the airport with a next one", []enrich.Stop{egll, lfpg, lepa}, track(3000, 1500, []float64{140}, [2]float64{51.45, -0.40}),
			enrich.Resolution{Leg: enrich.Leg{From: 0, To: 1}, Found: true, Final: true}, ""},
		{"proximity descending: the airport with a previous one", []enrich.Stop{egll, lfpg, lepa}, track(6000, -1200, []float64{140}, [2]float64{49.1, 2.4}),
			enrich.Resolution{Leg: enrich.Leg{From: 0, To: 1}, Found: true, Final: true}, ""},
		{"proximity: too high, heading unstable: ask again", []enrich.Stop{egll, lfpg, lepa}, track(12000, 1500, []float64{140, 200, 90}, [2]float64{51.45, -0.40}),
			enrich.Resolution{}, "heading not stable yet"},
		{"proximity: no vertical speed, two headings only: ask again", []enrich.Stop{egll, lfpg, lepa}, track(3000, 0, []float64{140, 141}, [2]float64{51.45, -0.40}),
			enrich.Resolution{}, "heading not stable yet"},
		{"proximity: two near airports with a next one, then the heading", []enrich.Stop{egll, egkk, lepa}, track(2000, 800, []float64{175, 176, 174}, [2]float64{51.31, -0.33}),
			enrich.Resolution{Leg: enrich.Leg{From: 1, To: 2}, Found: true, Final: true}, ""},
		{"heading choice: the stable heading picks Paris → Palma", []enrich.Stop{egll, lfpg, lepa}, track(35000, 0, south, along(lfpg, lepa, .3), along(lfpg, lepa, .35)),
			enrich.Resolution{Leg: enrich.Leg{From: 1, To: 2}, Found: true, Final: true}, ""},
		{"heading choice: nothing within 30°", []enrich.Stop{egll, lfpg, lepa}, track(35000, 0, []float64{90, 91, 89}, along(lfpg, lepa, .3)),
			enrich.Resolution{Final: true}, "no leg within 30° of the heading"},
		{"heading choice: the runner-up less than 15° worse", []enrich.Stop{egll, egkk, lfpg}, track(35000, 0, []float64{145, 146, 144}, along(egkk, lfpg, .5)),
			enrich.Resolution{Final: true}, "two legs within 15° of each other"},
		{"sanity: the endpoints are the same", []enrich.Stop{egll, egll}, track(30000, 0, south, along(egll, lfpg, .1)),
			enrich.Resolution{Final: true}, "the endpoints are the same"},
		{"sanity: an endpoint lacks coordinates", []enrich.Stop{egll, nope}, track(30000, 0, south, along(egll, lfpg, .1)),
			enrich.Resolution{Final: true}, "an endpoint lacks coordinates"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := enrich.ResolveLeg(tc.stops, tc.track)
			require.Equal(t, tc.reason, got.Reason)
			got.Reason = ""
			require.Equal(t, tc.want, got)
		})
	}
}

func TestResolveLegAllocatesNothing(t *testing.T) {
	stops := []enrich.Stop{egll, lfpg, lepa}
	tr := track(35000, 0, []float64{190, 192, 188}, along(lfpg, lepa, .3), along(lfpg, lepa, .35))
	allocs := testing.AllocsPerRun(100, func() {
		if !enrich.ResolveLeg(stops, tr).Found {
			panic("no leg")
		}
	})
	require.Zero(t, allocs)
}

func TestDistanceAndBearing(t *testing.T) {
	require.InDelta(t, 187.55, enrich.Distance(egll.Lat, egll.Lon, lfpg.Lat, lfpg.Lon), 0.1) // ≈ 347 km
	require.InDelta(t, 0, enrich.Bearing(0, 0, 1, 0), 1e-9)
	require.InDelta(t, 90, enrich.Bearing(0, 0, 0, 1), 1e-9)
	require.InDelta(t, 270, enrich.Bearing(0, 0, 0, -1), 1e-9)
}
