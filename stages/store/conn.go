// Package store is the data-store side of the monitor: the store loop (INFO everything,
// MEMORY STATS, the config version keys) and the counter stage that republishes the
// processors' and receivers' counters. It only ever issues INFO, MEMORY STATS, GET and
// SMEMBERS: no scan, no write.
package store

import (
	"context"
	"errors"
	"fmt"
	"net"
	"sync"
	"time"

	"github.com/redis/rueidis"

	"github.com/tracker-adsb/tracker-core-health/pipeline"
)

// Conn opens the rueidis client lazily and retries on every use until the store answers, so
// that the monitor needs no start order. One client serves both stages.
//
// A dial runs in its own goroutine (pipeline.Flight) and every caller waits for it only as
// long as its own context allows: an unreachable store never holds up a shutdown.
type Conn struct {
	opt     rueidis.ClientOption
	dialing pipeline.Flight

	mu     sync.Mutex
	c      rueidis.Client
	err    error // the latest dial's error
	closed bool
}

// ConnWith wraps an existing client (tests, or a caller that shares one).
func ConnWith(c rueidis.Client) *Conn { return &Conn{c: c} }

// Options is how to reach the store.
type Options struct {
	Addr     string
	Password string // never logged
	// RESP2 forces the RESP2 protocol (servers without HELLO 3).
	RESP2   bool
	Timeout time.Duration
}

// NewConn prepares a connection; nothing is dialled yet.
func NewConn(o Options) *Conn {
	if o.Timeout <= 0 {
		o.Timeout = 5 * time.Second
	}
	return &Conn{opt: rueidis.ClientOption{
		InitAddress:       []string{o.Addr},
		Password:          o.Password,
		DisableCache:      true, // client-side caching would issue CLIENT TRACKING
		AlwaysRESP2:       o.RESP2,
		ForceSingleClient: true,
		ConnWriteTimeout:  o.Timeout,
		Dialer:            net.Dialer{Timeout: o.Timeout, KeepAlive: 30 * time.Second},
		ClientName:        "tracker-core-health",
		DisableRetry:      true, // the loops retry on their own cadence
		// rueidis's defaults (0.5 MiB read and write buffers and a 1,024-slot ring on each of
		// its connections) were a large part of the monitor's live heap; a counter cycle's
		// replies stream through small buffers just as well (the largest reply, INFO, is a few
		// KB; docs/decisions.md).
		ReadBufferEachConn:  16 << 10,
		WriteBufferEachConn: 16 << 10,
		RingScaleEachConn:   8,
	}}
}

// Timeout is the longest one round trip may take: a cycle's deadline (5 s for a Conn made
// with ConnWith).
func (c *Conn) Timeout() time.Duration {
	if c.opt.ConnWriteTimeout <= 0 {
		return 5 * time.Second
	}
	return c.opt.ConnWriteTimeout
}

// Client returns the client, dialling it when there is none yet; it waits for the dial no
// longer than ctx allows.
func (c *Conn) Client(ctx context.Context) (rueidis.Client, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	c.mu.Lock()
	if c.c != nil || c.closed {
		cl := c.c
		c.mu.Unlock()
		if cl == nil {
			return nil, errors.New("store connection closed")
		}
		return cl, nil
	}
	c.mu.Unlock()
	if err := c.dialing.Do(ctx, c.dial); err != nil {
		return nil, fmt.Errorf("connecting to the store: %w", err)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.c != nil {
		return c.c, nil
	}
	return nil, c.err
}

func (c *Conn) dial() {
	c.mu.Lock()
	had := c.c != nil || c.closed // a dial that ended just before this one started
	c.mu.Unlock()
	if had {
		return
	}
	cl, err := rueidis.NewClient(c.opt)
	c.mu.Lock()
	defer c.mu.Unlock()
	switch {
	case err != nil:
		c.err = fmt.Errorf("connecting to the store: %w", err)
	case c.closed: // closed while dialling: nobody will use it
		cl.Close()
	default:
		c.c, c.err = cl, nil
	}
}

// Close closes the client if one was opened; a dial still in flight is closed when it ends.
func (c *Conn) Close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.closed = true
	if c.c != nil {
		c.c.Close()
		c.c = nil
	}
}
