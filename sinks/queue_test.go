package sinks

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestTopicQueueCoalescesByTopicKeepingOrder(t *testing.T) {
	q := newTopicQueue()
	q.Put(outMsg{topic: "a", payload: "1"})
	q.Put(outMsg{topic: "b", payload: "1"})
	q.Put(outMsg{topic: "a", payload: "2"})
	require.Equal(t, 2, q.Len(), "memory is bounded by the number of topics")
	m, ok := q.Pop()
	require.True(t, ok)
	require.Equal(t, "a", m.topic)
	require.Equal(t, "2", m.payload, "the newer value replaced the queued one")
	m, _ = q.Pop()
	require.Equal(t, "b", m.topic)
	_, ok = q.Pop()
	require.False(t, ok)

	for i := range 10000 {
		q.Put(outMsg{topic: fmt.Sprint(i % 100)})
	}
	require.Equal(t, 100, q.Len())
	q.Clear()
	require.Equal(t, 0, q.Len())
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
