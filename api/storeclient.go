package api

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/redis/rueidis"
)

// StoreTimeout bounds each store call the API makes (CONTRACT.md 8, "Any store error: 500"):
// a store that is down, unreachable or silent costs a request at most this long per call,
// and the answer is 500 "Redis error: …", never a request left hanging (a client that retries
// read-only commands would otherwise retry them for as long as the request lasts).
const StoreTimeout = 5 * time.Second

// noAnswer is the error of a store call that got no answer in time.
type noAnswer time.Duration

func (n noAnswer) Error() string {
	return fmt.Sprintf("the data store did not answer within %s", time.Duration(n))
}

// boundedClient is a store client whose every call has a deadline of its own (timeout, or the
// caller's when sooner). Subscriptions and streams (Receive, DoStream) are left as they are:
// the API uses none.
type boundedClient struct {
	rueidis.Client
	timeout time.Duration
}

// Bounded is c with every call bounded by StoreTimeout; the store's own (NewStore) and the
// one to give the API's background services.
func Bounded(c rueidis.Client) rueidis.Client {
	if b, ok := c.(*boundedClient); ok {
		return b
	}
	return &boundedClient{Client: c, timeout: StoreTimeout}
}

func bound(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	return context.WithTimeoutCause(ctx, d, noAnswer(d))
}

// explain says a call that ran out of its own time so: the data store did not answer.
func explain(ctx context.Context, r rueidis.RedisResult) rueidis.RedisResult {
	err := r.NonRedisError()
	if err == nil || !errors.Is(err, context.DeadlineExceeded) {
		return r
	}
	var n noAnswer
	if errors.As(context.Cause(ctx), &n) {
		return rueidis.NewErrorResult(n)
	}
	return r
}

func explainAll(ctx context.Context, rs []rueidis.RedisResult) []rueidis.RedisResult {
	for i := range rs {
		rs[i] = explain(ctx, rs[i])
	}
	return rs
}

func (c *boundedClient) Do(ctx context.Context, cmd rueidis.Completed) rueidis.RedisResult {
	ctx, cancel := bound(ctx, c.timeout)
	defer cancel()
	return explain(ctx, c.Client.Do(ctx, cmd))
}

func (c *boundedClient) DoMulti(ctx context.Context, cmds ...rueidis.Completed) []rueidis.RedisResult {
	ctx, cancel := bound(ctx, c.timeout)
	defer cancel()
	return explainAll(ctx, c.Client.DoMulti(ctx, cmds...))
}

func (c *boundedClient) DoCache(ctx context.Context, cmd rueidis.Cacheable, ttl time.Duration) rueidis.RedisResult {
	ctx, cancel := bound(ctx, c.timeout)
	defer cancel()
	return explain(ctx, c.Client.DoCache(ctx, cmd, ttl))
}

func (c *boundedClient) DoMultiCache(ctx context.Context, multi ...rueidis.CacheableTTL) []rueidis.RedisResult {
	ctx, cancel := bound(ctx, c.timeout)
	defer cancel()
	return explainAll(ctx, c.Client.DoMultiCache(ctx, multi...))
}

// Dedicated bounds each call made on the dedicated connection (a guarded write's WATCH,
// reads and MULTI/EXEC).
func (c *boundedClient) Dedicated(fn func(rueidis.DedicatedClient) error) error {
	return c.Client.Dedicated(func(d rueidis.DedicatedClient) error {
		return fn(&boundedDedicated{DedicatedClient: d, timeout: c.timeout})
	})
}

func (c *boundedClient) Dedicate() (rueidis.DedicatedClient, func()) {
	d, cancel := c.Client.Dedicate()
	return &boundedDedicated{DedicatedClient: d, timeout: c.timeout}, cancel
}

type boundedDedicated struct {
	rueidis.DedicatedClient
	timeout time.Duration
}

func (d *boundedDedicated) Do(ctx context.Context, cmd rueidis.Completed) rueidis.RedisResult {
	ctx, cancel := bound(ctx, d.timeout)
	defer cancel()
	return explain(ctx, d.DedicatedClient.Do(ctx, cmd))
}

func (d *boundedDedicated) DoMulti(ctx context.Context, cmds ...rueidis.Completed) []rueidis.RedisResult {
	ctx, cancel := bound(ctx, d.timeout)
	defer cancel()
	return explainAll(ctx, d.DedicatedClient.DoMulti(ctx, cmds...))
}
