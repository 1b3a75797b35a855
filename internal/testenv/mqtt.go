package testenv

import (
	"context"
	"net"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/eclipse/paho.golang/paho"
	"github.com/stretchr/testify/require"
)

// Msg is one received MQTT message.
type Msg struct {
	Topic    string
	Payload  string
	Retained bool
	At       time.Time
}

// Recorder subscribes to filters on the test Mosquitto and records every message.
type Recorder struct {
	t      testing.TB
	client *paho.Client
	id     string // the client's
	marker string // the root of Sync's markers for this recorder
	mu     sync.Mutex
	msgs   []Msg
	notify chan struct{}
	synced chan string // the markers of Sync as they come back (never recorded)
}

// syncRoot is where Sync's markers go, under a topic of their own per recorder; a recorder
// records no marker (a filter like # would see the other recorders').
const syncRoot = "test-sync/"

var syncSeq atomic.Int64

// Record connects a recorder subscribed to filters; it disconnects at cleanup.
func (e *Env) Record(t testing.TB, filters ...string) *Recorder {
	t.Helper()
	r := &Recorder{t: t, notify: make(chan struct{}, 1), synced: make(chan string, 1),
		id:     "test-recorder-" + strings.ReplaceAll(t.Name(), "/", "-") + time.Now().Format("150405.000000"),
		marker: syncRoot + strconv.Itoa(os.Getpid()) + "-" + strconv.FormatInt(syncSeq.Add(1), 10) + "/"}
	conn, err := net.DialTimeout("tcp", e.MQTTAddr, 20*time.Second)
	require.NoError(t, err)
	r.client = paho.NewClient(paho.ClientConfig{
		Conn: conn,
		OnPublishReceived: []func(paho.PublishReceived) (bool, error){func(pr paho.PublishReceived) (bool, error) {
			if strings.HasPrefix(pr.Packet.Topic, syncRoot) {
				if strings.HasPrefix(pr.Packet.Topic, r.marker) {
					r.synced <- pr.Packet.Topic
				}
				return true, nil
			}
			r.mu.Lock()
			r.msgs = append(r.msgs, Msg{Topic: pr.Packet.Topic, Payload: string(pr.Packet.Payload), Retained: pr.Packet.Retain, At: time.Now()})
			r.mu.Unlock()
			select {
			case r.notify <- struct{}{}:
			default:
			}
			return true, nil
		}},
	})
	// Bounds for a server that never answers, generous for a loaded machine (a Mosquitto just
	// started beside the browser tests took more than 5 s to acknowledge).
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	_, err = r.client.Connect(ctx, &paho.Connect{ClientID: r.id, CleanStart: true, KeepAlive: 30})
	require.NoError(t, err)
	subs := make([]paho.SubscribeOptions, 0, len(filters)+1)
	subs = append(subs, paho.SubscribeOptions{Topic: r.marker + "#", QoS: 1})
	for _, f := range filters {
		subs = append(subs, paho.SubscribeOptions{Topic: f, QoS: 0})
	}
	_, err = r.client.Subscribe(ctx, &paho.Subscribe{Subscriptions: subs})
	require.NoError(t, err)
	t.Cleanup(func() { _ = r.client.Disconnect(&paho.Disconnect{}) })
	return r
}

// Sync waits until the broker has sent the recorder everything it had for it when Sync was
// called (the retained messages of its subscriptions, the messages published before): a
// marker the recorder publishes to itself comes back behind them. It is how a test knows
// that nothing more came, without waiting a fixed time.
func (r *Recorder) Sync() {
	r.t.Helper()
	marker := r.marker + strconv.FormatInt(syncSeq.Add(1), 10)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	_, err := r.client.Publish(ctx, &paho.Publish{Topic: marker, QoS: 1})
	require.NoError(r.t, err)
	for {
		select {
		case got := <-r.synced:
			if got == marker {
				return
			}
		case <-ctx.Done():
			r.t.Fatalf("the recorder's marker %s did not come back within 30 s", marker)
		}
	}
}

// Publish publishes a message from the recorder's connection.
func (r *Recorder) Publish(topic, payload string, retain bool) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	_, err := r.client.Publish(ctx, &paho.Publish{Topic: topic, Payload: []byte(payload), Retain: retain})
	require.NoError(r.t, err)
}

// All returns every message recorded so far.
func (r *Recorder) All() []Msg {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]Msg(nil), r.msgs...)
}

// Last returns the latest message on topic.
func (r *Recorder) Last(topic string) (Msg, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for i := len(r.msgs) - 1; i >= 0; i-- {
		if r.msgs[i].Topic == topic {
			return r.msgs[i], true
		}
	}
	return Msg{}, false
}

// Count is the number of messages recorded on topic.
func (r *Recorder) Count(topic string) int {
	n := 0
	for _, m := range r.All() {
		if m.Topic == topic {
			n++
		}
	}
	return n
}

// Reset forgets everything recorded so far.
func (r *Recorder) Reset() {
	r.mu.Lock()
	r.msgs = nil
	r.mu.Unlock()
}

// WaitFor waits until a message on topic satisfies ok (nil: any message) and returns it.
func (r *Recorder) WaitFor(topic string, timeout time.Duration, ok func(Msg) bool) Msg {
	r.t.Helper()
	deadline := time.After(timeout)
	seen := 0
	for {
		all := r.All()
		for _, m := range all[seen:] {
			if m.Topic == topic && (ok == nil || ok(m)) {
				return m
			}
		}
		seen = len(all)
		select {
		case <-r.notify:
		case <-time.After(100 * time.Millisecond):
		case <-deadline:
			last, _ := r.Last(topic)
			r.t.Fatalf("no matching message on %s within %s (last: %q)", topic, timeout, last.Payload)
			return Msg{}
		}
	}
}

// WaitPayload waits for payload on topic.
func (r *Recorder) WaitPayload(topic, payload string, timeout time.Duration) Msg {
	r.t.Helper()
	return r.WaitFor(topic, timeout, func(m Msg) bool { return m.Payload == payload })
}

// Retained returns the retained messages under filters.
func (e *Env) Retained(t testing.TB, filters ...string) []Msg {
	t.Helper()
	r := e.Record(t, filters...)
	r.Sync()
	var out []Msg
	for _, m := range r.All() {
		if m.Retained && m.Payload != "" {
			out = append(out, m)
		}
	}
	return out
}

// ClearRetained deletes every retained message under filters, so that a test sees only what
// its own process publishes; it looks again until none is left (QoS 0 clears are processed in
// their own time, and a late one would show a test the previous test's state).
func (e *Env) ClearRetained(t testing.TB, filters ...string) {
	t.Helper()
	var left []string
	for range 5 {
		r := e.Record(t, filters...)
		r.Sync()
		left = left[:0]
		for _, m := range r.All() {
			if m.Retained && m.Payload != "" {
				r.Publish(m.Topic, "", true)
				left = append(left, m.Topic)
			}
		}
		if len(left) > 0 {
			// A QoS 1 message after the clears: its PUBACK says the broker has applied them
			// (one connection's messages are handled in order). Without it a clear can be
			// lost: closing a socket with retained messages still unread makes the kernel
			// reset the connection, and the broker drops what it had not read yet.
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			_, err := r.client.Publish(ctx, &paho.Publish{Topic: "test/clear-barrier", QoS: 1})
			cancel()
			require.NoError(t, err)
		}
		_ = r.client.Disconnect(&paho.Disconnect{})
		if len(left) == 0 {
			return
		}
	}
	if len(left) > 8 {
		left = append(left[:8], "…")
	}
	t.Fatalf("retained messages under %v would not clear (something still publishes them): %v", filters, left)
}

// MosquittoLog is the test Mosquitto's log (scripts/services.sh writes it under the services
// directory); Mark and Since read what it logged during a test.
type MosquittoLog struct {
	t    testing.TB
	path string
	from int64
}

// MosquittoLogMark starts reading the test Mosquitto's log from its current end.
func (e *Env) MosquittoLogMark(t testing.TB) *MosquittoLog {
	t.Helper()
	l := &MosquittoLog{t: t, path: e.mosquitto.logPath}
	st, err := os.Stat(l.path)
	require.NoError(t, err, "the test Mosquitto logs to %s", l.path)
	l.from = st.Size()
	return l
}

// Since is what Mosquitto logged after the mark.
func (l *MosquittoLog) Since() string {
	l.t.Helper()
	b, err := os.ReadFile(l.path)
	require.NoError(l.t, err)
	if int64(len(b)) < l.from {
		return string(b) // restarted meanwhile
	}
	return string(b[l.from:])
}

// ProtocolErrors are the lines of Since in which Mosquitto closed a client for a bad packet.
func (l *MosquittoLog) ProtocolErrors() []string {
	var out []string
	for _, line := range strings.Split(l.Since(), "\n") {
		if strings.Contains(line, "protocol error") || strings.Contains(line, "malformed packet") || strings.Contains(line, "malformed UTF-8") {
			out = append(out, line)
		}
	}
	return out
}
