package metrics_test

import (
	"context"
	"fmt"
	"io"
	"math"
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

	"github.com/tracker-adsb/tracker-core-health/catalog"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/pipeline"
	"github.com/tracker-adsb/tracker-core-health/sinks/metrics"
	"github.com/tracker-adsb/tracker-core-health/stages/all"
	"github.com/tracker-adsb/tracker-core-health/stages/registrations"
	"github.com/tracker-adsb/tracker-core-health/stages/store"
)

// catalogue is one entity of every kind the monitor publishes.
func catalogue(t *testing.T) []*model.Entity {
	cat := all.Defaults()
	ents := cat.Static()
	for _, g := range cat.Groups() { // a per-device group's entities, for one device
		if g.PerDevice && len(g.Specs) > 0 {
			var labels []model.Label
			for _, name := range g.Specs[0].Metric.Labels {
				labels = append(labels, model.Label{Name: name, Value: "x"})
			}
			ents = append(ents, cat.DeviceEntities(g.Name, model.NamedDevice("d", "D"), "d_", "T/d/", labels)...)
		}
	}
	q := catalog.QueueEntities(catalog.QueueRoute{Queue: "tracker-message-processor-mp-1", DeviceID: "Tracker_message_processor_mp-1",
		TopicBase: "T/q", UniqueIDPfx: "q", NamePrefix: "Queue "}, model.NamedDevice("d", "D"), 30)
	ents = append(ents, q[:]...)
	ents = append(ents, catalog.ProcessorCounterEntities("mp-1", model.NamedDevice("d", "D"), 30)...)
	for _, p := range catalog.ReceiverPeriods {
		ents = append(ents, catalog.ReceiverCounterEntity("rx1", "10.0.0.7", "30005", p.Period, p.Label, model.NamedDevice("r", "R"), 30))
	}
	ce := catalog.MonitorChannelEntities("phone", model.NamedDevice("d", "D"))
	ents = append(ents, ce.OK, ce.Sent, ce.Failed, ce.Dropped)
	rs := registrations.NewStage(registrations.Config{}, nil, zerolog.Nop())
	b := rs.Ingest(model.Message{Topic: "Tracker/register/Tracker_archive",
		Payload: []byte(`{"image":"tracker-archive","device":{"identifiers":["Tracker_archive"],"name":"Archive","sw_version":"2026.01.1"}}`)})
	require.Len(t, b, 1)
	return append(ents, b[0].Entity)
}

// readingFor is a plausible reading of the entity, of the type its stage emits, and the
// value it exports.
func readingFor(t *testing.T, e *model.Entity) (model.Reading, float64) {
	require.NotNil(t, e.Metric, "%s has a metric in the catalogue", e.UniqueID)
	switch {
	case e.Component == model.BinarySensor:
		return model.BoolState(e, true), 1
	case e.DeviceClass == "timestamp":
		return model.TimeState(e, time.Date(2026, 1, 1, 0, 0, 0, 500_000_000, time.UTC)), 1767225600.5
	case e.Component == model.Update:
		return model.NewStickyUpdate(e, model.UpdateState{Installed: "2026.01.1", Latest: "2026.02.1"}), 1
	case e.Metric.Shape == model.TextLabel:
		return model.TextState(e, "Running"), 1
	case e.Unit == "%":
		return model.FloatState(e, 94.5), 0.945
	case e.Unit == "msg/s" || e.Unit == "ops/s":
		return model.FloatState(e, 42), 42
	}
	return model.IntState(e, 42), 42
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
	p := metrics.New(all.Defaults().Metrics(), zerolog.Nop())
	reg := prometheus.NewRegistry()
	require.NoError(t, reg.Register(p))
	ents := catalogue(t)
	var b model.Batch
	want := map[*model.Entity]float64{}
	for _, e := range ents {
		r, v := readingFor(t, e)
		want[e] = v
		b = append(b, r)
	}
	p.Accept(b)
	mfs := gather(t, reg)
	seen := map[*model.Metric]bool{}
	for _, e := range ents {
		spec := e.Metric
		seen[spec] = true
		mf := mfs[spec.Name]
		require.NotNil(t, mf, "%s → %s", e.UniqueID, spec.Name)
		require.True(t, strings.HasPrefix(spec.Name, "tracker_"), spec.Name)
		if spec.Counter {
			require.True(t, strings.HasSuffix(spec.Name, "_total"), spec.Name)
			require.Equal(t, dto.MetricType_COUNTER, mf.GetType(), spec.Name)
		} else {
			require.Equal(t, dto.MetricType_GAUGE, mf.GetType(), spec.Name)
		}
		require.Equal(t, spec.Help, mf.GetHelp())
		found := false
		for _, m := range mf.GetMetric() {
			ls := labelsOf(m)
			match := true
			for i, l := range e.Labels {
				match = match && ls[l.Name] == l.Value && spec.Labels[i] == l.Name
			}
			if match {
				found = true
				require.InDelta(t, want[e], valueOf(m), 1e-9, spec.Name)
			}
		}
		require.True(t, found, "%s with the entity's labels", spec.Name)
	}
	for _, m := range all.Defaults().Metrics() {
		require.True(t, seen[m], "every metric of the catalogue is fed by an entity: %s", m.Name)
	}
	require.Len(t, seen, len(all.Defaults().Metrics()))

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
	p := metrics.New(all.Defaults().Metrics(), zerolog.Nop())
	metrics.SetClock(p, func() time.Time { return now })
	reg := prometheus.NewRegistry()
	require.NoError(t, reg.Register(p))
	cat := all.Defaults()
	q := catalog.QueueEntities(catalog.QueueRoute{Queue: "tracker-archive", DeviceID: "Tracker_archive", TopicBase: "T/a", UniqueIDPfx: "a"}, model.NamedDevice("d", "D"), 30)
	p.Accept(model.Batch{
		model.BoolState(cat.General(catalog.BrokerConnected), true),
		model.IntState(q[catalog.QueueReady], 5),
	})
	require.Contains(t, gather(t, reg), "tracker_queue_messages_ready")
	now = now.Add(30 * time.Second)
	require.Contains(t, gather(t, reg), "tracker_queue_messages_ready", "exactly expire_after old is still fresh")
	now = now.Add(time.Second)
	mfs := gather(t, reg)
	require.NotContains(t, mfs, "tracker_queue_messages_ready", "stale: gone")
	require.Contains(t, mfs, "tracker_broker_connected", "no expire_after: stays")
	p.Accept(model.Batch{model.IntState(q[catalog.QueueReady], 6)})
	require.Equal(t, 6.0, valueOf(gather(t, reg)["tracker_queue_messages_ready"].GetMetric()[0]), "fresh again")

	// A removed entity leaves at once.
	p.Accept(model.Batch{model.NewRemoval(q[catalog.QueueReady])})
	require.NotContains(t, gather(t, reg), "tracker_queue_messages_ready")
}

func TestLabelValuesAreEscaped(t *testing.T) {
	p := metrics.New(all.Defaults().Metrics(), zerolog.Nop())
	reg := prometheus.NewRegistry()
	require.NoError(t, reg.Register(p))
	q := catalog.QueueEntities(catalog.QueueRoute{Queue: "tracker-adsb-\"we\\ird\"\nq", DeviceID: "Tracker_Core", TopicBase: "T/w", UniqueIDPfx: "w"}, model.NamedDevice("d", "D"), 30)
	p.Accept(model.Batch{model.IntState(q[catalog.QueueReady], 7)})
	srv := httptest.NewServer(promhttp.HandlerFor(reg, promhttp.HandlerOpts{}))
	defer srv.Close()
	resp, err := srv.Client().Get(srv.URL)
	require.NoError(t, err)
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	require.Contains(t, string(body), `tracker_queue_messages_ready{device="Tracker_Core",queue="tracker-adsb-\"we\\ird\"\nq"} 7`)
}

// A reading whose value does not fit its metric (no value, a text for a number, an infinity)
// is skipped, never exported as something else.
func TestReadingsThatDoNotFitTheirMetricAreSkipped(t *testing.T) {
	p := metrics.New(all.Defaults().Metrics(), zerolog.Nop())
	reg := prometheus.NewRegistry()
	require.NoError(t, reg.Register(p))
	cat := all.Defaults()
	p.Accept(model.Batch{
		model.TextState(cat.Entity(store.GroupName, "used_memory_bytes"), "lots"),
		model.NewDeclaration(cat.General(catalog.BrokerConnected)),
		model.FloatState(cat.Entity(store.GroupName, "ops_per_second"), math.Inf(1)),
		model.IntState(cat.General(catalog.RulesVersion), 3),
		model.IntState(cat.Entity(store.GroupName, "connected_clients"), 3),
	})
	mfs := gather(t, reg)
	require.Len(t, mfs, 1)
	require.Contains(t, mfs, "tracker_store_connected_clients")
}

// The metrics page's table (docs/metrics.md) is written from the catalogue: every metric is
// documented with its type and labels.
func TestDocsListEveryMetric(t *testing.T) {
	page, err := os.ReadFile("../../docs/metrics.md")
	require.NoError(t, err)
	for _, m := range all.Defaults().Metrics() {
		typ := "gauge"
		if m.Counter {
			typ = "counter"
		}
		row := fmt.Sprintf("| %s | `%s` | %s | %s |", m.Help, m.Name, typ, strings.Join(m.LabelNames(), ", "))
		require.True(t, strings.Contains(string(page), row), "docs/metrics.md has no row %s", row)
	}
}

// The sink's Run takes every batch in, hands each back (Done), and returns when its input
// closes or its context ends.
func TestRunTakesEveryBatchAndHandsItBack(t *testing.T) {
	p := metrics.New(all.Defaults().Metrics(), zerolog.Nop())
	cat := all.Defaults()
	in := make(chan pipeline.Shared[model.Batch], 2)
	released := make(chan model.Batch, 2)
	in <- pipeline.Lend(model.Batch{model.IntState(cat.Entity(store.GroupName, "connected_clients"), 3)}, func(b model.Batch) { released <- b })
	in <- pipeline.Own(model.Batch{model.BoolState(cat.General(catalog.BrokerConnected), true)})
	close(in)
	require.NoError(t, p.Run(t.Context(), in))
	require.Len(t, released, 1, "the lent batch went back")
	reg := prometheus.NewRegistry()
	require.NoError(t, reg.Register(p))
	mfs := gather(t, reg)
	require.Contains(t, mfs, "tracker_store_connected_clients")
	require.Contains(t, mfs, "tracker_broker_connected")

	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	require.NoError(t, p.Run(ctx, make(chan pipeline.Shared[model.Batch])), "a stop never waits for input")
}
