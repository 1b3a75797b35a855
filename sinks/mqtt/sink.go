// Package mqtt is the monitor's MQTT sink and the rule-notification publisher. The sink is
// split along ownership: the discovery book (book.go) turns readings and connection events
// into publish intents, and is owned by the sink's serve goroutine; the coalescing queue
// (queue.go) owns what waits, one slot per entity; the transport (transport.go: autopaho,
// the batched writer, the pacers) writes what the queue hands out. The notifier (notify.go)
// publishes rule notifications.
package mqtt

import (
	"context"
	"time"

	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/pipeline"
)

// Config configures the sink. An empty Host disables MQTT: the sink discards.
type Config struct {
	ServerConfig
	Origin model.Origin
	// PublishRate caps every message per second (PublishBurst may go out at once);
	// DiscoveryRate caps discovery configs alone (Home Assistant's sake).
	PublishRate   int
	PublishBurst  int
	DiscoveryRate int
	// DrainTimeout bounds how long a clean shutdown waits for queued messages.
	DrainTimeout time.Duration
}

// Default rates: a large site's broker cycle (≈ 19,000 states at 1,000 queues) goes out in
// about one second of a 10 s interval; discovery configs at most 500 a second.
const (
	DefaultPublishRate   = 20000
	DefaultDiscoveryRate = 500
)

// Sink is the one MQTT sink of the monitor (and of tracker-rules watch).
type Sink struct {
	cfg   Config
	log   zerolog.Logger
	now   func() time.Time
	q     *queue
	book  *book
	trans transport // the sink reaches the MQTT server only through it
}

// New builds the sink.
func New(cfg Config, log zerolog.Logger) *Sink {
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
	q := newQueue()
	s := &Sink{cfg: cfg, log: log, now: time.Now, q: q, book: newBook(cfg.Origin, cfg.StatusTopic, q, log)}
	pace := newPacedWriter(cfg.PublishRate, cfg.PublishBurst, cfg.DiscoveryRate, cfg.Origin, log)
	s.trans = newPahoTransport(cfg.ServerConfig, pace, cfg.Origin, log)
	return s
}

// Received carries the messages that arrive on the subscribed filters (registrations). It is
// closed when Run returns.
func (s *Sink) Received() <-chan model.Message { return s.trans.Received() }

// Published is how many of the sink's messages have been written to the MQTT connection (to
// the kernel) since the sink started; benchmarks and tests wait on it.
func (s *Sink) Published() uint64 { return s.trans.Published() }

// Run consumes batches until in is closed (graceful: the queue drains, OFFLINE is published)
// or ctx ends (hard stop: OFFLINE is still attempted). Each batch's Done is called once it is
// taken in.
func (s *Sink) Run(ctx context.Context, in <-chan pipeline.Shared[model.Batch]) error {
	if !s.cfg.MQTTEnabled() {
		defer s.trans.closeReceived()
		s.log.Info().Msg("MQTT_HOST unset: MQTT disabled, readings are discarded")
		pipeline.Consume(ctx, in, func(b model.Batch) {
			s.log.Debug().Int("readings", len(b)).Msg("discarded (MQTT disabled)")
		})
		return nil
	}
	if err := s.trans.Connect(ctx); err != nil {
		s.trans.closeReceived()
		return err
	}
	s.serve(ctx, in)
	s.trans.Close(ctx)
	return nil
}

// serve is the sink's loop over its input and the connection events, with the writer beside
// it, until in closes (the queue then drains for up to DrainTimeout) or ctx ends.
func (s *Sink) serve(ctx context.Context, in <-chan pipeline.Shared[model.Batch]) {
	writeCtx, stopWriter := context.WithCancel(context.WithoutCancel(ctx))
	writerDone := make(chan struct{})
	go func() {
		defer close(writerDone)
		s.write(writeCtx)
	}()
	events := s.trans.Events()
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
			s.book.Accept(b.V, s.now())
			b.Done()
		case <-events.notify:
			for _, ev := range events.drain() {
				s.apply(ev)
			}
		}
	}
	s.trans.Stopping()
	if graceful && s.book.connected {
		deadline := time.Now().Add(s.cfg.DrainTimeout)
		for s.q.Len() > 0 && time.Now().Before(deadline) {
			time.Sleep(10 * time.Millisecond)
		}
	}
	stopWriter()
	<-writerDone
}

// apply hands one connection event to the book, in the order they happened.
func (s *Sink) apply(ev connEvent) {
	switch ev.kind {
	case eventUp:
		s.book.Up(ev.gen)
	case eventDown:
		s.book.Down(ev.gen)
	case eventBirth:
		s.book.Birth(ev.gen)
	}
}

// write hands what the queue holds to the transport, a chunk at a time, each chunk to the
// connection that is up when it is taken: a chunk of a connection that went down is dropped
// with it, never written ahead of the next connection's ONLINE. The transport buffers; it is
// flushed when the queue runs empty, so nothing waits longer than it must.
func (s *Sink) write(ctx context.Context) {
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
			if !s.trans.Write(ctx, chunk) {
				return
			}
		}
		clear(chunk[:cap(chunk)]) // no values kept alive between cycles
		s.trans.Flush()
	}
}

// popChunk is how many messages the writer takes from the queue at once.
const popChunk = 256
