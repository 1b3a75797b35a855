package pipeline_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cenkalti/backoff/v4"
	"github.com/rs/zerolog"
	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/internal/testenv"
	"github.com/tracker-adsb/tracker-core-health/pipeline"
)

func TestTickerSkipsTicksWhileTheConsumerIsBusy(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	ticks := make(chan time.Time)
	done := make(chan struct{})
	go func() {
		_ = pipeline.Ticker(ctx, zerolog.Nop(), 0, 10*time.Millisecond, ticks)
		close(done)
	}()
	// The first tick waits for the consumer: the ticker is found waiting with it.
	testenv.WaitParked(t, "pipeline.Send[")
	<-ticks
	// A cycle that takes 20 intervals: the ticks due meanwhile are dropped, not queued.
	time.Sleep(200 * time.Millisecond)
	got := 0
	deadline := time.After(50 * time.Millisecond)
loop:
	for {
		select {
		case <-ticks:
			got++
		case <-deadline:
			break loop
		}
	}
	require.LessOrEqual(t, got, 8, "a busy consumer must not find a backlog of ticks (20 were due)")
	require.GreaterOrEqual(t, got, 1, "ticks resume once the consumer is free")
	cancel()
	<-done
	_, open := <-ticks
	require.False(t, open, "the ticker closes its output")
}

// A consumer busy for many intervals (a backend that hangs) gives one warning when skipping
// starts and one line with the count when it ends, not a warning per skipped tick.
// tickerLog counts the Ticker's lines: warnings (skipping started), infos (resumed) and the
// count of the latest.
func tickerLog(t *testing.T, logs *testenv.Buffer) (warns, resumed int, skipped float64) {
	for _, l := range strings.Split(strings.TrimSpace(logs.String()), "\n") {
		if l == "" {
			continue
		}
		var e map[string]any
		require.NoError(t, json.Unmarshal([]byte(l), &e))
		switch e["level"] {
		case "warn":
			warns++
			require.Contains(t, e["message"], "previous cycle still running")
		case "info":
			resumed++
			skipped = e["skipped"].(float64)
		}
	}
	return warns, resumed, skipped
}

// A busy spell is one warning when it starts and one line when the consumer has kept up for
// a few ticks, with the count; so is a consumer that overruns every other cycle (a backend
// answering just slower than the interval), not a warning per cycle.
func TestTickerLogsSkippingOnceWithTheCount(t *testing.T) {
	// The tick: long enough that a loaded machine's scheduling delays (a few ms under the
	// race detector) are not mistaken for overruns.
	const tick = 40 * time.Millisecond
	for _, tc := range []struct {
		name string
		busy func(cycle int) time.Duration
	}{
		{"one long cycle", func(cycle int) time.Duration {
			if cycle == 0 {
				return 15 * tick // 15 ticks due while busy
			}
			return 0
		}},
		{"every other cycle overruns", func(cycle int) time.Duration {
			if cycle < 16 {
				return tick + tick/5 // just over the interval: a tick skipped each time
			}
			return 0
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var logs testenv.Buffer
			ticks := make(chan time.Time)
			done := make(chan struct{})
			ctx, cancel := context.WithCancel(t.Context())
			go func() {
				_ = pipeline.Ticker(ctx, zerolog.New(&logs), 0, tick, ticks)
				close(done)
			}()
			for spell := range 2 {
				for cycle := 0; ; cycle++ {
					<-ticks
					time.Sleep(tc.busy(cycle))
					if _, r, _ := tickerLog(t, &logs); r == spell+1 {
						break
					}
					require.Less(t, cycle, 200, "the spell never ended: %s", logs.String())
				}
				warns, _, skipped := tickerLog(t, &logs)
				require.Equal(t, spell+1, warns, "one warning per busy spell: %s", logs.String())
				require.GreaterOrEqual(t, skipped, 5.0, "the count of skipped ticks")
			}
			cancel()
			<-done
		})
	}
}

func TestMergeFansInAndClosesAfterEveryInput(t *testing.T) {
	a, b := make(chan int), make(chan int)
	out := pipeline.Merge(t.Context(), 1, a, b)
	go func() {
		for i := range 3 {
			a <- i
		}
		close(a)
	}()
	go func() {
		for i := 10; i < 13; i++ {
			b <- i
		}
		close(b)
	}()
	sum, n := 0, 0
	for v := range out {
		sum += v
		n++
	}
	require.Equal(t, 6, n)
	require.Equal(t, 0+1+2+10+11+12, sum)
}

func TestGroupStopsEverythingOnTheFirstErrorAndRecoversPanics(t *testing.T) {
	tests := []struct {
		name  string
		fail  func(context.Context) error
		check func(t *testing.T, err error)
	}{
		{"error", func(context.Context) error { return errors.New("boom") }, func(t *testing.T, err error) {
			require.ErrorContains(t, err, "stage failing: boom")
		}},
		{"panic", func(context.Context) error { panic("kaboom") }, func(t *testing.T, err error) {
			var pe *pipeline.PanicError
			require.ErrorAs(t, err, &pe)
			require.Equal(t, "failing", pe.Stage)
			require.Equal(t, "kaboom", pe.Value)
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := pipeline.NewGroup(t.Context())
			var stopped atomic.Bool
			g.Go("long", func(ctx context.Context) error {
				<-ctx.Done()
				stopped.Store(true)
				return nil
			})
			g.Go("failing", tc.fail)
			err := g.Wait()
			tc.check(t, err)
			require.True(t, stopped.Load(), "the other stages were stopped")
		})
	}
}

func TestRetryNeverGivesUpOnItsOwnButStopsOnPermanent(t *testing.T) {
	b := pipeline.NewBackOff(time.Millisecond, 2*time.Millisecond)
	require.Equal(t, time.Duration(0), b.MaxElapsedTime)
	calls := 0
	err := pipeline.Retry(t.Context(), time.Microsecond, time.Microsecond, func() error {
		calls++
		if calls < 50 {
			return errors.New("not yet")
		}
		return nil
	}, nil)
	require.NoError(t, err)
	require.Equal(t, 50, calls)

	perm := errors.New("401")
	calls = 0
	err = pipeline.Retry(t.Context(), time.Microsecond, time.Microsecond, func() error {
		calls++
		return backoff.Permanent(perm)
	}, nil)
	require.ErrorIs(t, err, perm)
	require.Equal(t, 1, calls)

	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	err = pipeline.Retry(ctx, time.Millisecond, time.Millisecond, func() error { return errors.New("down") }, nil)
	require.Error(t, err)
}

func TestHeartbeatIsTouchedOnlyWhileHealthy(t *testing.T) {
	path := t.TempDir() + "/h/heartbeat"
	h := &pipeline.Health{}
	broker, store := h.Essential(), h.Essential()
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan struct{})
	ticks := make(chan time.Time) // unbuffered: a tick sent is a tick the loop took, after its check of the health
	go func() {
		_ = pipeline.HeartbeatTicks(ctx, zerolog.Nop(), h, path, ticks)
		close(done)
	}()
	ticks <- time.Now()
	ticks <- time.Now() // two checks, both unhealthy
	require.False(t, pipeline.HeartbeatFresh(path, time.Minute, time.Now()), "unhealthy: no heartbeat")
	broker(false)
	store(true)
	ticks <- time.Now() // taken after the change: the next check sees it,
	ticks <- time.Now() // and touches the file before the loop takes this tick
	require.True(t, pipeline.HeartbeatFresh(path, time.Minute, time.Now()), "healthy: the heartbeat is touched")
	require.False(t, pipeline.HeartbeatFresh(path, time.Minute, time.Now().Add(2*time.Minute)), "stale after max age")
	require.True(t, h.Healthy(), "one essential loop up is enough")
	store(false)
	require.False(t, h.Healthy(), "every essential loop down")
	cancel()
	<-done
}

// Bounded gives fn's answer, a panic as an error, and gives up on a drain that outlives its
// grace after the stop.
func TestBoundedWaitsForTheDrainOnlyWithinGrace(t *testing.T) {
	require.EqualError(t, pipeline.Bounded(t.Context(), time.Hour, "x", func() error { return errors.New("failed") }), "failed")
	var pe *pipeline.PanicError
	require.ErrorAs(t, pipeline.Bounded(t.Context(), time.Hour, "x", func() error { panic("boom") }), &pe)
	require.Equal(t, "x", pe.Stage)

	ctx, stop := context.WithCancel(t.Context())
	stop()
	release := make(chan struct{})
	defer close(release)
	require.ErrorIs(t, pipeline.Bounded(ctx, 10*time.Millisecond, "x", func() error { <-release; return nil }), pipeline.ErrStopTooLong)
	drained := make(chan struct{})
	close(drained)
	require.NoError(t, pipeline.Bounded(ctx, time.Hour, "x", func() error { <-drained; return nil }))
}

// CancelAfter cancels grace after the stop, and never once released.
func TestCancelAfterIsALastResort(t *testing.T) {
	stop, stopNow := context.WithCancel(t.Context())
	cut := make(chan struct{})
	pipeline.CancelAfter(stop, time.Millisecond, func() { close(cut) })
	stopNow()
	<-cut

	stop2, stopNow2 := context.WithCancel(t.Context())
	var called atomic.Bool
	release := pipeline.CancelAfter(stop2, time.Millisecond, func() { called.Store(true) })
	release() // before the stop: its AfterFunc is unregistered, no timer is ever set
	stopNow2()
	require.False(t, called.Load())
}

// All calls each index once and returns after the last; Beside ends its side with main; a
// Flight runs one call at a time and waits for it only as long as the caller's context allows.
func TestConcurrentHelpers(t *testing.T) {
	var seen [8]atomic.Bool
	pipeline.All(len(seen), func(i int) { seen[i].Store(true) })
	for i := range seen {
		require.True(t, seen[i].Load(), i)
	}

	sideEnded := false
	err := pipeline.Beside(t.Context(), func(ctx context.Context) { <-ctx.Done(); sideEnded = true }, func(context.Context) error { return errors.New("main") })
	require.EqualError(t, err, "main")
	require.True(t, sideEnded)

	var f pipeline.Flight
	release, runs := make(chan struct{}), atomic.Int32{}
	run := func() { runs.Add(1); <-release }
	short, cancel := context.WithCancel(t.Context())
	cancel()
	require.ErrorIs(t, f.Do(short, run), context.Canceled, "the caller does not wait past its context")
	require.ErrorIs(t, f.Do(short, run), context.Canceled)
	close(release)
	require.NoError(t, f.Do(t.Context(), func() {}), "the run in flight ends; this call waits for it or runs its own")
	require.EqualValues(t, 1, runs.Load(), "one run in flight at a time")
}
