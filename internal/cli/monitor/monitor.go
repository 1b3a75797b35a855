package monitor

import (
	"context"
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

// Monitor wires the pipeline and runs it until stop ends (graceful: sources stop, the rest
// drains, OFFLINE is published) or a stage fails.
func Monitor(ctx, stop context.Context, cfg *config.Monitor, telemetry []stages.Stage, log zerolog.Logger) error {
	started := time.Now()
	health := &pipeline.Health{}
	devices := &pipeline.DeviceDirectory{}
	cat := all.Catalog(cfg, telemetry)
	stageLog := func(name string) zerolog.Logger { return log.With().Str("stage", name).Logger() }

	g := pipeline.NewGroup(ctx)
	// Sources and stages run under a context that also ends on stop; the merge and the sink
	// run until their input closes, so that whatever is in flight drains.
	goStopping := func(name string, fn func(context.Context) error) {
		g.Go(name, func(gctx context.Context) error {
			sctx, cancel := context.WithCancel(gctx)
			defer cancel()
			defer context.AfterFunc(stop, cancel)()
			return fn(sctx)
		})
	}

	log.Info().
		Str("broker", cfg.BrokerManagementURL()).Str("broker_user", cfg.BrokerMonitoringUsername).
		Str("store", cfg.StoreAddr()).Bool("mqtt", cfg.MQTTEnabled()).Str("mqtt_host", cfg.MQTTHost).
		Dur("broker_interval", cfg.BrokerPollInterval).Dur("store_interval", cfg.StorePollInterval).
		Str("metrics", cfg.MetricsAddr).Str("version", cfg.SWVersion()).Msg("starting")

	if cfg.PprofAddr != "" {
		goStopping("pprof", func(ctx context.Context) error { return servePprof(ctx, cfg.PprofAddr, stageLog("pprof")) })
	}

	// The monitor's own problems go to NOTIFY_URLS' channels (CONTRACT.md 10.7), whose health
	// is on the Core device (10.4).
	var chans *channels.Set
	var chanEntities []catalog.ChannelEntities
	if cfg.NotifyURLs != "" {
		chLog := stageLog("channels")
		specs, problems := channels.ParseURLs(cfg.NotifyURLs)
		for _, p := range problems {
			chLog.Error().Msg("NOTIFY_URLS: " + p)
		}
		chans = channels.New(specs, chLog)
		chanEntities = chans.Entities(func(name string) catalog.ChannelEntities { return catalog.MonitorChannelEntities(name, cat.CoreDevice) })
	}

	// Static entities: declared up front so that their discovery goes out on every connect.
	static := make(chan pipeline.Shared[model.Batch], 1)
	decl := model.Batch{}
	for _, e := range cat.Static() {
		decl = append(decl, model.NewDeclaration(e))
	}
	for _, ce := range chanEntities {
		decl = append(decl, ce.Declarations()...)
	}
	if own, ok := registrations.OwnRegistration(cfg.ComponentImage, cat.CoreDevice); ok {
		decl = append(decl, own)
	}
	static <- pipeline.Own(decl)
	close(static)

	// Broker loop: ticker → broker poll → counter republishing. Broker and store are the
	// essential loops: while either's latest poll succeeded, the heartbeat is touched.
	bs := broker.NewStage(
		broker.NewClient(cfg.BrokerManagementURL(), cfg.BrokerMonitoringUsername, cfg.BrokerMonitoringPassword, cfg.BrokerPollInterval),
		cat, devices, health.Essential(), started, stageLog("broker"))
	brokerTicks, runBrokerTicks := pipeline.Ticks(stageLog("broker-ticker"), 0, cfg.BrokerPollInterval)
	goStopping("broker-ticker", runBrokerTicks)
	brokerOut, counterReq, runBroker := bs.Start(brokerTicks)
	goStopping("broker", runBroker)

	conn := store.NewConn(store.Options{Addr: cfg.StoreAddr(), Password: cfg.StorePassword, Timeout: storeTimeout(cfg)})
	defer conn.Close()
	cs := store.NewCounterStage(conn, devices, cat.ExpireAfterOf(broker.GroupName), stageLog("counters"))
	counterOut, runCounters := cs.Start(counterReq)
	goStopping("counters", runCounters)

	// Store loop.
	storeTicks, runStoreTicks := pipeline.Ticks(stageLog("store-ticker"), 0, cfg.StorePollInterval)
	goStopping("store-ticker", runStoreTicks)
	storeOut, runStore := store.NewStage(conn, cat, health.Essential(), stageLog("store")).Start(storeTicks)
	goStopping("store", runStore)

	// The registered telemetry stages (stages/all), each started as its registration says.
	readings := []<-chan pipeline.Shared[model.Batch]{static, brokerOut, counterOut, storeOut}
	if chans != nil { // the channels' health, as readings beside the others
		health := make(chan pipeline.Shared[model.Batch], 4)
		goStopping("channel-health", func(ctx context.Context) error {
			defer close(health)
			chans.Report(ctx, chanEntities, func(b model.Batch) { pipeline.Send(ctx, health, pipeline.Own(b)) })
			return nil
		})
		readings = append(readings, health)
	}
	for _, st := range telemetry {
		name := st.Group().Name
		readings = append(readings, st.Start(stages.Monitor{Catalog: cat, Devices: devices, Log: stageLog(name), Go: goStopping}))
	}

	// Heartbeat for the container health check.
	goStopping("heartbeat", func(ctx context.Context) error {
		return pipeline.Heartbeat(ctx, stageLog("heartbeat"), health, cfg.HeartbeatPath, min(config.HeartbeatTouchInterval, cfg.BrokerPollInterval))
	})

	// Registrations (from the sink's subscription) and the registry check.
	rs := registrations.NewStage(registrations.Config{Namespace: cfg.RegistryNamespace, ReleaseURLTemplate: cfg.ReleaseURLTemplate}, devices, stageLog("registrations"))
	var releases <-chan model.Releases
	if cfg.RegistryNamespace == "" {
		log.Warn().Msg("REGISTRY_NAMESPACE unset: no registry check; update entities show the installed version as latest")
		none := make(chan model.Releases)
		close(none)
		releases = none
	} else {
		rc := registry.NewClient(registry.Config{URL: cfg.RegistryURL, Namespace: cfg.RegistryNamespace, AuthURL: cfg.RegistryAuthURL}, stageLog("registry"))
		registryTicks, runRegistryTicks := pipeline.Ticks(stageLog("registry-ticker"), cfg.RegistryCheckStartupDelay, cfg.RegistryCheckInterval)
		goStopping("registry-ticker", runRegistryTicks)
		var runRegistry func(context.Context) error
		releases, runRegistry = registry.NewStage(rc, stageLog("registry")).Start(registryTicks, rs.ImageSets())
		goStopping("registry", runRegistry)
	}

	// The one MQTT sink.
	sink := mqtt.New(mqtt.Config{
		ServerConfig: mqtt.ServerConfig{
			MQTT:      cfg.MQTT,
			KeepAlive: config.MQTTKeepAlive,
			Subscribe: []string{model.HAStatusTopic, model.RegisterTopicRoot + "/+"},
		},
		Origin:      model.Origin{Name: model.OriginName, SWVersion: cfg.Version},
		PublishRate: cfg.MQTTPublishRate, DiscoveryRate: cfg.MQTTDiscoveryRate,
	}, stageLog("mqtt"))
	// Every reading reaches every sink: the merged stream fans out, each sink with its own
	// bounded buffer, so a slow MQTT broker never delays /metrics and the other way round.
	// The fan-out counts each batch's readers: the broker and counter stages get their batches
	// back after the last reader's Done.
	regOut, runRegistrations := rs.Start(sink.Received(), releases)
	merged := pipeline.Merge(ctx, 16, append(readings, regOut)...)
	readers := 1
	promOut, alertsOut := 0, 0
	if cfg.MetricsAddr != "" {
		promOut, readers = readers, readers+1
	}
	if cfg.NotifyURLs != "" {
		alertsOut, readers = readers, readers+1
	}
	outs := pipeline.FanOut(ctx, merged, 16, readers)
	if cfg.MetricsAddr != "" {
		prom := metrics.New(cat.Metrics(), stageLog("prometheus"))
		g.Go("prometheus-sink", func(ctx context.Context) error { return prom.Run(ctx, outs[promOut]) })
		goStopping("metrics-server", func(ctx context.Context) error { return prom.Serve(ctx, cfg.MetricsAddr) })
	}
	if chans != nil {
		goStopping("channels", chans.Run)
		al := alerts.New(alerts.Config{After: cfg.AlertAfter, Backlog: cfg.QueueBacklogAlert}, chans, stageLog("alerts"))
		g.Go("alerts-sink", func(ctx context.Context) error { return al.Run(ctx, outs[alertsOut]) })
	}
	g.Go("mqtt-sink", func(ctx context.Context) error { return sink.Run(ctx, outs[0]) })
	goStopping("registrations", runRegistrations)
	return g.Wait()
}

// storeTimeout bounds one store round trip: below three quarters of the shorter of the two
// intervals that use the store (the store poll, the counters on each broker cycle), 5 s at
// most, so that a hung store fails a cycle before the next tick.
func storeTimeout(cfg *config.Monitor) time.Duration {
	return min(5*time.Second, min(cfg.BrokerPollInterval, cfg.StorePollInterval)*3/4)
}
