package sinks

import (
	"context"
	"sync"
	"time"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// outMsg is one publication taken from the queue.
type outMsg struct {
	topic   string
	payload string
	// entity, when set, makes this the entity's discovery config: rendered when it is written
	// (never kept rendered), and paced for Home Assistant's sake.
	entity *model.Entity
	retain bool
}

// known is an entity the sink has seen, and what of it waits in the queue. Its discovery
// config is not kept: it is rendered when it goes out (19,000 rendered configs at 1,000 queues
// were 13 MB of a 34 MB heap).
type known struct {
	entity *model.Entity
	// seenCycle is, for a dynamic entity, the number of its loop's cycle that last carried it.
	seenCycle uint64
	seen      time.Duration // last reading, after the sink's epoch, for forgetting
	// In the queue (guarded by the queue's lock): the latest state, and the config.
	state string
	// The flags last, together: the record is 48 bytes, not 64.
	stateQueued bool
	cfgQueued   bool
	// announced: its config went out on this connection.
	announced bool
	// mortal: it is forgotten after going unseen (ForgetAfter > 0); period: the sweep period
	// in which it was last seen (sweepBook).
	mortal bool
	period uint32
}

// loose is a queued message that belongs to no known entity: ONLINE, a sticky message, the
// empty config of a removed entity.
type loose struct {
	topic, payload string
	queued         bool
}

// qItem is one place in the FIFO: an entity's state or config, or a loose message.
type qItem struct {
	k   *known
	cfg bool
	l   *loose
}

// sendQueue is the FIFO of pending publications, coalesced: a newer state of an entity (or
// payload of a loose topic) already waiting replaces the older one in place, so memory is
// bounded by the number of entities and a slow broker never builds a stale backlog. An
// entity's messages wait in its own known record, so a reading costs no map look-up here.
// The sink puts a whole batch under one Lock; the publisher takes a chunk at a time.
type sendQueue struct {
	mu     sync.Mutex
	order  []qItem
	head   int
	loose  map[string]*loose
	n      int  // queued messages
	taken  int  // messages of the chunk the publisher is writing (PopN until the next PopN)
	put    bool // something was put since Lock
	notify chan struct{}
	// high is the most places the FIFO held over the last empties (up to shrinkWindow of
	// them): a backlog far larger than usual (the first connect's discovery) does not keep its
	// array for ever, while a cycle that drains in parts, small and large, keeps it.
	high, empties int
}

func newSendQueue() *sendQueue {
	return &sendQueue{loose: map[string]*loose{}, notify: make(chan struct{}, 1)}
}

// Lock starts a series of puts.
func (q *sendQueue) Lock() { q.mu.Lock() }

// Unlock ends it and wakes the publisher if anything was put.
func (q *sendQueue) Unlock() {
	put := q.put
	q.put = false
	q.mu.Unlock()
	if put {
		select {
		case q.notify <- struct{}{}:
		default:
		}
	}
}

// putState queues k's state (lock held).
func (q *sendQueue) putState(k *known, payload string) {
	k.state = payload
	if !k.stateQueued {
		k.stateQueued = true
		q.enqueue(qItem{k: k})
	}
	q.put = true
}

// putConfig queues k's discovery config (lock held).
func (q *sendQueue) putConfig(k *known) {
	if !k.cfgQueued {
		k.cfgQueued = true
		q.enqueue(qItem{k: k, cfg: true})
	}
	q.put = true
}

// putLoose queues a message on topic (lock held).
func (q *sendQueue) putLoose(topic, payload string) {
	l := q.loose[topic]
	if l == nil {
		l = &loose{topic: topic}
		q.loose[topic] = l
	}
	l.payload = payload
	if !l.queued {
		l.queued = true
		q.enqueue(qItem{l: l})
	}
	q.put = true
}

// enqueue appends a place that was not waiting to the FIFO (lock held). A put that only
// replaces a waiting payload needs no place.
func (q *sendQueue) enqueue(it qItem) {
	q.order = append(q.order, it)
	q.high = max(q.high, len(q.order))
	q.n++
}

// drop takes k's messages out of the queue (lock held): it was removed or forgotten.
func (q *sendQueue) drop(k *known) {
	if k.stateQueued {
		k.stateQueued = false
		q.n--
	}
	if k.cfgQueued {
		k.cfgQueued = false
		q.n--
	}
	k.state = ""
}

// Pop takes the oldest waiting message.
func (q *sendQueue) Pop() (outMsg, bool) {
	var one [1]outMsg
	if got := q.PopN(one[:0], 1); len(got) == 1 {
		return got[0], true
	}
	return outMsg{}, false
}

// PopN appends up to n of the oldest waiting messages to dst.
func (q *sendQueue) PopN(dst []outMsg, n int) []outMsg {
	q.mu.Lock()
	defer q.mu.Unlock()
	start := len(dst)
	for len(dst)-start < n && q.head < len(q.order) {
		it := q.order[q.head]
		q.order[q.head] = qItem{}
		q.head++
		switch {
		case it.l != nil:
			if it.l.queued {
				it.l.queued = false
				delete(q.loose, it.l.topic)
				dst = append(dst, outMsg{topic: it.l.topic, payload: it.l.payload, retain: true})
			}
		case it.cfg:
			if it.k.cfgQueued {
				it.k.cfgQueued = false
				dst = append(dst, outMsg{topic: it.k.entity.DiscoveryTopic(), entity: it.k.entity, retain: true})
			}
		default:
			if it.k.stateQueued {
				it.k.stateQueued = false
				dst = append(dst, outMsg{topic: it.k.entity.StateTopic, payload: it.k.state, retain: true})
			}
		}
	}
	q.n -= len(dst) - start
	q.taken = len(dst) - start
	q.compact()
	return dst
}

func (q *sendQueue) compact() {
	if q.head == len(q.order) {
		q.order, q.head = q.order[:0], 0
		if q.high == 0 {
			return // popped empty: nothing was measured
		}
		if q.empties++; q.empties < shrinkWindow {
			return
		}
		if cap(q.order) > minShrink && cap(q.order) > 2*q.high {
			q.order = make([]qItem, 0, q.high+q.high/4)
		}
		q.high, q.empties = 0, 0
	} else if q.head > 1024 && q.head > len(q.order)/2 {
		n := copy(q.order, q.order[q.head:])
		clear(q.order[n:])
		q.order, q.head = q.order[:n], 0
	}
}

// minShrink is the FIFO's capacity below which it is never reallocated smaller.
const minShrink = 4096

// shrinkWindow is how many times the FIFO runs empty between looks at whether its array is
// far larger than it needed. Deciding at every empty reallocated it every cycle at 1,000
// queues (370 KB a cycle): a cycle's readings arrive in parts, and a small part drained on
// its own looked like a small cycle. At a few empties a cycle this is a few minutes.
const shrinkWindow = 64

// Clear drops everything waiting.
func (q *sendQueue) Clear() {
	q.mu.Lock()
	q.ClearLocked()
	q.mu.Unlock()
}

// ClearLocked is Clear with the lock held.
func (q *sendQueue) ClearLocked() {
	for _, it := range q.order[q.head:] {
		switch {
		case it.l != nil:
			it.l.queued = false
		case it.cfg:
			it.k.cfgQueued = false
		default:
			it.k.stateQueued, it.k.state = false, ""
		}
	}
	clear(q.loose)
	clear(q.order)
	q.order, q.head, q.n, q.taken = q.order[:0], 0, 0, 0
}

// Len is the number of waiting messages plus those of the chunk being written: zero once
// everything put has been handed to the writer.
func (q *sendQueue) Len() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.n + q.taken
}

// pacer is a token bucket: at most rate messages per second on average, bursts of burst.
// Reserve takes a slot and says how long to wait for it; the caller sleeps only once it is
// slack ahead of its schedule, letting the messages due meanwhile go out together. Each sleep
// is a timer, a wake-up and a flush: at 10 ms of slack a cycle of 19,000 states at 20,000/s
// slept about 100 times and the wake-ups cost 20 ms of system time a cycle (strace: 4 × the
// futex and epoll calls of an unpaced cycle); at 100 ms it is ten, and as cheap as unpaced.
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
