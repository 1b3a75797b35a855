// Package pipeline is the generic machinery of the dataflow: a ticker source that skips a
// tick while the previous cycle still runs, fan-in of typed channels, a run group that
// stops everything on a fatal error and turns panics into errors, and a retry helper that
// never gives up on its own.
package pipeline

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"sync"
	"time"

	"github.com/cenkalti/backoff/v4"
	"github.com/rs/zerolog"
	"github.com/sourcegraph/conc/pool"
)

// Send delivers v on out unless ctx ends first; it reports whether v was sent.
func Send[T any](ctx context.Context, out chan<- T, v T) bool {
	select {
	case out <- v:
		return true
	case <-ctx.Done():
		return false
	}
}

// calmTicks is how many ticks in a row must be taken on time before a spell of skipped ticks
// is over: a consumer that overruns every other cycle is one spell, not a warning per cycle.
const calmTicks = 3

// Ticker emits the time on out at start-up after first, then every interval, until ctx ends;
// it closes out when it returns. A tick that arrives while the consumer is still busy with the
// previous cycle is skipped, never queued (out should be unbuffered): a warning when skipping
// starts and one line when it ends (calmTicks ticks in a row taken), with the count, however
// long a backend hangs.
func Ticker(ctx context.Context, log zerolog.Logger, first, interval time.Duration, out chan<- time.Time) error {
	defer close(out)
	skipped, calm := 0, 0
	timer := time.NewTimer(first)
	defer timer.Stop()
	// The first tick waits for the consumer, which may not be receiving yet at start-up.
	select {
	case <-ctx.Done():
		return nil
	case now := <-timer.C:
		if !Send(ctx, out, now) {
			return nil
		}
		timer.Reset(interval)
	}
	for {
		select {
		case <-ctx.Done():
			return nil
		case now := <-timer.C:
			select {
			case out <- now:
				if skipped > 0 {
					if calm++; calm == calmTicks {
						log.Info().Int("skipped", skipped).Dur("interval", interval).Msg("previous cycle done; ticks resumed")
						skipped = 0
					}
				}
			default:
				if skipped == 0 {
					log.Warn().Dur("interval", interval).Msg("previous cycle still running; skipping ticks until it ends")
				}
				skipped, calm = skipped+1, 0
			}
			timer.Reset(interval)
		}
	}
}

// Every calls fn every interval until ctx ends (the first call after one interval). The loops
// of the libraries (a rule set's reload, the trigger counts' flush) run here, not inside them.
func Every(ctx context.Context, interval time.Duration, fn func(context.Context)) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			fn(ctx)
		}
	}
}

// Merge fans several channels into one bounded channel, closed once every input is closed.
func Merge[T any](ctx context.Context, size int, ins ...<-chan T) <-chan T {
	out := make(chan T, size)
	var wg sync.WaitGroup
	for _, in := range ins {
		wg.Add(1)
		go func(in <-chan T) {
			defer wg.Done()
			for v := range in {
				if !Send(ctx, out, v) {
					// Keep draining so that the upstream stage can finish and close.
					for range in {
					}
					return
				}
			}
		}(in)
	}
	go func() {
		wg.Wait()
		close(out)
	}()
	return out
}

// PanicError is a panic of a stage, recovered and turned into an error.
type PanicError struct {
	Stage string
	Value any
	Stack []byte
}

func (e *PanicError) Error() string {
	return fmt.Sprintf("stage %s panicked: %v", e.Stage, e.Value)
}

// Group runs the stages of a pipeline. The first stage that returns an error cancels the
// group's context, so everything stops; a panic in a stage becomes a *PanicError.
type Group struct {
	p *pool.ContextPool
}

// NewGroup returns a group whose stages run under ctx.
func NewGroup(ctx context.Context) *Group {
	return &Group{p: pool.New().WithContext(ctx).WithCancelOnError().WithFirstError()}
}

// Go starts one named stage.
func (g *Group) Go(stage string, fn func(ctx context.Context) error) {
	g.p.Go(func(ctx context.Context) (err error) {
		defer func() {
			if v := recover(); v != nil {
				err = &PanicError{Stage: stage, Value: v, Stack: debug.Stack()}
			}
		}()
		if err := fn(ctx); err != nil {
			return fmt.Errorf("stage %s: %w", stage, err)
		}
		return nil
	})
}

// Wait blocks until every stage has returned and gives the first error.
func (g *Group) Wait() error { return g.p.Wait() }

// NewBackOff is the exponential back-off used for reconnecting: it never gives up on its own
// (MaxElapsedTime 0) and waits at most maxInterval between attempts.
func NewBackOff(initial, maxInterval time.Duration) *backoff.ExponentialBackOff {
	b := backoff.NewExponentialBackOff()
	b.InitialInterval = initial
	b.MaxInterval = maxInterval
	b.MaxElapsedTime = 0
	b.Reset()
	return b
}

// RetryUntil is Retry that also ends at deadline: no wait between tries goes past it, and a
// try due at or after it is not made (the error is then the last try's).
func RetryUntil(ctx context.Context, initial, maxInterval time.Duration, deadline time.Time, op func() error, notify func(error, time.Duration)) error {
	b := backoff.WithContext(untilBackOff{NewBackOff(initial, maxInterval), deadline}, ctx)
	err := backoff.RetryNotify(op, b, notify)
	var perm *backoff.PermanentError
	if errors.As(err, &perm) {
		return perm.Err
	}
	return err
}

// untilBackOff waits as its back-off does, but never past deadline, and stops there.
type untilBackOff struct {
	backoff.BackOff
	deadline time.Time
}

func (u untilBackOff) NextBackOff() time.Duration {
	left := time.Until(u.deadline)
	if left <= 0 {
		return backoff.Stop
	}
	return min(u.BackOff.NextBackOff(), left)
}

// Retry calls op until it succeeds, returns a backoff.Permanent error, or ctx ends. It never
// stops on elapsed time. notify, when set, sees every failed attempt.
func Retry(ctx context.Context, initial, maxInterval time.Duration, op func() error, notify func(error, time.Duration)) error {
	b := backoff.WithContext(NewBackOff(initial, maxInterval), ctx)
	err := backoff.RetryNotify(op, b, notify)
	var perm *backoff.PermanentError
	if errors.As(err, &perm) {
		return perm.Err
	}
	return err
}
