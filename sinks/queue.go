package sinks

import (
	"context"
	"sync"
	"time"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// outMsg is one publication waiting in the sink.
type outMsg struct {
	topic   string
	payload string
	// entity, when set, makes this the entity's discovery config: rendered when it is written
	// (never kept rendered), and paced for Home Assistant's sake.
	entity *model.Entity
	retain bool
}

// topicQueue is a FIFO of pending publications coalesced by topic: a newer payload for a
// topic already waiting replaces the older one in place, so memory is bounded by the number
// of distinct topics and a slow broker never builds a stale backlog. The sink puts a whole
// batch under one Lock; the publisher takes a chunk at a time.
type topicQueue struct {
	mu      sync.Mutex
	order   []string
	head    int
	pending map[string]outMsg
	taken   int  // messages of the chunk the publisher is writing (PopN until the next PopN)
	put     bool // something was put since Lock
	notify  chan struct{}
}

func newTopicQueue() *topicQueue {
	return &topicQueue{pending: map[string]outMsg{}, notify: make(chan struct{}, 1)}
}

// Lock starts a series of PutLocked.
func (q *topicQueue) Lock() { q.mu.Lock() }

// Unlock ends it and wakes the publisher if anything was put.
func (q *topicQueue) Unlock() {
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

// Put queues m, replacing a waiting message for the same topic.
func (q *topicQueue) Put(m outMsg) {
	q.Lock()
	q.PutLocked(m)
	q.Unlock()
}

// PutLocked is Put with the lock held.
func (q *topicQueue) PutLocked(m outMsg) {
	if _, ok := q.pending[m.topic]; !ok {
		q.order = append(q.order, m.topic)
	}
	q.pending[m.topic] = m
	q.put = true
}

// Pop takes the oldest waiting topic's latest payload.
func (q *topicQueue) Pop() (outMsg, bool) {
	var one [1]outMsg
	if got := q.PopN(one[:0], 1); len(got) == 1 {
		return got[0], true
	}
	return outMsg{}, false
}

// PopN appends up to n of the oldest waiting messages to dst.
func (q *topicQueue) PopN(dst []outMsg, n int) []outMsg {
	q.mu.Lock()
	defer q.mu.Unlock()
	start := len(dst)
	defer func() { q.taken = len(dst) - start }()
	for taken := 0; taken < n && q.head < len(q.order); {
		t := q.order[q.head]
		q.order[q.head] = ""
		q.head++
		if m, ok := q.pending[t]; ok {
			delete(q.pending, t)
			dst = append(dst, m)
			taken++
		}
	}
	q.compact()
	return dst
}

func (q *topicQueue) compact() {
	if q.head == len(q.order) {
		q.order, q.head = q.order[:0], 0
	} else if q.head > 1024 && q.head > len(q.order)/2 {
		n := copy(q.order, q.order[q.head:])
		clear(q.order[n:])
		q.order, q.head = q.order[:n], 0
	}
}

// Clear drops everything waiting.
func (q *topicQueue) Clear() {
	q.mu.Lock()
	q.ClearLocked()
	q.mu.Unlock()
}

// ClearLocked is Clear with the lock held.
func (q *topicQueue) ClearLocked() {
	clear(q.pending)
	q.taken = 0
	clear(q.order)
	q.order, q.head = q.order[:0], 0
}

// Len is the number of waiting topics plus the messages of the chunk being written: zero
// once everything put has been handed to the writer.
func (q *topicQueue) Len() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return len(q.pending) + q.taken
}

// pacer is a token bucket: at most rate messages per second on average, bursts of burst.
// Reserve takes a slot and says how long to wait for it; the caller sleeps at most once per
// pacerSlack, letting the messages due meanwhile go out together: one timer and wake-up per
// message cost about 45 µs each, 900 ms a cycle at 1,000 queues.
type pacer struct {
	interval time.Duration
	burst    time.Duration
	next     time.Time
	timer    *time.Timer
}

// pacerSlack is how far ahead of its schedule a message may go out.
const pacerSlack = 10 * time.Millisecond

func newPacer(rate, burst int) *pacer {
	iv := time.Second / time.Duration(max(rate, 1))
	return &pacer{interval: iv, burst: iv * time.Duration(max(burst, 1))}
}

// Reserve takes the next slot and returns how long to sleep before using it (0: go now).
func (p *pacer) Reserve() time.Duration {
	now := time.Now()
	if floor := now.Add(-p.burst); p.next.Before(floor) {
		p.next = floor
	}
	p.next = p.next.Add(p.interval)
	if d := p.next.Sub(now); d > pacerSlack {
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
