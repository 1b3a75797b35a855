package watch

import (
	"context"
	"time"

	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/flightlog"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/pipeline"
	"github.com/tracker-adsb/tracker-core-health/rules"
	"github.com/tracker-adsb/tracker-core-health/stages/engine"
	"github.com/tracker-adsb/tracker-core-health/stages/notify"
	"github.com/tracker-adsb/tracker-core-health/stages/readsb"
)

// feedCycle is one poll of the feed: its clock and its messages (ok false: the feed failed;
// the cycle still carries the tick to the engine stage, for the digest).
type feedCycle struct {
	clock time.Time
	msgs  []model.AircraftMessage
	ok    bool
}

// feed is the source: a poll of the readsb feed on every tick (a tick due while a poll runs is
// dropped), its messages copied out (the feed reuses its own).
func feed(src string, interval time.Duration, eng *engine.Engine, ticks <-chan time.Time, log zerolog.Logger) (<-chan feedCycle, func(context.Context) error) {
	fd := readsb.NewFeed(src, max(interval*4/5, 100*time.Millisecond), log)
	return pipeline.Poll[feedCycle]{Cycle: func(ctx context.Context) (feedCycle, bool) {
		s, msgs := fd.Poll(ctx)
		if s == nil {
			return feedCycle{}, true
		}
		now := s.Clock()
		fd.Forget(now.Add(-eng.TTL())) // aircraft gone longer than a flight are forgotten
		return feedCycle{clock: now, msgs: append([]model.AircraftMessage(nil), msgs...), ok: true}, true
	}}.Start(ticks, 1)
}

// flightEvent is what the flight log hears of a flight: that it began (Row nil: the sensors
// count a flight on the day it began, as the page does) or its row once it ended.
type flightEvent struct {
	icaoHex string
	first   time.Time
	row     *flightlog.Row
}

// engineStage is the engine stage: each message through the rules (trigger counts, the lag
// limit before any decision) and its matches to the notify stage, which shares the flights
// and so runs on this goroutine; after each cycle finished flights are forgotten and the state
// handed on. Its outputs are channels it makes and closes when its input closes (the
// notify stage's Out, closed through notify.Close): the notifications, the flights that began
// and ended (nil without a flight log) and the state to keep.
type engineStage struct {
	eng     *engine.Engine
	notify  *notify.Stage
	flights chan flightEvent // nil: no flight log
	saves   chan []byte      // the latest state to keep (at most one waits)
	now     func() time.Time
	log     zerolog.Logger

	lastKept time.Time
}

// saveEvery is the most often watch's state is kept (CONTRACT.md 10.8): a crash loses at most
// this much.
const saveEvery = 10 * time.Second

func newEngineStage(eng *engine.Engine, n *notify.Stage, logFlights bool, now func() time.Time, log zerolog.Logger) *engineStage {
	s := &engineStage{eng: eng, notify: n, saves: make(chan []byte, 1), now: now, log: log}
	if logFlights {
		s.flights = make(chan flightEvent, 256)
	}
	return s
}

// run evaluates every cycle until cycles closes, then ends the flights in progress (logged at
// a clean stop), hands on the last state and closes its outputs.
func (s *engineStage) run(ctx context.Context, cycles <-chan feedCycle) error {
	defer s.close()
	var feedClock, seenAt time.Time // the feed's clock, and when it last said it
	for c := range cycles {
		s.notify.DigestDue(ctx, s.now())
		if !c.ok {
			if !feedClock.IsZero() { // the feed is down: its flights still end after the TTL
				s.eng.Expire(feedClock.Add(s.now().Sub(seenAt)))
				s.ended(ctx)
			}
			continue
		}
		feedClock, seenAt = c.clock, s.now()
		for i := range c.msgs {
			s.process(ctx, &c.msgs[i], c.clock)
		}
		s.eng.Expire(c.clock)
		s.ended(ctx)
		s.keep(ctx, false)
	}
	s.eng.EndAll()
	s.ended(ctx)
	s.keep(ctx, true)
	return nil
}

func (s *engineStage) close() {
	s.notify.Close()
	if s.flights != nil {
		close(s.flights)
	}
	close(s.saves)
}

// process runs one message through the rules and hands its matches on.
func (s *engineStage) process(ctx context.Context, m *model.AircraftMessage, clock time.Time) {
	matches := s.eng.Process(m)
	s.ended(ctx)
	f := s.eng.Last()
	if s.flights != nil && f.TotalMessages == 1 { // a flight began: the sensors count it on its day
		pipeline.Send(ctx, s.flights, flightEvent{icaoHex: f.IcaoHex, first: f.FirstMessage})
	}
	for _, mt := range matches {
		s.eng.Counter.Count(mt.Rule.Identifier, mt.At)
	}
	if len(matches) == 0 && len(f.Held) == 0 {
		return
	}
	if rules.Lagging(clock, m.ReceivedAt) { // before any decision (CONTRACT.md 10.2)
		for _, mt := range matches {
			s.log.Debug().Str("icao_hex", f.IcaoHex).Str("rule", mt.Rule.Identifier).Msg("notification suppressed: message older than 30 s")
		}
		return
	}
	s.notify.Tell(ctx, s.eng.Set(), f, matches, m.ReceivedAt)
}

// ended hands the flights the engine ended to the flight log, each as its row (the engine's
// flight is reused: the row is a copy).
func (s *engineStage) ended(ctx context.Context) {
	if s.flights == nil {
		return
	}
	for f := range s.eng.Ended() {
		r := flightlog.RowOf(f)
		pipeline.Send(ctx, s.flights, flightEvent{icaoHex: r.IcaoHex, first: r.FirstSeen, row: &r})
	}
}

// keep hands the state to the saver when saveEvery has passed since the last, the newer
// replacing one not yet written; the last one (at a clean stop) always.
func (s *engineStage) keep(ctx context.Context, last bool) {
	now := s.now()
	if !last && now.Sub(s.lastKept) < saveEvery {
		return
	}
	s.lastKept = now
	b := s.notify.State(s.eng.Engine, now).Encode()
	select {
	case <-s.saves: // an older one not yet written: the newer wins
	default:
	}
	pipeline.Send(ctx, s.saves, b)
}
