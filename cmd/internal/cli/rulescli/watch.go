package rulescli

import (
	"context"
	"fmt"
	"io"

	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/watch"
)

// watchCommand is tracker-rules watch (the library watch runs it): the rules on a live readsb feed,
// each match decided and told (CONTRACT.md 6, 10), every flight logged (13).
func watchCommand(ctx context.Context, o options, stdout, stderr io.Writer, log zerolog.Logger) int {
	if o.readsb == "" {
		fmt.Fprintln(stderr, "watch needs --readsb URL (http://host/data/aircraft.json) or a file path")
		return 2
	}
	if o.interval <= 0 {
		fmt.Fprintf(stderr, "--interval must be a positive duration (got %s)\n", o.interval)
		return 2
	}
	eo, err := o.engineOptions()
	if err == nil {
		err = watch.Run(ctx, watch.Settings{Rules: o.env, Engine: eo, Feed: o.readsb, Interval: o.interval, Schedule: o.schedule, Out: stdout, Log: log})
	}
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	return 0
}
