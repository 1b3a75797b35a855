package mqtt

import (
	"bytes"
	"errors"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/eclipse/paho.golang/packets"
	"github.com/stretchr/testify/require"
)

// wireConn is a net.Conn fixture that records every Write the kernel would have seen.
type wireConn struct {
	net.Conn // nil: only the methods below are used
	mu       sync.Mutex
	writes   [][]byte
	failWith error
	closed   bool
}

func (w *wireConn) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.failWith != nil {
		return 0, w.failWith
	}
	w.writes = append(w.writes, bytes.Clone(p))
	return len(p), nil
}

func (w *wireConn) SetWriteDeadline(time.Time) error { return nil }

func (w *wireConn) Close() error {
	w.mu.Lock()
	w.closed = true
	w.mu.Unlock()
	return nil
}

func (w *wireConn) writeCount() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return len(w.writes)
}

// packets parses everything written, in order, with paho's own reader.
func (w *wireConn) packets(t *testing.T) []*packets.ControlPacket {
	w.mu.Lock()
	r := bytes.NewReader(bytes.Join(w.writes, nil))
	w.mu.Unlock()
	var out []*packets.ControlPacket
	for r.Len() > 0 {
		cp, err := packets.ReadPacket(r)
		require.NoError(t, err)
		out = append(out, cp)
	}
	return out
}

func TestAppendPublishIsWhatPahoReads(t *testing.T) {
	for _, tc := range []struct {
		name, topic, payload string
		retain               bool
	}{
		{"retained state", "Tracker/core-health/broker/statistic/connections_total", "12", true},
		{"not retained", "Tracker/rule/r1", `{"a":1}`, false},
		{"empty payload (a removed config)", "homeassistant/sensor/x/config", "", true},
		{"two-byte length", "t", strings.Repeat("x", 300), true},
		{"three-byte length", "t/" + strings.Repeat("y", 100), strings.Repeat("z", 20000), true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := appendPublish(nil, tc.topic, tc.payload, tc.retain)
			cp, err := packets.ReadPacket(bytes.NewReader(b))
			require.NoError(t, err)
			p, ok := cp.Content.(*packets.Publish)
			require.True(t, ok)
			require.Equal(t, tc.topic, p.Topic)
			require.Equal(t, tc.payload, string(p.Payload))
			require.Equal(t, tc.retain, p.Retain)
			require.Zero(t, p.QoS)

			// Byte for byte what paho itself would have written.
			var want bytes.Buffer
			_, err = (&packets.Publish{Topic: tc.topic, Payload: []byte(tc.payload), Retain: tc.retain, Properties: &packets.Properties{}}).WriteTo(&want)
			require.NoError(t, err)
			require.Equal(t, want.Bytes(), b)
		})
	}
}

func TestBatchConnCoalescesPublishesIntoLargeWrites(t *testing.T) {
	w := &wireConn{}
	c := newBatchConn(w, time.Second)
	const n = 5000
	for i := range n {
		require.NoError(t, c.PublishString("Tracker/bench/q/statistic/messages_ready", strings.Repeat("9", i%7), true))
	}
	require.NoError(t, c.Flush())
	// ≈ 250 KB: four writes of flushAt, plus whatever the 2 ms timer flushed meanwhile.
	require.Less(t, w.writeCount(), n/20, "large writes, not one a message")
	for _, b := range w.writes {
		require.LessOrEqual(t, len(b), flushAt+64, "a write never grows much past flushAt")
	}
	got := w.packets(t)
	require.Len(t, got, n, "nothing lost")
	for i, cp := range got {
		require.Equal(t, strings.Repeat("9", i%7), string(cp.Content.(*packets.Publish).Payload), "in order")
	}
	require.Equal(t, uint64(n), c.Written())
}

func TestBatchConnControlPacketsNeverWait(t *testing.T) {
	for _, kind := range []byte{packets.PINGREQ, packets.DISCONNECT, packets.SUBSCRIBE} {
		w := &wireConn{}
		c := newBatchConn(w, time.Second)
		c.delay = time.Hour // the safety-net timer must not flush first on a loaded machine
		require.NoError(t, c.PublishString("a", "1", true))
		require.NoError(t, c.PublishString("b", "2", true))
		require.Zero(t, w.writeCount(), "publishes wait for a flush")

		// paho writes its own packets through the Locker; it goes out at once, after what
		// was buffered before it, in one write.
		cp := packets.NewControlPacket(kind)
		if s, ok := cp.Content.(*packets.Subscribe); ok {
			s.PacketID = 1
			s.Subscriptions = []packets.SubOptions{{Topic: "homeassistant/status"}}
		}
		_, err := cp.WriteTo(c)
		require.NoError(t, err)
		require.Equal(t, 1, w.writeCount(), "the control packet did not wait")
		got := w.packets(t)
		require.Len(t, got, 3)
		require.Equal(t, "a", got[0].Content.(*packets.Publish).Topic)
		require.Equal(t, "b", got[1].Content.(*packets.Publish).Topic)
		require.Equal(t, kind, got[2].Type)
	}
}

func TestBatchConnFlushesOnItsOwnSoNothingWaits(t *testing.T) {
	w := &wireConn{}
	c := newBatchConn(w, time.Second)
	require.NoError(t, c.PublishString("a", "1", true))
	require.Eventually(t, func() bool { return w.writeCount() == 1 }, 5*time.Second, time.Millisecond,
		"the flush timer writes a lone message")
	require.Equal(t, uint64(1), c.Written())
}

func TestBatchConnFailsFastOnceTheConnectionFailed(t *testing.T) {
	w := &wireConn{failWith: errors.New("broken pipe")}
	c := newBatchConn(w, time.Second)
	require.NoError(t, c.PublishString("a", "1", true), "buffered: not written yet")
	require.ErrorContains(t, c.Flush(), "broken pipe")
	require.True(t, w.closed, "closed, so that paho's reader reports the connection lost")
	require.Error(t, c.PublishString("b", "2", true))
	_, err := packets.NewControlPacket(packets.PINGREQ).WriteTo(c)
	require.Error(t, err, "paho sees the failure too")
	require.Zero(t, c.Written())

	c2 := newBatchConn(&wireConn{}, time.Second)
	require.NoError(t, c2.Close())
	require.ErrorIs(t, c2.PublishString("a", "1", true), errConnClosed)

	c3 := newBatchConn(&wireConn{}, time.Second)
	c3.retainOK.Store(false)
	require.ErrorIs(t, c3.PublishString("a", "1", true), errRetainUnavailable, "as paho refuses when the server has no retain")
	require.NoError(t, c3.PublishString("a", "1", false))
}

func TestBatchConnPublishDoesNotAllocate(t *testing.T) {
	c := newBatchConn(&wireConn{}, time.Second)
	topic, payload := "Tracker/core-health/message-processor/p1/statistic/queue_messages_ready", "12345"
	allocs := testing.AllocsPerRun(20000, func() {
		_ = c.PublishString(topic, payload, true)
	})
	// The fixture clones each write; the batchConn's own path allocates nothing.
	require.Less(t, allocs, 0.01)
}

func TestBatchConnTimerOnlyFlushesWhatNobodyFlushed(t *testing.T) {
	w := &wireConn{}
	c := newBatchConn(w, time.Second)
	for range 50 { // a paced publisher: a few messages, then its own flush, again and again
		require.NoError(t, c.PublishString("a", "1", true))
		require.NoError(t, c.Flush())
		c.mu.Lock()
		armed := c.armed
		c.mu.Unlock()
		require.False(t, armed, "a flush disarms the timer: it never wakes up for nothing")
	}
	require.False(t, c.timer.Stop(), "no timer left running to add a write")
	require.Equal(t, 50, w.writeCount(), "one write per flush")
}
