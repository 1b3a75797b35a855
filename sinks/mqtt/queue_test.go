package mqtt

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// text is the MQTT text of a popped message (its discovery config is not rendered here).
func (m outMsg) String() string {
	if m.entity != nil {
		return "config " + m.entity.UniqueID + " on " + m.topic
	}
	return m.topic + "=" + string(appendValue(nil, m.typ, m.word, m.text))
}

func sensor(id string) *model.Entity {
	return &model.Entity{Kind: &model.Kind{Component: model.Sensor}, UniqueID: id, StateTopic: "T/" + id}
}

func popAll(q *queue) []string {
	var got []string
	for {
		m, ok := q.Pop()
		if !ok {
			return got
		}
		got = append(got, m.String())
	}
}

func TestQueueCoalescesKeepingOrder(t *testing.T) {
	q := newQueue()
	q.BeginPuts()
	a, b := q.Open(sensor("a")), q.Open(sensor("b"))
	q.PutLoose(model.StatusTopic, "ONLINE")
	q.PutConfig(a)
	one, two := model.IntState(nil, 1), model.IntState(nil, 2)
	q.PutState(a, &one)
	q.PutState(b, &one)
	q.PutState(a, &two) // replaces a's waiting state in place
	q.PutConfig(a)      // already waiting
	q.PutLoose("x", "1")
	q.PutLoose("x", "2")
	q.EndPuts()
	require.Equal(t, 5, q.Len(), "memory is bounded by the number of entities and topics")
	require.Equal(t, []string{
		model.StatusTopic + "=ONLINE",
		"config a on homeassistant/sensor/a/config",
		"T/a=2", // the newer value, in the older one's place
		"T/b=1",
		"x=2",
	}, popAll(q))
	require.Zero(t, q.Len())

	// Released (removed or forgotten) and cleared messages never go out.
	three := model.IntState(nil, 3)
	q.BeginPuts()
	q.PutState(a, &three)
	q.PutState(b, &three)
	q.Release(a)
	q.EndPuts()
	require.Equal(t, []string{"T/b=3"}, popAll(q))

	for i := range 10000 {
		n := model.IntState(nil, int64(i))
		q.BeginPuts()
		q.PutLoose(fmt.Sprint(i%100), "v")
		q.PutState(b, &n)
		q.EndPuts()
	}
	require.Equal(t, 101, q.Len())
	q.BeginPuts()
	q.Clear()
	q.EndPuts()
	require.Equal(t, 0, q.Len())
	_, ok := q.Pop()
	require.False(t, ok)
	require.False(t, q.slots[b].stateQueued)
}

// A slot given back and handed to another entity: the FIFO places of its first owner never
// speak for the second, so the second's config still precedes its state.
func TestQueueReleasedSlotNeverSpeaksForItsNextEntity(t *testing.T) {
	q := newQueue()
	q.BeginPuts()
	old := q.Open(sensor("old"))
	v := model.IntState(nil, 1)
	q.PutState(old, &v)
	q.Release(old)
	newer := q.Open(sensor("new"))
	other := q.Open(sensor("other"))
	require.Equal(t, old, newer, "the slot is reused")
	q.PutState(other, &v)
	q.PutConfig(newer)
	q.PutState(newer, &v)
	q.EndPuts()
	require.Equal(t, []string{"T/other=1", "config new on homeassistant/sensor/new/config", "T/new=1"}, popAll(q))
	require.Zero(t, q.Len())
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

// fill puts n states (one slot each) and pops them all.
func fill(t *testing.T, q *queue, slots []slotID, n int) []slotID {
	v := model.TextState(nil, "v")
	q.BeginPuts()
	for len(slots) < n {
		slots = append(slots, q.Open(sensor(fmt.Sprint(len(slots)))))
	}
	for _, id := range slots[:n] {
		q.PutState(id, &v)
	}
	q.EndPuts()
	buf := make([]outMsg, 0, popChunk)
	for got := 0; got < n; {
		buf = q.PopN(buf[:0], popChunk)
		require.NotEmpty(t, buf)
		got += len(buf)
	}
	require.Empty(t, q.PopN(buf[:0], popChunk))
	require.Zero(t, q.Len())
	return slots
}

// A backlog far larger than usual (the first connect's discovery) does not keep its array
// for ever; usual cycles keep theirs, even when they drain in parts of very different sizes
// (no reallocation every cycle).
func TestQueueGivesBackABacklogsArray(t *testing.T) {
	q := newQueue()
	slots := fill(t, q, nil, 40_000)
	for range shrinkWindow {
		fill(t, q, slots, 1_000)
	}
	require.LessOrEqual(t, cap(q.fifo), 1_250, "after a window of small cycles the 40,000-place array is gone")
	require.GreaterOrEqual(t, cap(q.fifo), 1_000)
	before := cap(q.fifo)
	fill(t, q, slots, 1_000)
	require.Equal(t, before, cap(q.fifo), "a usual cycle keeps its array")

	fill(t, q, slots, 11_000)
	before = cap(q.fifo)
	for range 3 * shrinkWindow {
		fill(t, q, slots, 11_000)
		fill(t, q, slots, 500) // a cycle's small part, drained on its own
	}
	require.Equal(t, before, cap(q.fifo), "cycles drained in parts keep their array")
}

// Popping an empty queue never shrinks it (no backlog was measured).
func TestQueueKeepsItsArrayWhenPoppedEmpty(t *testing.T) {
	q := newQueue()
	v := model.TextState(nil, "v")
	q.BeginPuts()
	for i := range 10_000 {
		q.PutState(q.Open(sensor(fmt.Sprint(i))), &v)
	}
	q.EndPuts()
	buf := make([]outMsg, 0, 10_000)
	require.Len(t, q.PopN(buf, 10_000), 10_000)
	c := cap(q.fifo)
	require.GreaterOrEqual(t, c, 10_000)
	for range 3 {
		require.Empty(t, q.PopN(buf[:0], popChunk))
	}
	require.Equal(t, c, cap(q.fifo))
}
