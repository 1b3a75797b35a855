//go:build integration

package api_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/api"
	"github.com/tracker-adsb/tracker-core-health/flightlog"
)

// The low-and-close report through the API: within 5 nm, below 20,000 ft, 23:00 to 07:00,
// closest first, paged by 4; every row in order, none twice.
func TestFlightsAPILowAndCloseSortedAndPaged(t *testing.T) {
	f, _ := flightsFixture(t)
	q := "/api/flights?from=2026-11-26&max_nm=5&max_alt=20000&hours=23-07&sort=closest&limit=4"
	var got []map[string]any
	cursor := ""
	for {
		code, body, raw := f.do("GET", q+cursor, nil)
		require.Equal(t, 200, code, string(raw))
		for _, r := range body["flights"].([]any) {
			got = append(got, r.(map[string]any))
		}
		if body["next_cursor"] == nil {
			break
		}
		cursor = "&cursor=" + body["next_cursor"].(string)
	}
	var want []int // flightRow i: at i×10 min, i%40/2 nm, 500×i ft (no home altitude: the lowest seen)
	for i := range 144 {
		if hour := i / 6; i%40 <= 10 && 500*i <= 20000 && (hour >= 23 || hour < 7) {
			want = append(want, i)
		}
	}
	require.Len(t, got, len(want))
	seen := map[float64]bool{}
	for k, r := range got {
		require.False(t, seen[r["id"].(float64)])
		seen[r["id"].(float64)] = true
		if k > 0 {
			require.LessOrEqual(t, got[k-1]["closest_nm"].(float64), r["closest_nm"].(float64), "closest first")
		}
	}
	code, body, _ := f.do("GET", "/api/flights?from=2026-11-26&limit=4&sort=lowest"+cursor, nil)
	if cursor != "" {
		require.Equal(t, 422, code, "a closest cursor under sort=lowest")
		require.Contains(t, body["detail"].([]any)[0].(map[string]any)["msg"], "made for sort=closest")
	}

	_, raw := getRaw(t, f, "/api/flights.csv?from=2026-11-26&max_nm=5&max_alt=20000&hours=23-07&sort=lowest")
	require.Equal(t, 1+len(want), len(splitLines(string(raw))), "the CSV takes the same filter")
}

func splitLines(s string) []string {
	var out []string
	start := 0
	for i := range len(s) {
		if s[i] == '\n' {
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return out
}

func TestFlightsRecordsAndTops(t *testing.T) {
	f, _ := flightsFixture(t)
	_, raw := getRaw(t, f, "/api/flights/records?from=2026-11-20&to=2026-11-26")
	var rec flightlog.Records
	require.NoError(t, json.Unmarshal(raw, &rec))
	require.Equal(t, 0.0, *rec.Closest.ClosestNM)
	require.Equal(t, 0, *rec.Lowest.MinAltitude, "the lowest: no home altitude, the lowest seen")
	require.Equal(t, rec.Closest.ID, rec.Lowest.ID, "flight 0 is both")
	require.Nil(t, rec.Highest, "no row has a max_altitude")
	require.Equal(t, []string{"A320", "B738"}, []string{rec.FirstTimeTypes[0].Key, rec.FirstTimeTypes[1].Key})
	require.Equal(t, "EZY", rec.FirstTimeOperators[0].Key)

	_, raw = getRaw(t, f, "/api/flights/top?from=2026-11-26&by=operator&limit=1")
	var tops []flightlog.Top
	require.NoError(t, json.Unmarshal(raw, &tops))
	require.Equal(t, []flightlog.Top{{Key: "EZY", Name: "easyJet", Flights: 72, Aircraft: 7}}, tops, "even flights: every one of the 7 aircraft")
	_, raw = getRaw(t, f, "/api/flights/top?from=2026-11-26&by=registration")
	require.NoError(t, json.Unmarshal(raw, &tops))
	require.Len(t, tops, 7)
	require.Equal(t, "G-T000", tops[0].Key)
}

func TestFlightsReportRefusesBadParametersByName(t *testing.T) {
	f, _ := flightsFixture(t)
	for _, tc := range []struct{ path, param string }{
		{"/api/flights?sort=nearest", "sort"}, {"/api/flights?hours=07-07", "hours"}, {"/api/flights?hours=25-02", "hours"},
		{"/api/flights?hours=night", "hours"}, {"/api/flights?max_alt=low", "max_alt"}, {"/api/flights?max_alt=1e9", "max_alt"},
		{"/api/flights.csv?sort=up", "sort"}, {"/api/flights/stats?hours=1", "hours"},
		{"/api/flights/records?from=2026-11-26&to=2026-11-25", "to"}, {"/api/flights/records?hours=0-0", "hours"},
		{"/api/flights/top?by=colour", "by"}, {"/api/flights/top", "by"}, {"/api/flights/top?by=type&limit=0", "limit"},
		{"/api/flights/top?by=type&limit=101", "limit"}, {"/api/flights/top?by=type&from=someday", "from"},
	} {
		t.Run(tc.path, func(t *testing.T) {
			code, body, raw := f.do("GET", tc.path, nil)
			require.Equal(t, 422, code, string(raw))
			require.Equal(t, []any{"query", tc.param}, body["detail"].([]any)[0].(map[string]any)["loc"])
		})
	}
	for _, opts := range []api.Options{{}, {FlightLog: "none"}} {
		f := setupWith(t, opts)
		for _, path := range []string{"/api/flights/records", "/api/flights/top?by=type"} {
			code, body, _ := f.do("GET", path, nil)
			require.Equal(t, 503, code, path)
			require.Equal(t, "No flight log: set FLIGHT_LOG", body["detail"], path)
		}
	}
}

// The page's "Low and close" defaults: LOW_NM and LOW_FT in /ui/config.json, absent unset.
func TestUIConfigSaysTheLowThresholds(t *testing.T) {
	f := setupWith(t, api.Options{LowNM: 2.5, LowFT: 3000})
	code, body, raw := f.do("GET", "/ui/config.json", nil)
	require.Equal(t, 200, code, string(raw))
	require.Equal(t, map[string]any{"nm": 2.5, "ft": 3000.0}, body["low"])
	f = setupWith(t, api.Options{})
	_, body, _ = f.do("GET", "/ui/config.json", nil)
	require.NotContains(t, body, "low")
}
