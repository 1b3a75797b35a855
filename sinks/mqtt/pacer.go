package mqtt

import (
	"context"
	"time"
)

// pacer is a token bucket: at most rate messages per second on average, bursts of burst.
// Reserve takes a slot and says how long to wait for it; the caller sleeps only once it is
// slack ahead of its schedule, letting the messages due meanwhile go out together: each sleep
// is a timer, a wake-up and a flush, so a few long sleeps cost far less than many short ones
// (docs/decisions.md, "Paced wake-ups").
type pacer struct {
	interval time.Duration
	burst    time.Duration
	slack    time.Duration
	next     time.Time
	timer    *time.Timer
}

// The slack is the burst's own length, between these bounds: a sleep never buys back less
// than minSlack, and the schedule is never more than maxSlack ahead (so over any second at
// most rate + burst + rate/10 messages go out).
const (
	minSlack = 10 * time.Millisecond
	maxSlack = 100 * time.Millisecond
)

func newPacer(rate, burst int) *pacer {
	iv := time.Second / time.Duration(max(rate, 1))
	b := iv * time.Duration(max(burst, 1))
	return &pacer{interval: iv, burst: b, slack: min(max(b, minSlack), maxSlack)}
}

// Reserve takes the next slot and returns how long to sleep before using it (0: go now).
func (p *pacer) Reserve() time.Duration { return p.ReserveAt(time.Now()) }

// ReserveAt is Reserve with the clock read by the caller (once for many messages). A now that
// lags the clock by the microseconds a chunk takes to write makes each wait that much longer
// and lets the burst reach back that much further: the rate still caps.
func (p *pacer) ReserveAt(now time.Time) time.Duration {
	if floor := now.Add(-p.burst); p.next.Before(floor) {
		p.next = floor
	}
	p.next = p.next.Add(p.interval)
	if d := p.next.Sub(now); d > p.slack {
		return d
	}
	return 0
}

// Sleep waits d or until ctx ends.
func (p *pacer) Sleep(ctx context.Context, d time.Duration) error {
	if p.timer == nil {
		p.timer = time.NewTimer(d)
	} else {
		p.timer.Reset(d)
	}
	select {
	case <-p.timer.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Wait blocks until one more message may go out.
func (p *pacer) Wait(ctx context.Context) error {
	if d := p.Reserve(); d > 0 {
		return p.Sleep(ctx, d)
	}
	return nil
}
