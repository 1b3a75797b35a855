package mqtt

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/eclipse/paho.golang/autopaho"
	"github.com/eclipse/paho.golang/paho"
	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/config"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/mqttclient"
)

// transport is the sink's connection, Benthos-sized: Connect starts connecting (and
// reconnecting, forever) in the background and reports every change on Events; Write puts a
// chunk of messages on the connection that is up, paced (it may sleep); Flush writes what is
// buffered; Close says OFFLINE when connected and disconnects. The sink writes only through
// it; the unit tests use a recording one.
type transport interface {
	Connect(ctx context.Context) error
	Events() *connEvents
	// Write writes msgs to the connection that is up; it drops them when none is, and
	// reports false only when ctx ended.
	Write(ctx context.Context, msgs []outMsg) bool
	Flush()
	Close(ctx context.Context)
	// The subscription side: what arrives on the subscribed filters (closed by Close or
	// closeReceived), and the count of messages written.
	Received() <-chan model.Message
	Published() uint64
	// Stopping says a shutdown has begun: a reconnect in progress gives up.
	Stopping()
	closeReceived()
}

// ServerConfig is where the MQTT server is and how to connect to it.
type ServerConfig struct {
	config.MQTT // where, and who as (the password is never logged)
	// ClientIDPrefix gets a random suffix, so that several instances never kick each other off.
	ClientIDPrefix string
	KeepAlive      uint16
	// StatusTopic carries ONLINE on every connect and OFFLINE as the will and on a clean
	// shutdown.
	StatusTopic string
	// Subscribe lists the topic filters whose messages are delivered on the received channel.
	Subscribe []string
}

// pahoTransport is the production transport: autopaho keeps the connection (will, reconnects
// with back-off), over a batchConn of the sink's own (AttemptConnection), through which the
// sink's messages go in large writes; two token buckets pace them.
type pahoTransport struct {
	cfg    ServerConfig
	origin model.Origin
	log    zerolog.Logger
	pace   *pacedWriter

	events   *connEvents
	received chan model.Message // messages on the subscribed filters, closed by Close
	stopping chan struct{}      // closed when the sink starts shutting down
	stopOnce sync.Once
	recvMu   sync.RWMutex
	closed   bool

	cm      *autopaho.ConnectionManager
	connCtx context.Context
	cancel  context.CancelFunc
	// dialed is the connection of autopaho's latest attempt; conn is that connection once its
	// CONNACK arrived (nil while down). Only conn is written to.
	dialed atomic.Pointer[batchConn]
	conn   atomic.Pointer[batchConn]
	// written counts the messages of earlier connections (Published adds the current one's).
	written        atomic.Uint64
	connectFailing atomic.Bool
}

func newPahoTransport(cfg ServerConfig, pace *pacedWriter, origin model.Origin, log zerolog.Logger) *pahoTransport {
	return &pahoTransport{cfg: cfg, pace: pace, origin: origin, log: log, events: newConnEvents(),
		received: make(chan model.Message, 64), stopping: make(chan struct{})}
}

// Events is the ordered stream of connection changes.
func (t *pahoTransport) Events() *connEvents { return t.events }

// Connect starts the connection manager; it connects and reconnects on its own.
func (t *pahoTransport) Connect(ctx context.Context) error {
	t.connCtx, t.cancel = context.WithCancel(context.WithoutCancel(ctx))
	cm, err := autopaho.NewConnection(t.connCtx, t.clientConfig())
	if err != nil {
		t.cancel()
		return fmt.Errorf("mqtt: %w", err)
	}
	t.cm = cm
	return nil
}

// Write paces and buffers msgs on the current connection.
func (t *pahoTransport) Write(ctx context.Context, msgs []outMsg) bool {
	w := t.writer()
	if w == nil {
		return ctx.Err() == nil // down: dropped, as everything queued is on a disconnect
	}
	return t.pace.Write(ctx, w, msgs)
}

// Flush writes what is buffered on the current connection.
func (t *pahoTransport) Flush() {
	if w := t.writer(); w != nil {
		if err := w.Flush(); err != nil {
			t.log.Debug().Err(err).Msg("mqtt flush failed")
		}
	}
}

func (t *pahoTransport) writer() msgWriter {
	if c := t.conn.Load(); c != nil {
		return c
	}
	return nil
}

// Close publishes OFFLINE when connected, disconnects and ends the received channel.
func (t *pahoTransport) Close(ctx context.Context) {
	defer t.closeReceived()
	if t.cm == nil {
		return
	}
	stopCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 2*time.Second)
	defer cancel()
	if t.conn.Load() != nil {
		if _, err := t.cm.Publish(stopCtx, &paho.Publish{Topic: t.cfg.StatusTopic, Payload: []byte(model.PayloadOffline), Retain: true}); err != nil {
			t.log.Warn().Err(err).Msg("could not publish OFFLINE on shutdown")
		}
	}
	if err := t.cm.Disconnect(stopCtx); err != nil && !errors.Is(err, autopaho.ConnectionDownError) {
		t.log.Debug().Err(err).Msg("mqtt disconnect")
	}
	t.cancel()
	select {
	case <-t.cm.Done():
	case <-stopCtx.Done():
	}
}

// Stopping tells the receive callback that nobody reads any more.
// Received is what arrives on the subscribed filters.
func (t *pahoTransport) Received() <-chan model.Message { return t.received }

func (t *pahoTransport) Stopping() { t.stopOnce.Do(func() { close(t.stopping) }) }

// Published is how many of the sink's messages have been written to the connection (to the
// kernel) since the sink started.
func (t *pahoTransport) Published() uint64 {
	n := t.written.Load()
	if c := t.conn.Load(); c != nil {
		n += c.Written()
	}
	return n
}

func (t *pahoTransport) clientConfig() autopaho.ClientConfig {
	cfg := mqttclient.Config(t.cfg.MQTT, t.cfg.ClientIDPrefix, t.cfg.KeepAlive)
	host := cfg.ServerUrls[0].Host
	cfg.WillMessage = &paho.WillMessage{Topic: t.cfg.StatusTopic, Payload: []byte(model.PayloadOffline), Retain: true}
	cfg.AttemptConnection = t.dial
	cfg.ConnectPacketBuilder = withReceiveMaximum
	cfg.OnConnectionUp = func(cm *autopaho.ConnectionManager, ack *paho.Connack) {
		t.connectFailing.Store(false)
		// autopaho makes one attempt at a time: the connection that got this CONNACK is the
		// latest one dialled.
		if c := t.dialed.Load(); c != nil {
			if ack != nil && ack.Properties != nil && !ack.Properties.RetainAvailable {
				t.log.Error().Msg("the MQTT server does not accept retained messages: nothing can be published")
				c.retainOK.Store(false)
			}
			t.swapConn(c)
		}
		t.events.up()
		t.subscribe(cm)
	}
	cfg.OnConnectionDown = func() bool {
		t.swapConn(nil)
		t.events.down()
		return true
	}
	cfg.OnConnectError = func(err error) {
		// Warn once per outage; the retries that follow are debug.
		ev := t.log.Debug()
		if !t.connectFailing.Swap(true) {
			ev = t.log.Warn()
		}
		ev.Err(err).Str("broker", host).Msg("mqtt connect failed; retrying")
	}
	cfg.OnPublishReceived = []func(paho.PublishReceived) (bool, error){
		func(pr paho.PublishReceived) (bool, error) {
			t.onReceived(pr.Packet)
			return true, nil
		},
	}
	return cfg
}

// subscribe asks for the configured filters on the connection just up (not from autopaho's
// callback, which must not block).
func (t *pahoTransport) subscribe(cm *autopaho.ConnectionManager) {
	if len(t.cfg.Subscribe) == 0 {
		return
	}
	subs := make([]paho.SubscribeOptions, 0, len(t.cfg.Subscribe))
	for _, f := range t.cfg.Subscribe {
		subs = append(subs, paho.SubscribeOptions{Topic: f, QoS: 0})
	}
	go func() {
		sctx, cancel := context.WithTimeout(t.connCtx, 10*time.Second)
		defer cancel()
		if _, err := cm.Subscribe(sctx, &paho.Subscribe{Subscriptions: subs}); err != nil {
			t.log.Warn().Err(err).Msg("mqtt subscribe failed")
			return
		}
		t.log.Debug().Strs("filters", t.cfg.Subscribe).Msg("mqtt subscribed") // what arrives from now on is received
	}()
}

// writeTimeout bounds one write (mqttclient.ConnectTimeout the dial and the CONNECT).
const writeTimeout = 10 * time.Second

// dial is autopaho's AttemptConnection: a TCP connection wrapped in a batchConn.
func (t *pahoTransport) dial(ctx context.Context, _ autopaho.ClientConfig, u *url.URL) (net.Conn, error) {
	d := net.Dialer{Timeout: mqttclient.ConnectTimeout, KeepAlive: 30 * time.Second}
	c, err := d.DialContext(ctx, "tcp", u.Host)
	if err != nil {
		return nil, err
	}
	bc := newBatchConn(c, writeTimeout)
	t.dialed.Store(bc)
	return bc, nil
}

// swapConn makes c the connection written to (nil: none), keeping the count of written
// messages across connections.
func (t *pahoTransport) swapConn(c *batchConn) {
	if old := t.conn.Swap(c); old != nil && old != c {
		t.written.Add(old.Written())
	}
}

// receiveMaximum is the CONNECT's Receive Maximum. It bounds only QoS 1 and 2 deliveries in
// flight, and the sink subscribes at QoS 0, but paho sizes a channel by it: 65,535 (the
// default when absent) is a 512 KiB buffer held for the whole connection.
const receiveMaximum = 16

func withReceiveMaximum(cp *paho.Connect, _ *url.URL) (*paho.Connect, error) {
	if cp.Properties == nil {
		cp.Properties = &paho.ConnectProperties{}
	}
	rm := uint16(receiveMaximum)
	cp.Properties.ReceiveMaximum = &rm
	return cp, nil
}

func (t *pahoTransport) onReceived(p *paho.Publish) {
	if p.Topic == model.HAStatusTopic {
		// A retained birth message arrives right after our own connect, which already
		// announced everything: only a live one means Home Assistant restarted.
		if !p.Retain && strings.EqualFold(strings.TrimSpace(string(p.Payload)), "online") {
			t.events.birth()
		}
		return
	}
	t.recvMu.RLock()
	defer t.recvMu.RUnlock()
	if t.closed {
		return
	}
	msg := model.Message{Topic: p.Topic, Payload: bytes.Clone(p.Payload), Retained: p.Retain}
	select {
	case t.received <- msg:
	case <-t.stopping:
	}
}

func (t *pahoTransport) closeReceived() {
	t.Stopping()
	t.recvMu.Lock()
	if !t.closed {
		t.closed = true
		close(t.received)
	}
	t.recvMu.Unlock()
}

// msgWriter writes the sink's messages on one connection: Publish may buffer, Flush writes
// what is buffered. Once the connection is gone every call fails.
type msgWriter interface {
	Publish(topic string, payload []byte, retain bool) error
	Flush() error
}

// pacedWriter writes chunks of messages, rendering each value into a scratch buffer (no string
// a message) and pacing with two token buckets: publishRate caps every message,
// discoveryRate caps discovery configs alone, which is what Home Assistant has to be protected
// from (thousands of first-seen entities, every reconnect, every birth). One FIFO: a config
// waiting for its turn holds back what follows it, so discovery always precedes state.
type pacedWriter struct {
	origin    model.Origin
	log       zerolog.Logger
	all, disc *pacer
	scratch   []byte
}

func newPacedWriter(publishRate, publishBurst, discoveryRate int, origin model.Origin, log zerolog.Logger) *pacedWriter {
	return &pacedWriter{origin: origin, log: log,
		all: newPacer(publishRate, publishBurst), disc: newPacer(discoveryRate, max(discoveryRate/10, 1))}
}

// Write publishes msgs through w, pacing; it reports false when ctx ended. The clock is read
// once a chunk and again after each sleep only (a read per message was measurable).
func (p *pacedWriter) Write(ctx context.Context, w msgWriter, msgs []outMsg) bool {
	now := time.Now()
	for i := range msgs {
		m := &msgs[i]
		d := p.all.ReserveAt(now)
		if m.entity != nil {
			d = max(d, p.disc.ReserveAt(now))
		}
		if d > 0 {
			if err := w.Flush(); err != nil {
				p.log.Debug().Err(err).Msg("mqtt flush failed")
			}
			if p.all.Sleep(ctx, d) != nil {
				return false
			}
			now = time.Now()
		}
		if m.entity != nil { // discovery configs are rendered only now, never kept
			p.scratch = append(p.scratch[:0], DiscoveryConfig(m.entity, p.origin)...)
		} else {
			p.scratch = appendValue(p.scratch[:0], m.typ, m.word, m.text)
		}
		if err := w.Publish(m.topic, p.scratch, true); err != nil {
			// A connection that failed fails the rest of the chunk at once (dropped, QoS 0).
			p.log.Debug().Err(err).Str("topic", m.topic).Msg("publish failed")
		}
	}
	if cap(p.scratch) > 64<<10 { // one huge config is not kept
		p.scratch = nil
	}
	return true
}
