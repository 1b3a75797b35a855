package sinks

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/model"
)

func TestSendQueueCoalescesKeepingOrder(t *testing.T) {
	q := newSendQueue()
	a := &known{entity: &model.Entity{Kind: &model.Kind{Component: model.Sensor}, UniqueID: "a", StateTopic: "T/a"}}
	b := &known{entity: &model.Entity{Kind: &model.Kind{Component: model.Sensor}, UniqueID: "b", StateTopic: "T/b"}}
	q.Lock()
	q.putLoose(model.StatusTopic, "ONLINE")
	q.putConfig(a)
	q.putState(a, "1")
	q.putState(b, "1")
	q.putState(a, "2") // replaces a's waiting state in place
	q.putConfig(a)     // already waiting
	q.putLoose("x", "1")
	q.putLoose("x", "2")
	q.Unlock()
	require.Equal(t, 5, q.Len(), "memory is bounded by the number of entities and topics")

	var got []string
	for {
		m, ok := q.Pop()
		if !ok {
			break
		}
		if m.entity != nil {
			got = append(got, "config "+m.entity.UniqueID+" on "+m.topic)
			continue
		}
		got = append(got, m.topic+"="+m.payload)
	}
	require.Equal(t, []string{
		model.StatusTopic + "=ONLINE",
		"config a on homeassistant/sensor/a/config",
		"T/a=2", // the newer value, in the older one's place
		"T/b=1",
		"x=2",
	}, got)
	require.Zero(t, q.Len())

	// Dropped (removed or forgotten) and cleared messages never go out.
	q.Lock()
	q.putState(a, "3")
	q.putState(b, "3")
	q.drop(a)
	q.Unlock()
	m, ok := q.Pop()
	require.True(t, ok)
	require.Equal(t, "T/b", m.topic)
	_, ok = q.Pop()
	require.False(t, ok)

	for i := range 10000 {
		q.Lock()
		q.putLoose(fmt.Sprint(i%100), "v")
		q.putState(a, fmt.Sprint(i))
		q.Unlock()
	}
	require.Equal(t, 101, q.Len())
	q.Clear()
	require.Equal(t, 0, q.Len())
	_, ok = q.Pop()
	require.False(t, ok)
	require.False(t, a.stateQueued)
}

func TestPacerLimitsTheRate(t *testing.T) {
	p := newPacer(1000, 10)
	start := time.Now()
	for range 60 {
		require.NoError(t, p.Wait(context.Background()))
	}
	// 60 messages at 1000/s with a burst of 10 take at least ~50 ms.
	require.GreaterOrEqual(t, time.Since(start), 40*time.Millisecond)
}

// A paced cycle sleeps about once per slack (the burst's length, at most 100 ms), not once per
// few messages: every sleep is a timer, a wake-up and a flush. The rate still caps.
func TestPacerSleepsOncePerSlack(t *testing.T) {
	tests := []struct {
		rate, burst, n int
		slack          time.Duration
		minElapsed     time.Duration
		maxSleeps      int
	}{
		// 6,000 at 10,000/s, burst 1,000: 600 ms of schedule, 100 ms of it burst, 100 ms slack.
		{rate: 10_000, burst: 1_000, n: 6_000, slack: 100 * time.Millisecond, minElapsed: 380 * time.Millisecond, maxSleeps: 8},
		// A tiny burst still sleeps at least 10 ms at a time.
		{rate: 1_000, burst: 1, n: 201, slack: 10 * time.Millisecond, minElapsed: 180 * time.Millisecond, maxSleeps: 25},
		// A huge burst is capped: the schedule is never more than 100 ms ahead.
		{rate: 100, burst: 1_000, n: 1_030, slack: 100 * time.Millisecond, minElapsed: 180 * time.Millisecond, maxSleeps: 4},
	}
	for _, tt := range tests {
		p := newPacer(tt.rate, tt.burst)
		require.Equal(t, tt.slack, p.slack)
		start, sleeps := time.Now(), 0
		for range tt.n {
			if d := p.Reserve(); d > 0 {
				sleeps++
				require.NoError(t, p.Sleep(t.Context(), d))
			}
		}
		require.GreaterOrEqual(t, time.Since(start), tt.minElapsed, "the rate caps (%d/s)", tt.rate)
		require.LessOrEqual(t, sleeps, tt.maxSleeps, "sleeps at %d/s", tt.rate)
		require.Positive(t, sleeps)
	}
}

// A backlog far larger than usual (the first connect's discovery) does not keep its array
// for ever; usual cycles keep theirs, even when they drain in parts of very different sizes
// (no reallocation every cycle).
func TestSendQueueGivesBackABacklogsArray(t *testing.T) {
	q := newSendQueue()
	fill := func(n int) {
		q.Lock()
		for i := range n {
			q.putState(&known{entity: &model.Entity{StateTopic: fmt.Sprint(i)}}, "v")
		}
		q.Unlock()
		buf := make([]outMsg, 0, popChunk)
		for got := 0; got < n; {
			buf = q.PopN(buf[:0], popChunk)
			require.NotEmpty(t, buf)
			got += len(buf)
		}
		require.Empty(t, q.PopN(buf[:0], popChunk))
		require.Zero(t, q.Len())
	}
	fill(40_000)
	for range shrinkWindow {
		fill(1_000)
	}
	require.LessOrEqual(t, cap(q.order), 1_250, "after a window of small cycles the 40,000-place array is gone")
	require.GreaterOrEqual(t, cap(q.order), 1_000)
	before := cap(q.order)
	fill(1_000)
	require.Equal(t, before, cap(q.order), "a usual cycle keeps its array")

	fill(11_000)
	before = cap(q.order)
	for range 3 * shrinkWindow {
		fill(11_000)
		fill(500) // a cycle's small part, drained on its own
	}
	require.Equal(t, before, cap(q.order), "cycles drained in parts keep their array")
}

// Popping an empty queue never shrinks it (no backlog was measured).
func TestSendQueueKeepsItsArrayWhenPoppedEmpty(t *testing.T) {
	q := newSendQueue()
	q.Lock()
	for i := range 10_000 {
		q.putState(&known{entity: &model.Entity{StateTopic: fmt.Sprint(i)}}, "v")
	}
	q.Unlock()
	buf := make([]outMsg, 0, 10_000)
	require.Len(t, q.PopN(buf, 10_000), 10_000)
	c := cap(q.order)
	require.GreaterOrEqual(t, c, 10_000)
	for range 3 {
		require.Empty(t, q.PopN(buf[:0], popChunk))
	}
	require.Equal(t, c, cap(q.order))
}
