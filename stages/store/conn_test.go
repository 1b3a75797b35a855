package store_test

import (
	"context"
	"net"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/stages/store"
)

// A store that accepts connections but never answers must not hold a caller past its own
// context: the monitor's shutdown watchdog is 4.5 s, the dial timeout here is a minute.
func TestDialIsBoundedByTheCallersContext(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			defer c.Close() // hold it open, say nothing
		}
	}()
	conn := store.NewConn(store.Options{Addr: ln.Addr().String(), Password: "x", Timeout: time.Minute})
	defer conn.Close()
	for range 2 { // the second caller waits for the same dial, again only as long as it may
		ctx, cancel := context.WithTimeout(t.Context(), 200*time.Millisecond)
		start := time.Now()
		_, err = conn.Client(ctx)
		cancel()
		require.ErrorIs(t, err, context.DeadlineExceeded)
		require.Less(t, time.Since(start), 5*time.Second)
	}
}
