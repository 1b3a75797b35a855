package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/catalog"
	"github.com/tracker-adsb/tracker-core-health/config"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/pipeline"
	"github.com/tracker-adsb/tracker-core-health/rules"
	"github.com/tracker-adsb/tracker-core-health/sinks/mqtt"
	"github.com/tracker-adsb/tracker-core-health/stages/readsb"
)

// WatchStatusTopic is the availability of tracker-rules watch: ONLINE on every connect,
// OFFLINE as its will and on a clean stop.
const WatchStatusTopic = "Tracker/rules-watch/status"

// maxFeedBytes caps one aircraft.json answer (a busy global feed is a few MB).
const maxFeedBytes = 64 << 20

// feed polls a readsb/tar1090 aircraft.json: an http(s) URL or a file path.
type feed struct {
	src     string
	client  *http.Client
	log     zerolog.Logger
	failing bool
}

func newFeed(src string, timeout time.Duration, log zerolog.Logger) *feed {
	return &feed{src: src, client: &http.Client{Timeout: timeout}, log: log}
}

func (f *feed) fetch(ctx context.Context) (*readsb.Snapshot, error) {
	var body []byte
	if strings.HasPrefix(f.src, "http://") || strings.HasPrefix(f.src, "https://") {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, f.src, nil)
		if err != nil {
			return nil, err
		}
		resp, err := f.client.Do(req)
		if err != nil {
			return nil, err
		}
		defer resp.Body.Close()
		if resp.StatusCode < 200 || resp.StatusCode > 299 {
			return nil, fmt.Errorf("HTTP %d", resp.StatusCode)
		}
		if body, err = io.ReadAll(io.LimitReader(resp.Body, maxFeedBytes+1)); err != nil {
			return nil, err
		}
	} else {
		st, err := os.Stat(f.src)
		if err != nil {
			return nil, err
		}
		if st.Size() > maxFeedBytes {
			return nil, fmt.Errorf("larger than %d bytes", maxFeedBytes)
		}
		if body, err = os.ReadFile(f.src); err != nil {
			return nil, err
		}
	}
	if len(body) > maxFeedBytes {
		return nil, fmt.Errorf("larger than %d bytes", maxFeedBytes)
	}
	return readsb.Parse(bytes.NewReader(body))
}

// poll fetches once; a failure is logged once (then at debug while it lasts).
func (f *feed) poll(ctx context.Context) *readsb.Snapshot {
	snap, err := f.fetch(ctx)
	switch {
	case err != nil && !f.failing:
		f.log.Warn().Err(err).Str("feed", f.src).Msg("readsb feed unusable; retrying every interval")
	case err != nil:
		f.log.Debug().Err(err).Str("feed", f.src).Msg("readsb feed still unusable")
	case f.failing:
		f.log.Info().Str("feed", f.src).Msg("readsb feed back")
	}
	f.failing = err != nil
	return snap
}

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

	// MQTT: the sink keeps the status topic and the rule event entities; the notifier sends
	// the notifications (QoS 0, not retained). Without MQTT_HOST notifications are printed.
	events := catalog.NewRuleEvents()
	var announce chan pipeline.Shared[model.Batch]
	sinkDone := make(chan struct{})
	notifier := &mqtt.Notifier{}
	if mc.MQTTEnabled() {
		sink := mqtt.New(mqtt.Config{
			ServerConfig: mqtt.ServerConfig{
				Host: mc.MQTTHost, Port: mc.MQTTPort, Username: mc.MQTTUsername, Password: mc.MQTTPassword,
				ClientIDPrefix: "tracker-rules-watch", StatusTopic: WatchStatusTopic,
				Subscribe: []string{model.HAStatusTopic},
			},
			Origin: model.Origin{Name: "tracker-rules", SWVersion: config.Version},
		}, log.With().Str("stage", "mqtt").Logger())
		announce = make(chan pipeline.Shared[model.Batch], 4)
		go func() {
			defer close(sinkDone)
			_ = sink.Run(context.WithoutCancel(ctx), announce)
		}()
		go func() {
			for range sink.Received() {
			}
		}()
		if notifier, err = mqtt.NewNotifier(ctx, mc.MQTTHost, mc.MQTTPort, mc.MQTTUsername, mc.MQTTPassword, 5*time.Second, log); err != nil {
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
			announce <- pipeline.Own(b)
		}
	})
	// New rule sets (the files: checked every interval) and the trigger counts, beside the feed.
	kctx, stopKeeping := context.WithCancel(ctx)
	keeping := make(chan struct{})
	go func() {
		defer close(keeping)
		engine.KeepCurrent(kctx, o.interval)
	}()

	fd := newFeed(o.readsb, max(o.interval*4/5, 100*time.Millisecond), log.With().Str("stage", "feed").Logger())
	seen := map[string]time.Time{} // hex → received time of its latest message
	out := stdout
	tick := time.NewTicker(o.interval)
	defer tick.Stop()
	log.Info().Str("feed", o.readsb).Dur("interval", o.interval).Bool("mqtt", mc.MQTTEnabled()).Int("rules", len(engine.Set().Rules)).Msg("watching")
	for {
		if s := fd.poll(ctx); s != nil {
			now := s.Clock()
			msgs := s.Messages(func(hex string, at time.Time) bool {
				if prev, ok := seen[hex]; ok && !at.After(prev) {
					return false // not updated since the previous poll
				}
				seen[hex] = at
				return true
			})
			for i := range msgs {
				for _, mt := range engine.Process(&msgs[i]) {
					engine.Counter.Count(mt.Rule.Identifier, mt.At)
					if rules.Lagging(now, mt.At) {
						log.Debug().Str("icao_hex", mt.Flight.IcaoHex).Str("rule", mt.Rule.Identifier).Msg("notification suppressed: message older than 30 s")
						continue
					}
					payload := mt.Notification()
					if mc.MQTTEnabled() {
						notifier.Publish(ctx, mt.Rule.Identifier, payload)
					} else {
						_, _ = out.Write(append(payload, '\n'))
					}
				}
			}
			// Memory stays bounded: finished flights and their aircraft are forgotten.
			engine.Expire(now)
			for hex, at := range seen {
				if now.Sub(at) > engine.TTL() {
					delete(seen, hex)
				}
			}
		}
		select {
		case <-ctx.Done():
			log.Info().Msg("stopping")
			stopKeeping()
			<-keeping
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
		case <-tick.C:
		}
	}
}
