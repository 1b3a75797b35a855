package rulescli

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/pipeline"
)

// watch evaluates the rules on a live readsb feed and tells what fires (CONTRACT.md 6, 10), as
// a pipeline wired like the monitor's (ARCHITECTURE.md, "tracker-rules watch"): the feed as a
// source, the engine as a stage, the notify stage deciding each match, and the MQTT notifier
// and the channels as sinks, all in one supervised group; the MQTT sink in a group of its own,
// stopped last, so that the last state and OFFLINE still go out.
func watch(ctx context.Context, o options, stdout, stderr io.Writer, log zerolog.Logger) int {
	if o.readsb == "" {
		fmt.Fprintln(stderr, "watch needs --readsb URL (http://host/data/aircraft.json) or a file path")
		return 2
	}
	if o.interval <= 0 {
		fmt.Fprintf(stderr, "--interval must be a positive duration (got %s)\n", o.interval)
		return 2
	}
	engine, err := openEngine(ctx, o, log)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	if len(engine.Skipped) > 0 {
		log.Warn().Strs("skipped", engine.Skipped).Msg("invalid rules skipped")
	}
	flights, err := openFlightLog(ctx, flightLogOf(o.env), log)
	if err != nil {
		fmt.Fprintln(stderr, err) // a file from a newer version: untouched
		return 1
	}
	w := newWatcher(ctx, o, engine, stdout, log)
	defer w.closeStore()
	w.keepFlights(flights)
	sctx, stopSinks := context.WithCancel(context.WithoutCancel(ctx)) // the sinks outlive the signal
	defer stopSinks()
	sinks := pipeline.NewGroup(sctx)
	if err := w.startMQTT(ctx, sinks); err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	log.Info().Str("feed", o.readsb).Dur("interval", o.interval).Bool("mqtt", w.sink != nil).Int("rules", len(engine.Set().Rules)).Msg("watching")
	g := pipeline.NewGroup(ctx)
	w.start(g, sinks)
	if err := g.Wait(); err != nil { // a stage failed (a panic): say so, and stop as on a signal
		log.Error().Err(err).Msg("watch stopped")
	}
	log.Info().Msg("stopping")
	w.stopping(ctx)                          // the last state kept, the trigger counts flushed, the MQTT sink's input closed
	time.AfterFunc(4*time.Second, stopSinks) // OFFLINE within 4 s, or not at all
	_ = sinks.Wait()
	w.closeFlights()
	return 0
}
