//go:build integration

package api_test

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/api"
	"github.com/tracker-adsb/tracker-core-health/flightlog"
)

// flightsDay is the day the flight log fixtures fly on.
var flightsDay = time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC)

// flightRow is flight i of flightsDay: every 10 minutes, 7 aircraft in turn, easyJet and
// Ryanair in turn, every third matched "low", every fifth military with a 7700.
func flightRow(i int) flightlog.Row {
	alt := 500 * i
	nm := float64(i%40) / 2
	r := flightlog.Row{IcaoHex: fmt.Sprintf("40%04X", i%7), Ident: fmt.Sprintf("%s%d", []string{"EZY", "RYR"}[i%2], 100+i),
		Registration: fmt.Sprintf("G-T%03d", i%7), TypeDesignator: []string{"A320", "B738"}[i%2],
		Operator:  &flightlog.Operator{AirlineDesignator: []string{"EZY", "RYR"}[i%2], Name: []string{"easyJet", "Ryanair"}[i%2]},
		FirstSeen: flightsDay.Add(time.Duration(i) * 10 * time.Minute), Messages: 20, Positions: 10, MinAltitude: &alt, ClosestNM: &nm}
	r.LastSeen = r.FirstSeen.Add(8 * time.Minute)
	if i%3 == 0 {
		r.MatchedRules = []string{"low"}
	}
	if i%5 == 0 {
		r.Military, r.Squawks = true, []string{"7700"}
	}
	return r
}

// flightsFixture serves a log of flightsDay's 144 flights.
func flightsFixture(t *testing.T) (*fixture, *flightlog.Log) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "flights.db")
	l, err := flightlog.Open(t.Context(), path, zerolog.Nop())
	require.NoError(t, err)
	t.Cleanup(func() { _ = l.Close() })
	var rows []flightlog.Row
	for i := range 144 {
		rows = append(rows, flightRow(i))
	}
	require.NoError(t, l.Insert(t.Context(), rows))
	return setupWith(t, api.Options{FlightLog: path, Zone: time.UTC}), l
}

func TestFlightsAPI(t *testing.T) {
	f, l := flightsFixture(t)
	day := "from=2026-11-26"
	count := func(q string) int {
		code, body, raw := f.do("GET", "/api/flights?"+day+"&limit=500&"+q, nil)
		require.Equal(t, 200, code, string(raw))
		return len(body["flights"].([]any))
	}
	require.Equal(t, 144, count(""))
	require.Equal(t, 72, count("operator=EZY"))
	require.Equal(t, 72, count("operator=ryan"))
	require.Equal(t, 72, count("type=b738"))
	require.Equal(t, 48, count("rule=low"))
	require.Equal(t, 29, count("military=true"))
	require.Equal(t, 29, count("emergency=true"))
	require.Equal(t, 115, count("military=false"))
	require.Equal(t, 1, count("q=EZY100"))
	require.Equal(t, 21, count("q=g-t003"))
	require.Equal(t, 4*11, count("max_nm=5"), "0 to 5 nm: 11 of every 40 flights")
	require.Zero(t, count("q=%25"), "a wildcard is text")

	// The rows of one aircraft, paged by 5 while newer rows are written: none twice, none lost.
	seen := map[float64]bool{}
	cursor := ""
	for page := 0; ; page++ {
		q := "/api/flights?" + day + "&q=G-T003&limit=5"
		if cursor != "" {
			q += "&cursor=" + cursor
		}
		code, body, raw := f.do("GET", q, nil)
		require.Equal(t, 200, code, string(raw))
		for _, r := range body["flights"].([]any) {
			id := r.(map[string]any)["id"].(float64)
			require.False(t, seen[id], "row %v twice", id)
			seen[id] = true
		}
		if page == 1 {
			later := flightRow(143 + 7) // the same aircraft, later still: at the head
			later.FirstSeen = flightsDay.Add(23*time.Hour + 59*time.Minute)
			require.NoError(t, l.Insert(t.Context(), []flightlog.Row{later}))
		}
		if body["next_cursor"] == nil {
			break
		}
		cursor = body["next_cursor"].(string)
	}
	require.Len(t, seen, 21, "every row of the first read")

	_, raw := getRaw(t, f, "/api/flights/stats?"+day+"&by=hour")
	var hours []flightlog.Stat
	require.NoError(t, json.Unmarshal(raw, &hours))
	require.Len(t, hours, 24)
	require.Equal(t, flightlog.Stat{Key: "2026-11-26T00:00+00:00", Flights: 6, Aircraft: 6}, hours[0])
	_, raw = getRaw(t, f, "/api/flights/stats?from=2026-11-20&to=2026-11-26&by=day")
	var days []flightlog.Stat
	require.NoError(t, json.Unmarshal(raw, &days))
	require.Len(t, days, 7)
	require.Equal(t, flightlog.Stat{Key: "2026-11-26", Flights: 145, Aircraft: 7}, days[6])

	resp, raw := getRaw(t, f, "/api/flights.csv?"+day+"&operator=EZY")
	require.Equal(t, "text/csv; charset=utf-8", resp.Header.Get("Content-Type"))
	recs, err := csv.NewReader(strings.NewReader(string(raw))).ReadAll()
	require.NoError(t, err)
	require.Equal(t, flightlog.CSVHeader, recs[0])
	require.Len(t, recs, 1+73, "the header and every easyJet row (the one written while paging too)")
}

func getRaw(t *testing.T, f *fixture, path string) (*http.Response, []byte) {
	t.Helper()
	resp, err := http.Get(f.srv.URL + path)
	require.NoError(t, err)
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	require.Equal(t, 200, resp.StatusCode, string(raw))
	return resp, raw
}

func TestFlightsAPIRefusesBadParametersByName(t *testing.T) {
	f, _ := flightsFixture(t)
	for _, tc := range []struct{ query, param string }{
		{"from=yesterday", "from"}, {"to=2026-13-01", "to"}, {"from=2026-11-26&to=2026-11-25", "to"},
		{"military=maybe", "military"}, {"emergency=2", "emergency"}, {"max_nm=-1", "max_nm"}, {"max_nm=far", "max_nm"},
		{"max_nm=NaN", "max_nm"}, {"max_nm=Inf", "max_nm"},
		{"limit=0", "limit"}, {"limit=501", "limit"}, {"cursor=!!", "cursor"},
	} {
		t.Run(tc.query, func(t *testing.T) {
			code, body, raw := f.do("GET", "/api/flights?"+tc.query, nil)
			require.Equal(t, 422, code, string(raw))
			loc := body["detail"].([]any)[0].(map[string]any)["loc"].([]any)
			require.Equal(t, []any{"query", tc.param}, loc)
		})
	}
	code, body, _ := f.do("GET", "/api/flights/stats?by=minute", nil)
	require.Equal(t, 422, code)
	require.Equal(t, []any{"query", "by"}, body["detail"].([]any)[0].(map[string]any)["loc"])
	code, body, raw := f.do("GET", "/api/flights/stats?from=2026-01-01&to=2026-11-26&by=hour", nil)
	require.Equal(t, 422, code, string(raw))
	require.Equal(t, []any{"query", "to"}, body["detail"].([]any)[0].(map[string]any)["loc"], "a range too long for by=hour")
	require.Contains(t, string(raw), "at most 31 days")
}

func TestFlightsAPIWithoutALog(t *testing.T) {
	for _, opts := range []api.Options{{}, {FlightLog: "none"}} {
		f := setupWith(t, opts)
		for _, path := range []string{"/api/flights", "/api/flights/stats", "/api/flights.csv"} {
			code, body, _ := f.do("GET", path, nil)
			require.Equal(t, 503, code, path)
			require.Equal(t, "No flight log: set FLIGHT_LOG", body["detail"], path)
		}
	}
	f := setupWith(t, api.Options{FlightLog: filepath.Join(t.TempDir(), "not-yet.db")})
	code, body, _ := f.do("GET", "/api/flights", nil)
	require.Equal(t, 503, code)
	require.Equal(t, "No flight log yet: tracker-rules watch writes it (FLIGHT_LOG)", body["detail"])
}
