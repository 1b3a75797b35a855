package rulescli

import (
	"context"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/catalog"
	"github.com/tracker-adsb/tracker-core-health/config"
	"github.com/tracker-adsb/tracker-core-health/delivery"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/pipeline"
	"github.com/tracker-adsb/tracker-core-health/rules"
	"github.com/tracker-adsb/tracker-core-health/sinks/mqtt"
	"github.com/tracker-adsb/tracker-core-health/stages/readsb"
)

// watch evaluates the rules on a live readsb feed and publishes (or prints) what fires.
func watch(ctx context.Context, o options, stdout, stderr io.Writer, log zerolog.Logger) int {
	if o.readsb == "" {
		fmt.Fprintln(stderr, "watch needs --readsb URL (http://host/data/aircraft.json) or a file path")
		return 2
	}
	if o.interval <= 0 {
		fmt.Fprintf(stderr, "--interval must be a positive duration (got %s)\n", o.interval)
		return 2
	}
	mc, err := config.LoadMQTT(config.Environ())
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	engine, err := openEngine(ctx, o, log)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	if len(engine.skipped) > 0 {
		log.Warn().Strs("skipped", engine.skipped).Msg("invalid rules skipped")
	}

	// Delivery (CONTRACT.md 10): each match decided, the channels told, the digest counted;
	// the mutes from MQTT commands and, with the store (whenever STORE_HOST is set, also with
	// --rules FILE), its hash; the state kept across restarts (10.8).
	store := engine.store
	if store == nil && o.env.Store != nil {
		if c, err := storeClient("watch's mutes and state"); err != nil {
			log.Warn().Err(err).Msg("the data store is not reachable at start: mutes stay in memory and the state goes to WATCH_STATE")
		} else {
			store = c
			defer c.Close()
		}
	}
	tell := newTeller(o, store, log)
	tell.known = func(rule string) bool { return engine.Set().Rule(rule) != nil }
	tell.readMutes(ctx)
	tell.restore(ctx, engine.Engine)

	// MQTT: the sink keeps the status topic, the rule event entities and watch's own; the
	// notifier sends the notifications (QoS 0, not retained). Without MQTT_HOST notifications
	// are printed.
	events := catalog.NewRuleEvents()
	var announce chan pipeline.Shared[model.Batch]
	sinkDone := make(chan struct{})
	notifier := &mqtt.Notifier{}
	if mc.MQTTEnabled() {
		sink := mqtt.New(mqtt.Config{
			ServerConfig: mqtt.ServerConfig{
				MQTT:           *mc,
				ClientIDPrefix: "tracker-rules-watch", StatusTopic: catalog.WatchStatusTopic,
				Subscribe: []string{model.HAStatusTopic, delivery.MuteTopic},
			},
			Origin: model.Origin{Name: "tracker-rules", SWVersion: config.Version},
		}, log.With().Str("stage", "mqtt").Logger())
		announce = make(chan pipeline.Shared[model.Batch], 4)
		go func() {
			defer close(sinkDone)
			_ = sink.Run(context.WithoutCancel(ctx), announce)
		}()
		go func() {
			for m := range sink.Received() {
				if m.Topic == delivery.MuteTopic {
					tell.command(ctx, m.Payload)
				}
			}
		}()
		pipeline.Send(ctx, announce, pipeline.Own(tell.announcements()))
		if notifier, err = mqtt.NewNotifier(ctx, *mc, 5*time.Second, log); err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
		defer notifier.Close(context.WithoutCancel(ctx))
	} else {
		close(sinkDone)
	}
	engine.Follow(func(rulesJSON []byte) {
		b, err := events.Update(rulesJSON)
		if err != nil {
			log.Warn().Err(err).Msg("rule event entities unchanged")
		}
		if announce != nil && len(b) > 0 {
			pipeline.Send(ctx, announce, pipeline.Own(b))
		}
	})
	// New rule sets (the files: checked every interval) and the trigger counts, beside the feed.
	kctx, stopKeeping := context.WithCancel(ctx)
	keeping := make(chan struct{})
	go func() {
		defer close(keeping)
		publish := func(b model.Batch) {
			if announce != nil && len(b) > 0 {
				pipeline.Send(kctx, announce, pipeline.Own(b))
			}
		}
		var wg sync.WaitGroup
		wg.Go(func() { engine.KeepCurrent(kctx, o.interval) })
		wg.Go(func() { tell.runChannels(kctx, publish) })
		if tell.store != nil {
			wg.Go(func() { pipeline.Every(kctx, mutesEvery, tell.readMutes) })
		}
		wg.Go(func() { tell.runSaver(kctx) })
		wg.Wait()
	}()

	fd := readsb.NewFeed(o.readsb, max(o.interval*4/5, 100*time.Millisecond), log.With().Str("stage", "feed").Logger())
	out := stdout
	log.Info().Str("feed", o.readsb).Dur("interval", o.interval).Bool("mqtt", mc.MQTTEnabled()).Int("rules", len(engine.Set().Rules)).Msg("watching")
	// The monitor's pieces: a ticker that drops a tick while a poll still runs, and the poll
	// runner; each cycle reads the feed, evaluates and notifies, and sends nothing on.
	ticks, runTicks := pipeline.Ticks(log.With().Str("stage", "feed-ticker").Logger(), 0, o.interval)
	_, runWatch := pipeline.Poll[struct{}]{Cycle: func(ctx context.Context) (struct{}, bool) {
		if r, due := tell.digestDue(time.Now()); due {
			if announce != nil {
				pipeline.Send(ctx, announce, pipeline.Own(model.Batch{model.NewStickyMessage(delivery.DigestTopic, digestJSON(r))}))
			} else {
				_, _ = fmt.Fprintf(out, "{\"digest\":%s}\n", digestJSON(r))
			}
		}
		s, msgs := fd.Poll(ctx)
		if s == nil {
			return struct{}{}, false
		}
		now := s.Clock()
		publish := func(rule string, payload []byte) {
			if mc.MQTTEnabled() {
				notifier.Publish(ctx, rule, payload)
			} else {
				_, _ = out.Write(append(payload, '\n'))
			}
		}
		for i := range msgs {
			m := &msgs[i]
			matches := engine.Process(m)
			f := engine.Last()
			for _, mt := range matches {
				engine.Counter.Count(mt.Rule.Identifier, mt.At)
			}
			if len(matches) == 0 && len(f.Held) == 0 {
				continue
			}
			if rules.Lagging(now, m.ReceivedAt) { // before any decision (CONTRACT.md 10.2)
				for _, mt := range matches {
					log.Debug().Str("icao_hex", f.IcaoHex).Str("rule", mt.Rule.Identifier).Msg("notification suppressed: message older than 30 s")
				}
				continue
			}
			tell.tell(engine.Set(), f, matches, m.ReceivedAt, publish)
		}
		// Memory stays bounded: finished flights and their aircraft are forgotten.
		engine.Expire(now)
		fd.Forget(now.Add(-engine.TTL()))
		tell.keep(engine.Engine, time.Now())
		return struct{}{}, false
	}}.Start(ticks, 0)
	g := pipeline.NewGroup(ctx)
	g.Go("feed-ticker", runTicks)
	g.Go("watch", runWatch)
	_ = g.Wait() // until ctx ends
	log.Info().Msg("stopping")
	stopKeeping()
	<-keeping
	tell.saveLast(ctx, engine.Engine)
	if err := engine.Close(ctx); err != nil {
		log.Warn().Err(err).Msg("trigger counts not flushed")
	}
	if announce != nil {
		close(announce) // the sink drains, publishes OFFLINE and disconnects
	}
	select {
	case <-sinkDone:
	case <-time.After(4 * time.Second):
	}
	return 0
}
