//go:build integration

package api_test

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/api"
	"github.com/tracker-adsb/tracker-core-health/flightlog"
	"github.com/tracker-adsb/tracker-core-health/model"
)

var trackHome = &model.Home{Latitude: 51.4, Longitude: -0.5}

// trackRow is a flight of flightsDay with n track points from (lat, lon), a step of (dlat,
// dlon) a minute, its registrant a person (a watch at full stored the name).
func trackRow(i int, ident string, lat, lon, dlat, dlon float64, n int) flightlog.Row {
	r := flightRow(i)
	r.Ident, r.Registrant, r.RegistrantType, r.RegistrantSource = ident, "SMITH JOHN", "Individual", "faa"
	for k := range n {
		alt := 3000 + 100*k
		r.Track = append(r.Track, flightlog.TrackPoint{Lat: lat + float64(k)*dlat, Lon: lon + float64(k)*dlon, Altitude: &alt, Offset: 60 * k})
	}
	if n > 0 {
		c := r.Track[n/2]
		nm := model.DistanceNM(trackHome.Latitude, trackHome.Longitude, c.Lat, c.Lon)
		at := r.FirstSeen.Add(time.Duration(c.Offset) * time.Second)
		r.ClosestNM, r.ClosestLat, r.ClosestLon, r.ClosestAltitude, r.ClosestAt = &nm, &c.Lat, &c.Lon, c.Altitude, &at
	}
	return r
}

// tracksFixture serves three flights: one near home, one across the antimeridian (its ident
// full of XML's characters), one without a position; and the ids by ident.
func tracksFixture(t *testing.T, opts api.Options) (*fixture, map[string]int64) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "flights.db")
	l, err := flightlog.Open(t.Context(), path, zerolog.Nop())
	require.NoError(t, err)
	t.Cleanup(func() { _ = l.Close() })
	near := trackRow(1, "EZY1", 51.3, -0.7, 0.01, 0.02, 20)
	pacific := trackRow(2, `PAC<&>"1`, -16.6, 179.9, 0.002, 0.04, 6)
	none := trackRow(3, "NOPOS", 0, 0, 0, 0, 0)
	none.Positions, none.ClosestNM = 0, nil
	require.NoError(t, l.Insert(t.Context(), []flightlog.Row{near, pacific, none}))
	ids := map[string]int64{}
	require.NoError(t, l.Each(t.Context(), flightlog.Filter{}, func(r *flightlog.Row) error { ids[r.Ident] = r.ID; return nil }))
	opts.FlightLog, opts.Zone = path, time.UTC
	return setupWith(t, opts), ids
}

type geoFeature struct {
	Type     string `json:"type"`
	ID       int64  `json:"id"`
	Geometry struct {
		Type        string          `json:"type"`
		Coordinates json.RawMessage `json:"coordinates"`
	} `json:"geometry"`
	Properties map[string]any `json:"properties"`
}

// lines are a feature's lines: one for a LineString, a part each for a MultiLineString.
func lines(t *testing.T, f geoFeature) [][][]float64 {
	t.Helper()
	var out [][][]float64
	switch f.Geometry.Type {
	case "LineString":
		var l [][]float64
		require.NoError(t, json.Unmarshal(f.Geometry.Coordinates, &l))
		out = append(out, l)
	case "MultiLineString":
		require.NoError(t, json.Unmarshal(f.Geometry.Coordinates, &out))
	default:
		t.Fatalf("geometry %s", f.Geometry.Type)
	}
	for _, l := range out {
		require.GreaterOrEqual(t, len(l), 2, "a line has two positions or more (RFC 7946 3.1.4)")
		for _, c := range l {
			require.Len(t, c, 3, "[lon, lat, alt_m]")
			require.True(t, c[0] >= -180 && c[0] <= 180 && c[1] >= -90 && c[1] <= 90, "within the world: %v", c)
		}
	}
	return out
}

// checkNear asserts the near flight's feature: [lon, lat] order, metres, the closest point, no
// track and no person's name among the properties.
func checkNear(t *testing.T, f geoFeature) {
	t.Helper()
	require.Equal(t, "Feature", f.Type)
	ls := lines(t, f)
	require.Len(t, ls, 1)
	require.Len(t, ls[0], 20)
	require.InDelta(t, -0.7, ls[0][0][0], 1e-9, "longitude first")
	require.InDelta(t, 51.3, ls[0][0][1], 1e-9, "latitude second")
	require.InDelta(t, 3000*0.3048, ls[0][0][2], 8, "metres (25 ft steps)")
	require.Equal(t, "EZY1", f.Properties["ident"])
	require.Equal(t, "Individual", f.Properties["registrant"], "a person's name withheld at standard")
	require.NotContains(t, f.Properties, "track")
	c := f.Properties["closest"].(map[string]any)
	require.InDelta(t, -0.7+10*0.02, c["lon"], 1e-9)
	require.InDelta(t, 51.3+10*0.01, c["lat"], 1e-9)
	require.Contains(t, c, "nm")
	require.Contains(t, c, "at")
}

// checkPacific asserts the path across the antimeridian: cut there, each part within ±180.
func checkPacific(t *testing.T, f geoFeature) {
	t.Helper()
	require.Equal(t, "MultiLineString", f.Geometry.Type)
	ls := lines(t, f)
	require.Len(t, ls, 2)
	end, start := ls[0][len(ls[0])-1], ls[1][0]
	require.Equal(t, 180.0, end[0])
	require.Equal(t, -180.0, start[0])
	require.Equal(t, end[1], start[1], "one crossing point")
}

func TestTrackRoute(t *testing.T) {
	f, ids := tracksFixture(t, api.Options{Home: trackHome})
	for _, tc := range []struct {
		ident string
		check func(*testing.T, geoFeature)
	}{{"EZY1", checkNear}, {`PAC<&>"1`, checkPacific}} {
		code, _, raw := f.do("GET", fmt.Sprintf("/api/flights/%d/track", ids[tc.ident]), nil)
		require.Equal(t, 200, code, string(raw))
		require.NotContains(t, string(raw), "SMITH")
		var feat geoFeature
		require.NoError(t, json.Unmarshal(raw, &feat))
		require.Equal(t, ids[tc.ident], feat.ID)
		tc.check(t, feat)
	}
	code, body, _ := f.do("GET", fmt.Sprintf("/api/flights/%d/track", ids["NOPOS"]), nil)
	require.Equal(t, 404, code)
	require.Contains(t, body["detail"], "has no track")
	code, body, _ = f.do("GET", "/api/flights/9999/track", nil)
	require.Equal(t, 404, code)
	require.Contains(t, body["detail"], "No flight 9999")
	code, body, _ = f.do("GET", "/api/flights/abc/track", nil)
	require.Equal(t, 422, code)
	require.Contains(t, fmt.Sprint(body["detail"]), "id")
}

func TestFlightsGeoJSONAndKML(t *testing.T) {
	f, _ := tracksFixture(t, api.Options{Home: trackHome})
	code, _, raw := f.do("GET", "/api/flights.geojson?from=2026-11-26", nil)
	require.Equal(t, 200, code, string(raw))
	require.NotContains(t, string(raw), "SMITH")
	var fc struct {
		Type     string       `json:"type"`
		Features []geoFeature `json:"features"`
	}
	require.NoError(t, json.Unmarshal(raw, &fc))
	require.Equal(t, "FeatureCollection", fc.Type)
	require.Len(t, fc.Features, 2, "the flights with a track: a path Feature each")
	byIdent := map[string]geoFeature{}
	for _, ft := range fc.Features {
		byIdent[ft.Properties["ident"].(string)] = ft
	}
	checkNear(t, byIdent["EZY1"])
	checkPacific(t, byIdent[`PAC<&>"1`])
	code, _, raw = f.do("GET", "/api/flights.geojson?from=2026-11-26&q=EZY1", nil)
	require.Equal(t, 200, code)
	require.NoError(t, json.Unmarshal(raw, &fc))
	require.Len(t, fc.Features, 1, "the list's filter")
	code, body, _ := f.do("GET", "/api/flights.geojson?from=yesterday", nil)
	require.Equal(t, 422, code)
	require.Contains(t, fmt.Sprint(body["detail"]), "from")

	code, _, raw = f.do("GET", "/api/flights.kml?from=2026-11-26", nil)
	require.Equal(t, 200, code, string(raw))
	require.NotContains(t, string(raw), "SMITH")
	var doc struct {
		Placemarks []struct {
			Name string `xml:"name"`
			Line *struct {
				Coordinates string `xml:"coordinates"`
			} `xml:"LineString"`
			Multi *struct {
				Lines []struct {
					Coordinates string `xml:"coordinates"`
				} `xml:"LineString"`
			} `xml:"MultiGeometry"`
			Point *struct {
				Coordinates string `xml:"coordinates"`
			} `xml:"Point"`
		} `xml:"Document>Placemark"`
	}
	require.NoError(t, xml.Unmarshal(raw, &doc))
	require.Len(t, doc.Placemarks, 4, "per flight its path and its closest point")
	names := map[string]bool{}
	for _, p := range doc.Placemarks {
		names[p.Name] = true
		if p.Line != nil {
			first := strings.Fields(p.Line.Coordinates)[0]
			require.True(t, strings.HasPrefix(first, "-0.7,51.3,"), "lon,lat,alt: %s", first)
		}
		if p.Multi != nil {
			require.Len(t, p.Multi.Lines, 2, "cut at the antimeridian")
		}
	}
	require.True(t, names[`PAC<&>"1 (G-T002)`], "the name escaped, read back whole: %v", names)
}

func TestCoverageRoute(t *testing.T) {
	f, ids := tracksFixture(t, api.Options{Home: trackHome})
	code, _, raw := f.do("GET", "/api/coverage?from=2026-11-26", nil)
	require.Equal(t, 200, code, string(raw))
	var reach []flightlog.Reach
	require.NoError(t, json.Unmarshal(raw, &reach))
	require.NotEmpty(t, reach)
	farthest := 0.0
	for _, r := range reach {
		require.Zero(t, r.Bearing%10)
		require.NotEqual(t, ids["NOPOS"], r.ID, "no position: no point")
		farthest = max(farthest, r.NM)
	}
	require.Greater(t, farthest, 8000.0, "the Pacific flight, from London")
	code, body, _ := f.do("GET", "/api/coverage?from=2026-13-01", nil)
	require.Equal(t, 422, code)
	require.Contains(t, fmt.Sprint(body["detail"]), "from")

	homeless, _ := tracksFixture(t, api.Options{})
	code, body, _ = homeless.do("GET", "/api/coverage", nil)
	require.Equal(t, 409, code)
	require.Contains(t, body["detail"], "HOME_LAT")
}
