package monitor

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/catalog"
	"github.com/tracker-adsb/tracker-core-health/config"
	"github.com/tracker-adsb/tracker-core-health/internal/testenv"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/pipeline"
	"github.com/tracker-adsb/tracker-core-health/stages"
	"github.com/tracker-adsb/tracker-core-health/stages/all"
	"github.com/tracker-adsb/tracker-core-health/stages/broker"
	"github.com/tracker-adsb/tracker-core-health/stages/store"
)

// A tiny telemetry stage written as ARCHITECTURE.md's "Adding a stage" says, step by step,
// and nothing else: its readings reach the monitor's sinks (here /metrics) with no line of
// the sinks, the catalogue or another stage changed. If the recipe stops being true, this
// stops compiling or failing.

// 1. The group: field constants and a catalog.Specs list; Group(interval).
const (
	exampleGroupName = "lightning"
	exampleStrikes   = "strikes_per_minute"
)

var exampleSpecs = catalog.Specs([]catalog.Spec{
	{Field: exampleStrikes, Name: "Lightning Strikes Per Minute", Icon: "mdi:flash", StateClass: "measurement", Unit: "1/min",
		Metric: catalog.Gauge("tracker_lightning_strikes_per_minute", model.Number)},
})

func exampleGroup(interval time.Duration) catalog.Group {
	return catalog.Group{Name: exampleGroupName, UniqueID: "Tracker_core_health_lightning_", TopicBase: "Tracker/core-health/lightning/statistic/",
		Interval: interval, Specs: exampleSpecs}
}

// 2. The stage: a Cycle that polls once and returns readings of the group's entities, and a
// Start that hands it to pipeline.Poll.
type exampleStage struct {
	cat   *catalog.Catalog
	group string // the group it asks the catalogue for (a wrong one shows the seam failing loudly)
}

func (s *exampleStage) Cycle(context.Context) model.Batch {
	return model.Batch{model.FloatState(s.cat.Entity(s.group, exampleStrikes), 7.5)}
}

func (s *exampleStage) Start(ticks <-chan time.Time, deadline time.Duration) (<-chan pipeline.Shared[model.Batch], func(context.Context) error) {
	return pipeline.Poll[pipeline.Shared[model.Batch]]{Deadline: deadline, Cycle: func(ctx context.Context) (pipeline.Shared[model.Batch], bool) {
		return pipeline.Own(s.Cycle(ctx)), true
	}}.Start(ticks, 1)
}

// 3. The configuration, with the stage: LoadConfig reads its variables with config.Reader.
type exampleConfig struct{ interval time.Duration }

func loadExampleConfig(get config.Getenv) (exampleConfig, error) {
	r := config.NewReader(get)
	c := exampleConfig{interval: r.Duration("LIGHTNING_INTERVAL", time.Minute)}
	return c, r.Err()
}

// 4. The registration: the group at its interval, and how it starts.
type exampleRegistered struct {
	cfg   exampleConfig
	group string
}

func registerExample(get config.Getenv) (stages.Stage, error) {
	c, err := loadExampleConfig(get)
	return exampleRegistered{cfg: c, group: exampleGroupName}, err
}

func (r exampleRegistered) Group() catalog.Group { return exampleGroup(r.cfg.interval) }

func (r exampleRegistered) Start(m stages.Monitor) <-chan pipeline.Shared[model.Batch] {
	ticks, runTicks := pipeline.Ticks(m.Log, 0, r.cfg.interval)
	m.Go("lightning-ticker", runTicks)
	out, run := (&exampleStage{cat: m.Catalog, group: r.group}).Start(ticks, r.cfg.interval*3/4)
	m.Go("lightning", run)
	return out
}

// 5. One line in stages/all.Telemetry: here, the test's own list.
func withExample(t *testing.T, reg stages.Registration) []stages.Stage {
	t.Helper()
	get := func(k string) (string, bool) {
		return map[string]string{"LIGHTNING_INTERVAL": "50ms"}[k], k == "LIGHTNING_INTERVAL"
	}
	registered, err := all.Load(get)
	require.NoError(t, err)
	st, err := reg(get)
	require.NoError(t, err)
	return append(registered, st)
}

// runMonitor runs the monitor with these stages (no broker, store or MQTT: their loops fail,
// which is not what is looked at) and its metrics served; it returns /metrics when the
// example's reading is there, or the monitor's error.
func runMonitor(t *testing.T, telemetry []stages.Stage) (string, error) {
	t.Helper()
	cfg := &Settings{Monitor: &config.Monitor{HeartbeatPath: t.TempDir() + "/hb", MetricsAddr: "127.0.0.1:0", // the port it got is in its log
		MQTTPublishRate: 100, MQTTDiscoveryRate: 100, Version: "test"},
		Broker: broker.Config{Host: "127.0.0.1", ManagementPort: 1, PollInterval: time.Second},
		Store:  store.Config{Store: config.Store{StoreHost: "127.0.0.1", StorePort: 1}, PollInterval: time.Second}}
	logs := &lockedBuffer{}
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	stop, stopNow := context.WithCancel(ctx)
	defer stopNow()
	done := make(chan error, 1)
	cfg.Telemetry, cfg.Log = telemetry, zerolog.New(logs)
	go func() { done <- run(ctx, stop, cfg) }()
	l := ""
	for {
		select {
		case err := <-done:
			return "", err
		case <-time.After(50 * time.Millisecond):
		}
		if l == "" {
			l = logs.addr("serving /metrics")
			continue
		}
		resp, err := http.Get("http://" + l + "/metrics")
		if err != nil {
			continue
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if strings.Contains(string(b), "tracker_lightning_strikes_per_minute") {
			stopNow()
			return string(b), <-done // a clean stop: nil
		}
	}
}

func TestTheRecipeAddsAStage(t *testing.T) {
	metrics, err := runMonitor(t, withExample(t, registerExample))
	require.NoError(t, err)
	require.Contains(t, metrics, "tracker_lightning_strikes_per_minute 7.5", "the example's reading reached the Prometheus sink")
	require.Contains(t, metrics, "# HELP tracker_lightning_strikes_per_minute Lightning Strikes Per Minute")
}

// A stage whose readings name a group that is not registered fails the monitor loudly (its
// catalogue refuses the group), instead of its readings being dropped without a word.
func TestAStageOfAnUnregisteredGroupFailsLoudly(t *testing.T) {
	unregistered := func(get config.Getenv) (stages.Stage, error) {
		c, err := loadExampleConfig(get)
		return exampleRegistered{cfg: c, group: "thunder"}, err // asks for a group nobody registered
	}
	_, err := runMonitor(t, withExample(t, unregistered))
	require.Error(t, err)
	require.Contains(t, err.Error(), `group "thunder" is not registered`)
}

// lockedBuffer is the monitor's log, read while it runs.
type lockedBuffer struct{ testenv.Buffer }

// addr is the "addr" of the log line whose message is msg ("": none yet).
func (l *lockedBuffer) addr(msg string) string {
	for _, line := range strings.Split(l.String(), "\n") {
		var v struct{ Message, Addr string }
		if json.Unmarshal([]byte(line), &v) == nil && v.Message == msg {
			return v.Addr
		}
	}
	return ""
}
