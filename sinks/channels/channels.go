package channels

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nicholas-fedor/shoutrrr"
	"github.com/nicholas-fedor/shoutrrr/pkg/router"
	"github.com/nicholas-fedor/shoutrrr/pkg/types"
	"github.com/rs/zerolog"
)

// Limits of CONTRACT.md 10.4.
const (
	QueueSize   = 1000            // messages waiting a channel; overflow drops the oldest
	RetryFor    = 5 * time.Minute // a message failing longer is dropped
	SendTimeout = 20 * time.Second
)

// Message is one notification: a title (the rule's name) and a text (who and where).
type Message struct {
	Title, Text string
}

// Sender delivers one message to one service (a Shoutrrr router, a test's fake).
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// Channel is one outbound channel with its queue and its counts.
type Channel struct {
	Name    string
	sender  Sender
	secrets []string
	queue   chan Message
	wake    chan struct{}
	log     zerolog.Logger

	ok                       atomic.Bool
	tried                    atomic.Bool // a delivery was tried: ok means something
	sent, failed, dropped    atomic.Int64
	changed                  chan struct{} // a count or ok changed (buffered 1)
	backoffStart, backoffMax time.Duration
	retryFor                 time.Duration
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
// channel and not its URL, and left out (the rest run).
func New(specs []Spec, log zerolog.Logger) *Set {
	// The generic webhook service sends with http.DefaultClient, which has no timeout: a
	// webhook that never answers would hold a goroutine forever.
	if http.DefaultClient.Timeout == 0 {
		http.DefaultClient.Timeout = SendTimeout
	}
	s := &Set{byName: map[string]*Channel{}, log: log, changed: make(chan struct{}, 1)}
	for _, sp := range specs {
		r, err := shoutrrr.CreateSender(sp.URL)
		if err != nil {
			log.Error().Str("channel", sp.Name).Str("service", Redact(sp.URL)).Str("error", scrub(err.Error(), secrets(sp.URL))).
				Msg("notification channel left out: its URL is not one Shoutrrr can use (unknown service or a bad setting); the other channels run")
			continue
		}
		r.Timeout = SendTimeout
		s.add(sp.Name, shoutrrrSender{r: r, busy: make(chan struct{}, 1)}, secrets(sp.URL))
	}
	return s
}

// NewWith is a set of channels over given senders (tests).
func NewWith(senders map[string]Sender, log zerolog.Logger) *Set {
	s := &Set{byName: map[string]*Channel{}, log: log, changed: make(chan struct{}, 1)}
	for name, snd := range senders {
		s.add(name, snd, nil)
	}
	return s
}

func (s *Set) add(name string, snd Sender, secrets []string) {
	c := &Channel{Name: name, sender: snd, secrets: secrets, queue: make(chan Message, QueueSize), wake: make(chan struct{}, 1),
		log: s.log.With().Str("channel", name).Logger(), changed: s.changed, backoffStart: time.Second, backoffMax: time.Minute, retryFor: RetryFor}
	s.channels = append(s.channels, c)
	s.byName[name] = c
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

// enqueue adds m; a full queue drops its oldest message (counted).
func (c *Channel) enqueue(m Message) {
	for {
		select {
		case c.queue <- m:
			return
		default:
		}
		select {
		case <-c.queue:
			c.dropped.Add(1)
			c.signal()
		default:
		}
	}
}

func (c *Channel) signal() {
	select {
	case c.changed <- struct{}{}:
	default:
	}
}

// Run delivers each channel's queue until ctx ends.
func (s *Set) Run(ctx context.Context) error {
	var wg sync.WaitGroup
	for _, c := range s.channels {
		wg.Go(func() { c.run(ctx) })
	}
	wg.Wait()
	return nil
}

func (c *Channel) run(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case m := <-c.queue:
			if ctx.Err() != nil { // both were ready: stopping wins
				return
			}
			c.deliver(ctx, m)
		}
	}
}

// deliver tries m until it is sent, RetryFor has passed (dropped), or ctx ends; back-off
// doubles from a second to a minute between tries.
func (c *Channel) deliver(ctx context.Context, m Message) {
	start := time.Now()
	wait := c.backoffStart
	for {
		sctx, cancel := context.WithTimeout(ctx, SendTimeout)
		err := c.sender.Send(sctx, m)
		cancel()
		c.tried.Store(true)
		if err == nil {
			if !c.ok.Swap(true) {
				c.log.Info().Msg("notification channel delivers")
			}
			c.sent.Add(1)
			c.signal()
			return
		}
		c.failed.Add(1)
		if c.ok.Swap(false) || c.failed.Load() == 1 {
			c.log.Warn().Str("error", scrub(err.Error(), c.secrets)).Msg("notification channel failed; retrying with back-off")
		}
		c.signal()
		if ctx.Err() != nil {
			return
		}
		if time.Since(start)+wait > c.retryFor {
			c.dropped.Add(1)
			c.log.Warn().Dur("tried_for", time.Since(start).Round(time.Second)).Msg("notification dropped: the channel failed for 5 minutes")
			c.signal()
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		wait = min(2*wait, c.backoffMax)
	}
}

// Health is a channel's state as its entities show it.
type Health struct {
	Name                  string
	OK                    bool // the last delivery succeeded
	Tried                 bool // a delivery was tried at all
	Sent, Failed, Dropped int64
	Queued                int
}

// Health is the channel's state now.
func (c *Channel) Health() Health {
	return Health{Name: c.Name, OK: c.ok.Load(), Tried: c.tried.Load(), Sent: c.sent.Load(), Failed: c.failed.Load(),
		Dropped: c.dropped.Load(), Queued: len(c.queue)}
}

// shoutrrrSender sends through a Shoutrrr router (one service): the title as its title
// parameter, the text as the message. A router's service is not safe for concurrent sends (its
// headers are shared), and a send cannot be cancelled: busy lets one run at a time, so a retry
// after a timed-out send waits for that send to end.
type shoutrrrSender struct {
	r    *router.ServiceRouter
	busy chan struct{}
}

// errStillSending is a send given up on while the previous one to the service still runs.
var errStillSending = errors.New("the previous message to this service is still being sent")

func (s shoutrrrSender) Send(ctx context.Context, m Message) error {
	select {
	case s.busy <- struct{}{}:
	case <-ctx.Done():
		return errStillSending
	}
	params := types.Params{"title": m.Title}
	done := make(chan []error, 1)
	go func() {
		defer func() { <-s.busy }()
		done <- s.r.Send(m.Text, &params)
	}()
	select {
	case errs := <-done:
		return errors.Join(errs...)
	case <-ctx.Done():
		return fmt.Errorf("sending: %w", ctx.Err())
	}
}
