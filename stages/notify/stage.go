package notify

import (
	"context"
	"encoding/json"
	"strings"
	"time"

	"github.com/tracker-adsb/tracker-core-health/delivery"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/pipeline"
	"github.com/tracker-adsb/tracker-core-health/rules"
)

// Out is one thing the notify stage tells its sinks: a decided notification (its rule, the
// MQTT payload marked with the decision, the decision), or the day's digest; and what the
// channels get of it, when anything.
type Out struct {
	Rule     string // the rule's identifier; "" for the digest
	Payload  []byte // the notification; the digest's JSON
	Decision delivery.Decision
	Digest   bool
	// Message is what people are told (a sent match, the digest's text); nil: nothing.
	Message *Message
}

// Message is a channel message: a title, a text, and the channels it goes to (nil: every one).
type Message struct {
	Title, Text string
	Channels    []string
}

// Stage is tracker-rules watch's notify stage (CONTRACT.md 10): it owns the decider, the
// digest and its schedule. The engine stage hands it each message's matches (Tell, on the
// engine's goroutine: they share the flights) and the clock (DigestDue); it emits each decision
// on the channel it makes, Out, and closes it (Close) when the engine stage ends.
type Stage struct {
	decider  *delivery.Decider
	digest   *delivery.Digest
	schedule delivery.Schedule
	next     time.Time // the next digest
	tar1090  string
	out      chan Out
	scratch  []byte
	totals   TotalsFunc
}

// TotalsFunc is the flight log's totals of a digest's period [from, to) (nil: none to say).
type TotalsFunc func(ctx context.Context, from, to time.Time) *delivery.Totals

// WithTotals has each digest carry the flight log's totals of its period (CONTRACT.md 13.4);
// set before the first DigestDue.
func (s *Stage) WithTotals(fn TotalsFunc) { s.totals = fn }

// NewStage decides with mutes, makes digests on schedule (from now) and links told matches to
// the user's tar1090 (empty: none).
func NewStage(mutes delivery.Mutes, schedule delivery.Schedule, tar1090 string, now time.Time) *Stage {
	return &Stage{decider: delivery.NewDecider(mutes), digest: delivery.NewDigest(), schedule: schedule,
		next: schedule.Next(now), tar1090: tar1090, out: make(chan Out, 64)}
}

// Out is the stage's output; closed by Close.
func (s *Stage) Out() <-chan Out { return s.out }

// Close ends the output (the engine stage has ended).
func (s *Stage) Close() { close(s.out) }

// Tell decides the matches of one message of flight f (and the held matches an emergency now
// sends), counts them for the digest, and emits each notification; false when ctx ended.
func (s *Stage) Tell(ctx context.Context, set *rules.Set, f *model.Flight, matches []rules.Match, at time.Time) bool {
	var body []byte // the flight, rendered once for every rule
	ok := true
	Decide(s.decider, set, f, matches, at, func(told Told) {
		d := told.Decision
		o := Out{Rule: told.Rule.Identifier, Decision: d,
			Payload: Mark(model.AppendNotification(nil, Body(&body, told.Rule, f), told.Rule.RefJSON()), d, &s.scratch)}
		if !told.Again {
			s.digest.Add(told.At, told.Rule.Identifier, told.Rule.Name, f.IcaoHex, delivery.LabelOf(f), d)
		}
		if d.Told() {
			o.Message = s.message(told, f)
		}
		ok = ok && pipeline.Send(ctx, s.out, o)
	})
	return ok
}

// message is what the channels say of a told match: the rule's name, who and where (the
// entry of the list the rule names; "Emergency (7700)" when the bypass sent it).
func (s *Stage) message(told Told, f *model.Flight) *Message {
	title := told.Rule.Name
	if strings.TrimSpace(title) == "" {
		title = told.Rule.Identifier
	}
	subject := delivery.SubjectOf(f)
	if e := told.Rule.WatchEntry(f); e != nil {
		subject.Watchlist = e.Category
	}
	if told.Decision.State == delivery.Sent && model.IsEmergency(f.Squawk) {
		subject.Emergency = strings.TrimSpace(f.Squawk)
	}
	m := &Message{Title: title, Text: delivery.Text(subject, s.tar1090)}
	if told.Rule.Policy != nil {
		m.Channels = told.Rule.Policy.Channels
	}
	return m
}

// DigestDue emits the digest when its time has come (now: the wall clock): the calendar day
// that ends at the digest time, published retained and sent, as text, to the channels.
func (s *Stage) DigestDue(ctx context.Context, now time.Time) {
	if s.schedule.Off || now.Before(s.next) {
		return
	}
	from, to := s.schedule.Before(s.next), s.next
	r := s.digest.Report(from, to)
	if s.totals != nil {
		r.Totals = s.totals(ctx, from, to)
	}
	s.next = s.schedule.Next(now)
	b, _ := json.Marshal(r)
	pipeline.Send(ctx, s.out, Out{Payload: b, Digest: true, Message: &Message{Title: r.Title(), Text: r.Text(s.schedule.Location)}})
}

// State is what the stage and the engine keep across a restart, at now.
func (s *Stage) State(e *rules.Engine, now time.Time) State {
	return State{SavedAt: now.UTC(), Flights: e.Memory(), Delivery: s.decider.Memory(now), Digest: s.digest.Events(now), NextDigest: s.next}
}

// Restore puts a kept state back into the stage and the engine, before the first message; a
// digest that fell due while watch was away goes out at the first cycle.
func (s *Stage) Restore(e *rules.Engine, st State) {
	e.Restore(st.Flights)
	s.decider.Restore(st.Delivery)
	s.digest.Restore(st.Digest)
	if !st.NextDigest.IsZero() && st.NextDigest.Before(s.next) {
		s.next = st.NextDigest
	}
}
