package pipeline_test

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/pipeline"
)

// One cycle a tick, its result sent; a cycle with nothing to send sends nothing; the output
// closes when the ticks end.
func TestPollSendsEachCycleAndClosesItsOutput(t *testing.T) {
	ticks := make(chan time.Time)
	n := 0
	out, run := pipeline.Poll[int]{Cycle: func(context.Context) (int, bool) {
		n++
		return n, n%2 == 1 // every other cycle has nothing to send
	}}.Start(ticks, 4)
	done := make(chan error, 1)
	go func() { done <- run(t.Context()) }()
	for range 4 {
		ticks <- time.Now()
	}
	close(ticks)
	require.NoError(t, <-done)
	var got []int
	for v := range out {
		got = append(got, v)
	}
	require.Equal(t, []int{1, 3}, got, "closed after the last")
}

// A cycle runs within its deadline: a backend that hangs fails its cycle, not the loop.
func TestPollBoundsACycleByItsDeadline(t *testing.T) {
	ticks := make(chan time.Time, 1)
	var deadline time.Duration
	out, run := pipeline.Poll[bool]{Deadline: 50 * time.Millisecond, Cycle: func(ctx context.Context) (bool, bool) {
		d, ok := ctx.Deadline()
		deadline = time.Until(d)
		<-ctx.Done() // hangs until the deadline
		return ok, true
	}}.Start(ticks, 1)
	ticks <- time.Now()
	close(ticks)
	start := time.Now()
	require.NoError(t, run(t.Context()))
	require.True(t, <-out)
	require.LessOrEqual(t, deadline, 50*time.Millisecond)
	require.Less(t, time.Since(start), 5*time.Second)
}

// A stop during a cycle: the cut-short cycle is not sent, and the loop ends at once.
func TestPollStopsWithoutSendingACycleCutShort(t *testing.T) {
	ticks := make(chan time.Time, 1)
	ctx, cancel := context.WithCancel(t.Context())
	var cycles atomic.Int32
	out, run := pipeline.Poll[int]{Cycle: func(ctx context.Context) (int, bool) {
		cycles.Add(1)
		cancel()
		<-ctx.Done()
		return 1, true
	}}.Start(ticks, 1)
	ticks <- time.Now()
	require.NoError(t, run(ctx))
	_, open := <-out
	require.False(t, open, "nothing sent, output closed")
	require.Equal(t, int32(1), cycles.Load())
}

// Run hands each result to the stage's own emitter (a stage with two outputs); false stops.
func TestPollRunEmitsUntilTheEmitterStops(t *testing.T) {
	ticks := make(chan time.Time, 3)
	for range 3 {
		ticks <- time.Now()
	}
	close(ticks)
	var got []int
	n := 0
	pipeline.Poll[int]{Cycle: func(context.Context) (int, bool) { n++; return n, true }}.Run(t.Context(), ticks, func(_ context.Context, v int) bool {
		got = append(got, v)
		return v < 2
	})
	require.Equal(t, []int{1, 2}, got)
}

// With the ticker: a tick due while a cycle still runs is dropped, not queued (CONTRACT.md 1.3).
func TestPollWithTicksDropsTicksDueDuringACycle(t *testing.T) {
	ticks, runTicks := pipeline.Ticks(zerolog.Nop(), 0, 10*time.Millisecond)
	var cycles atomic.Int32
	_, run := pipeline.Poll[struct{}]{Cycle: func(context.Context) (struct{}, bool) {
		cycles.Add(1)
		time.Sleep(100 * time.Millisecond) // ten ticks' worth
		return struct{}{}, false
	}}.Start(ticks, 0)
	ctx, cancel := context.WithTimeout(t.Context(), 350*time.Millisecond)
	defer cancel()
	g := pipeline.NewGroup(ctx)
	g.Go("ticks", runTicks)
	g.Go("poll", run)
	require.NoError(t, g.Wait())
	require.LessOrEqual(t, cycles.Load(), int32(4), "≈ 3 cycles in 350 ms, not the 35 ticks")
	require.GreaterOrEqual(t, cycles.Load(), int32(2))
}
