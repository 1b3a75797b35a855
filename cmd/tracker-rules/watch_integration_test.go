//go:build integration

package main_test

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/internal/testenv"
	"github.com/tracker-adsb/tracker-core-health/rules"
)

// fakeReadsb serves the real London snapshot as a live readsb would: `now` advances one
// second a request, every aircraft was just seen and moves along its track. mode switches
// the feed off, truncates it or answers garbage.
type fakeReadsb struct {
	mu    sync.Mutex
	snap  map[string]any
	polls int
	mode  string // "", "down", "truncated", "garbage"
	extra []map[string]any
	live  bool // now is the present (the flight log's "today"), not the recording's
}

// waitPolls waits until the feed has answered n more polls: how a test lets watch see the
// same traffic again before it says that nothing more was told, as many polls on a loaded
// machine as on an idle one and no fixed time.
func (f *fakeReadsb) waitPolls(t *testing.T, n int) {
	t.Helper()
	answered := func() int { f.mu.Lock(); defer f.mu.Unlock(); return f.polls }
	from := answered()
	require.Eventually(t, func() bool { return answered() >= from+n }, 30*time.Second, 20*time.Millisecond, "%d more polls of the feed", n)
}

// add puts one more aircraft in every answer from now on.
func (f *fakeReadsb) add(ac map[string]any) {
	f.mu.Lock()
	f.extra = append(f.extra, ac)
	f.mu.Unlock()
}

func newFakeReadsb(t *testing.T) (*fakeReadsb, *httptest.Server) {
	raw, err := os.ReadFile("../../examples/readsb-london.json")
	require.NoError(t, err)
	f := &fakeReadsb{}
	require.NoError(t, json.Unmarshal(raw, &f.snap))
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	return f, srv
}

func (f *fakeReadsb) set(mode string) {
	f.mu.Lock()
	f.mode = mode
	f.mu.Unlock()
}

func (f *fakeReadsb) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.polls++
	switch f.mode {
	case "down":
		w.WriteHeader(http.StatusServiceUnavailable)
		return
	case "garbage":
		_, _ = w.Write([]byte("<html>502 Bad Gateway</html>"))
		return
	}
	k := float64(f.polls)
	out := map[string]any{"now": f.snap["now"].(float64) + k, "messages": f.snap["messages"]}
	if f.live {
		out["now"] = float64(time.Now().UnixMilli()) / 1000
	}
	var acs []any
	for _, a := range f.snap["aircraft"].([]any) {
		ac := map[string]any{}
		for key, v := range a.(map[string]any) {
			ac[key] = v
		}
		ac["seen"] = 0.4
		lat, okLat := ac["lat"].(float64)
		lon, okLon := ac["lon"].(float64)
		gs, okGS := ac["gs"].(float64)
		track, okTrack := ac["track"].(float64)
		if okLat && okLon && okGS && okTrack { // move along the track: gs knots for k seconds
			nm := gs * k / 3600
			ac["lat"] = lat + nm/60*math.Cos(track*math.Pi/180)
			ac["lon"] = lon + nm/60*math.Sin(track*math.Pi/180)/math.Cos(lat*math.Pi/180)
		}
		acs = append(acs, ac)
	}
	for _, ac := range f.extra {
		acs = append(acs, ac)
	}
	out["aircraft"] = acs
	b, _ := json.Marshal(out)
	if f.mode == "truncated" {
		b = b[:len(b)/2]
	}
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(b)
}

// flying lists the aircraft of the snapshot with a position and a numeric altitude.
func flying(t *testing.T) map[string]bool {
	raw, err := os.ReadFile("../../examples/readsb-london.json")
	require.NoError(t, err)
	var snap struct {
		Aircraft []map[string]any `json:"aircraft"`
	}
	require.NoError(t, json.Unmarshal(raw, &snap))
	out := map[string]bool{}
	for _, a := range snap.Aircraft {
		_, lat := a["lat"].(float64)
		_, lon := a["lon"].(float64)
		_, alt := a["alt_baro"].(float64)
		if lat && lon && alt {
			out[strings.ToUpper(strings.TrimPrefix(a["hex"].(string), "~"))] = true
		}
	}
	return out
}

func TestWatchALiveFeed(t *testing.T) {
	env := testenv.Get(t)
	env.ClearRetained(t, "Tracker/#", "homeassistant/#")
	feed, srv := newFakeReadsb(t)
	rulesFile := writeFile(t, `[
	 {"identifier":"flying","name":"Anything flying","enabled":true,"conditions":[{"type":"altitude","operator":"minimum","value":0}]},
	 {"identifier":"mayday","name":"Emergency","enabled":true,"conditions":[{"type":"squawk","operator":"equals","value":"7700"}]}]`)
	rec := env.Record(t, "Tracker/rule/#", "Tracker/rules-watch/#", "homeassistant/event/#")
	mh, mp := testenv.Split(t, env.MQTTAddr)
	p := testenv.Start(t, bin(t), []string{"PATH=" + os.Getenv("PATH"), "MQTT_HOST=" + mh, "MQTT_PORT=" + mp, "LOG_LEVEL=debug"},
		"watch", "--readsb", srv.URL+"/data/aircraft.json", "--rules", rulesFile, "--interval", "300ms")

	rec.WaitPayload("Tracker/rules-watch/status", "ONLINE", 15*time.Second)
	cfg := rec.WaitFor("homeassistant/event/Tracker_rule_flying/config", 10*time.Second, nil)
	var c map[string]any
	require.NoError(t, json.Unmarshal([]byte(cfg.Payload), &c))
	require.Equal(t, "Anything flying", c["name"])
	require.Equal(t, "Tracker/rule/flying", c["state_topic"])
	rec.WaitFor("homeassistant/event/Tracker_rule_mayday/config", 5*time.Second, nil)
	retained := map[string]bool{}
	for _, m := range env.Retained(t, "homeassistant/event/#") {
		retained[m.Topic] = true
	}
	require.True(t, retained["homeassistant/event/Tracker_rule_flying/config"], "discovery configs are retained")

	// Every flying aircraft fires once per flight, however many polls see it.
	want := flying(t)
	require.NotEmpty(t, want)
	require.Eventually(t, func() bool { return rec.Count("Tracker/rule/flying") >= len(want) }, 20*time.Second, 100*time.Millisecond)
	feed.waitPolls(t, 5) // several more polls
	rec.Sync()
	fired := map[string]int{}
	for _, m := range rec.All() {
		if m.Topic != "Tracker/rule/flying" {
			continue
		}
		require.False(t, m.Retained, "notifications are not retained")
		var n struct {
			Aircraft struct {
				IcaoHex string `json:"icao_hex"`
			} `json:"aircraft"`
		}
		require.NoError(t, json.Unmarshal([]byte(m.Payload), &n))
		fired[n.Aircraft.IcaoHex]++
	}
	require.Len(t, fired, len(want))
	for hex, n := range fired {
		require.True(t, want[hex], hex)
		require.Equal(t, 1, n, "%s fired once per flight", hex)
	}
	require.Zero(t, rec.Count("Tracker/rule/mayday"))

	// (A feed that goes away or answers garbage, and an invalid edit of the rules: in process,
	// watch/watch_test.go.)
	// A rule renamed and one disabled in the file: configs follow.
	require.NoError(t, os.WriteFile(rulesFile, []byte(`[
	 {"identifier":"flying","name":"Renamed","enabled":true,"conditions":[{"type":"altitude","operator":"minimum","value":0}]},
	 {"identifier":"mayday","name":"Emergency","enabled":false,"conditions":[{"type":"squawk","operator":"equals","value":"7700"}]}]`), 0o644))
	rec.WaitFor("homeassistant/event/Tracker_rule_flying/config", 10*time.Second, func(m testenv.Msg) bool { return strings.Contains(m.Payload, "Renamed") })
	rec.WaitPayload("homeassistant/event/Tracker_rule_mayday/config", "", 10*time.Second)

	// SIGTERM: OFFLINE (retained) and exit 0.
	require.NoError(t, p.Cmd.Process.Signal(syscall.SIGTERM))
	require.Equal(t, 0, p.Wait(8*time.Second))
	rec.WaitPayload("Tracker/rules-watch/status", "OFFLINE", 5*time.Second)
}

// watch between a readsb feed and toxiproxy: each network fault is logged once when the
// feed becomes unusable and once when it is back, watch keeps running, and an aircraft that
// appears after the fault clears is alerted on.
func TestWatchThroughNetworkFaults(t *testing.T) {
	rulesFile := writeFile(t, `[{"identifier":"flying","enabled":true,"conditions":[{"type":"altitude","operator":"minimum","value":0}]}]`)
	for i, f := range []struct{ name, toxic string }{
		{"slow", `{"type":"latency","stream":"downstream","attributes":{"latency":5000}}`},
		{"trickle", `{"type":"bandwidth","stream":"downstream","attributes":{"rate":1}}`},
		{"black hole", `{"type":"timeout","stream":"upstream","attributes":{"timeout":0}}`},
		{"cut mid-reply", `{"type":"limit_data","stream":"downstream","attributes":{"bytes":2000}}`},
		{"reset", `{"type":"reset_peer","stream":"downstream","attributes":{"timeout":0}}`},
	} {
		t.Run(f.name, func(t *testing.T) {
			t.Parallel() // each fault with a feed, a proxy and a watch of its own
			feed, srv := newFakeReadsb(t)
			x := testenv.NewToxi(t)
			port := x.Proxy(t, "readsb", strings.TrimPrefix(srv.URL, "http://"))
			// At debug each failed poll says it again: the polls into the fault are counted.
			p := testenv.Start(t, bin(t), []string{"PATH=" + os.Getenv("PATH"), "LOG_LEVEL=debug"}, "watch", "--readsb", "http://127.0.0.1:"+port+"/data/aircraft.json",
				"--rules", rulesFile, "--interval", "500ms")
			unusable := func(level string) int { return logLines(p.Output(), level, "readsb feed unusable") }
			require.Eventually(t, func() bool { return strings.Count(p.Output(), `"matched_rules":["flying"]`) >= len(flying(t)) }, 10*time.Second, 100*time.Millisecond)
			// On a loaded machine a poll may time out before the fault (375 ms for the
			// headers): start from a usable feed and count the lines from there.
			require.Eventually(t, func() bool {
				o := p.Output()
				return strings.LastIndex(o, "readsb feed unusable") < strings.LastIndex(o, "readsb feed back") || !strings.Contains(o, "readsb feed unusable")
			}, 5*time.Second, 50*time.Millisecond, p.Output())
			base := unusable("warn")
			x.Add(t, "readsb", f.toxic)
			require.Eventually(t, func() bool { return unusable("warn") == base+1 }, 15*time.Second, 50*time.Millisecond, p.Output())
			again := unusable("debug")
			require.Eventually(t, func() bool { return unusable("debug") >= again+4 }, 30*time.Second, 50*time.Millisecond,
				"four more failed polls into the fault:\n%s", p.Output())
			require.Equal(t, base+1, unusable("warn"), "logged once per fault")
			x.Clear("readsb")
			hex := fmt.Sprintf("F0000%d", i)
			feed.add(map[string]any{"hex": strings.ToLower(hex), "alt_baro": 3000.0, "lat": 51.5, "lon": -0.1, "seen": 0.1})
			require.Eventually(t, func() bool { return strings.Contains(p.Output(), `"icao_hex":"`+hex+`"`) }, 15*time.Second, 50*time.Millisecond,
				"an aircraft seen after the fault is alerted on")
			require.Contains(t, p.Output(), "readsb feed back")
			require.NoError(t, p.Cmd.Process.Signal(syscall.SIGTERM))
			require.Equal(t, 0, p.Wait(5*time.Second))
		})
	}
}

// A rule's event entity is announced by the monitor (the rules in the store) and by watch
// (the rules it runs): both render the same retained config, byte for byte, so neither
// overwrites the other's and Home Assistant does not re-process the entity at every reconnect.
func TestBothAnnouncersRenderTheSameRuleEventConfig(t *testing.T) {
	env := testenv.Get(t)
	env.ClearRetained(t, "Tracker/#", "homeassistant/#")
	r := env.Redis(t)
	require.NoError(t, r.Do(t.Context(), r.B().Flushdb().Build()).Error())
	body := `[{"identifier":"heathrow-low","name":"Low over Heathrow","enabled":true,"conditions":[{"type":"squawk","operator":"equals","value":"7700"}]}]`
	require.NoError(t, r.Do(t.Context(), r.B().Set().Key("config:rules").Value(body).Build()).Error())
	require.NoError(t, r.Do(t.Context(), r.B().Set().Key("config:rules:version").Value(rules.Version([]byte(body))).Build()).Error())
	const topic = "homeassistant/event/Tracker_rule_heathrow-low/config"

	rec := env.Record(t, topic)
	mon := testenv.Start(t, testenv.Binary(t, "tracker-core-health"), env.MonitorEnv(t, map[string]string{"COMPONENT_IMAGE": "tracker-core-health"}))
	fromMonitor := rec.WaitFor(topic, 20*time.Second, nil)
	require.NoError(t, mon.Cmd.Process.Signal(syscall.SIGTERM))
	mon.Wait(5 * time.Second)
	// A live delivery carries no retain flag; a new subscriber gets the retained copy.
	retained := env.Record(t, topic).WaitFor(topic, 5*time.Second, nil)
	require.True(t, retained.Retained)
	require.Equal(t, fromMonitor.Payload, retained.Payload)
	env.ClearRetained(t, topic)

	_, srv := newFakeReadsb(t)
	rec2 := env.Record(t, topic)
	mh, mp := testenv.Split(t, env.MQTTAddr)
	rh, rp := testenv.Split(t, env.RedisAddr)
	w := testenv.Start(t, bin(t), []string{"PATH=" + os.Getenv("PATH"), "MQTT_HOST=" + mh, "MQTT_PORT=" + mp, "STORE_HOST=" + rh, "STORE_PORT=" + rp, "STORE_PASSWORD=" + env.RedisPassword},
		"watch", "--readsb", srv.URL, "--from-store", "--interval", "500ms")
	fromWatch := rec2.WaitFor(topic, 20*time.Second, nil)
	require.NoError(t, w.Cmd.Process.Signal(syscall.SIGTERM))
	require.Equal(t, 0, w.Wait(5*time.Second))
	retained = env.Record(t, topic).WaitFor(topic, 5*time.Second, nil)
	require.True(t, retained.Retained)
	require.Equal(t, fromWatch.Payload, retained.Payload)

	require.Equal(t, fromMonitor.Payload, fromWatch.Payload, "one retained config, whoever announces it")
	require.Contains(t, fromWatch.Payload, `"origin":{"name":"tracker-rules"}`)
}

// watch enriches: an airline flight's notification names its model, engines, operator and
// route (CONTRACT.md 9), from the shipped database.
func TestWatchNotificationsAreEnriched(t *testing.T) {
	env := testenv.Get(t)
	env.ClearRetained(t, "Tracker/#", "homeassistant/#")
	_, srv := newFakeReadsb(t)
	rulesFile := writeFile(t, `[{"identifier":"speedbird","enabled":true,"conditions":[
	 {"type":"operator_airline_designator","operator":"equals","value":"BAW"},
	 {"type":"aircraft_powerplant_count","operator":"equals","value":2}]}]`)
	rec := env.Record(t, "Tracker/rule/#")
	mh, mp := testenv.Split(t, env.MQTTAddr)
	p := testenv.Start(t, bin(t), []string{"PATH=" + os.Getenv("PATH"), "MQTT_HOST=" + mh, "MQTT_PORT=" + mp, "XDG_DATA_HOME=" + t.TempDir()},
		"watch", "--readsb", srv.URL+"/data/aircraft.json", "--rules", rulesFile, "--interval", "300ms")
	m := rec.WaitFor("Tracker/rule/speedbird", 20*time.Second, nil)
	var n struct {
		Aircraft    map[string]any `json:"aircraft"`
		Ident       string         `json:"ident"`
		Operator    map[string]any `json:"operator"`
		Origin      map[string]any `json:"origin"`
		Destination map[string]any `json:"destination"`
	}
	require.NoError(t, json.Unmarshal([]byte(m.Payload), &n))
	require.Equal(t, "BAW522", n.Ident)
	require.Equal(t, "AIRBUS A-320neo", n.Aircraft["manufacturer_model"])
	require.Equal(t, map[string]any{"count": 2.0, "type": "Jet"}, n.Aircraft["powerplant"])
	require.Equal(t, "British Airways", n.Operator["name"])
	require.Equal(t, "EGLL", n.Origin["icao_code"])
	require.Equal(t, "LHR", n.Origin["iata_code"])
	require.Equal(t, "LIRQ", n.Destination["icao_code"])
	require.Equal(t, "Firenze", n.Destination["city"])
	require.NoError(t, p.Cmd.Process.Signal(syscall.SIGTERM))
	require.Equal(t, 0, p.Wait(8*time.Second))
}

// logLines counts the log lines at level whose message starts with msg.
func logLines(out, level, msg string) int {
	n := 0
	for line := range strings.Lines(out) {
		if strings.Contains(line, `"level":"`+level+`"`) && strings.Contains(line, `"message":"`+msg) {
			n++
		}
	}
	return n
}
