package store_test

import (
	"context"
	"net"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/catalog"
	"github.com/tracker-adsb/tracker-core-health/internal/testenv"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/stages/store"
)

// unreachable is a store address nobody listens on.
func unreachable(t *testing.T) *store.Conn {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := ln.Addr().String()
	require.NoError(t, ln.Close())
	conn := store.NewConn(store.Options{Addr: addr, Password: "x", Timeout: 200 * time.Millisecond})
	t.Cleanup(conn.Close)
	return conn
}

// The store loop's Run with channel fixtures: each tick gives one batch (here the store is
// down: store_connected False and nothing else), closing the ticks closes the output, and a
// reader that is not reading never holds up a stop.
func TestStoreRunEmitsATickAndClosesItsOutput(t *testing.T) {
	cat := catalog.New(model.CoreDevice("1", ""), store.Group(60*time.Second))
	st := store.NewStage(unreachable(t), cat, nil, zerolog.Nop())
	ticks := make(chan time.Time)
	out, run := st.Start(ticks)
	done := make(chan error, 1)
	go func() { done <- run(t.Context()) }()
	for range 2 {
		ticks <- time.Now()
		b := <-out
		require.Len(t, b.V, 1)
		require.Same(t, cat.General(catalog.StoreConnected), b.V[0].Entity)
		require.False(t, b.V[0].Bool())
		b.Done()
	}
	close(ticks)
	require.NoError(t, <-done)
	_, open := <-out
	require.False(t, open)

	ctx, cancel := context.WithCancel(t.Context())
	ticks = make(chan time.Time, 1)
	blocked, run := st.Start(ticks) // nobody reads
	go func() { done <- run(ctx) }()
	// The output's buffer fills, then a send waits: cancelled there.
	for range cap(blocked) + 1 {
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
}

// The counter stage's Run: a store that cannot be reached skips the tick (nothing emitted, the
// entities age out), and closing its input closes its output.
func TestCounterRunSkipsAnUnreachableStoreAndClosesItsOutput(t *testing.T) {
	cs := store.NewCounterStage(unreachable(t), nil, 30, zerolog.Nop())
	in := make(chan model.CounterRequest)
	out, run := cs.Start(in)
	done := make(chan error, 1)
	go func() { done <- run(t.Context()) }()
	in <- model.CounterRequest{ProcessorIDs: []string{"mp-1"}}
	in <- model.CounterRequest{ProcessorIDs: []string{"mp-1"}} // the first was handled
	close(in)
	require.NoError(t, <-done)
	_, open := <-out
	require.False(t, open, "nothing was emitted, and the output is closed")
}
