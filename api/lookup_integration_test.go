//go:build integration

package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/aircraftdb"
	"github.com/tracker-adsb/tracker-core-health/aircraftdb/shipped"
	"github.com/tracker-adsb/tracker-core-health/api"
	"github.com/tracker-adsb/tracker-core-health/config"
	"github.com/tracker-adsb/tracker-core-health/internal/testenv"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/pipeline"
	"github.com/tracker-adsb/tracker-core-health/stages/keeper"
)

func shippedFixture(t *testing.T) *fixture {
	db, err := shipped.Load()
	require.NoError(t, err)
	return setupWith(t, api.Options{AircraftDB: aircraftdb.Fixed(db)})
}

func list(t *testing.T, raw []byte) []map[string]any {
	var out []map[string]any
	require.NoError(t, json.Unmarshal(raw, &out), string(raw))
	return out
}

// Type and operator suggestions, as a person expects: the code itself, then the radio
// callsign or the whole name, then what starts with the text, then names with a word that
// does, then anything holding it; ties by how common (routes of an operator, aircraft of a
// type); at most 20; a missing or overlong text is 422.
func TestLookupSuggestions(t *testing.T) {
	f := shippedFixture(t)
	for _, tc := range []struct {
		path, key string
		want      []string // the first answers, in order
		check     func(t *testing.T, first map[string]any)
	}{
		{"/api/lookup/operators?q=EZY", "airline_designator", []string{"EZY"}, func(t *testing.T, first map[string]any) {
			require.Contains(t, strings.ToLower(first["name"].(string)), "easyjet")
		}},
		{"/api/lookup/operators?q=easy", "airline_designator", []string{"EZY"}, func(t *testing.T, _ map[string]any) {}}, // radio callsign EASY
		{"/api/lookup/operators?q=ryan", "airline_designator", []string{"RYR"}, func(t *testing.T, _ map[string]any) {}},
		{"/api/lookup/operators?q=lufthansa", "airline_designator", []string{"DLH"}, func(t *testing.T, _ map[string]any) {}},
		{"/api/lookup/operators?q=speedbird", "airline_designator", []string{"BAW"}, func(t *testing.T, _ map[string]any) {}},
		{"/api/lookup/operators?q=ba", "airline_designator", []string{"BAW"}, func(t *testing.T, _ map[string]any) {}}, // the most routes of the BA…
		{"/api/lookup/types?q=A32", "type_designator", []string{"A320", "A321"}, func(t *testing.T, _ map[string]any) {}},
		{"/api/lookup/types?q=a20n", "type_designator", []string{"A20N"}, func(t *testing.T, first map[string]any) {
			require.Equal(t, "AIRBUS A-320neo", first["manufacturer_model"])
			require.Equal(t, map[string]any{"count": 2.0, "type": "Jet"}, first["powerplant"])
		}},
		{"/api/lookup/types?q=B7", "type_designator", []string{"B738"}, func(t *testing.T, _ map[string]any) {}}, // the commonest B7…
	} {
		t.Run(tc.path, func(t *testing.T) {
			code, _, raw := f.do("GET", tc.path, nil)
			require.Equal(t, 200, code, string(raw))
			got := list(t, raw)
			require.NotEmpty(t, got)
			require.LessOrEqual(t, len(got), api.MaxSuggestions)
			for i, w := range tc.want {
				require.Equal(t, w, got[i][tc.key])
			}
			tc.check(t, got[0])
		})
	}
	_, _, raw := f.do("GET", "/api/lookup/types?q=B", nil)
	require.Len(t, list(t, raw), api.MaxSuggestions, "the best 20")
	for _, bad := range []string{"/api/lookup/types", "/api/lookup/types?q=", "/api/lookup/operators?q=" + strings.Repeat("x", 65)} {
		code, _, raw := f.do("GET", bad, nil)
		require.Equal(t, 422, code, bad)
		require.Contains(t, string(raw), `"loc":["query","q"]`)
	}
}

func TestLookupAircraftAndCallsign(t *testing.T) {
	f := shippedFixture(t)
	code, got, body := f.do("GET", "/api/lookup/aircraft/4ca87d", nil)
	require.Equal(t, 200, code, string(body))
	require.Equal(t, "EI-EJH", got["registration"])
	require.Equal(t, "AIRBUS A-330-200", got["manufacturer_model"])
	const attribution = "Aircraft data: Mictronics (ODC-By 1.0), Virtual Radar Server standing data (CC0)"
	require.Equal(t, attribution, got["attribution"], "the answer says where the data is from")
	code, got, _ = f.do("GET", "/api/lookup/callsign/baw12", nil)
	require.Equal(t, 200, code)
	require.Equal(t, "British Airways", got["operator"].(map[string]any)["name"])
	require.Len(t, got["route"], 2)
	require.Equal(t, attribution, got["attribution"])
	_, h, _ := raw(t, f.srv.URL+"/api/lookup/operators?q=easy", "GET", nil, nil)
	require.Equal(t, attribution, h.Get(api.AttributionHeader), "a list of suggestions says it in a header")
	for _, tc := range []struct {
		path   string
		status int
		detail string
	}{
		{"/api/lookup/aircraft/000001", 404, "Aircraft '000001' not found"},
		{"/api/lookup/aircraft/XYZ", 422, ""},
		{"/api/lookup/aircraft/4CA87DD", 422, ""},
		{"/api/lookup/callsign/QQQ9999", 404, "Callsign 'QQQ9999' not found"},
		{"/api/lookup/callsign/A", 422, ""},
		{"/api/lookup/callsign/BAW-12", 422, ""},
	} {
		code, got, raw := f.do("GET", tc.path, nil)
		require.Equal(t, tc.status, code, tc.path+": "+string(raw))
		if tc.detail != "" {
			require.Equal(t, tc.detail, got["detail"])
		}
	}
	// No database: 503, saying why.
	none := setupWith(t, api.Options{})
	code, got, _ = none.do("GET", "/api/lookup/aircraft/4CA87D", nil)
	require.Equal(t, 503, code)
	require.Contains(t, got["detail"], "No aircraft database")
}

// The traffic says who each aircraft is and where it flies, from the same enrichment as the
// rule test.
func TestTrafficIsEnriched(t *testing.T) {
	db, err := shipped.Load()
	require.NoError(t, err)
	traffic := keeper.NewTraffic("", time.Second, 30*time.Minute, nopLog())
	traffic.EnrichWith(aircraftdb.Fixed(db), model.DetailStandard, nil, nopLog())
	f := setupWith(t, api.Options{Traffic: traffic, AircraftDB: aircraftdb.Fixed(db)})
	lat, lon, alt, hdg := 51.5, -0.3, 36000.0, 130.0
	now := time.Now().UTC()
	traffic.Add(&model.AircraftMessage{ReceivedAt: now, IcaoHex: "406A3A", Ident: "EZY16EG", Latitude: &lat, Longitude: &lon, Altitude: &alt, Heading: &hdg,
		Aircraft: &model.Aircraft{WakeTurbulenceCategory: "medium"}})
	code, got, raw := f.do("GET", "/api/traffic", nil)
	require.Equal(t, 200, code, string(raw))
	ac := got["aircraft"].([]any)[0].(map[string]any)
	require.Equal(t, "EZY16EG", ac["ident"])
	require.NotEmpty(t, ac["registration"])
	require.NotEmpty(t, ac["manufacturer_model"])
	require.Equal(t, "medium", ac["wake_turbulence_category"])
	require.Equal(t, "EZY", ac["operator"].(map[string]any)["airline_designator"])
	require.NotEmpty(t, ac["operator"].(map[string]any)["name"])
}

// Matches are kept in the store's stream (capped), read newest first with paging and a rule
// filter, and survive the API: a new server on the same store answers them; a store that is
// down leaves the ones kept in memory, saying the history is unavailable.
func TestMatchesAreKeptInTheStore(t *testing.T) {
	env := testenv.Get(t)
	env.ClearRetained(t, "Tracker/rule/#")
	r := env.Redis(t)
	require.NoError(t, r.Do(t.Context(), r.B().Flushdb().Build()).Error())
	mh, mp := testenv.Split(t, env.MQTTAddr)
	serve := func() (*fixture, func()) {
		matches := keeper.NewMatches(config.MQTT{MQTTHost: mh, MQTTPort: testenv.Atoi(t, mp)}, nopLog())
		matches.KeepIn(r)
		cancel := runKeepers(t, nil, matches)
		srv := httptest.NewServer(newServer(t, api.NewStore(r, "", nopLog()), api.Options{Matches: matches}).Handler())
		return &fixture{t: t, srv: srv, r: r}, func() { srv.Close(); cancel() }
	}
	f, stop := serve()
	require.Eventually(t, func() bool { _, got, _ := f.do("GET", "/api/matches", nil); return got["mqtt"] == "connected" }, 10*time.Second, 50*time.Millisecond)
	pub := env.Record(t, "test/none")
	for i := range 5 {
		rule := "x"
		if i%2 == 1 {
			rule = "y"
		}
		delivery := "" // the third is held by quiet hours, the fourth sent by a policy, the rest have none
		switch i {
		case 2:
			delivery = `,"delivery":{"state":"held","reason":"quiet_hours","until":"2026-11-27T07:00:00Z"}`
		case 3:
			delivery = `,"delivery":{"state":"sent"}`
		}
		pub.Publish("Tracker/rule/"+rule, fmt.Sprintf(`{"aircraft":{"icao_hex":"A0000%d"},"ident":"TST%d"%s}`, i, i, delivery), false)
		time.Sleep(20 * time.Millisecond) // in order
	}
	var page struct {
		History string
		Before  string
		Matches []struct {
			ID, Rule, State, Reason string
			Notification            map[string]any
		}
	}
	require.Eventually(t, func() bool {
		_, _, raw := f.do("GET", "/api/matches", nil)
		return json.Unmarshal(raw, &page) == nil && len(page.Matches) == 5
	}, 10*time.Second, 50*time.Millisecond)
	require.Equal(t, "store", page.History)
	require.Equal(t, "TST4", page.Matches[0].Notification["ident"], "newest first")
	stop()

	// A new server (an API restart) answers them from the store, pages and filters.
	f, stop = serve()
	defer stop()
	_, _, raw := f.do("GET", "/api/matches?limit=2", nil)
	require.NoError(t, json.Unmarshal(raw, &page))
	require.Equal(t, "store", page.History)
	require.Len(t, page.Matches, 2)
	require.Equal(t, "TST4", page.Matches[0].Notification["ident"])
	require.Equal(t, page.Matches[1].ID, page.Before)
	_, _, raw = f.do("GET", "/api/matches?limit=2&before="+page.Before, nil)
	require.NoError(t, json.Unmarshal(raw, &page))
	require.Equal(t, "TST2", page.Matches[0].Notification["ident"], "the next page: older ones")
	_, _, raw = f.do("GET", "/api/matches?rule=x", nil)
	page.Before = "" // absent from the answer: not overwritten by Unmarshal
	require.NoError(t, json.Unmarshal(raw, &page))
	require.Len(t, page.Matches, 3)
	require.Empty(t, page.Before)
	for _, m := range page.Matches {
		require.Equal(t, "x", m.Rule)
	}
	// Each shows its delivery (CONTRACT.md 10.3), and ?state= filters by it.
	_, _, raw = f.do("GET", "/api/matches?state=held", nil)
	require.NoError(t, json.Unmarshal(raw, &page))
	require.Len(t, page.Matches, 1)
	require.Equal(t, "TST2", page.Matches[0].Notification["ident"])
	require.Equal(t, "held", page.Matches[0].State)
	require.Equal(t, "quiet_hours", page.Matches[0].Reason)
	_, _, raw = f.do("GET", "/api/matches?state=sent&rule=y", nil)
	page.Matches = nil // fields a match leaves out are not overwritten by Unmarshal
	require.NoError(t, json.Unmarshal(raw, &page))
	require.Len(t, page.Matches, 2, "no delivery is sent")
	for _, m := range page.Matches {
		require.Equal(t, "sent", m.State)
		require.Empty(t, m.Reason)
	}
	for _, bad := range []string{"?limit=0", "?limit=1001", "?limit=x", "?before=yesterday", "?state=muted"} {
		code, _, _ := f.do("GET", "/api/matches"+bad, nil)
		require.Equal(t, 422, code, bad)
	}

	// The stream is capped.
	for range keeper.MatchesStreamMax + 500 {
		require.NoError(t, r.Do(t.Context(), r.B().Xadd().Key(keeper.MatchesKey).Maxlen().Almost().Threshold(fmt.Sprint(keeper.MatchesStreamMax)).Id("*").
			FieldValue().FieldValue("rule", "z").FieldValue("received", "2026-11-26T00:00:00Z").FieldValue("notification", "{}").Build()).Error())
	}
	n, err := r.Do(t.Context(), r.B().Xlen().Key(keeper.MatchesKey).Build()).AsInt64()
	require.NoError(t, err)
	require.Less(t, n, int64(keeper.MatchesStreamMax+200), "MAXLEN ~ keeps it near its cap")
}

// runKeepers runs the API's background services (either may be nil) in a supervised group
// until the returned stop is called; stop waits for them.
func runKeepers(t *testing.T, traffic *keeper.Traffic, matches *keeper.Matches) (stop func()) {
	ctx, cancel := context.WithCancel(t.Context())
	g := pipeline.NewGroup(ctx)
	if traffic != nil {
		traffic.Start(g)
	}
	if matches != nil {
		matches.Start(g)
	}
	return func() { cancel(); require.NoError(t, g.Wait()) }
}
