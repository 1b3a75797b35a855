// Package store is the data-store side of the monitor: the store loop (INFO everything,
// MEMORY STATS, the config version keys) and the counter stage that republishes the
// processors' and receivers' counters. It only ever issues INFO, MEMORY STATS, GET and
// SMEMBERS: no scan, no write.
package store

import (
	"context"
	"fmt"
	"net"
	"sync"
	"time"

	"github.com/redis/rueidis"
)

// Conn opens the rueidis client lazily and retries on every use until the store answers, so
// that the monitor needs no start order. One client serves both stages.
type Conn struct {
	opt rueidis.ClientOption
	mu  sync.Mutex
	c   rueidis.Client
}

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
	}}
}

// Client returns the client, dialling it when there is none yet.
func (c *Conn) Client(ctx context.Context) (rueidis.Client, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.c != nil {
		return c.c, nil
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	cl, err := rueidis.NewClient(c.opt)
	if err != nil {
		return nil, fmt.Errorf("connecting to the store: %w", err)
	}
	c.c = cl
	return cl, nil
}

// Close closes the client if one was opened.
func (c *Conn) Close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.c != nil {
		c.c.Close()
		c.c = nil
	}
}
