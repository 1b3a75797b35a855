package pipeline

import (
	"context"
	"time"

	"github.com/rs/zerolog"
)

// Ticks is a schedule as a source: the first tick after first, then one every interval, on a
// channel it makes and closes (Ticker's rule: a tick due while the consumer is busy is
// dropped, CONTRACT.md 1.3). Run the returned function in the run group.
func Ticks(log zerolog.Logger, first, interval time.Duration) (<-chan time.Time, func(context.Context) error) {
	ticks := make(chan time.Time) // unbuffered: a busy consumer makes the ticker drop a tick
	return ticks, func(ctx context.Context) error { return Ticker(ctx, log, first, interval, ticks) }
}

// Poll is the loop of every polling stage (broker, store, registry, receiver statistics, the
// API's traffic keeper, tracker-rules watch): on each tick one cycle, within Deadline, then
// what it made is emitted.
type Poll[T any] struct {
	// Cycle polls once; false: nothing to send this time.
	Cycle func(ctx context.Context) (T, bool)
	// Deadline bounds one cycle (0: the cycle keeps its own, e.g. its client's timeouts); a
	// backend that hangs fails its cycle before the next tick.
	Deadline time.Duration
}

// Start makes the loop's output channel (size buffered) and returns it with the function that
// runs the loop until the ticks end or ctx does; that function closes the output.
func (p Poll[T]) Start(ticks <-chan time.Time, size int) (<-chan T, func(context.Context) error) {
	out := make(chan T, size)
	return out, func(ctx context.Context) error {
		defer close(out)
		p.Run(ctx, ticks, func(ctx context.Context, v T) bool { return Send(ctx, out, v) })
		return nil
	}
}

// Run is the loop itself, for a stage that emits more than one output: each cycle's result goes
// to emit, which says whether to go on. A cycle cut short by the stop is not emitted.
func (p Poll[T]) Run(ctx context.Context, ticks <-chan time.Time, emit func(ctx context.Context, v T) bool) {
	for range ticks {
		v, ok := p.cycle(ctx)
		if ctx.Err() != nil {
			return // stopping: a poll cut short is not a backend failure
		}
		if ok && !emit(ctx, v) {
			return
		}
	}
}

func (p Poll[T]) cycle(ctx context.Context) (T, bool) {
	if p.Deadline <= 0 {
		return p.Cycle(ctx)
	}
	cctx, cancel := context.WithTimeout(ctx, p.Deadline)
	defer cancel()
	return p.Cycle(cctx)
}
