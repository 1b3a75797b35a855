package sinks_test

import (
	"io"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"github.com/prometheus/client_golang/prometheus/testutil"
	dto "github.com/prometheus/client_model/go"
	"github.com/rs/zerolog"
	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/sinks"
	"github.com/tracker-adsb/tracker-core-health/stages/registrations"
	"github.com/tracker-adsb/tracker-core-health/stages/telemetry"
)

// catalogue is one entity of every kind the monitor publishes.
func catalogue(t *testing.T) []*model.Entity {
	cat := telemetry.NewCatalog(model.CoreDevice("1", ""), 10*time.Second, 60*time.Second)
	ents := cat.Static()
	q := telemetry.QueueEntities(telemetry.QueueRoute{Queue: "tracker-message-processor-mp-1", DeviceID: "Tracker_message_processor_mp-1",
		TopicBase: "T/q", UniqueIDPfx: "q", NamePrefix: "Queue "}, model.NamedDevice("d", "D"), 30)
	ents = append(ents, q[:]...)
	ents = append(ents, telemetry.ProcessorCounterEntities("mp-1", model.NamedDevice("d", "D"), 30)...)
	for _, p := range telemetry.ReceiverPeriods {
		ents = append(ents, telemetry.ReceiverCounterEntity("rx1", "10.0.0.7", "30005", p.Period, p.Label, model.NamedDevice("r", "R"), 30))
	}
	rs := registrations.NewStage(registrations.Config{}, nil, zerolog.Nop())
	b := rs.Ingest(model.Message{Topic: "Tracker/register/Tracker_archive",
		Payload: []byte(`{"image":"tracker-archive","device":{"identifiers":["Tracker_archive"],"name":"Archive","sw_version":"2026.01.1"}}`)})
	require.Len(t, b, 1)
	return append(ents, b[0].Entity)
}

// payloadFor is a plausible payload of the entity's metric kind, and the value it exports.
func payloadFor(t *testing.T, e *model.Entity) (string, float64) {
	spec, ok := sinks.MetricsTable[e.Series.Metric]
	require.True(t, ok, "%s (%s) has a row in the metrics table", e.UniqueID, e.Series.Metric)
	switch {
	case e.Component == model.BinarySensor:
		return "True", 1
	case e.DeviceClass == "timestamp":
		return "2026-01-01T00:00:00.5+00:00", 1767225600.5
	case e.Component == model.Update:
		return `{"installed_version":"2026.01.1","latest_version":"2026.02.1"}`, 1
	case strings.HasSuffix(spec.Name, "_info") || strings.Contains(e.Icon, "content-save") || e.Series.Metric == "store/role" || e.Series.Metric == "queue/state":
		return "Running", 1
	case e.Unit == "%":
		return "94.5", 0.945
	}
	return "42.0", 42
}

func gather(t *testing.T, reg *prometheus.Registry) map[string]*dto.MetricFamily {
	mfs, err := reg.Gather()
	require.NoError(t, err)
	out := map[string]*dto.MetricFamily{}
	for _, mf := range mfs {
		out[mf.GetName()] = mf
	}
	return out
}

func labelsOf(m *dto.Metric) map[string]string {
	out := map[string]string{}
	for _, l := range m.GetLabel() {
		out[l.GetName()] = l.GetValue()
	}
	return out
}

func valueOf(m *dto.Metric) float64 {
	if c := m.GetCounter(); c != nil {
		return c.GetValue()
	}
	return m.GetGauge().GetValue()
}

func TestEveryCatalogueEntityHasItsMetric(t *testing.T) {
	p := sinks.NewPromSink(zerolog.Nop())
	reg := prometheus.NewRegistry()
	require.NoError(t, reg.Register(p))
	ents := catalogue(t)
	var b model.Batch
	want := map[*model.Entity]float64{}
	for _, e := range ents {
		payload, v := payloadFor(t, e)
		want[e] = v
		b = append(b, model.NewState(e, payload))
	}
	p.Accept(b)
	mfs := gather(t, reg)
	kinds := map[string]bool{}
	for _, e := range ents {
		spec := sinks.MetricsTable[e.Series.Metric]
		kinds[strings.SplitN(e.Series.Metric, "/", 2)[0]] = true
		mf := mfs[spec.Name]
		require.NotNil(t, mf, "%s → %s", e.UniqueID, spec.Name)
		require.True(t, strings.HasPrefix(spec.Name, "tracker_"), spec.Name)
		if spec.Type == prometheus.CounterValue {
			require.True(t, strings.HasSuffix(spec.Name, "_total"), spec.Name)
		}
		found := false
		for _, m := range mf.GetMetric() {
			ls := labelsOf(m)
			match := true
			for _, l := range e.Series.Labels {
				match = match && ls[l.Name] == l.Value
			}
			if match {
				found = true
				require.InDelta(t, want[e], valueOf(m), 1e-9, spec.Name)
			}
		}
		require.True(t, found, "%s with the entity's labels", spec.Name)
	}
	require.Equal(t, map[string]bool{"general": true, "broker": true, "store": true, "queue": true, "processor": true, "receiver": true, "update": true}, kinds)

	require.Equal(t, "Running", labelsOf(mfs["tracker_queue_state"].GetMetric()[0])["state"], "a string state is a label set to 1")
	up := labelsOf(mfs["tracker_component_update_available"].GetMetric()[0])
	require.Equal(t, map[string]string{"component": "Tracker_archive", "image": "tracker-archive", "installed": "2026.01.1", "latest": "2026.02.1"}, up)

	problems, err := testutil.CollectAndLint(p)
	require.NoError(t, err)
	require.Empty(t, problems, "promlint")
}

// A reading not refreshed within its entity's expire_after leaves /metrics, as Home
// Assistant marks it unavailable; one without expire_after stays.
func TestStaleReadingsDisappear(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	p := sinks.NewPromSink(zerolog.Nop())
	sinks.SetPromClock(p, func() time.Time { return now })
	reg := prometheus.NewRegistry()
	require.NoError(t, reg.Register(p))
	cat := telemetry.NewCatalog(model.CoreDevice("1", ""), 10*time.Second, 60*time.Second)
	q := telemetry.QueueEntities(telemetry.QueueRoute{Queue: "tracker-archive", DeviceID: "Tracker_archive", TopicBase: "T/a", UniqueIDPfx: "a"}, model.NamedDevice("d", "D"), 30)
	p.Accept(model.Batch{
		model.NewState(cat.General(telemetry.BrokerConnected), "True"),
		model.NewState(q[telemetry.QueueReady], "5"),
	})
	require.Contains(t, gather(t, reg), "tracker_queue_messages_ready")
	now = now.Add(30 * time.Second)
	require.Contains(t, gather(t, reg), "tracker_queue_messages_ready", "exactly expire_after old is still fresh")
	now = now.Add(time.Second)
	mfs := gather(t, reg)
	require.NotContains(t, mfs, "tracker_queue_messages_ready", "stale: gone")
	require.Contains(t, mfs, "tracker_broker_connected", "no expire_after: stays")
	p.Accept(model.Batch{model.NewState(q[telemetry.QueueReady], "6")})
	require.Equal(t, 6.0, valueOf(gather(t, reg)["tracker_queue_messages_ready"].GetMetric()[0]), "fresh again")

	// A removed entity leaves at once.
	p.Accept(model.Batch{model.NewRemoval(q[telemetry.QueueReady])})
	require.NotContains(t, gather(t, reg), "tracker_queue_messages_ready")
}

func TestLabelValuesAreEscaped(t *testing.T) {
	p := sinks.NewPromSink(zerolog.Nop())
	reg := prometheus.NewRegistry()
	require.NoError(t, reg.Register(p))
	q := telemetry.QueueEntities(telemetry.QueueRoute{Queue: "tracker-adsb-\"we\\ird\"\nq", DeviceID: "Tracker_Core", TopicBase: "T/w", UniqueIDPfx: "w"}, model.NamedDevice("d", "D"), 30)
	p.Accept(model.Batch{model.NewState(q[telemetry.QueueReady], "7")})
	srv := httptest.NewServer(promhttp.HandlerFor(reg, promhttp.HandlerOpts{}))
	defer srv.Close()
	resp, err := srv.Client().Get(srv.URL)
	require.NoError(t, err)
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	require.Contains(t, string(body), `tracker_queue_messages_ready{device="Tracker_Core",queue="tracker-adsb-\"we\\ird\"\nq"} 7`)
}

func TestMalformedPayloadsAreSkipped(t *testing.T) {
	p := sinks.NewPromSink(zerolog.Nop())
	reg := prometheus.NewRegistry()
	require.NoError(t, reg.Register(p))
	cat := telemetry.NewCatalog(model.CoreDevice("1", ""), 10*time.Second, 60*time.Second)
	p.Accept(model.Batch{
		model.NewState(cat.Store("used_memory_bytes"), "lots"),
		model.NewState(cat.General(telemetry.BrokerConnected), "maybe"),
		model.NewState(cat.General(telemetry.StartedAt), "yesterday"),
		model.NewState(cat.Store("connected_clients"), "3"),
	})
	mfs := gather(t, reg)
	require.Len(t, mfs, 1)
	require.Contains(t, mfs, "tracker_store_connected_clients")
}

// The README's metrics table is written from MetricsTable: every metric is documented.
func TestREADMEListsEveryMetric(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	require.NoError(t, err)
	for key, m := range sinks.MetricsTable {
		require.Contains(t, string(readme), "| `"+key+"` | `"+m.Name+"` |", "README row for %s", key)
	}
}
