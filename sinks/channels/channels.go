package channels

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/cenkalti/backoff/v4"
	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/pipeline"
)

// Limits of CONTRACT.md 10.4.
const (
	QueueSize   = 1000            // messages waiting a channel; overflow drops the oldest
	RetryFor    = 5 * time.Minute // a message not delivered this long after it was queued is given up
	SendTimeout = 20 * time.Second
)

// Message is one notification: a title (the rule's name) and a text (who and where).
type Message struct {
	Title, Text string
}

// Sender delivers one message to one service (see newSender), or says why it did not.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// queued is a message with the time it was queued: its retries end RetryFor after that.
type queued struct {
	Message
	at time.Time
}

// Channel is one outbound channel with its queue and its counts.
type Channel struct {
	Name    string
	sender  Sender
	secrets []string
	log     zerolog.Logger

	mu    sync.Mutex
	queue []queued      // oldest first, at most QueueSize
	ready chan struct{} // a message was queued (buffered 1)

	ok                       atomic.Bool
	tried                    atomic.Bool // a delivery was tried: ok means something
	sent, failed, dropped    atomic.Int64
	changed                  chan struct{} // a count or ok changed (buffered 1)
	backoffStart, backoffMax time.Duration
	retryFor                 time.Duration
	now                      func() time.Time
	warned                   bool // a failure was logged since the channel last delivered (the run goroutine's)
}

// Set is every channel of NOTIFY_URLS that could be built.
type Set struct {
	channels []*Channel
	byName   map[string]*Channel
	log      zerolog.Logger
	changed  chan struct{}
	warned   sync.Map // channel names of policies that no channel has, logged once each
}

// New builds the channels of specs; a URL Shoutrrr cannot use is logged once, naming the
// channel and not its URL, and left out (the rest run). Of specs with one name, the first that
// builds is the channel.
func New(specs []Spec, log zerolog.Logger) *Set {
	// Services that send with http.DefaultClient (the generic webhook among them) could
	// otherwise wait on a webhook that never answers for ever; every other service sends on
	// the channels' own client.
	if http.DefaultClient.Timeout == 0 {
		http.DefaultClient.Timeout = SendTimeout
	}
	client := &http.Client{Timeout: SendTimeout}
	s := &Set{byName: map[string]*Channel{}, log: log, changed: make(chan struct{}, 1)}
	for _, sp := range specs {
		if s.byName[sp.Name] != nil {
			log.Error().Str("channel", sp.Name).Msg("NOTIFY_URLS: channel named twice; the later one is left out")
			continue
		}
		snd, err := newSender(sp.URL, client)
		if err != nil {
			log.Error().Str("channel", sp.Name).Str("service", Redact(sp.URL)).Str("error", scrub(err.Error(), secrets(sp.URL))).
				Msg("notification channel left out: its URL is not one Shoutrrr can use (unknown service or a bad setting); the other channels run")
			continue
		}
		s.add(sp.Name, snd, secrets(sp.URL))
	}
	return s
}

func (s *Set) add(name string, snd Sender, secrets []string) *Channel {
	c := &Channel{Name: name, sender: snd, secrets: secrets, ready: make(chan struct{}, 1),
		log: s.log.With().Str("channel", name).Logger(), changed: s.changed, backoffStart: time.Second, backoffMax: time.Minute,
		retryFor: RetryFor, now: time.Now}
	s.channels = append(s.channels, c)
	s.byName[name] = c
	return c
}

// Channels lists the channels, by name.
func (s *Set) Channels() []*Channel {
	if s == nil {
		return nil
	}
	return s.channels
}

// Changed is signalled (without blocking) whenever a channel's health changes.
func (s *Set) Changed() <-chan struct{} { return s.changed }

// Send queues m for the channels named (nil: every channel); it never blocks. A name no
// channel has is logged once.
func (s *Set) Send(m Message, names []string) {
	if s == nil {
		return
	}
	if names == nil {
		for _, c := range s.channels {
			c.enqueue(m)
		}
		return
	}
	for _, n := range names {
		c := s.byName[n]
		if c == nil {
			if _, logged := s.warned.LoadOrStore(n, true); !logged {
				s.log.Warn().Str("channel", n).Msg("a rule names a channel that NOTIFY_URLS does not have; ignored")
			}
			continue
		}
		c.enqueue(m)
	}
}

// enqueue adds m, stamped with the time; a full queue drops its oldest message (counted).
func (c *Channel) enqueue(m Message) {
	c.mu.Lock()
	if len(c.queue) >= QueueSize {
		c.queue = c.queue[1:]
		c.dropped.Add(1)
		c.signal()
	}
	c.queue = append(c.queue, queued{Message: m, at: c.now()})
	c.mu.Unlock()
	select {
	case c.ready <- struct{}{}:
	default:
	}
}

// take removes and returns the oldest queued message (ok false: none): the one the channel
// tries next, no longer pushed out by overflow.
func (c *Channel) take() (queued, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.queue) == 0 {
		return queued{}, false
	}
	m := c.queue[0]
	c.queue[0] = queued{}
	c.queue = c.queue[1:]
	return m, true
}

// drain empties the queue and returns how many messages it held.
func (c *Channel) drain() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := len(c.queue)
	c.queue = nil
	return n
}

func (c *Channel) signal() {
	select {
	case c.changed <- struct{}{}:
	default:
	}
}

// Run delivers each channel's queue until ctx ends; what is still queued then is dropped
// and counted (one line per channel that had any).
func (s *Set) Run(ctx context.Context) error {
	var wg sync.WaitGroup
	for _, c := range s.channels {
		wg.Go(func() { c.run(ctx) })
	}
	wg.Wait()
	return nil
}

// run delivers the queue in order. The oldest message is taken and tried until it is
// delivered or RetryFor after it was queued, with the project's back-off (pipeline.RetryUntil:
// a second, doubling to a minute) between tries, never waiting past its end: a message never
// waits behind another's retries past its own 5 minutes, and a channel that stays down gives
// up each message at its own time.
func (c *Channel) run(ctx context.Context) {
	var cur *queued // the message being tried
	defer func() {
		n := c.drain()
		if cur != nil {
			n++
		}
		if n > 0 {
			c.dropped.Add(int64(n))
			c.signal()
			c.log.Info().Int("messages", n).Msg("notifications still queued when stopping: dropped")
		}
	}()
	for {
		m, ok := c.take()
		if !ok {
			select {
			case <-ctx.Done():
				return
			case <-c.ready:
			}
			continue
		}
		cur = &m
		end := m.at.Add(c.retryFor)
		err := pipeline.RetryUntil(ctx, c.backoffStart, c.backoffMax, end, func() error { return c.try(ctx, m, end) }, nil)
		if ctx.Err() != nil { // stopping: the message is counted as dropped, not failed
			return
		}
		cur = nil
		if err == nil {
			continue
		}
		c.failed.Add(1)
		c.log.Warn().Dur("queued_for", c.now().Sub(m.at).Round(time.Second)).Msg("notification given up: not delivered within 5 minutes of being queued")
		c.signal()
	}
}

// errTooLate is a message whose 5 minutes are over before a try.
var errTooLate = errors.New("not delivered within 5 minutes of being queued")

// try sends m once, within its own end; a failure is logged when the channel starts failing.
func (c *Channel) try(ctx context.Context, m queued, end time.Time) error {
	left := end.Sub(c.now())
	if left <= 0 {
		return backoff.Permanent(errTooLate)
	}
	sctx, cancel := context.WithTimeout(ctx, min(SendTimeout, left))
	err := c.sender.Send(sctx, m.Message)
	cancel()
	if ctx.Err() != nil {
		return backoff.Permanent(ctx.Err())
	}
	c.tried.Store(true)
	if err == nil {
		if !c.ok.Swap(true) {
			c.log.Info().Msg("notification channel delivers")
		}
		c.sent.Add(1)
		c.signal()
		return nil
	}
	if wasOK := c.ok.Swap(false); wasOK || !c.warned { // once each time it starts failing
		c.warned = true
		c.log.Warn().Str("error", scrub(err.Error(), c.secrets)).Msg("notification channel failed; retrying with back-off")
		c.signal()
	}
	return err
}

// Health is a channel's state as its entities show it.
type Health struct {
	Name   string
	OK     bool // the last delivery succeeded
	Tried  bool // a delivery was tried at all
	Sent   int64
	Failed int64 // messages given up on (not tries)
	// Dropped: messages pushed out of a full queue, or still queued at shutdown.
	Dropped int64
	Queued  int
}

// Health is the channel's state now.
func (c *Channel) Health() Health {
	c.mu.Lock()
	queued := len(c.queue)
	c.mu.Unlock()
	return Health{Name: c.Name, OK: c.ok.Load(), Tried: c.tried.Load(), Sent: c.sent.Load(), Failed: c.failed.Load(),
		Dropped: c.dropped.Load(), Queued: queued}
}
