// Package alerts is the monitor's third sink (CONTRACT.md 10.7): with NOTIFY_URLS set, it
// reads the same readings as the MQTT and Prometheus sinks and tells the channels when one of
// the system's own problems has lasted ALERT_AFTER, and again when it ends: the broker or the
// data store unreachable, the archive queue missing, a receiver's statistics stale or its
// messages at 0 a second, an owned queue's backlog at QUEUE_BACKLOG_ALERT or more.
package alerts

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/pipeline"
	"github.com/tracker-adsb/tracker-core-health/sinks/channels"
)

// Defaults of CONTRACT.md 10.7.
const (
	DefaultAfter   = 2 * time.Minute
	DefaultBacklog = 10_000
)

// Config is when a problem is told.
type Config struct {
	After   time.Duration // ALERT_AFTER: how long a problem lasts before it is told
	Backlog int           // QUEUE_BACKLOG_ALERT: messages ready that make a backlog
}

// Sender is where the messages go (a channels.Set).
type Sender interface {
	Send(m channels.Message, names []string)
}

// problem is one problem seen (CONTRACT.md 10.7): since when it first appeared, how long it
// has been present in total (it may flicker), whether it is present now and since when it
// has been absent, and whether its start was told.
type problem struct {
	since   time.Time     // first appeared
	present bool          // in the latest reading
	onSince time.Time     // present: since when, this time
	total   time.Duration // present before onSince, summed
	offAt   time.Time     // absent: since when, in a row
	told    bool
	what    string // "the broker's management API is unreachable"
	ended   string // "the broker's management API answers again"
}

// presentFor is how long the problem has been present in total up to now.
func (p *problem) presentFor(now time.Time) time.Duration {
	if p.present {
		return p.total + now.Sub(p.onSince)
	}
	return p.total
}

// Sink follows the readings and tells the channels about problems.
type Sink struct {
	cfg      Config
	out      Sender
	log      zerolog.Logger
	now      func() time.Time
	problems map[string]*problem // by key: "broker", "queue:tracker-archive"…
}

// New builds the sink.
func New(cfg Config, out Sender, log zerolog.Logger) *Sink {
	if cfg.After <= 0 {
		cfg.After = DefaultAfter
	}
	if cfg.Backlog <= 0 {
		cfg.Backlog = DefaultBacklog
	}
	return &Sink{cfg: cfg, out: out, log: log, now: time.Now, problems: map[string]*problem{}}
}

// checkEvery is how often a problem's duration is looked at between batches.
const checkEvery = 5 * time.Second

// Run reads batches until in closes, telling what is due after each batch and every few
// seconds (a problem lasts while nothing arrives: the broker loop failing sends little).
func (s *Sink) Run(ctx context.Context, in <-chan pipeline.Shared[model.Batch]) error {
	t := time.NewTicker(checkEvery)
	defer t.Stop()
	for {
		select {
		case b, ok := <-in:
			if !ok {
				return nil
			}
			s.Accept(b.V)
			b.Done()
		case <-t.C:
		case <-ctx.Done():
			return nil
		}
		s.Tell()
	}
}

// Accept notes the problems a batch shows, and those that ended. What is a problem is
// declared on each metric of the catalogue (model.Metric.Problem): nothing here names one.
func (s *Sink) Accept(b model.Batch) {
	now := s.now()
	for i := range b {
		r := &b[i]
		e := r.Entity
		if e == nil || e.Metric == nil || e.Metric.Problem == nil {
			continue
		}
		p := e.Metric.Problem
		thing := ""
		if p.Label != "" {
			thing = label(e, p.Label)
		}
		key := e.Metric.Name + ":" + thing
		if r.Kind == model.Removal { // a queue or receiver that went away takes its problems with it
			s.end(key, now)
			continue
		}
		if r.Kind != model.State && r.Kind != model.StickyState {
			continue
		}
		var on bool
		value := ""
		switch p.When {
		case model.ProblemWhenFalse:
			on = !r.Bool()
		case model.ProblemWhenTrue:
			on = r.Bool()
		case model.ProblemWhenZero:
			on = number(r) == 0
		case model.ProblemAtBacklog:
			n := number(r)
			on, value = n >= float64(s.cfg.Backlog), strconv.FormatFloat(n, 'f', -1, 64)
		}
		text := strings.NewReplacer("{thing}", thing, "{value}", value, "{threshold}", strconv.Itoa(s.cfg.Backlog))
		s.set(key, on, now, text.Replace(p.What), text.Replace(p.Ended))
	}
}

// set records a problem's state in a reading: on starts it, or counts it present again
// (a flicker); off counts it absent from now. Neither tells anything: Tell does, by the
// durations.
func (s *Sink) set(key string, on bool, now time.Time, what, ended string) {
	p := s.problems[key]
	switch {
	case on && p == nil:
		s.problems[key] = &problem{since: now, present: true, onSince: now, what: what, ended: ended}
	case on:
		p.what = what // the latest numbers
		if !p.present {
			p.present, p.onSince = true, now
		}
	case p != nil && p.present:
		p.total += now.Sub(p.onSince)
		p.present, p.offAt = false, now
	}
}

// end forgets a problem at once (its queue or receiver went away), telling the end when its
// start was told.
func (s *Sink) end(key string, now time.Time) {
	p := s.problems[key]
	if p == nil {
		return
	}
	delete(s.problems, key)
	if p.told {
		s.send("Tracker: resolved", fmt.Sprintf("Resolved: %s (after %s).", p.ended, now.Sub(p.since).Round(time.Second)))
	}
}

// Tell sends the start of every problem present for ALERT_AFTER in total since it first
// appeared (however often it flickered), and the end of every problem absent for ALERT_AFTER
// in a row (CONTRACT.md 10.7): one outage, flapping or not, is one Problem and one Resolved. A
// problem that ends before it is told is forgotten without a word.
func (s *Sink) Tell() {
	now := s.now()
	keys := make([]string, 0, len(s.problems))
	for k := range s.problems {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		p := s.problems[k]
		if !p.present && now.Sub(p.offAt) >= s.cfg.After {
			delete(s.problems, k)
			if p.told {
				s.send("Tracker: resolved", fmt.Sprintf("Resolved: %s (after %s).", p.ended, p.offAt.Sub(p.since).Round(time.Second)))
			}
			continue
		}
		if d := p.presentFor(now); !p.told && d >= s.cfg.After {
			p.told = true
			s.send("Tracker: problem", fmt.Sprintf("Problem: %s (since %s UTC, %s).", p.what, p.since.UTC().Format("15:04"), d.Round(time.Second)))
		}
	}
}

func (s *Sink) send(title, text string) {
	s.log.Info().Str("alert", text).Msg("telling the channels")
	s.out.Send(channels.Message{Title: title, Text: text}, nil)
}

// label is the value of an entity's label name.
func label(e *model.Entity, name string) string {
	for _, l := range e.Labels {
		if l.Name == name {
			return l.Value
		}
	}
	return ""
}

// number is a reading's numeric value.
func number(r *model.Reading) float64 {
	switch r.Type {
	case model.IntValue:
		return float64(r.Int())
	case model.FloatValue:
		return r.Float()
	case model.TextValue:
		f, _ := strconv.ParseFloat(strings.TrimSpace(r.Text()), 64)
		return f
	}
	return 0
}
