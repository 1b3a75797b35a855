// Package monitor is tracker-core-health as a library: the always-on health monitor's
// pipeline (ARCHITECTURE.md draws it). It polls the broker's management API and the data
// store, republishes application counters, tracks component registrations and the registry's
// releases, and publishes it all over MQTT with Home Assistant discovery and on /metrics.
// cmd/internal/cli/monitor parses the command line and the environment and calls Run.
package monitor

import (
	"context"
	"errors"
	"time"

	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/catalog"
	"github.com/tracker-adsb/tracker-core-health/config"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/pipeline"
	"github.com/tracker-adsb/tracker-core-health/sinks/alerts"
	"github.com/tracker-adsb/tracker-core-health/sinks/channels"
	"github.com/tracker-adsb/tracker-core-health/sinks/metrics"
	"github.com/tracker-adsb/tracker-core-health/sinks/mqtt"
	"github.com/tracker-adsb/tracker-core-health/stages"
	"github.com/tracker-adsb/tracker-core-health/stages/all"
	"github.com/tracker-adsb/tracker-core-health/stages/broker"
	"github.com/tracker-adsb/tracker-core-health/stages/registrations"
	"github.com/tracker-adsb/tracker-core-health/stages/registry"
	"github.com/tracker-adsb/tracker-core-health/stages/store"
)

// StopWithin bounds a stop: the sources stop at once and the rest drains (the last states and
// OFFLINE go out), but the monitor never takes longer (CONTRACT.md: it exits within 5 s of
// SIGTERM).
const StopWithin = 4500 * time.Millisecond

// Run wires the pipeline and runs it until ctx ends (graceful: sources stop, the rest drains,
// OFFLINE is published; at most StopWithin) or a stage fails (its error).
func Run(ctx context.Context, cfg *Settings) error {
	stopping := context.AfterFunc(ctx, func() { cfg.Log.Info().Msg("shutting down") })
	defer stopping()
	err := pipeline.Bounded(ctx, StopWithin, "monitor", func() error { return run(context.WithoutCancel(ctx), ctx, cfg) })
	if errors.Is(err, pipeline.ErrStopTooLong) {
		cfg.Log.Warn().Msg("shutdown took too long; exiting")
		return nil
	}
	return err
}

// run runs the pipeline until stop ends or a stage fails; ctx ends everything at once.
func run(ctx, stop context.Context, cfg *Settings) error {
	log, telemetry := cfg.Log, cfg.Telemetry
	w := &wiring{cfg: cfg, stop: stop, log: log, started: time.Now(), health: &pipeline.Health{},
		devices: &pipeline.DeviceDirectory{}, cat: all.Catalog(cfg.Monitor, cfg.Broker.PollInterval, cfg.Store.PollInterval, telemetry), g: pipeline.NewGroup(ctx)}
	log.Info().
		Str("broker", cfg.Broker.ManagementURL()).Str("broker_user", cfg.Broker.Username).
		Str("store", cfg.Store.StoreAddr()).Bool("mqtt", cfg.MQTTEnabled()).Str("mqtt_host", cfg.MQTTHost).
		Dur("broker_interval", cfg.Broker.PollInterval).Dur("store_interval", cfg.Store.PollInterval).
		Str("metrics", cfg.MetricsAddr).Str("version", cfg.SWVersion()).Msg("starting")
	if cfg.PprofAddr != "" {
		w.goStopping("pprof", func(ctx context.Context) error { return servePprof(ctx, cfg.PprofAddr, w.stageLog("pprof")) })
	}
	w.channels()
	readings := []<-chan pipeline.Shared[model.Batch]{w.static()}
	conn := store.NewConn(store.Options{Addr: cfg.Store.StoreAddr(), Password: cfg.Store.StorePassword, Timeout: storeTimeout(cfg)})
	defer conn.Close()
	readings = append(readings, w.brokerAndStore(conn)...)
	if w.chans != nil { // the channels' health, as readings beside the others
		readings = append(readings, w.channelHealth())
	}
	for _, st := range telemetry { // the registered telemetry stages (stages/all), each as its registration says
		readings = append(readings, st.Start(stages.Monitor{Catalog: w.cat, Devices: w.devices, Log: w.stageLog(st.Group().Name), Go: w.goStopping}))
	}
	w.goStopping("heartbeat", func(ctx context.Context) error { // for the container health check
		return pipeline.Heartbeat(ctx, w.stageLog("heartbeat"), w.health, cfg.HeartbeatPath, min(config.HeartbeatTouchInterval, cfg.Broker.PollInterval))
	})
	w.sinks(ctx, readings)
	return w.g.Wait()
}

// wiring is the monitor's pipeline while it is put together.
type wiring struct {
	cfg          *Settings
	stop         context.Context
	log          zerolog.Logger
	started      time.Time
	health       *pipeline.Health
	devices      *pipeline.DeviceDirectory
	cat          *catalog.Catalog
	g            *pipeline.Group
	chans        *channels.Set // nil: NOTIFY_URLS unset
	chanEntities []catalog.ChannelEntities
}

func (w *wiring) stageLog(name string) zerolog.Logger {
	return w.log.With().Str("stage", name).Logger()
}

// goStopping runs a source or a stage under a context that also ends on stop; the merge and the
// sinks run until their input closes (w.g.Go), so that whatever is in flight drains.
func (w *wiring) goStopping(name string, fn func(context.Context) error) {
	w.g.Go(name, func(gctx context.Context) error {
		sctx, cancel := context.WithCancel(gctx)
		defer cancel()
		defer context.AfterFunc(w.stop, cancel)()
		return fn(sctx)
	})
}

// channels builds NOTIFY_URLS' channels, where the monitor's own problems go (CONTRACT.md
// 10.7), and their health entities on the Core device (10.4).
func (w *wiring) channels() {
	if w.cfg.Alerts.NotifyURLs == "" {
		return
	}
	chLog := w.stageLog("channels")
	specs, problems := channels.ParseURLs(w.cfg.Alerts.NotifyURLs)
	for _, p := range problems {
		chLog.Error().Msg("NOTIFY_URLS: " + p)
	}
	w.chans = channels.New(specs, chLog)
	w.chanEntities = w.chans.Entities(func(name string) catalog.ChannelEntities {
		return catalog.MonitorChannelEntities(name, w.cat.CoreDevice)
	})
}

// static declares the static entities up front, so that their discovery goes out on every
// connect: the catalogue's, the channels' health, the monitor's own registration.
func (w *wiring) static() <-chan pipeline.Shared[model.Batch] {
	static := make(chan pipeline.Shared[model.Batch], 1)
	decl := model.Batch{}
	for _, e := range w.cat.Static() {
		decl = append(decl, model.NewDeclaration(e))
	}
	for _, ce := range w.chanEntities {
		decl = append(decl, ce.Declarations()...)
	}
	if own, ok := registrations.OwnRegistration(w.cfg.ComponentImage, w.cat.CoreDevice); ok {
		decl = append(decl, own)
	}
	static <- pipeline.Own(decl)
	close(static)
	return static
}

// brokerAndStore starts the broker loop (ticker → broker poll → counter republishing) and the
// store loop, the essential loops: while either's latest poll succeeded, the heartbeat is
// touched.
func (w *wiring) brokerAndStore(conn *store.Conn) []<-chan pipeline.Shared[model.Batch] {
	cfg := w.cfg
	bs := broker.NewStage(
		broker.NewClient(cfg.Broker.ManagementURL(), cfg.Broker.Username, cfg.Broker.Password, cfg.Broker.PollInterval),
		w.cat, w.devices, w.health.Essential(), w.started, w.stageLog("broker"))
	brokerTicks, runBrokerTicks := pipeline.Ticks(w.stageLog("broker-ticker"), 0, cfg.Broker.PollInterval)
	w.goStopping("broker-ticker", runBrokerTicks)
	brokerOut, counterReq, runBroker := bs.Start(brokerTicks)
	w.goStopping("broker", runBroker)
	cs := store.NewCounterStage(conn, w.devices, w.cat.ExpireAfterOf(broker.GroupName), w.stageLog("counters"))
	counterOut, runCounters := cs.Start(counterReq)
	w.goStopping("counters", runCounters)
	storeTicks, runStoreTicks := pipeline.Ticks(w.stageLog("store-ticker"), 0, cfg.Store.PollInterval)
	w.goStopping("store-ticker", runStoreTicks)
	storeOut, runStore := store.NewStage(conn, w.cat, w.health.Essential(), w.stageLog("store")).Start(storeTicks)
	w.goStopping("store", runStore)
	return []<-chan pipeline.Shared[model.Batch]{brokerOut, counterOut, storeOut}
}

// channelHealth publishes the channels' health as readings.
func (w *wiring) channelHealth() <-chan pipeline.Shared[model.Batch] {
	health := make(chan pipeline.Shared[model.Batch], 4)
	w.goStopping("channel-health", func(ctx context.Context) error {
		defer close(health)
		w.chans.Report(ctx, w.chanEntities, func(b model.Batch) { pipeline.Send(ctx, health, pipeline.Own(b)) })
		return nil
	})
	return health
}

// releases starts the registry check (none without REGISTRY_NAMESPACE) for the images the
// registrations name.
func (w *wiring) releases(rs *registrations.Stage) <-chan model.Releases {
	cfg := w.cfg
	if cfg.Registry.Namespace == "" {
		w.log.Warn().Msg("REGISTRY_NAMESPACE unset: no registry check; update entities show the installed version as latest")
		none := make(chan model.Releases)
		close(none)
		return none
	}
	rc := registry.NewClient(cfg.Registry.Config, w.stageLog("registry"))
	registryTicks, runRegistryTicks := pipeline.Ticks(w.stageLog("registry-ticker"), cfg.Registry.StartupDelay, cfg.Registry.CheckInterval)
	w.goStopping("registry-ticker", runRegistryTicks)
	releases, runRegistry := registry.NewStage(rc, w.stageLog("registry")).Start(registryTicks, rs.ImageSets())
	w.goStopping("registry", runRegistry)
	return releases
}

// sinks starts the registrations (from the MQTT sink's subscription), merges every reading
// and fans it out to each sink: the MQTT sink, Prometheus (METRICS_ADDR) and the alerts
// (NOTIFY_URLS), each with its own bounded buffer, so a slow MQTT broker never delays
// /metrics and the other way round; the fan-out counts each batch's readers, so the broker
// and counter stages get their batches back after the last reader's Done.
func (w *wiring) sinks(ctx context.Context, readings []<-chan pipeline.Shared[model.Batch]) {
	cfg := w.cfg
	sink := mqtt.New(mqtt.Config{
		ServerConfig: mqtt.ServerConfig{MQTT: cfg.MQTT, KeepAlive: config.MQTTKeepAlive,
			Subscribe: []string{model.HAStatusTopic, model.RegisterTopicRoot + "/+"}},
		Origin:      model.Origin{Name: model.OriginName, SWVersion: cfg.Version},
		PublishRate: cfg.MQTTPublishRate, DiscoveryRate: cfg.MQTTDiscoveryRate,
	}, w.stageLog("mqtt"))
	rs := registrations.NewStage(registrations.Config{Namespace: cfg.Registry.Namespace, ReleaseURLTemplate: cfg.Registry.ReleaseURLTemplate}, w.devices, w.stageLog("registrations"))
	regOut, runRegistrations := rs.Start(sink.Received(), w.releases(rs))
	merged := pipeline.Merge(ctx, 16, append(readings, regOut)...)
	readers, promOut, alertsOut := 1, 0, 0
	if cfg.MetricsAddr != "" {
		promOut, readers = readers, readers+1
	}
	if w.chans != nil {
		alertsOut, readers = readers, readers+1
	}
	outs := pipeline.FanOut(ctx, merged, 16, readers)
	if cfg.MetricsAddr != "" {
		prom := metrics.New(w.cat.Metrics(), w.stageLog("prometheus"))
		w.g.Go("prometheus-sink", func(ctx context.Context) error { return prom.Run(ctx, outs[promOut]) })
		w.goStopping("metrics-server", func(ctx context.Context) error { return prom.Serve(ctx, cfg.MetricsAddr) })
	}
	if w.chans != nil {
		w.goStopping("channels", w.chans.Run)
		al := alerts.New(cfg.Alerts.Config, w.chans, w.stageLog("alerts"))
		w.g.Go("alerts-sink", func(ctx context.Context) error { return al.Run(ctx, outs[alertsOut]) })
	}
	w.g.Go("mqtt-sink", func(ctx context.Context) error { return sink.Run(ctx, outs[0]) })
	w.goStopping("registrations", runRegistrations)
}

// storeTimeout bounds one store round trip: below three quarters of the shorter of the two
// intervals that use the store (the store poll, the counters on each broker cycle), 5 s at
// most, so that a hung store fails a cycle before the next tick.
func storeTimeout(cfg *Settings) time.Duration {
	return min(5*time.Second, min(cfg.Broker.PollInterval, cfg.Store.PollInterval)*3/4)
}
