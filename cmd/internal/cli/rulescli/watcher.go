package rulescli

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/redis/rueidis"
	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/catalog"
	"github.com/tracker-adsb/tracker-core-health/config"
	"github.com/tracker-adsb/tracker-core-health/delivery"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/pipeline"
	"github.com/tracker-adsb/tracker-core-health/rules"
	"github.com/tracker-adsb/tracker-core-health/sinks/channels"
	"github.com/tracker-adsb/tracker-core-health/sinks/mqtt"
	"github.com/tracker-adsb/tracker-core-health/stages/engine"
	"github.com/tracker-adsb/tracker-core-health/stages/notify"
	"github.com/tracker-adsb/tracker-core-health/stages/readsb"
)

// watcher is the parts of tracker-rules watch, each a source, a stage or a sink of its one
// pipeline (watch.go wires them):
//
//	feed (source: readsb polls) ─► engine stage (rules, trigger counts, lag) ─► notify stage
//	    (decides, digests) ─► tell (sink: MQTT notifier or stdout, the channels)
//
// beside them: the MQTT sink (status, rule events, channel health, digest), the mute commands,
// the store's mutes, the rule set's reloads and the state's saver.
type watcher struct {
	o      options
	log    zerolog.Logger
	out    io.Writer
	engine *engine.Engine
	store  rueidis.Client // nil: none (mutes in memory, the state in WATCH_STATE)
	own    bool           // the store client is watch's own (closed at the end)

	notify   *notify.Stage
	mutes    *muter
	state    *stateKeeper
	channels *channels.Set // nil: NOTIFY_URLS unset
	health   []catalog.ChannelEntities

	sink     *mqtt.Sink // nil: MQTT_HOST unset, notifications are printed
	announce chan pipeline.Shared[model.Batch]
	notifier *mqtt.Notifier
	flights  *flightLogger // nil: FLIGHT_LOG=none (or it could not be opened)
}

// keepFlights makes the engine end its flights into the flight log (nil: none).
func (w *watcher) keepFlights(fl *flightLogger) {
	if fl == nil {
		return
	}
	w.flights = fl
	w.engine.TrackFlights(w.o.env.Home)
}

// closeFlights closes the flight log once its writer ended.
func (w *watcher) closeFlights() {
	if w.flights != nil {
		w.flights.close()
	}
}

// flightLogOf is what the flight log reads of watch's environment.
func flightLogOf(env *config.Rules) flightLogEnv {
	return flightLogEnv{path: env.FlightLog, days: env.FlightLogDays, zone: env.Zone, metricsAddr: env.MetricsAddr}
}

// newWatcher builds the parts: the store (whenever STORE_HOST is set), the mutes, the notify
// stage, the channels, and the state read back.
func newWatcher(ctx context.Context, o options, eng *engine.Engine, out io.Writer, log zerolog.Logger) *watcher {
	w := &watcher{o: o, log: log, out: out, engine: eng, store: eng.Store()}
	if w.store == nil && o.env.Store != nil {
		if c, err := storeClient("watch's mutes and state"); err != nil {
			log.Warn().Err(err).Msg("the data store is not reachable at start: mutes stay in memory and the state goes to WATCH_STATE")
		} else {
			w.store, w.own = c, true
		}
	}
	dlog := log.With().Str("stage", "delivery").Logger()
	w.mutes = &muter{set: delivery.NewMuteSet(), store: w.store, log: dlog,
		known: func(rule string) bool { return eng.Set().Rule(rule) != nil }}
	w.mutes.read(ctx)
	w.notify = notify.NewStage(w.mutes.set, o.schedule, o.env.Tar1090URL, time.Now())
	var keeper notify.Keeper = notify.FileKeeper{Path: o.env.WatchState}
	if w.store != nil {
		keeper = notify.StoreKeeper{C: w.store}
	}
	w.state = newStateKeeper(keeper, dlog)
	w.state.restore(ctx, w.notify, eng.Engine)
	if v := o.env.NotifyURLs; strings.TrimSpace(v) != "" {
		specs, problems := channels.ParseURLs(v)
		for _, p := range problems {
			dlog.Error().Msg("NOTIFY_URLS: " + p)
		}
		w.channels = channels.New(specs, log.With().Str("stage", "channels").Logger())
		w.health = w.channels.Entities(catalog.NewChannelEntities)
	}
	return w
}

func (w *watcher) closeStore() {
	if w.own {
		w.store.Close()
	}
}

// startMQTT starts the MQTT sink in g (the status topic, the rule event entities, the
// channels' health and the digest) and connects the notifier (QoS 0, not retained); without
// MQTT_HOST, nothing: notifications are printed.
func (w *watcher) startMQTT(ctx context.Context, g *pipeline.Group) error {
	mc := w.o.env.MQTT
	if !mc.MQTTEnabled() {
		w.notifier = &mqtt.Notifier{}
		return nil
	}
	w.sink = mqtt.New(mqtt.Config{
		ServerConfig: mqtt.ServerConfig{MQTT: mc, ClientIDPrefix: "tracker-rules-watch", StatusTopic: catalog.WatchStatusTopic,
			Subscribe: []string{model.HAStatusTopic, model.MuteTopic}},
		Origin: model.Origin{Name: "tracker-rules", SWVersion: config.Version},
	}, w.log.With().Str("stage", "mqtt").Logger())
	w.announce = make(chan pipeline.Shared[model.Batch], 4)
	g.Go("mqtt-sink", func(ctx context.Context) error { return w.sink.Run(ctx, w.announce) })
	decl := model.Batch{model.NewDeclaration(catalog.DigestEntity)}
	for _, h := range w.health {
		decl = append(decl, h.Declarations()...)
	}
	w.publish(ctx, decl)
	var err error
	w.notifier, err = mqtt.NewNotifier(ctx, mc, 5*time.Second, w.log)
	return err
}

// publish hands a batch to the MQTT sink (nothing without one).
func (w *watcher) publish(ctx context.Context, b model.Batch) {
	if w.announce != nil && len(b) > 0 {
		pipeline.Send(ctx, w.announce, pipeline.Own(b))
	}
}

// start runs every part but the MQTT sink and the flight log's writer (in sinks, stopped
// last) in g.
func (w *watcher) start(g, sinks *pipeline.Group) {
	if w.flights != nil {
		w.flights.start(g, sinks, w.publish)
	}
	events := catalog.NewRuleEvents()
	sets := w.engine.Follow()
	g.Go("rule-events", func(ctx context.Context) error { // each rule's event entity, as the set changes
		for rulesJSON := range sets {
			b, err := events.Update(rulesJSON)
			if err != nil {
				w.log.Warn().Err(err).Msg("rule event entities unchanged")
			}
			w.publish(ctx, b)
		}
		return nil
	})
	ticks, runTicks := pipeline.Ticks(w.log.With().Str("stage", "feed-ticker").Logger(), 0, w.o.interval)
	cycles, runFeed := w.feed(ticks)
	g.Go("feed-ticker", runTicks)
	g.Go("feed", runFeed)
	g.Go("engine", func(ctx context.Context) error { w.evaluate(ctx, cycles); return nil })
	g.Go("tell", w.tell)
	w.engine.Start(g, w.o.interval)
	g.Go("mutes", w.mutes.run)
	g.Go("state", w.state.run)
	if w.sink != nil {
		g.Go("mute-commands", w.commands)
	}
	if w.channels != nil {
		g.Go("channels", w.channels.Run)
		g.Go("channel-health", func(ctx context.Context) error {
			w.channels.Report(ctx, w.health, func(b model.Batch) { w.publish(ctx, b) })
			return nil
		})
	}
}

// feedCycle is one poll of the feed: its clock and its messages (ok false: the feed failed;
// the cycle still carries the tick to the engine stage, for the digest).
type feedCycle struct {
	clock time.Time
	msgs  []model.AircraftMessage
	ok    bool
}

// feed is the source: a poll of the readsb feed on every tick (a tick due while a poll runs is
// dropped), its messages copied out (the feed reuses its own).
func (w *watcher) feed(ticks <-chan time.Time) (<-chan feedCycle, func(context.Context) error) {
	fd := readsb.NewFeed(w.o.readsb, max(w.o.interval*4/5, 100*time.Millisecond), w.log.With().Str("stage", "feed").Logger())
	return pipeline.Poll[feedCycle]{Cycle: func(ctx context.Context) (feedCycle, bool) {
		s, msgs := fd.Poll(ctx)
		if s == nil {
			return feedCycle{}, true
		}
		now := s.Clock()
		fd.Forget(now.Add(-w.engine.TTL())) // aircraft gone longer than a flight are forgotten
		return feedCycle{clock: now, msgs: append([]model.AircraftMessage(nil), msgs...), ok: true}, true
	}}.Start(ticks, 1)
}

// evaluate is the engine stage: each message through the rules (trigger counts, the lag limit
// before any decision), its matches to the notify stage; after each cycle finished flights
// are forgotten and the state handed to its keeper. It closes the notify stage's output.
func (w *watcher) evaluate(ctx context.Context, cycles <-chan feedCycle) {
	defer w.notify.Close()
	var feedClock, seenAt time.Time // the feed's clock, and when it last said it
	for c := range cycles {
		w.notify.DigestDue(ctx, time.Now())
		if !c.ok {
			if !feedClock.IsZero() { // the feed is down: its flights still end after the TTL
				w.engine.Expire(feedClock.Add(time.Since(seenAt)))
				w.takeEnded()
			}
			continue
		}
		feedClock, seenAt = c.clock, time.Now()
		for i := range c.msgs {
			w.process(ctx, &c.msgs[i], c.clock)
		}
		w.engine.Expire(c.clock)
		w.takeEnded()
		w.state.keep(w.notify, w.engine.Engine, time.Now())
	}
}

// takeEnded hands the flights the engine ended to the flight log.
func (w *watcher) takeEnded() {
	if w.flights != nil {
		for f := range w.engine.Ended() {
			w.flights.ended(f)
		}
	}
}

// process runs one message through the rules and hands its matches on.
func (w *watcher) process(ctx context.Context, m *model.AircraftMessage, clock time.Time) {
	matches := w.engine.Process(m)
	w.takeEnded()
	f := w.engine.Last()
	if w.flights != nil && f.TotalMessages == 1 { // a flight began: the sensors count it on its day
		w.flights.began(f)
	}
	for _, mt := range matches {
		w.engine.Counter.Count(mt.Rule.Identifier, mt.At)
	}
	if len(matches) == 0 && len(f.Held) == 0 {
		return
	}
	if rules.Lagging(clock, m.ReceivedAt) { // before any decision (CONTRACT.md 10.2)
		for _, mt := range matches {
			w.log.Debug().Str("icao_hex", f.IcaoHex).Str("rule", mt.Rule.Identifier).Msg("notification suppressed: message older than 30 s")
		}
		return
	}
	w.notify.Tell(ctx, w.engine.Set(), f, matches, m.ReceivedAt)
}

// tell is the sink of the notify stage: each notification on Tracker/rule/{identifier} (or
// printed), the digest retained (or printed), what is sent to the channels.
func (w *watcher) tell(ctx context.Context) error {
	for o := range w.notify.Out() {
		switch {
		case o.Digest && w.sink != nil:
			w.publish(ctx, model.Batch{model.NewStickyMessage(model.DigestTopic, string(o.Payload))})
		case o.Digest:
			_, _ = fmt.Fprintf(w.out, "{\"digest\":%s}\n", o.Payload)
		case w.sink != nil:
			w.notifier.Publish(ctx, o.Rule, o.Payload)
		default:
			_, _ = w.out.Write(append(o.Payload, '\n'))
		}
		if o.Message != nil && w.channels != nil {
			w.channels.Send(channels.Message{Title: o.Message.Title, Text: o.Message.Text}, o.Message.Channels)
		}
	}
	return nil
}

// commands applies the mute commands the MQTT sink receives.
func (w *watcher) commands(ctx context.Context) error {
	for {
		select {
		case <-ctx.Done():
			return nil
		case m, ok := <-w.sink.Received():
			if !ok {
				return nil
			}
			if m.Topic == model.MuteTopic {
				w.mutes.command(ctx, m.Payload)
			}
		}
	}
}

// stopping ends what the group did not: the last state kept, the trigger counts flushed, the
// notifier disconnected, the MQTT sink's input closed (it drains, publishes OFFLINE, ends).
func (w *watcher) stopping(ctx context.Context) {
	if w.flights != nil {
		w.engine.EndAll()
		w.takeEnded()
		w.flights.stop() // the flights in progress logged, the writer told to end
	}
	w.state.saveLast(ctx, w.notify, w.engine.Engine)
	if err := w.engine.Close(ctx); err != nil {
		w.log.Warn().Err(err).Msg("trigger counts not flushed")
	}
	w.notifier.Close(context.WithoutCancel(ctx))
	if w.announce != nil {
		close(w.announce)
	}
}
