package watch

import (
	"context"
	"strings"
	"time"

	"github.com/redis/rueidis"
	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/catalog"
	"github.com/tracker-adsb/tracker-core-health/delivery"
	"github.com/tracker-adsb/tracker-core-health/internal/version"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/pipeline"
	"github.com/tracker-adsb/tracker-core-health/sinks/channels"
	"github.com/tracker-adsb/tracker-core-health/sinks/mqtt"
	"github.com/tracker-adsb/tracker-core-health/stages/engine"
	"github.com/tracker-adsb/tracker-core-health/stages/notify"
)

// watcher is watch's pipeline while it is put together and runs (run wires it).
type watcher struct {
	s     Settings
	h     hooks
	log   zerolog.Logger
	eng   *engine.Engine
	store rueidis.Client // nil: none (mutes in memory, the state in WATCH_STATE)
	own   bool           // the store client is watch's own (closed at the end)

	notify   *notify.Stage
	mutes    *muter
	state    *stateKeeper
	flights  *flightLogger // nil: FLIGHT_LOG=none (or it could not be opened)
	channels *channels.Set // nil: NOTIFY_URLS unset
	health   []catalog.ChannelEntities

	sink     *mqtt.Sink // nil: MQTT_HOST unset, notifications are printed
	notifier *mqtt.Notifier
	outlets  []<-chan pipeline.Shared[model.Batch] // what each part announces, merged into the sink

	g    *pipeline.Group
	stop context.Context // the sources end with it
}

// newWatcher builds the parts: the store (whenever STORE_HOST is set), the mutes, the notify
// stage, the channels, and the state read back.
func newWatcher(ctx context.Context, s Settings, eng *engine.Engine, flights *flightLogger, h hooks) *watcher {
	log := s.Log
	w := &watcher{s: s, h: h, log: log, eng: eng, store: eng.Store(), flights: flights}
	if flights != nil {
		eng.TrackFlights(flights.home) // before the first message: its flights end into the log
	}
	if w.store == nil && s.Store != nil {
		if c, err := engine.Connect(s.Store); err != nil {
			log.Warn().Err(err).Msg("the data store is not reachable at start: mutes stay in memory and the state goes to WATCH_STATE")
		} else {
			w.store, w.own = c, true
		}
	}
	dlog := log.With().Str("stage", "delivery").Logger()
	w.mutes = &muter{set: delivery.NewMuteSet(), store: w.store, log: dlog, now: h.now,
		known: func(rule string) bool { return eng.Set().Rule(rule) != nil }}
	w.mutes.read(ctx)
	w.notify = notify.NewStage(w.mutes.set, s.Schedule, s.Tar1090URL, h.now())
	if flights != nil { // the digest says the day's flights too (CONTRACT.md 13.4)
		w.notify.WithTotals(flights.totals(s.LowNM, s.LowFT))
	}
	var keeper notify.Keeper = notify.FileKeeper{Path: s.WatchState}
	if w.store != nil {
		keeper = notify.StoreKeeper{C: w.store}
	}
	w.state = &stateKeeper{keeper: keeper, log: dlog}
	w.state.restore(ctx, w.notify, eng.Engine)
	if v := s.NotifyURLs; strings.TrimSpace(v) != "" {
		specs, problems := channels.ParseURLs(v)
		for _, p := range problems {
			dlog.Error().Msg("NOTIFY_URLS: " + p)
		}
		w.channels = channels.New(specs, log.With().Str("stage", "channels").Logger())
		w.health = w.channels.Entities(catalog.NewChannelEntities)
	}
	return w
}

// close releases what outlives the pipeline, once it has ended: the trigger counts flushed and
// the engine's store, the notifier, the flight log's file, watch's own store client.
func (w *watcher) close(ctx context.Context) {
	if err := w.eng.Close(ctx); err != nil {
		w.log.Warn().Err(err).Msg("trigger counts not flushed")
	}
	if w.notifier != nil {
		w.notifier.Close(context.WithoutCancel(ctx))
	}
	if w.flights != nil {
		w.flights.close()
	}
	if w.own {
		w.store.Close()
	}
}

// stageLog is a part's own sub-logger.
func (w *watcher) stageLog(name string) zerolog.Logger {
	return w.log.With().Str("stage", name).Logger()
}

// source runs a part that stops with the stop (a source, a loop beside the pipeline); the
// stages and sinks run until their input closes (w.g.Go), so that what is in flight drains.
func (w *watcher) source(name string, fn func(context.Context) error) {
	w.g.Go(name, func(gctx context.Context) error {
		sctx, cancel := context.WithCancel(gctx)
		defer cancel()
		defer context.AfterFunc(w.stop, cancel)()
		return fn(sctx)
	})
}

// outlet is one part's channel to the MQTT sink, which it closes when it ends (nil without
// MQTT: what it would announce goes nowhere).
type outlet chan pipeline.Shared[model.Batch]

// outlet makes a part's outlet (call it before the sink starts).
func (w *watcher) outlet() outlet {
	if w.sink == nil {
		return nil
	}
	o := make(outlet, 4)
	w.outlets = append(w.outlets, o)
	return o
}

// send hands a batch to the MQTT sink.
func (o outlet) send(ctx context.Context, b model.Batch) {
	if o != nil && len(b) > 0 {
		pipeline.Send(ctx, o, pipeline.Own(b))
	}
}

func (o outlet) close() {
	if o != nil {
		close(o)
	}
}

// startMQTT makes the MQTT sink (the status topic, the rule event entities, the channels'
// health, the flight log's sensors, the digest) and connects the notifier (QoS 0, not
// retained); without MQTT_HOST, nothing: notifications are printed.
func (w *watcher) startMQTT(ctx context.Context) error {
	mc := w.s.MQTT
	if !mc.MQTTEnabled() {
		w.notifier = &mqtt.Notifier{}
		return nil
	}
	w.sink = mqtt.New(mqtt.Config{
		ServerConfig: mqtt.ServerConfig{MQTT: mc, ClientIDPrefix: "tracker-rules-watch", StatusTopic: model.WatchStatusTopic,
			Subscribe: []string{model.HAStatusTopic, model.MuteTopic}},
		Origin: model.Origin{Name: "tracker-rules", SWVersion: version.Version},
	}, w.stageLog("mqtt"))
	var err error
	w.notifier, err = mqtt.NewNotifier(ctx, mc, 5*time.Second, w.log)
	return err
}

// start runs every part in the group: the sources, the engine stage and its sinks, and last
// the MQTT sink on the merge of every part's outlet.
func (w *watcher) start(hard context.Context) {
	static := w.outlet() // the digest and the channels' health, announced up front
	decl := model.Batch{model.NewDeclaration(catalog.DigestEntity)}
	for _, h := range w.health {
		decl = append(decl, h.Declarations()...)
	}
	static.send(hard, decl)
	static.close()
	w.ruleEvents()
	ticks, runTicks := pipeline.Ticks(w.stageLog("feed-ticker"), 0, w.s.Interval)
	cycles, runFeed := feed(w.s.Feed, w.s.Interval, w.eng, ticks, w.stageLog("feed"))
	w.source("feed-ticker", runTicks)
	w.source("feed", runFeed)
	w.eng.Start(w.source, w.s.Interval) // its loops end with the stop
	es := newEngineStage(w.eng, w.notify, w.flights != nil, w.h.now, w.log)
	w.g.Go("engine", func(ctx context.Context) error { return es.run(ctx, cycles) })
	w.g.Go("state", func(ctx context.Context) error { return w.state.run(ctx, es.saves) })
	digests := w.outlet()
	w.g.Go("tell", func(ctx context.Context) error { defer digests.close(); return w.tell(ctx, w.notify.Out(), digests) })
	if w.flights != nil {
		w.flights.start(w, es.flights)
	}
	w.mutes.start(w)
	if w.channels != nil {
		health := w.outlet()
		w.source("channels", w.channels.Run)
		w.source("channel-health", func(ctx context.Context) error {
			defer health.close()
			w.channels.Report(ctx, w.health, func(b model.Batch) { health.send(ctx, b) })
			return nil
		})
	}
	if w.sink != nil {
		in := pipeline.Merge(hard, 16, w.outlets...)
		w.g.Go("mqtt-sink", func(ctx context.Context) error { return w.sink.Run(ctx, in) })
	}
}

// ruleEvents announces each rule's event entity as the rule set changes (nothing without MQTT).
func (w *watcher) ruleEvents() {
	out := w.outlet()
	if out == nil {
		return
	}
	sets := w.eng.Follow()
	events := catalog.NewRuleEvents()
	w.g.Go("rule-events", func(ctx context.Context) error {
		defer out.close()
		for rulesJSON := range sets {
			b, err := events.Update(rulesJSON)
			if err != nil {
				w.log.Warn().Err(err).Msg("rule event entities unchanged")
			}
			out.send(ctx, b)
		}
		return nil
	})
}
