package pipeline_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/internal/testenv"
	"github.com/tracker-adsb/tracker-core-health/pipeline"
)

// The fan-out hands every value to every reader, in order, and owns the count of readers: a
// lent value goes back to its producer after the last reader's Done, not before.
func TestFanOutCountsEveryReaderBeforeAValueGoesBack(t *testing.T) {
	in := make(chan pipeline.Shared[[]int])
	outs := pipeline.FanOut(t.Context(), in, 4, 3)
	released := make(chan []int, 10)
	go func() {
		for i := range 5 {
			in <- pipeline.Lend([]int{i}, func(v []int) { released <- v })
		}
		close(in)
	}()
	var wg sync.WaitGroup
	got := make([][]int, 3)
	for r, out := range outs {
		wg.Go(func() {
			for v := range out { // closed once in is closed
				got[r] = append(got[r], v.V[0])
				if r < 2 {
					v.Done()
				}
			}
		})
	}
	wg.Wait()
	for r := range 3 {
		require.Equal(t, []int{0, 1, 2, 3, 4}, got[r], "reader %d sees every value in order", r)
	}
	require.Empty(t, released, "two of three readers are done: nothing goes back yet")
}

func TestFanOutReleasesAtTheLastDone(t *testing.T) {
	in := make(chan pipeline.Shared[[]int], 1)
	outs := pipeline.FanOut(t.Context(), in, 1, 2)
	released := make(chan []int, 1)
	in <- pipeline.Lend([]int{7}, func(v []int) { released <- v })
	a, b := <-outs[0], <-outs[1]
	a.Done()
	require.Empty(t, released)
	b.Done()
	require.Equal(t, []int{7}, <-released)
	close(in)
	_, open := <-outs[0]
	require.False(t, open)
}

// A reader that is not reading never blocks shutdown: cancelling the context ends the
// fan-out, which closes its outputs and drains its input so that the producer can finish.
func TestFanOutNeverBlocksShutdown(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	in := make(chan pipeline.Shared[int])
	outs := pipeline.FanOut(ctx, in, 1, 2)
	produced := make(chan struct{})
	var sent atomic.Int32
	go func() {
		for i := range 10 { // far more than the buffers hold
			in <- pipeline.Own(i)
			sent.Add(1)
		}
		close(in)
		close(produced)
	}()
	// The first fills both buffers, the second is taken and waits to be sent on: cancelled there.
	require.Eventually(t, func() bool { return sent.Load() >= 2 }, 10*time.Second, time.Millisecond)
	testenv.WaitParked(t, "pipeline.Send[")
	cancel()
	select {
	case <-produced:
	case <-time.After(2 * time.Second):
		t.Fatal("the producer is stuck behind a reader that is not reading")
	}
	for _, out := range outs {
		for range out { // closed
		}
	}
}

func TestOwnedValuesGoNowhere(t *testing.T) {
	s := pipeline.Own([]int{1})
	s.Done()
	s.Done() // harmless
	require.Equal(t, []int{1}, s.V)
}

// A shelf hands back a slice large enough, cleared, and keeps only a few.
func TestShelfReusesHandedBackSlices(t *testing.T) {
	sh := pipeline.NewShelf[*int](2)
	x := 1
	a := append(sh.Get(4), &x, &x)
	sh.Put(a)
	b := sh.Get(3)
	require.Empty(t, b)
	require.Equal(t, 4, cap(b))
	require.Same(t, &a[:1][0], &b[:1][0], "the same array")
	require.Nil(t, b[:2][0], "cleared: it keeps nothing alive")
	require.GreaterOrEqual(t, cap(sh.Get(100)), 100, "too small: a new one")
	put := map[**int]bool{}
	for range 5 {
		s := make([]*int, 1, 8)
		put[&s[0]] = true
		sh.Put(s)
	}
	kept := 0
	for range 5 {
		if put[&sh.Get(8)[:1][0]] {
			kept++
		}
	}
	require.Equal(t, 2, kept, "at most two kept")
}

func TestEveryCallsUntilTheContextEnds(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	calls := 0
	done := make(chan struct{})
	go func() {
		pipeline.Every(ctx, 5*time.Millisecond, func(context.Context) {
			if calls++; calls == 3 {
				cancel()
			}
		})
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(2 * time.Second):
		t.Fatal("Every did not return when its context ended")
	}
	require.Equal(t, 3, calls)
}
