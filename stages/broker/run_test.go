package broker_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/internal/testenv"
	"github.com/tracker-adsb/tracker-core-health/model"
)

// The stage's Run with channel fixtures: a tick gives one batch (lent: it comes back to the
// stage after Done and is filled again by the next cycle) and one counter request; a failed
// poll gives the sinks their own batch and no counter request; closing the ticks closes both
// outputs.
func TestRunEmitsACycleATickAndClosesItsOutputs(t *testing.T) {
	api, srv := newFakeAPI(t)
	st, _ := newStage(t, srv, nil)
	ticks := make(chan time.Time)
	out, counters, run := st.Start(ticks)
	done := make(chan error, 1)
	go func() { done <- run(t.Context()) }()

	ticks <- time.Now()
	first := <-out
	require.Equal(t, model.CycleStart, first.V[0].Kind, "a successful cycle opens with its CycleStart")
	require.Greater(t, len(first.V), 20)
	req := <-counters
	require.Equal(t, []string{"a-b-c", "mp-1"}, req.ProcessorIDs, "sorted, distinct, owned processor queues only")
	array := &first.V[:1][0]
	first.Done() // the last (only) reader: the batch goes back to the stage

	ticks <- time.Now()
	second := <-out
	<-counters
	require.Same(t, array, &second.V[:1][0], "the next cycle fills the batch handed back")
	// Not handed back: the next cycle takes another batch, and nothing this reader holds is
	// touched.
	ticks <- time.Now()
	third := <-out
	<-counters
	require.NotSame(t, &second.V[:1][0], &third.V[:1][0])
	require.Equal(t, model.CycleStart, second.V[0].Kind)
	second.Done()
	third.Done()

	api.set("/api/overview", "", http.StatusInternalServerError)
	ticks <- time.Now()
	failed := <-out
	require.Len(t, failed.V, 2, "started_at and broker_connected only")
	require.False(t, failed.V[1].Bool())
	require.Empty(t, counters, "no counter request after a failed poll")

	close(ticks)
	require.NoError(t, <-done)
	_, open := <-out
	require.False(t, open, "the stage closes its output")
	_, open = <-counters
	require.False(t, open, "and the counter requests")
}

// Stopping never waits for a reader: with nobody reading, cancelling the context ends Run.
func TestRunNeverBlocksShutdown(t *testing.T) {
	_, srv := newFakeAPI(t)
	st, _ := newStage(t, srv, nil)
	ctx, cancel := context.WithCancel(t.Context())
	ticks := make(chan time.Time, 1)
	out, _, run := st.Start(ticks) // nobody reads
	done := make(chan error, 1)
	go func() { done <- run(ctx) }()
	// The output's buffer fills, then a send waits: cancelled there.
	for range cap(out) + 1 {
		ticks <- time.Now()
	}
	testenv.WaitParked(t, "pipeline.Send[")
	cancel()
	select {
	case err := <-done:
		require.NoError(t, err)
	case <-time.After(2 * time.Second):
		t.Fatal("Run is stuck behind a reader that is not reading")
	}
	for range out { // what was buffered, then closed
	}
}

// The broker never waits for the counters: while the counter stage is still busy with an
// earlier request (a slow store), a cycle's request is dropped and the next tick is taken on
// time.
func TestRunNeverWaitsForTheCounters(t *testing.T) {
	_, srv := newFakeAPI(t)
	st, _ := newStage(t, srv, nil)
	ticks := make(chan time.Time)
	out, counters, run := st.Start(ticks) // nobody reads the counters: the counter stage is stuck
	done := make(chan error, 1)
	go func() { done <- run(t.Context()) }()
	for range 4 {
		select {
		case ticks <- time.Now():
		case <-time.After(5 * time.Second):
			t.Fatal("the broker loop waits for the counters")
		}
		(<-out).Done()
	}
	require.Len(t, counters, 1, "the first request waits for the counter stage; the others were dropped")
	close(ticks)
	require.NoError(t, <-done)
}
