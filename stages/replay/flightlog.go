package replay

import (
	"context"
	"fmt"

	"github.com/tracker-adsb/tracker-core-health/flightlog"
	"github.com/tracker-adsb/tracker-core-health/pipeline"
	"github.com/tracker-adsb/tracker-core-health/rules"
)

// flightLog writes each replayed flight to the flight log (replay --flight-log): the input's
// own flights, in any order (flightlog.Joiner), written beside the replay, on the other core,
// as soon as there are rows. Replay waits for the disk instead of dropping a row, and never
// removes one (recorded traffic is old: retention is watch's).
type flightLog struct {
	path string
	file *flightlog.Log
	w    *flightlog.Writer
	j    *flightlog.Joiner
	g    *pipeline.Group // the writer's
}

// openFlightLog opens Options.FlightLog and makes the engine keep its flights (nil: none).
func openFlightLog(ctx context.Context, o Options) (*flightLog, error) {
	if o.FlightLog == "" {
		return nil, nil
	}
	log := o.Log.With().Str("stage", "flight-log").Logger()
	l, err := flightlog.Open(ctx, o.FlightLog, log)
	if err != nil {
		return nil, err
	}
	o.Engine.TrackFlights(o.Home)
	fl := &flightLog{path: o.FlightLog, file: l, w: flightlog.NewWriter(l, flightlog.WriterOptions{Zone: o.Zone, MaxBatch: 4096}, log),
		g: pipeline.NewGroup(context.WithoutCancel(ctx))}
	fl.g.Go("flight-log", fl.w.Run)
	fl.j = flightlog.NewJoiner(o.Engine.TTL(), func(r flightlog.Row) { fl.w.AddWait(ctx, r) })
	return fl, nil
}

// take adds the flights the engine ended (the evaluator, after each message).
func (fl *flightLog) take(e *rules.Engine) {
	if fl == nil {
		return
	}
	for f := range e.Ended() {
		fl.j.Add(flightlog.RowOf(f))
	}
}

// close writes the flights still in progress and what is queued, and closes the file: the
// rows written, or an error when some could not be.
func (fl *flightLog) close(e *rules.Engine) (int64, error) {
	e.EndAll()
	fl.take(e)
	fl.j.Flush()
	fl.w.Close()
	_ = fl.g.Wait()
	defer func() { _ = fl.file.Close() }()
	if d := fl.w.C.Dropped.Load(); d > 0 {
		return fl.w.C.Rows.Load(), fmt.Errorf("flight log %s: %d flights could not be written", fl.path, d)
	}
	return fl.w.C.Rows.Load(), nil
}
