// Package watch is tracker-rules watch as a library: a live readsb feed through the rules,
// each match decided and told (CONTRACT.md 6, 10), every flight logged (CONTRACT.md 13). It is
// a pipeline wired like the monitor's (ARCHITECTURE.md, "tracker-rules watch"):
//
//	feed (source: readsb polls) ─► engine stage (rules, trigger counts, lag; the notify stage's
//	    decisions and digest on its goroutine) ─┬─► tell (sink: MQTT notifier or Out, channels)
//	                                            ├─► flight log (sink: rows, sensors, /metrics)
//	                                            └─► state saver (sink: kept across restarts)
//
// beside them, sources that stop with the stop: the rule set's reloads, the store's mutes, the
// mute commands, the channels' delivery and health, the flight log's sensors; and the MQTT
// sink (status, rule events, channel health, sensors, digest) fed by a merge of what each of
// them announces. A stop ends the sources; every stage and sink then drains what it holds and
// closes its outputs, and Run returns once the last sink has drained.
package watch

import (
	"context"
	"io"
	"time"

	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/config"
	"github.com/tracker-adsb/tracker-core-health/delivery"
	"github.com/tracker-adsb/tracker-core-health/internal/fetch"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/pipeline"
	"github.com/tracker-adsb/tracker-core-health/stages/engine"
)

// Settings is what watch runs with (tracker-rules' flags and environment, read by the command).
type Settings struct {
	*config.Rules // the environment (config.LoadRules)
	// Engine is where the rules come from and how flights are enriched.
	Engine engine.Options
	// Feed is the readsb/tar1090 aircraft.json, an http(s) URL or a file, polled every Interval.
	Feed     string
	Interval time.Duration
	// Schedule is the digest's (DIGEST_TIME in NOTIFY_TIMEZONE).
	Schedule delivery.Schedule
	// Out is where notifications and digests are printed without MQTT (stdout).
	Out io.Writer
	Log zerolog.Logger
}

// StopWithin is the last resort of a stop: the sinks drain what they hold (the last
// notifications, the flights in progress, the state, OFFLINE) and Run returns as soon as they
// have; whatever still runs this long after the stop (an MQTT server that does not answer) is
// cut.
const StopWithin = 4 * time.Second

// Run watches until ctx ends (then drains, see StopWithin). An error is one of start-up: the
// rules, a flight log that must not be touched (a newer version's, another program's, held by
// another writer), the MQTT notifier; a stage that fails later (a panic) is logged and stops
// watch as a stop does.
func Run(ctx context.Context, s Settings) error {
	return run(ctx, s, hooks{now: time.Now})
}

// hooks are what an in-process test replaces: the wall clock (the digest's and the sensors'),
// and mute commands from elsewhere than MQTT.
type hooks struct {
	now      func() time.Time
	commands <-chan model.Message // nil: MQTT's only
}

func run(ctx context.Context, s Settings, h hooks) error {
	log := s.Log
	eng, err := engine.Open(ctx, s.Engine, log)
	if err != nil {
		return err
	}
	if len(eng.Skipped) > 0 {
		log.Warn().Strs("skipped", eng.Skipped).Msg("invalid rules skipped")
	}
	flights, err := openFlightLog(ctx, flightLogOf(s.Rules), h.now, log)
	if err != nil {
		return err // a file from a newer version: untouched
	}
	w := newWatcher(ctx, s, eng, flights, h)
	defer w.close(ctx)
	// The stages and sinks outlive the stop to drain; StopWithin after it, the last resort.
	hard, cut := context.WithCancel(context.WithoutCancel(ctx))
	defer cut()
	release := pipeline.CancelAfter(ctx, StopWithin, cut)
	defer release()
	w.g = pipeline.NewGroup(hard)
	w.stop = ctx
	if err := w.startMQTT(ctx); err != nil {
		return err
	}
	log.Info().Str("feed", fetch.Redacted(s.Feed)).Dur("interval", s.Interval).Bool("mqtt", w.sink != nil).Int("rules", len(eng.Set().Rules)).Msg("watching")
	stopping := context.AfterFunc(ctx, func() { log.Info().Msg("stopping") })
	defer stopping()
	w.start(hard)
	if err := w.g.Wait(); err != nil { // a stage failed (a panic): said, and stopped as on a signal
		log.Error().Err(err).Msg("watch stopped")
	}
	return nil
}

// flightLogOf is what the flight log reads of watch's environment.
func flightLogOf(env *config.Rules) flightLogEnv {
	return flightLogEnv{path: env.FlightLog, days: env.FlightLogDays, trackDays: env.FlightLogTrackDays, zone: env.Zone,
		metricsAddr: env.MetricsAddr, home: env.Home, lowNM: env.LowNM, lowFT: env.LowFT}
}
