package broker_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/catalog"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/pipeline"
	"github.com/tracker-adsb/tracker-core-health/sinks/mqtt"
	"github.com/tracker-adsb/tracker-core-health/stages/broker"
)

func fixture(t testing.TB, name string) string {
	b, err := os.ReadFile("testdata/" + name)
	require.NoError(t, err)
	return string(b)
}

// fakeAPI serves the four management API paths; bodies and statuses can change between
// cycles.
type fakeAPI struct {
	mu     sync.Mutex
	bodies map[string]string
	status map[string]int
	calls  map[string]int
}

func newFakeAPI(t *testing.T) (*fakeAPI, *httptest.Server) {
	f := &fakeAPI{
		bodies: map[string]string{
			"/api/overview":                   fixture(t, "traffic_overview.json"),
			"/api/nodes":                      fixture(t, "traffic_nodes.json"),
			"/api/queues/%2F":                 queuesFixture(t),
			"/api/exchanges/%2F/tracker-adsb": fixture(t, "traffic_exchanges__2F_tracker-adsb.json"),
		},
		status: map[string]int{}, calls: map[string]int{},
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		defer f.mu.Unlock()
		u, p, ok := r.BasicAuth()
		if !ok || u != "monitor" || p != "secret" {
			w.WriteHeader(http.StatusUnauthorized)
			_, _ = w.Write([]byte(`{"error":"not_authorized","reason":"Login failed"}`))
			return
		}
		path := r.URL.EscapedPath()
		f.calls[path]++
		if st := f.status[path]; st != 0 {
			w.WriteHeader(st)
			_, _ = w.Write([]byte(fixture(t, "err_404_exchange.json")))
			return
		}
		body, ok := f.bodies[path]
		if !ok {
			w.WriteHeader(http.StatusNotFound)
			return
		}
		_, _ = w.Write([]byte(body))
	}))
	t.Cleanup(srv.Close)
	return f, srv
}

func (f *fakeAPI) set(path, body string, status int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if body != "" {
		f.bodies[path] = body
	}
	f.status[path] = status
}

// queuesFixture is the real traffic capture's queue, renamed into several owned and foreign
// queues, plus one with no message_stats (no traffic yet) and one with only consumer_capacity.
func queuesFixture(t *testing.T) string {
	var real []map[string]any
	require.NoError(t, json.Unmarshal([]byte(fixture(t, "traffic_queues__2F.json")), &real))
	base := real[0]
	clone := func(name string, edit func(map[string]any)) map[string]any {
		b, _ := json.Marshal(base)
		var q map[string]any
		_ = json.Unmarshal(b, &q)
		q["name"] = name
		if edit != nil {
			edit(q)
		}
		return q
	}
	qs := []map[string]any{
		clone("tracker-message-processor-mp-1", nil),
		clone("tracker-message-processor-a-b-c", func(q map[string]any) { delete(q, "message_stats") }),
		clone("tracker-adsb-unroutable", func(q map[string]any) {
			delete(q, "consumer_utilisation")
			q["consumer_capacity"] = 0.735
		}),
		clone("tracker-archive2", nil),
		clone("x-tracker-adsb", nil),
		clone("someone-elses-queue", nil),
		clone("tracker-message-processor-", nil),
	}
	b, _ := json.Marshal(qs)
	return string(b)
}

func newStage(t *testing.T, srv *httptest.Server, devices *pipeline.DeviceDirectory) (*broker.Stage, *catalog.Catalog) {
	cat := catalog.New(model.CoreDevice("1.0", ""), broker.Group(10*time.Second))
	c := broker.NewClient(srv.URL, "monitor", "secret", 10*time.Second)
	return broker.NewStage(c, cat, devices, nil, time.Date(2026, 1, 1, 0, 0, 0, 123456000, time.UTC), zerolog.Nop()), cat
}

// published is a reading as the MQTT sink writes it: its topic's text (CONTRACT.md 4.1).
type published struct {
	model.Reading
	Payload string
}

func byTopic(b model.Batch) map[string]published {
	m := map[string]published{}
	for i := range b {
		r := &b[i]
		m[r.Topic()] = published{*r, mqtt.Text(r)}
	}
	return m
}

func TestOwnership(t *testing.T) {
	cases := map[string]bool{
		"tracker-adsb":                  true,
		"tracker-adsb-unroutable":       true,
		"tracker-message-processor-a":   true,
		"tracker-message-processor-b-2": true,
		"tracker-archive":               true,
		"tracker-archive-raw-frames":    true,
		"amq.default":                   true,
		"tracker-archive2":              false,
		"x-tracker-adsb":                false,
		"someone-elses-queue":           false,
		"amqXdefault":                   false,
		"tracker-receiver-1":            false,
		"Tracker-adsb":                  false,
		"tracker-message-processor-":    true,
		"tracker-message-processor":     false,
		"tracker-adsb\nx":               false,
		"tracker-adsb-\xff":             true,
		"amq.default\n":                 false,
		"":                              false,
	}
	for name, want := range cases {
		require.Equal(t, want, broker.Owned(name), name)
		require.Equal(t, want, broker.OwnedByPattern(name), "the pattern: %q", name)
	}
	id, ok := broker.ProcessorID("tracker-message-processor-b-2")
	require.True(t, ok)
	require.Equal(t, "b-2", id)
	_, ok = broker.ProcessorID("tracker-message-processor-")
	require.False(t, ok, "an empty id is no processor")
}

func TestRouteQueue(t *testing.T) {
	cases := []struct {
		queue, device, topic, uid, name string
	}{
		{"tracker-message-processor-mp-1", "Tracker_message_processor_mp-1", "Tracker/core-health/message-processor/mp-1/statistic", "Tracker_message_processor_mp-1_queue", "Queue "},
		{"tracker-archive", "Tracker_archive", "Tracker/core-health/archive/statistic", "Tracker_archive_queue", "Queue "},
		{"tracker-adsb-unroutable", "Tracker_Core", "Tracker/core-health/queue/tracker-adsb-unroutable/statistic", "Tracker_core_health_queue_tracker-adsb-unroutable", "tracker-adsb-unroutable Queue "},
		{"amq.default", "Tracker_Core", "Tracker/core-health/queue/amq-default/statistic", "Tracker_core_health_queue_amq-default", "amq.default Queue "},
	}
	for _, tc := range cases {
		r := broker.RouteQueue(tc.queue)
		require.Equal(t, tc.device, r.DeviceID, tc.queue)
		require.Equal(t, tc.topic, r.TopicBase, tc.queue)
		require.Equal(t, tc.uid, r.UniqueIDPfx, tc.queue)
		require.Equal(t, tc.name, r.NamePrefix, tc.queue)
	}
}

func TestCycleProducesQueueAndBrokerWideReadings(t *testing.T) {
	api, srv := newFakeAPI(t)
	api.set("/api/nodes", `[{"name":"a","mem_alarm":false,"disk_free_alarm":false},{"name":"b","mem_alarm":true,"disk_free_alarm":false}]`, 0)
	st, _ := newStage(t, srv, nil)
	batch, req := st.Cycle(t.Context())
	require.NotNil(t, req)
	require.Equal(t, []string{"a-b-c", "mp-1"}, req.ProcessorIDs, "sorted distinct processor ids")
	got := byTopic(batch)

	// The four calls, once each.
	for _, p := range []string{"/api/overview", "/api/nodes", "/api/queues/%2F", "/api/exchanges/%2F/tracker-adsb"} {
		require.Equal(t, 1, api.calls[p], p)
	}
	require.Equal(t, "2026-01-01T00:00:00.123456+00:00", got["Tracker/core-health/statistic/started_at"].Payload)
	require.Equal(t, "True", got["Tracker/core-health/statistic/broker_connected"].Payload)

	mp := "Tracker/core-health/message-processor/mp-1/statistic/"
	want := map[string]string{
		"consumers": "1", "consumer_utilisation_percent": "100.0", "messages_ready": "0",
		"messages_unacknowledged": "0", "publish_rate": "19.6", "deliver_rate": "19.6",
		"ack_rate": "19.6", "redeliver_rate": "0.0", "state": "Running", "memory_bytes": "47968",
		"message_bytes": "0",
	}
	for f, v := range want {
		require.Equal(t, v, got[mp+f].Payload, f)
	}
	e := got[mp+"consumers"].Entity
	require.Equal(t, "Tracker_message_processor_mp-1_queue_consumers", e.UniqueID)
	require.Equal(t, "Queue Consumers", e.Name)
	require.Equal(t, 30, e.ExpireAfter)
	require.JSONEq(t, `{"identifiers":["Tracker_message_processor_mp-1"],"name":"Tracker Message Processor mp-1"}`, string(e.Device))

	// No traffic yet: rates are 0.0, not missing.
	nt := "Tracker/core-health/message-processor/a-b-c/statistic/"
	for _, f := range []string{"publish_rate", "deliver_rate", "ack_rate", "redeliver_rate"} {
		require.Equal(t, "0.0", got[nt+f].Payload, f)
	}
	// consumer_capacity stands in for consumer_utilisation.
	un := "Tracker/core-health/queue/tracker-adsb-unroutable/statistic/"
	require.Equal(t, "73.5", got[un+"consumer_utilisation_percent"].Payload)
	require.Equal(t, "tracker-adsb-unroutable Queue State", got[un+"state"].Entity.Name)
	require.Contains(t, string(got[un+"state"].Entity.Device), `"Tracker_Core"`)

	// Foreign queues never produce a topic.
	for topic := range got {
		for _, foreign := range []string{"tracker-archive2", "x-tracker-adsb", "someone-elses-queue"} {
			require.NotContains(t, topic, foreign)
		}
		require.NotContains(t, topic, "/archive/", "tracker-archive2 is not the archive queue")
	}

	bw := "Tracker/core-health/broker/statistic/"
	require.Equal(t, "1", got[bw+"connections_total"].Payload)
	require.Equal(t, "True", got[bw+"memory_alarm"].Payload, "the second node's alarm counts")
	require.Equal(t, "False", got[bw+"disk_free_alarm"].Payload)
	require.Equal(t, "19.6", got[bw+"exchange_publish_in_rate"].Payload)
	require.Equal(t, "19.6", got[bw+"exchange_publish_out_rate"].Payload)
	require.Equal(t, "True", got[bw+"archive_queue_missing"].Payload)
	require.Equal(t, 30, got[bw+"archive_queue_missing"].Entity.ExpireAfter)
}

func TestArchiveQueueMissingClearsItself(t *testing.T) {
	api, srv := newFakeAPI(t)
	st, _ := newStage(t, srv, nil)
	topic := "Tracker/core-health/broker/statistic/archive_queue_missing"
	b, _ := st.Cycle(t.Context())
	require.Equal(t, "True", byTopic(b)[topic].Payload)
	api.set("/api/queues/%2F", `[{"name":"tracker-archive","state":"running"}]`, 0)
	b, _ = st.Cycle(t.Context())
	got := byTopic(b)
	require.Equal(t, "False", got[topic].Payload)
	require.Equal(t, "0", got["Tracker/core-health/archive/statistic/consumers"].Payload)
	require.Equal(t, "Tracker_archive_queue_consumers", got["Tracker/core-health/archive/statistic/consumers"].Entity.UniqueID)
	api.set("/api/queues/%2F", `[]`, 0)
	b, _ = st.Cycle(t.Context())
	require.Equal(t, "True", byTopic(b)[topic].Payload)
}

func TestExchangeWithoutTrafficOrMissingGivesZeroRates(t *testing.T) {
	api, srv := newFakeAPI(t)
	st, _ := newStage(t, srv, nil)
	bw := "Tracker/core-health/broker/statistic/"
	api.set("/api/exchanges/%2F/tracker-adsb", fixture(t, "notraffic_exchanges__2F_tracker-adsb.json"), 0)
	b, _ := st.Cycle(t.Context())
	require.Equal(t, "0.0", byTopic(b)[bw+"exchange_publish_in_rate"].Payload)
	api.set("/api/exchanges/%2F/tracker-adsb", "", http.StatusNotFound)
	b, req := st.Cycle(t.Context())
	require.NotNil(t, req, "a 404 on the exchange does not fail the poll")
	require.Equal(t, "0.0", byTopic(b)[bw+"exchange_publish_out_rate"].Payload)
	require.Equal(t, "True", byTopic(b)["Tracker/core-health/statistic/broker_connected"].Payload)
}

func TestFailedCyclePublishesOnlyStartedAtAndBrokerConnectedFalse(t *testing.T) {
	cases := []struct {
		name, path, body string
		status           int
	}{
		{"truncated JSON", "/api/queues/%2F", `[{"name":"tracker-archive","consum`, 0},
		{"not JSON", "/api/overview", `<html>bad gateway</html>`, 0},
		{"wrong shape", "/api/nodes", `{"nodes":[]}`, 0},
		{"server error", "/api/overview", "", http.StatusInternalServerError},
		{"unauthorised", "/api/queues/%2F", "", http.StatusUnauthorized},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			api, srv := newFakeAPI(t)
			st, _ := newStage(t, srv, nil)
			good := api.bodies[tc.path]
			api.set(tc.path, tc.body, tc.status)
			b, req := st.Cycle(t.Context())
			require.Nil(t, req, "no counters after a failed poll")
			require.Len(t, b, 2)
			got := byTopic(b)
			require.Equal(t, "False", got["Tracker/core-health/statistic/broker_connected"].Payload)
			require.Contains(t, got, "Tracker/core-health/statistic/started_at")

			api.set(tc.path, good, 0)
			b, req = st.Cycle(t.Context())
			require.NotNil(t, req, "the next cycle works")
			require.Equal(t, "True", byTopic(b)["Tracker/core-health/statistic/broker_connected"].Payload)
		})
	}
}

func TestWrongCredentialsAre401(t *testing.T) {
	_, srv := newFakeAPI(t)
	c := broker.NewClient(srv.URL, "monitor", "wrong", time.Second)
	_, err := c.Fetch(t.Context())
	require.True(t, broker.Unauthorized(err), "%v", err)
	require.NotContains(t, err.Error(), "wrong", "the password never appears in errors")
}

func TestStatisticsDisabledAndColumnCaptures(t *testing.T) {
	api, srv := newFakeAPI(t)
	st, _ := newStage(t, srv, nil)
	rename := func(body string) string {
		return strings.ReplaceAll(body, `"adsb.positions"`, `"tracker-adsb-positions"`)
	}
	api.set("/api/queues/%2F", rename(fixture(t, "dstats_queues.json")), 0)
	api.set("/api/overview", fixture(t, "dstats_overview.json"), 0)
	b, _ := st.Cycle(t.Context())
	got := byTopic(b)
	q := "Tracker/core-health/queue/tracker-adsb-positions/statistic/"
	require.Equal(t, "0", got[q+"consumers"].Payload)
	require.Equal(t, "0.0", got[q+"publish_rate"].Payload)
	require.Equal(t, "0", got[q+"memory_bytes"].Payload)
	require.NotContains(t, got, q+"consumer_utilisation_percent", "skipped when neither field is numeric")

	api.set("/api/queues/%2F", rename(fixture(t, "cols_queues.json")), 0)
	api.set("/api/overview", fixture(t, "cols_overview.json"), 0)
	api.set("/api/nodes", fixture(t, "alarm_nodes.json"), 0)
	b, _ = st.Cycle(t.Context())
	got = byTopic(b)
	require.Equal(t, "19.6", got[q+"publish_rate"].Payload)
	require.Equal(t, "True", got["Tracker/core-health/broker/statistic/disk_free_alarm"].Payload)
}

func TestRegisteredDeviceBlockIsUsedOnceSeen(t *testing.T) {
	_, srv := newFakeAPI(t)
	devices := &pipeline.DeviceDirectory{}
	st, _ := newStage(t, srv, devices)
	b, _ := st.Cycle(t.Context())
	topic := "Tracker/core-health/message-processor/mp-1/statistic/consumers"
	require.NotContains(t, string(byTopic(b)[topic].Entity.Device), "sw_version")
	block := model.Device(`{"identifiers":["Tracker_message_processor_mp-1"],"name":"MP 1","sw_version":"2026.01.02","manufacturer":"Tracker"}`)
	devices.Store(model.Devices{"Tracker_message_processor_mp-1": block})
	b, _ = st.Cycle(t.Context())
	require.Equal(t, block, byTopic(b)[topic].Entity.Device)
}

// Queues come and go for months: the stage remembers only those seen within 3 × expire_after,
// and each successful cycle opens with the marker the sink uses to tell current from vanished.
func TestQueueCacheStaysBoundedUnderChurn(t *testing.T) {
	api, srv := newFakeAPI(t)
	st, cat := newStage(t, srv, nil)
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	broker.SetClock(st, func() time.Time { return now })
	forget := time.Duration(model.ForgetFactor*cat.ExpireAfterOf(broker.GroupName)) * time.Second
	maxCached := 0
	for cycle := range 300 { // 300 cycles × 20 queues, 15 new each time: 4,505 distinct ids
		qs := make([]map[string]any, 20)
		for i := range qs {
			qs[i] = map[string]any{"name": "tracker-message-processor-p" + strconv.Itoa(cycle*15+i), "messages_ready": 1}
		}
		body, _ := json.Marshal(qs)
		api.set("/api/queues/%2F", string(body), 0)
		b, req := st.Cycle(t.Context())
		require.NotNil(t, req)
		require.Equal(t, model.CycleStart, b[0].Kind, "a successful cycle opens with its marker")
		require.Equal(t, catalog.LoopBroker, b[0].Loop())
		maxCached = max(maxCached, st.CacheLen())
		now = now.Add(10 * time.Second)
	}
	bound := (int(forget/(10*time.Second)) + 2) * 15
	require.LessOrEqual(t, maxCached, bound+20, "the route cache is bounded by what was seen within 3 × expire_after")
}

// FuzzOwned: the spelt-out ownership check is the pattern.
func FuzzOwned(f *testing.F) {
	for _, s := range []string{"tracker-adsb", "tracker-archive", "amq.default", "tracker-message-processor-x\n", "tracker-a"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		require.Equal(t, broker.OwnedByPattern(name), broker.Owned(name), "%q", name)
	})
}

// A management API answer over MaxResponseBytes fails that poll with an error naming the
// limit; the next poll, with a normal answer, succeeds on the same client.
func TestAnswerOverTheLimitFailsOnePoll(t *testing.T) {
	f, srv := newFakeAPI(t)
	// 64 MiB through the race detector on a busy machine takes over 10 s at times: the
	// timeout is not what is tested here.
	c := broker.NewClient(srv.URL, "monitor", "secret", 2*time.Minute)
	broker.SetRequestTimeout(c, 2*time.Minute)
	normal := f.bodies["/api/queues/%2F"]
	f.set("/api/queues/%2F", "["+strings.Repeat(" ", broker.MaxResponseBytes)+"]", 0)
	_, err := c.Fetch(t.Context())
	require.ErrorIs(t, err, model.ErrTooLarge)
	require.ErrorContains(t, err, "the answer is larger than the limit of 64 MiB (67108864 bytes)")
	f.set("/api/queues/%2F", normal, 0)
	raw, err := c.Fetch(t.Context())
	require.NoError(t, err)
	_, err = broker.Parse(raw)
	require.NoError(t, err)
}
