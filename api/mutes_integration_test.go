//go:build integration

package api_test

import (
	"encoding/json"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/api"
	"github.com/tracker-adsb/tracker-core-health/config"
	"github.com/tracker-adsb/tracker-core-health/internal/testenv"
	"github.com/tracker-adsb/tracker-core-health/stages/keeper"
)

// A mute set or lifted through the API is stored and also published as a command on
// Tracker/rules-watch/mute, so that a running watch applies it at once (issue 42 item 5),
// not at its next read of the store.
func TestMutesThroughTheAPIArePublishedForWatch(t *testing.T) {
	t.Parallel()
	env := testenv.Get(t).WithOwnRedis(t).WithOwnMosquitto(t)
	r := env.Redis(t)
	mh, mp := testenv.Split(t, env.MQTTAddr)
	matches := keeper.NewMatches(config.MQTT{MQTTHost: mh, MQTTPort: testenv.Atoi(t, mp)}, nopLog())
	defer runKeepers(t, nil, matches)()
	srv := httptest.NewServer(newServer(t, api.NewStore(r, "", nopLog()), api.Options{Matches: matches}).Handler())
	t.Cleanup(srv.Close)
	f := &fixture{t: t, srv: srv, r: r}
	code, body, _ := f.do("POST", "/api/rules", `{"identifier":"police","name":"Police","enabled":true,"conditions":[{"type":"squawk","operator":"equals","value":"7000"}]}`)
	require.Equal(t, 201, code, body)
	require.Eventually(t, func() bool { _, got, _ := f.do("GET", "/api/matches", nil); return got["mqtt"] == "connected" }, 10*time.Second, 50*time.Millisecond)
	rec := env.Record(t, "Tracker/rules-watch/mute")

	code, body, _ = f.do("POST", "/api/mutes", `{"rule":"police","icao_hex":"406f2b","minutes":60}`)
	require.Equal(t, 201, code, body)
	m := rec.WaitFor("Tracker/rules-watch/mute", 5*time.Second, nil)
	var c map[string]any
	require.NoError(t, json.Unmarshal([]byte(m.Payload), &c))
	require.Equal(t, map[string]any{"rule": "police", "icao_hex": "406F2B", "minutes": 60.0}, c)

	rec.Reset()
	code, _, _ = f.do("DELETE", "/api/mutes/police?icao_hex=406F2B", nil)
	require.Equal(t, 204, code)
	m = rec.WaitFor("Tracker/rules-watch/mute", 5*time.Second, nil)
	require.JSONEq(t, `{"rule":"police","icao_hex":"406F2B","minutes":0}`, m.Payload)
}
