// Package sinks holds the ends of the flows: the single MQTT sink of the monitor (discovery
// tracking, coalescing, pacing, re-announcing on every connect) and the rule-notification
// publisher.
package sinks

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/eclipse/paho.golang/autopaho"
	"github.com/eclipse/paho.golang/paho"
	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// MQTTConfig configures the sink. An empty Host disables MQTT: the sink discards.
type MQTTConfig struct {
	Host     string
	Port     int
	Username string
	Password string // never logged
	// ClientIDPrefix gets a random suffix, so that several monitors never kick each other off.
	ClientIDPrefix string
	Origin         model.Origin
	// PublishRate caps every message per second (PublishBurst may go out at once);
	// DiscoveryRate caps discovery configs alone, which is what Home Assistant has to be
	// protected from (thousands of first-seen entities, every reconnect, every birth).
	PublishRate   int
	PublishBurst  int
	DiscoveryRate int
	KeepAlive     uint16
	// Subscribe lists the topic filters whose messages are delivered on the received channel.
	Subscribe []string
	// DrainTimeout bounds how long a clean shutdown waits for queued messages.
	DrainTimeout time.Duration
	// StatusTopic carries ONLINE on every connect and OFFLINE as the will and on a clean
	// shutdown (default Tracker/core-health/status).
	StatusTopic string
	// RecycleBatches hands each cycle's batch back once taken in (model.ReleaseCycle); the
	// wiring counts every reader that does (model.SetCycleReaders).
	RecycleBatches bool
}

// publisher is what the sink needs of the MQTT connection: the writer of the connection that
// is up (nil while down), and subscribing. In production the writer is the batchConn of the
// current connection and Subscribe is autopaho's; the unit tests record.
type publisher interface {
	writer() msgWriter
	Subscribe(ctx context.Context, s *paho.Subscribe) (*paho.Suback, error)
}

// msgWriter writes the sink's messages on one connection: Publish may buffer, Flush writes
// what is buffered. Once the connection is gone every call fails.
type msgWriter interface {
	Publish(topic, payload string, retain bool) error
	Flush() error
}

// MQTTSink is the one MQTT sink of the monitor. It alone decides when a discovery config is
// due: on the first sight of an entity per connection, when its config changes, and after each
// (re)connect and each live Home Assistant birth message for the static entities and the
// dynamic ones seen in their loop's latest cycle (model.Lifecycle).
type MQTTSink struct {
	cfg   MQTTConfig
	log   zerolog.Logger
	now   func() time.Time
	epoch time.Time // see sinceEpoch

	received chan model.Message // messages on the subscribed filters, closed by Run
	stopping chan struct{}      // closed when Run starts shutting down
	stopOnce sync.Once
	recvMu   sync.RWMutex
	closed   bool

	events *connEvents

	q *sendQueue
	// The entities seen, by unique_id; dynamic ones are forgotten after ForgetAfter unseen. (A
	// second map by entity pointer saved a string hash a reading and cost 0.7 MB at 1,000
	// queues.)
	byID      map[string]*known
	lastSweep time.Time
	sweep     sweepBook
	sticky    map[string]string   // topic → payload republished after every connect
	refused   map[string]struct{} // what was refused for an invalid topic, logged once
	cycles    map[string]uint64   // loop → number of its latest cycle
	seqs      map[string][]*known // loop → the records of its latest cycle's readings, in order
	gen       uint64              // generation of the connection the sink believes is up
	connected bool

	// dialed is the connection of autopaho's latest attempt; conn is that connection once its
	// CONNACK arrived (nil while down). Only conn is written to.
	dialed atomic.Pointer[batchConn]
	conn   atomic.Pointer[batchConn]
	// written counts the messages of earlier connections (Published adds the current one's).
	written atomic.Uint64

	connectFailing atomic.Bool
}

// NewMQTTSink builds the sink.
func NewMQTTSink(cfg MQTTConfig, log zerolog.Logger) *MQTTSink {
	if cfg.PublishRate <= 0 {
		cfg.PublishRate = DefaultPublishRate
	}
	if cfg.DiscoveryRate <= 0 {
		cfg.DiscoveryRate = DefaultDiscoveryRate
	}
	if cfg.PublishBurst <= 0 {
		cfg.PublishBurst = max(cfg.PublishRate/10, 1)
	}
	if cfg.KeepAlive == 0 {
		cfg.KeepAlive = 60
	}
	if cfg.DrainTimeout <= 0 {
		cfg.DrainTimeout = 2 * time.Second
	}
	if cfg.ClientIDPrefix == "" {
		cfg.ClientIDPrefix = model.OriginName
	}
	if cfg.StatusTopic == "" {
		cfg.StatusTopic = model.StatusTopic
	}
	return &MQTTSink{
		cfg:      cfg,
		log:      log,
		now:      time.Now,
		received: make(chan model.Message, 64),
		stopping: make(chan struct{}),
		events:   newConnEvents(),
		q:        newSendQueue(),
		byID:     map[string]*known{},
		seqs:     map[string][]*known{},
		sticky:   map[string]string{},
		cycles:   map[string]uint64{},
		refused:  map[string]struct{}{},
	}
}

// Default rates: a broker cycle at 1,000 queues (≈ 19,000 states) goes out in about one
// second of a 10 s interval; discovery configs at most 500 a second.
const (
	DefaultPublishRate   = 20000
	DefaultDiscoveryRate = 500
)

// sweepEvery is how often the sink looks for dynamic entities to forget.
const sweepEvery = 10 * time.Second

// Received carries the messages that arrive on the subscribed filters (registrations). It is
// closed when Run returns.
func (s *MQTTSink) Received() <-chan model.Message { return s.received }

// Run consumes batches until in is closed (graceful: the queue drains, OFFLINE is published)
// or ctx ends (hard stop: OFFLINE is still attempted).
func (s *MQTTSink) Run(ctx context.Context, in <-chan model.Batch) error {
	defer s.closeReceived()
	if s.cfg.Host == "" {
		s.log.Info().Msg("MQTT_HOST unset: MQTT disabled, readings are discarded")
		for {
			select {
			case <-ctx.Done():
				return nil
			case b, ok := <-in:
				if !ok {
					return nil
				}
				s.log.Debug().Int("readings", len(b)).Msg("discarded (MQTT disabled)")
				if s.cfg.RecycleBatches {
					model.ReleaseCycle(b)
				}
			}
		}
	}

	connCtx, cancelConn := context.WithCancel(context.WithoutCancel(ctx))
	defer cancelConn()
	cm, err := autopaho.NewConnection(connCtx, s.clientConfig())
	if err != nil {
		return fmt.Errorf("mqtt: %w", err)
	}
	s.serve(ctx, connCtx, in, livePublisher{s, cm})

	stopCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 2*time.Second)
	defer cancel()
	if s.connected {
		if _, err := cm.Publish(stopCtx, &paho.Publish{Topic: s.cfg.StatusTopic, Payload: []byte(model.PayloadOffline), Retain: true}); err != nil {
			s.log.Warn().Err(err).Msg("could not publish OFFLINE on shutdown")
		}
	}
	if err := cm.Disconnect(stopCtx); err != nil && !errors.Is(err, autopaho.ConnectionDownError) {
		s.log.Debug().Err(err).Msg("mqtt disconnect")
	}
	cancelConn()
	select {
	case <-cm.Done():
	case <-stopCtx.Done():
	}
	return nil
}

// serve is the sink's loop over its input and the connection events, publishing through pub,
// until in closes (the queue then drains for up to DrainTimeout) or ctx ends.
func (s *MQTTSink) serve(ctx, connCtx context.Context, in <-chan model.Batch, pub publisher) {
	pubCtx, cancelPub := context.WithCancel(connCtx)
	pubDone := make(chan struct{})
	go func() {
		defer close(pubDone)
		s.publishLoop(pubCtx, pub)
	}()

	graceful := false
loop:
	for {
		select {
		case <-ctx.Done():
			break loop
		case b, ok := <-in:
			if !ok {
				graceful = true
				break loop
			}
			now := s.now()
			s.q.Lock() // one lock a batch, not a reading
			s.acceptBatch(b, now)
			s.forget(now)
			s.q.Unlock()
			if s.cfg.RecycleBatches {
				model.ReleaseCycle(b)
			}
		case <-s.events.notify:
			for _, ev := range s.events.drain() {
				s.handle(connCtx, ev, pub)
			}
		}
	}

	s.stopOnce.Do(func() { close(s.stopping) })
	if graceful && s.connected {
		deadline := time.Now().Add(s.cfg.DrainTimeout)
		for s.q.Len() > 0 && time.Now().Before(deadline) {
			time.Sleep(10 * time.Millisecond)
		}
	}
	cancelPub()
	<-pubDone
}

// handle applies one connection event, in the order they happened. An event of an older
// connection than the one the sink believes is up is stale and ignored.
func (s *MQTTSink) handle(ctx context.Context, ev connEvent, pub publisher) {
	switch ev.kind {
	case eventUp:
		s.onConnect(ctx, ev.gen, pub)
	case eventDown:
		if ev.gen == s.gen {
			s.onDisconnect()
		}
	case eventBirth:
		if s.connected && ev.gen == s.gen {
			s.log.Info().Msg("Home Assistant came online: re-announcing current entities")
			s.q.Lock()
			s.announceAll()
			s.q.Unlock()
		}
	}
}

func (s *MQTTSink) clientConfig() autopaho.ClientConfig {
	u := &url.URL{Scheme: "mqtt", Host: net.JoinHostPort(s.cfg.Host, strconv.Itoa(s.cfg.Port))}
	cfg := autopaho.ClientConfig{
		ServerUrls:                    []*url.URL{u},
		KeepAlive:                     s.cfg.KeepAlive,
		CleanStartOnInitialConnection: true,
		SessionExpiryInterval:         0,
		ReconnectBackoff:              autopaho.NewExponentialBackoff(time.Second, 30*time.Second, 2*time.Second, 2),
		ConnectTimeout:                connectTimeout,
		WillMessage:                   &paho.WillMessage{Topic: s.cfg.StatusTopic, Payload: []byte(model.PayloadOffline), Retain: true},
		AttemptConnection:             s.dial,
		ConnectPacketBuilder:          withReceiveMaximum,
		OnConnectionUp: func(_ *autopaho.ConnectionManager, ack *paho.Connack) {
			s.connectFailing.Store(false)
			// autopaho makes one attempt at a time: the connection that got this CONNACK is the
			// latest one dialled.
			if c := s.dialed.Load(); c != nil {
				if ack != nil && ack.Properties != nil && !ack.Properties.RetainAvailable {
					s.log.Error().Msg("the MQTT server does not accept retained messages: nothing can be published")
					c.retainOK.Store(false)
				}
				s.swapConn(c)
			}
			s.events.up()
		},
		OnConnectionDown: func() bool {
			s.swapConn(nil)
			s.events.down()
			return true
		},
		OnConnectError: func(err error) {
			// Warn once per outage; the retries that follow are debug.
			ev := s.log.Debug()
			if !s.connectFailing.Swap(true) {
				ev = s.log.Warn()
			}
			ev.Err(err).Str("broker", u.Host).Msg("mqtt connect failed; retrying")
		},
		ClientConfig: paho.ClientConfig{
			ClientID: clientID(s.cfg.ClientIDPrefix),
			OnPublishReceived: []func(paho.PublishReceived) (bool, error){
				func(pr paho.PublishReceived) (bool, error) {
					s.onReceived(pr.Packet)
					return true, nil
				},
			},
		},
	}
	if s.cfg.Username != "" {
		cfg.ConnectUsername = s.cfg.Username
		cfg.ConnectPassword = []byte(s.cfg.Password)
	}
	return cfg
}

// connectTimeout bounds the TCP dial and the CONNECT exchange; writeTimeout one write.
const (
	connectTimeout = 10 * time.Second
	writeTimeout   = 10 * time.Second
)

// dial is autopaho's AttemptConnection: a TCP connection wrapped in a batchConn.
func (s *MQTTSink) dial(ctx context.Context, _ autopaho.ClientConfig, u *url.URL) (net.Conn, error) {
	d := net.Dialer{Timeout: connectTimeout, KeepAlive: 30 * time.Second}
	c, err := d.DialContext(ctx, "tcp", u.Host)
	if err != nil {
		return nil, err
	}
	bc := newBatchConn(c, writeTimeout)
	s.dialed.Store(bc)
	return bc, nil
}

// swapConn makes c the connection written to (nil: none), keeping the count of written
// messages across connections.
func (s *MQTTSink) swapConn(c *batchConn) {
	if old := s.conn.Swap(c); old != nil && old != c {
		s.written.Add(old.Written())
	}
}

// Published is how many of the sink's messages have been written to the MQTT connection (to
// the kernel) since the sink started; benchmarks and tests wait on it.
func (s *MQTTSink) Published() uint64 {
	n := s.written.Load()
	if c := s.conn.Load(); c != nil {
		n += c.Written()
	}
	return n
}

// livePublisher is the production publisher: the current connection's batchConn, and
// autopaho's Subscribe.
type livePublisher struct {
	s  *MQTTSink
	cm *autopaho.ConnectionManager
}

func (p livePublisher) writer() msgWriter {
	if c := p.s.conn.Load(); c != nil {
		return c
	}
	return nil
}

func (p livePublisher) Subscribe(ctx context.Context, sub *paho.Subscribe) (*paho.Suback, error) {
	return p.cm.Subscribe(ctx, sub)
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

// clientID adds a random suffix, so that several instances never kick each other off.
func clientID(prefix string) string {
	suffix := make([]byte, 4)
	_, _ = rand.Read(suffix)
	return prefix + "-" + hex.EncodeToString(suffix)
}

func (s *MQTTSink) onReceived(p *paho.Publish) {
	if p.Topic == model.HAStatusTopic {
		// A retained birth message arrives right after our own connect, which already
		// announced everything: only a live one means Home Assistant restarted.
		if !p.Retain && strings.EqualFold(strings.TrimSpace(string(p.Payload)), "online") {
			s.events.birth()
		}
		return
	}
	s.recvMu.RLock()
	defer s.recvMu.RUnlock()
	if s.closed {
		return
	}
	msg := model.Message{Topic: p.Topic, Payload: bytes.Clone(p.Payload), Retained: p.Retain}
	select {
	case s.received <- msg:
	case <-s.stopping:
	}
}

func (s *MQTTSink) closeReceived() {
	s.stopOnce.Do(func() { close(s.stopping) })
	s.recvMu.Lock()
	s.closed = true
	close(s.received)
	s.recvMu.Unlock()
}

// acceptBatch takes a batch's readings (the queue's lock held). A loop's cycle carries the
// same entities in the same order cycle after cycle, so the record found for the i-th reading
// is kept, and the next cycle's i-th reading finds its record there when it is the same
// entity: no unique_id hashed, no map probed (at 1,000 queues, 12 % of a cycle's CPU).
func (s *MQTTSink) acceptBatch(b model.Batch, now time.Time) {
	var seq []*known
	if len(b) > 0 && b[0].Kind == model.CycleStart {
		loop := b[0].Loop()
		seq = s.seqs[loop]
		if cap(seq) < len(b) {
			seq = append(seq[:cap(seq)], make([]*known, len(b)-cap(seq))...)
		}
		clear(seq[len(b):cap(seq)]) // no dropped record kept alive past a shorter cycle
		seq = seq[:len(b)]
		s.seqs[loop] = seq
	}
	for i := range b {
		var slot **known
		if seq != nil {
			slot = &seq[i]
		}
		s.accept(&b[i], now, slot)
	}
}

// accept takes one reading: discovery first if due, then the state (the queue's lock held).
// slot, when not nil, is where the record of its entity was last time (see acceptBatch).
func (s *MQTTSink) accept(r *model.Reading, now time.Time, slot **known) {
	switch r.Kind {
	case model.CycleStart:
		s.cycles[r.Loop()]++
		return
	case model.Removal:
		if s.refuse(r.Entity.UniqueID, r.Entity.DiscoveryTopic()) {
			return
		}
		s.remove(r.Entity)
		return
	case model.StickyMessage:
		if s.refuse(r.Topic, r.Topic) {
			return
		}
		s.sticky[r.Topic] = r.Payload
		if s.connected {
			s.q.putLoose(r.Topic, r.Payload)
		}
		return
	}
	e := r.Entity
	if e == nil {
		return
	}
	var k *known
	if slot != nil && *slot != nil && (*slot).entity == e {
		k = *slot // a dropped record has no entity, so it never matches
	} else {
		k = s.byID[e.UniqueID]
		if k == nil || k.entity != e {
			if k = s.sight(k, e); k == nil {
				return // refused: its topics are not valid MQTT topic names
			}
		}
		if slot != nil {
			*slot = k
		}
	}
	k.seen = s.sinceEpoch(now)
	s.sweep.seen(k)
	if e.Lifecycle == model.Dynamic {
		k.seenCycle = s.cycles[e.Loop]
	}
	hasState := r.Kind != model.Declaration && e.StateTopic != ""
	if hasState && r.Kind == model.StickyState {
		s.sticky[e.StateTopic] = r.Payload // re-sent after every connect, so kept even now
	}
	if !s.connected {
		return // remembered; nothing is queued while disconnected
	}
	if !k.announced {
		s.q.putConfig(k)
		k.announced = true
	}
	if hasState {
		s.q.putState(k, r.Payload)
	}
}

// sight makes the record of an entity seen for the first time, or takes a new description of
// a known one (k: its owner registered, say), which is announced again only if its config
// changed. Rare, so both configs are rendered to compare.
func (s *MQTTSink) sight(k *known, e *model.Entity) *known {
	if s.refuse(e.UniqueID, "", e) {
		if k != nil {
			s.drop(k)
		}
		return nil
	}
	if k == nil {
		k = &known{entity: e}
		s.byID[e.UniqueID] = k
		s.sweep.enter(k)
		return k
	}
	if !bytes.Equal(k.entity.DiscoveryConfig(s.cfg.Origin), e.DiscoveryConfig(s.cfg.Origin)) {
		k.announced = false
	}
	s.sweep.leave(k)
	k.entity = e
	s.sweep.enter(k)
	return k
}

// refuse reports whether a message must never be written because a topic it goes to is not a
// valid MQTT topic name (checked on an entity's first sighting, not per reading): the server
// would close the connection, and every message of the moment with it. The stages skip such
// names themselves; this is the last guard. Each refusal is logged once (what names it, up
// to maxRefused of them).
func (s *MQTTSink) refuse(what, topic string, entities ...*model.Entity) bool {
	problem := ""
	if topic != "" {
		problem = model.TopicProblem(topic)
	}
	for _, e := range entities {
		if problem == "" {
			problem = e.TopicsProblem()
		}
	}
	if problem == "" {
		return false
	}
	if _, seen := s.refused[what]; !seen {
		if len(s.refused) >= maxRefused {
			clear(s.refused)
		}
		s.refused[what] = struct{}{}
		if len(what) > 200 {
			what = what[:200] + "…"
		}
		s.log.Error().Str("entity", what).Str("problem", problem).Msg("not published: not a valid MQTT topic (everything else carries on)")
	}
	return true
}

// maxRefused bounds the set of refusals already logged.
const maxRefused = 1024

// remove clears an entity: an empty retained config, and the sink forgets it.
func (s *MQTTSink) remove(e *model.Entity) {
	if k := s.byID[e.UniqueID]; k != nil {
		s.drop(k)
	}
	delete(s.sticky, e.StateTopic)
	if s.connected {
		s.q.putLoose(e.DiscoveryTopic(), "")
	}
}

// forget drops the dynamic entities not seen for ForgetFactor × their expire_after, looking
// at most once per sweepEvery. The caller holds the queue's lock.
func (s *MQTTSink) forget(now time.Time) {
	if !s.lastSweep.IsZero() && now.Sub(s.lastSweep) < sweepEvery {
		return
	}
	// Every forgettable record seen since the last sweep, and that sooner than any of them
	// may go unseen: none can be due, so the walk (19,000 records at 1,000 queues, each a
	// cache miss or three) is not needed.
	skip := s.sweep.allSeen() && now.Sub(s.lastSweep) < s.sweep.minTTL
	s.lastSweep = now
	s.sweep.next()
	if skip {
		return
	}
	n, at := 0, s.sinceEpoch(now)
	for _, k := range s.byID {
		if ttl := k.entity.ForgetAfter(); ttl > 0 && at-k.seen > ttl {
			s.drop(k)
			n++
		}
	}
	if n > 0 {
		s.log.Debug().Int("forgotten", n).Int("known", len(s.byID)).Msg("forgot entities not seen for 3 × expire_after")
	}
}

// sinceEpoch is now as a duration after the first reading's time: a known record keeps its
// last sighting in 8 bytes instead of a time.Time's 24 (19,000 of them at 1,000 queues).
func (s *MQTTSink) sinceEpoch(now time.Time) time.Duration {
	if s.epoch.IsZero() {
		s.epoch = now
	}
	return now.Sub(s.epoch)
}

// drop forgets k and takes its messages out of the queue (lock held).
func (s *MQTTSink) drop(k *known) {
	s.sweep.leave(k)
	s.q.drop(k)
	delete(s.byID, k.entity.UniqueID)
	k.entity = nil // gone: a record still in a cycle's sequence (acceptBatch) no longer matches
}

// unannounce marks every entity as not announced on the connection to come.
func (s *MQTTSink) unannounce() {
	for _, k := range s.byID {
		k.announced = false
	}
}

func (s *MQTTSink) onConnect(ctx context.Context, gen uint64, pub publisher) {
	s.log.Info().Uint64("connection", gen).Msg("mqtt connected")
	s.connected, s.gen = true, gen
	s.q.Lock()
	s.q.ClearLocked()
	s.unannounce()
	s.q.putLoose(s.cfg.StatusTopic, model.PayloadOnline)
	s.announceAll()
	s.q.Unlock()
	if len(s.cfg.Subscribe) > 0 {
		subs := make([]paho.SubscribeOptions, 0, len(s.cfg.Subscribe))
		for _, f := range s.cfg.Subscribe {
			subs = append(subs, paho.SubscribeOptions{Topic: f, QoS: 0})
		}
		go func() {
			sctx, cancel := context.WithTimeout(ctx, 10*time.Second)
			defer cancel()
			if _, err := pub.Subscribe(sctx, &paho.Subscribe{Subscriptions: subs}); err != nil {
				s.log.Warn().Err(err).Msg("mqtt subscribe failed")
			}
		}()
	}
}

// current reports whether an entity is announced again after a reconnect or a birth message:
// every static entity, and a dynamic one only if its loop's latest cycle carried it.
func (s *MQTTSink) current(k *known) bool {
	return k.entity.Lifecycle != model.Dynamic || k.seenCycle >= s.cycles[k.entity.Loop]
}

// announceAll queues the discovery config of every current entity, then every sticky state.
// The caller holds the queue's lock.
func (s *MQTTSink) announceAll() {
	ids := make([]string, 0, len(s.byID))
	for id, k := range s.byID {
		if s.current(k) {
			ids = append(ids, id)
		}
	}
	sort.Strings(ids)
	for _, id := range ids {
		k := s.byID[id]
		s.q.putConfig(k)
		k.announced = true
	}
	topics := make([]string, 0, len(s.sticky))
	for t := range s.sticky {
		topics = append(topics, t)
	}
	sort.Strings(topics)
	for _, t := range topics {
		s.q.putLoose(t, s.sticky[t])
	}
}

func (s *MQTTSink) onDisconnect() {
	if s.connected {
		s.log.Warn().Msg("mqtt connection lost; reconnecting")
	}
	s.connected = false
	s.q.Lock()
	s.q.ClearLocked() // no state goes out while disconnected; current entities are re-announced on connect
	s.unannounce()
	s.q.Unlock()
}

// publishLoop writes what the queue holds, a chunk at a time, each chunk to the connection
// that is up when it is taken: a chunk of a connection that went down is dropped with it,
// never written ahead of the next connection's ONLINE. The writer buffers; it is flushed when
// the queue runs empty and before every pacing sleep, so nothing waits longer than it must.
func (s *MQTTSink) publishLoop(ctx context.Context, pub publisher) {
	p := newPacer(s.cfg.PublishRate, s.cfg.PublishBurst)
	dp := newPacer(s.cfg.DiscoveryRate, max(s.cfg.DiscoveryRate/10, 1))
	chunk := make([]outMsg, 0, popChunk)
	for {
		select {
		case <-ctx.Done():
			return
		case <-s.q.notify:
		}
		for {
			chunk = s.q.PopN(chunk[:0], popChunk)
			if len(chunk) == 0 {
				break
			}
			w := pub.writer()
			if w == nil {
				continue // down: dropped, as everything queued is on a disconnect
			}
			if !s.writeChunk(ctx, w, chunk, p, dp) {
				return
			}
		}
		clear(chunk[:cap(chunk)]) // no payloads kept alive between cycles
		if w := pub.writer(); w != nil {
			if err := w.Flush(); err != nil {
				s.log.Debug().Err(err).Msg("mqtt flush failed")
			}
		}
	}
}

// popChunk is how many messages the publisher takes from the queue at once.
const popChunk = 256

// writeChunk publishes one chunk through w, pacing; it reports false when ctx ended.
func (s *MQTTSink) writeChunk(ctx context.Context, w msgWriter, chunk []outMsg, p, dp *pacer) bool {
	now := time.Now() // read again after each sleep only: 19,000 clock reads a cycle were 4 % of its CPU
	for i := range chunk {
		m := &chunk[i]
		// One FIFO: a discovery config waiting for its turn holds back what follows it, so that
		// discovery always precedes the entity's state.
		d := p.ReserveAt(now)
		if m.entity != nil {
			d = max(d, dp.ReserveAt(now))
		}
		if d > 0 {
			if err := w.Flush(); err != nil {
				s.log.Debug().Err(err).Msg("mqtt flush failed")
			}
			if p.Sleep(ctx, d) != nil {
				return false
			}
			now = time.Now()
		}
		payload := m.payload
		if m.entity != nil { // discovery configs are rendered only now (see known)
			payload = string(m.entity.DiscoveryConfig(s.cfg.Origin))
		}
		if err := w.Publish(m.topic, payload, m.retain); err != nil {
			// A connection that failed fails the rest of the chunk at once (dropped, QoS 0).
			s.log.Debug().Err(err).Str("topic", m.topic).Msg("publish failed")
		}
	}
	return true
}
