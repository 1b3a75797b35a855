package receiverstats_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/catalog"
	"github.com/tracker-adsb/tracker-core-health/model"
	rs "github.com/tracker-adsb/tracker-core-health/stages/receiverstats"
)

// captured is the real stats.json's last1min end (2026-07-08): its own "now".
var captured = time.Unix(1783472409, 400_000_000).UTC()

func capture(t *testing.T) []byte {
	b, err := os.ReadFile("testdata/stats.json")
	require.NoError(t, err)
	return b
}

// feed serves a stats.json that the test can change.
type feed struct {
	mu   sync.Mutex
	body []byte
	code int
}

func (f *feed) set(body []byte, code int) {
	f.mu.Lock()
	f.body, f.code = body, code
	f.mu.Unlock()
}

func (f *feed) ServeHTTP(w http.ResponseWriter, _ *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	w.WriteHeader(f.code)
	_, _ = w.Write(f.body)
}

func newStage(t *testing.T, sources ...rs.Source) (*rs.Stage, *catalog.Catalog) {
	cat := catalog.New(model.CoreDevice("1", ""), rs.Group(time.Minute))
	st := rs.NewStage(sources, cat, nil, 5*time.Second, zerolog.Nop())
	rs.SetClock(st, func() time.Time { return captured.Add(30 * time.Second) })
	return st, cat
}

// byTopic renders a batch as state topic → value (the MQTT sink's texts).
func byTopic(b model.Batch) map[string]*model.Reading {
	out := map[string]*model.Reading{}
	for i := range b {
		if r := &b[i]; r.Entity != nil {
			out[r.Entity.StateTopic] = r
		}
	}
	return out
}

// The real capture's last minute, on the receiver's device, field by field.
func TestCycleReadsTheLastMinute(t *testing.T) {
	f := &feed{}
	f.set(capture(t), 200)
	srv := httptest.NewServer(f)
	defer srv.Close()
	st, _ := newStage(t, rs.Source{Name: "rooftop", URL: srv.URL + "/data/stats.json"})
	b := st.Cycle(t.Context())
	require.Equal(t, model.CycleStart, b[0].Kind)
	require.Equal(t, rs.GroupName, b[0].Loop())
	got := byTopic(b)
	base := "Tracker/receiver/rooftop/statistic/"
	num := func(field string) float64 {
		r, ok := got[base+field]
		require.True(t, ok, field)
		return r.Float()
	}
	require.True(t, got[base+rs.Connected].Bool())
	require.InDelta(t, 14.2, num(rs.MessagesPerSecond), 0.05, "853 messages in 60 s")
	require.InDelta(t, 1.02, num(rs.PositionsPerSecond), 0.005, "56 global + 5 local CPR in 60 s")
	require.Equal(t, -4.1, num(rs.Signal))
	require.Equal(t, -17.6, num(rs.Noise))
	require.Equal(t, -1.0, num(rs.PeakSignal))
	require.Equal(t, 284.0, num(rs.StrongSignals))
	require.Equal(t, 44.5, num(rs.Gain))
	require.Equal(t, 0.0, num(rs.SamplesDropped))
	_, ranged := got[base+rs.MaxRange]
	require.False(t, ranged, "this readsb writes no max_distance: no value")
	e := got[base+rs.Signal].Entity
	require.Equal(t, "Tracker_receiver_rooftop_signal_dbfs", e.UniqueID)
	require.Equal(t, model.NamedDevice("Tracker_receiver_rooftop", "Tracker Receiver rooftop"), e.Device, "until the receiver registers")
	require.Equal(t, 180, e.ExpireAfter, "3 intervals")
	require.Equal(t, []model.Label{{Name: "receiver", Value: "rooftop"}}, e.Labels)
}

// A file that is missing, stale, truncated or not JSON: receiver_stats_connected False and no
// values; back: values again.
func TestCycleWithoutUsableStats(t *testing.T) {
	f := &feed{}
	srv := httptest.NewServer(f)
	defer srv.Close()
	st, _ := newStage(t, rs.Source{Name: "rooftop", URL: srv.URL})
	good := capture(t)
	for _, tc := range []struct {
		name string
		body []byte
		code int
	}{
		{"missing", []byte("not found"), 404},
		{"truncated", good[:len(good)/2], 200},
		{"not JSON", []byte("<html>502 Bad Gateway</html>"), 200},
		{"no last1min window", []byte(`{"now": 1783472409}`), 200},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f.set(tc.body, tc.code)
			b := st.Cycle(t.Context())
			require.Len(t, b, 2, "the cycle start and receiver_stats_connected only")
			require.False(t, b[1].Bool())
		})
	}
	// Stale: readsb stopped writing it 3 minutes ago.
	f.set(good, 200)
	rs.SetClock(st, func() time.Time { return captured.Add(rs.StaleAfter + time.Second) })
	b := st.Cycle(t.Context())
	require.Len(t, b, 2)
	require.False(t, b[1].Bool())
	rs.SetClock(st, func() time.Time { return captured.Add(time.Minute) })
	require.Greater(t, len(st.Cycle(t.Context())), 5, "fresh again: values again")
}

// Several receivers, one of them a file: each on its own device, in one cycle.
func TestSeveralReceiversAndAFile(t *testing.T) {
	f := &feed{}
	f.set(capture(t), 200)
	srv := httptest.NewServer(f)
	defer srv.Close()
	file := filepath.Join(t.TempDir(), "stats.json")
	var doc map[string]any
	require.NoError(t, json.Unmarshal(capture(t), &doc))
	doc["now"] = float64(captured.Unix())
	doc["aircraft_with_pos"], doc["aircraft_without_pos"] = 12.0, 3.0
	doc["last1min"].(map[string]any)["max_distance"] = 251234.5
	raw, err := json.Marshal(doc)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(file, raw, 0o600))
	st, _ := newStage(t, rs.Source{Name: "roof", URL: srv.URL}, rs.Source{Name: "garden", URL: file})
	got := byTopic(st.Cycle(t.Context()))
	require.True(t, got["Tracker/receiver/roof/statistic/receiver_stats_connected"].Bool())
	require.True(t, got["Tracker/receiver/garden/statistic/receiver_stats_connected"].Bool())
	require.Equal(t, 12.0, got["Tracker/receiver/garden/statistic/aircraft_with_position"].Float())
	require.Equal(t, 3.0, got["Tracker/receiver/garden/statistic/aircraft_without_position"].Float())
	require.Equal(t, 251235.0, got["Tracker/receiver/garden/statistic/max_range"].Float(), "metres")
}

// Every field the stage emits has a spec in its group, and every spec is emitted (a renamed
// field would be dropped silently otherwise).
func TestEveryFieldHasASpecAndEverySpecIsEmitted(t *testing.T) {
	var doc map[string]any
	require.NoError(t, json.Unmarshal(capture(t), &doc))
	doc["aircraft_with_pos"], doc["aircraft_without_pos"] = 1.0, 1.0
	doc["last1min"].(map[string]any)["max_distance"] = 1.0
	raw, err := json.Marshal(doc)
	require.NoError(t, err)
	stats, err := rs.Parse(raw)
	require.NoError(t, err)
	emitted := []string{rs.Connected}
	for _, v := range stats.Values() {
		emitted = append(emitted, v.Field)
	}
	var specs []string
	for _, s := range rs.Group(time.Minute).Specs {
		specs = append(specs, s.Field)
	}
	sort.Strings(emitted)
	sort.Strings(specs)
	require.Equal(t, specs, emitted)
}

// The loop with channel fixtures: a tick gives one batch; closing the ticks closes the output.
func TestStartEmitsACycleATick(t *testing.T) {
	f := &feed{}
	f.set(capture(t), 200)
	srv := httptest.NewServer(f)
	defer srv.Close()
	st, _ := newStage(t, rs.Source{Name: "roof", URL: srv.URL})
	ticks := make(chan time.Time)
	out, run := st.Start(ticks, time.Second)
	done := make(chan error, 1)
	go func() { done <- run(t.Context()) }()
	ticks <- time.Now()
	b := <-out
	require.Greater(t, len(b.V), 5)
	b.Done()
	close(ticks)
	require.NoError(t, <-done)
	_, open := <-out
	require.False(t, open)
}

// The stage's configuration lives with it: RECEIVER_STATS_URL (one URL, or name=url items)
// and RECEIVER_STATS_INTERVAL; a bad value names its variable.
func TestLoadConfig(t *testing.T) {
	for _, tc := range []struct {
		in      string
		want    []rs.Source
		problem string
	}{
		{"", nil, ""},
		{"http://rx/tar1090/data/stats.json?x=1", []rs.Source{{Name: "receiver", URL: "http://rx/tar1090/data/stats.json?x=1"}}, ""},
		{"/run/readsb/stats.json", []rs.Source{{Name: "receiver", URL: "/run/readsb/stats.json"}}, ""},
		{"roof=http://a/stats.json, garden=/run/readsb/stats.json", []rs.Source{{Name: "roof", URL: "http://a/stats.json"}, {Name: "garden", URL: "/run/readsb/stats.json"}}, ""},
		{"http://a/stats.json,http://b/stats.json", nil, "each needs a name"},
		{"roof=http://a,roof=http://b", nil, "named twice"},
		{"my roof=http://a", nil, "letters, digits"},
		{"roof=", nil, "has no URL"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			c, err := rs.LoadConfig(func(k string) (string, bool) {
				if k == "RECEIVER_STATS_URL" {
					return tc.in, true
				}
				return "", false
			})
			if tc.problem != "" {
				require.ErrorContains(t, err, "RECEIVER_STATS_URL")
				require.ErrorContains(t, err, tc.problem)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, c.Sources)
			require.Equal(t, 60*time.Second, c.Interval)
		})
	}
	_, err := rs.LoadConfig(func(k string) (string, bool) { return "soon", k == "RECEIVER_STATS_INTERVAL" })
	require.ErrorContains(t, err, "RECEIVER_STATS_INTERVAL")
}
