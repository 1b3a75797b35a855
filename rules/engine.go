package rules

import (
	"iter"
	"sync/atomic"
	"time"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// DefaultFlightTTL is the gap of message time after which a new flight starts.
const DefaultFlightTTL = 300 * time.Second

// MaxMessageLag is MAX_MESSAGE_LAG_SECONDS: older triggering messages notify nobody.
const MaxMessageLag = 30 * time.Second

// Match is one rule firing for a flight.
type Match struct {
	Rule   *Rule
	Flight *model.Flight
	At     time.Time // the triggering message's received time
}

// Engine accumulates flights and evaluates the current rule set. Process is meant for one
// goroutine (the evaluation stage); the rule set can be swapped from another at any time.
type Engine struct {
	set     atomic.Pointer[Set]
	ttl     time.Duration
	flights map[string]*flightState
	matches []Match
	key     []byte       // scratch for the flight key
	last    *flightState // the flight of the latest Process
	enrich  Enricher     // nil: flights carry only what the messages say
	// tracking (TrackFlights): each flight's statistics are kept, and each flight that ends
	// waits in ended until Ended hands it over; free are flight states handed back, for the
	// next flights. home is where the closest approach is measured from (nil: none).
	tracking bool
	home     *model.Home
	ended    []*flightState
	free     []*flightState
}

// TrackFlights keeps each flight's statistics (model.Flight.Stats: squawks, extremes, the
// closest approach to home, nil for none) and every flight that ends (a gap over the TTL,
// Expire, and EndAll at a clean stop; CONTRACT.md 13.1) until Ended hands it over. Call it
// before the first Process.
func (e *Engine) TrackFlights(home *model.Home) {
	if home != nil {
		home = home.Prepared()
	}
	e.home, e.tracking = home, true
}

// EndAll ends every flight in progress for Ended (a clean shutdown); the flights stay tracked.
func (e *Engine) EndAll() {
	if !e.tracking {
		return
	}
	for _, fs := range e.flights {
		if fs.TotalMessages > 0 {
			e.ended = append(e.ended, fs)
		}
	}
}

// Ended hands over each flight that ended since the last call, in the order they ended (with
// TrackFlights; none without). A flight is the engine's and valid only within its turn of
// the loop: whoever keeps it copies (flightlog.RowOf). The stage that owns the engine calls it
// after each Process, Expire and EndAll.
func (e *Engine) Ended() iter.Seq[*model.Flight] {
	return func(yield func(*model.Flight) bool) {
		for i := 0; i < len(e.ended); i++ {
			fs := e.ended[i]
			more := yield(&fs.Flight)
			e.handBack(fs)
			if !more {
				n := copy(e.ended, e.ended[i+1:])
				clear(e.ended[n:])
				e.ended = e.ended[:n]
				return
			}
		}
		clear(e.ended)
		e.ended = e.ended[:0]
	}
}

// maxFree bounds the flight states kept for reuse.
const maxFree = 64

// handBack keeps an ended flight's state for a next flight, unless it is still tracked
// (EndAll's); its values are dropped at once (a database string lives no longer than needed).
func (e *Engine) handBack(fs *flightState) {
	if e.flights[fs.IcaoHex] == fs || len(e.free) >= maxFree {
		return
	}
	fs.Reset("")
	fs.set = nil
	e.free = append(e.free, fs)
}

// newFlight is the state of a new flight of icao: a handed-back one when there is one.
func (e *Engine) newFlight(icao string) *flightState {
	if n := len(e.free); n > 0 {
		fs := e.free[n-1]
		e.free = e.free[:n-1]
		fs.IcaoHex = icao
		return fs
	}
	return &flightState{Flight: model.Flight{IcaoHex: icao}}
}

// restart ends the flight of fs and returns the state of the aircraft's next flight: fs
// itself, emptied, unless the ended flight waits for Ended.
func (e *Engine) restart(fs *flightState) *flightState {
	if !e.tracking {
		fs.Reset(fs.IcaoHex) // a new flight: empty matched_rules
		fs.set = nil
		return fs
	}
	e.ended = append(e.ended, fs)
	next := e.newFlight(fs.IcaoHex)
	e.flights[fs.IcaoHex] = next
	return next
}

// Enricher fills what lookup data knows of a flight (CONTRACT.md 9): called by Process with
// each message after it was folded into its flight and before any rule looks at the flight.
// It only fills what is missing and never fails a message.
type Enricher interface {
	Enrich(f *model.Flight, m *model.AircraftMessage)
}

// SetEnricher makes every later message's flight enriched (nil: none). Call it before the
// first Process.
func (e *Engine) SetEnricher(en Enricher) { e.enrich = en }

// flightState is a flight with the bitset of the rules it fired, valid for one rule set.
type flightState struct {
	model.Flight
	fired bitset
	set   *Set
}

// sync rebuilds the fired bitset, and looks the aircraft up in the set's watchlists, when the
// rule set changed since (a new flight starts with none).
func (fs *flightState) sync(s *Set) {
	if fs.set == s {
		return
	}
	fs.Watched = s.Watchlists.Lookup(fs.IcaoHex)
	n := (len(s.Rules) + 63) / 64
	if cap(fs.fired) >= n {
		fs.fired = fs.fired[:n]
		clear(fs.fired)
	} else {
		fs.fired = make(bitset, n)
	}
	for _, r := range s.Rules {
		if fs.HasMatched(r.Identifier) {
			fs.fired.set(r.index)
		}
	}
	fs.set = s
}

// NewEngine builds an engine with a flight TTL (0: the default).
func NewEngine(set *Set, ttl time.Duration) *Engine {
	if ttl <= 0 {
		ttl = DefaultFlightTTL
	}
	e := &Engine{ttl: ttl, flights: map[string]*flightState{}}
	if set == nil {
		set = &Set{}
	}
	e.set.Store(set)
	return e
}

// Swap replaces the rule set atomically; flights and their matched rules are kept.
func (e *Engine) Swap(s *Set) { e.set.Store(s) }

// Set is the current rule set.
func (e *Engine) Set() *Set { return e.set.Load() }

// Process folds m into its flight and returns the rules that fire on it, each at most once
// per flight. The returned slice is reused by the next call. Matches are recorded on the
// flight (matched_rules, sticky force_archive) before returning; rules matched on this
// message are not visible to matched_rules conditions of the same message.
func (e *Engine) Process(m *model.AircraftMessage) []Match {
	e.key = model.AppendFlightKey(e.key[:0], m.IcaoHex)
	fs := e.flights[string(e.key)]
	set := e.set.Load()
	if fs == nil {
		icao := string(e.key)
		fs = e.newFlight(icao)
		e.flights[icao] = fs
	} else if fs.TotalMessages > 0 && m.ReceivedAt.Sub(fs.LastMessage) > e.ttl {
		fs = e.restart(fs)
	}
	fs.sync(set)
	e.last = fs
	f := &fs.Flight
	f.Apply(m)
	if e.tracking {
		f.Stats.Add(m, e.home)
	}
	if e.enrich != nil {
		e.enrich.Enrich(f, m)
	}
	e.matches = e.matches[:0]
	for _, r := range set.Rules {
		if fs.fired.has(r.index) {
			continue
		}
		if r.matches(f, fs.fired, m.ReceivedAt) {
			e.matches = append(e.matches, Match{Rule: r, Flight: f, At: m.ReceivedAt})
		}
	}
	for _, mt := range e.matches {
		fs.fired.set(mt.Rule.index)
		f.MatchedRules = append(f.MatchedRules, mt.Rule.Identifier)
		if mt.Rule.ForceArchive {
			f.ForceArchive = true
		}
	}
	return e.matches
}

// Last is the flight of the message the latest Process took (nil before any): what the
// message's conditions looked at, with no look-up.
func (e *Engine) Last() *model.Flight {
	if e.last == nil {
		return nil
	}
	return &e.last.Flight
}

// Flight is the current flight of an aircraft (nil when none is tracked).
func (e *Engine) Flight(icao string) *model.Flight {
	if fs := e.flights[string(model.AppendFlightKey(nil, icao))]; fs != nil {
		return &fs.Flight
	}
	return nil
}

// TTL is the gap that starts a new flight.
func (e *Engine) TTL() time.Duration { return e.ttl }

// Flights is the number of aircraft tracked.
func (e *Engine) Flights() int { return len(e.flights) }

// Expire forgets flights whose last message is older than the TTL before now.
func (e *Engine) Expire(now time.Time) {
	for k, f := range e.flights {
		if now.Sub(f.LastMessage) > e.ttl {
			if e.tracking && f.TotalMessages > 0 {
				e.ended = append(e.ended, f)
			}
			delete(e.flights, k)
			if f == e.last {
				e.last = nil
			}
		}
	}
}

// Notification renders the notification payload of a match. (Several matches of one message
// share everything but the rule: replay renders the body once, model.AppendNotification.)
func (m Match) Notification() []byte {
	return model.AppendNotification(nil, model.NewNotificationBody(m.Flight).JSON(), m.Rule.refJSON)
}

// Lagging reports whether the triggering message is older than MaxMessageLag at now
// (exactly 30 s still publishes).
func Lagging(now, received time.Time) bool { return now.Sub(received) > MaxMessageLag }

// FlightMemory is what a restart of watch needs of an active flight (CONTRACT.md 10.8): the
// rules it matched (so they do not fire again) and those held (an emergency may still send
// them), and its times (so that the next message continues it, or starts a new flight after
// the TTL).
type FlightMemory struct {
	IcaoHex  string   `json:"icao_hex"`
	First    int64    `json:"first"` // Unix nanoseconds
	Last     int64    `json:"last"`
	Messages int      `json:"messages"`
	Matched  []string `json:"matched"`
	Held     []string `json:"held,omitempty"`
}

// Memory is every tracked flight that matched a rule (the others have nothing to keep).
func (e *Engine) Memory() []FlightMemory {
	out := make([]FlightMemory, 0, 16)
	for _, fs := range e.flights {
		if len(fs.MatchedRules) == 0 {
			continue
		}
		out = append(out, FlightMemory{IcaoHex: fs.IcaoHex, First: fs.FirstMessage.UnixNano(), Last: fs.LastMessage.UnixNano(),
			Messages: fs.TotalMessages, Matched: append([]string(nil), fs.MatchedRules...), Held: append([]string(nil), fs.Held...)})
	}
	return out
}

// Restore tracks the flights of a Memory again, before the first message: a message of one of
// them within the TTL continues it, its matched rules already fired.
func (e *Engine) Restore(flights []FlightMemory) {
	for _, m := range flights {
		key := string(model.AppendFlightKey(nil, m.IcaoHex))
		if key == "" || m.Messages <= 0 {
			continue
		}
		e.flights[key] = &flightState{Flight: model.Flight{IcaoHex: key, FirstMessage: time.Unix(0, m.First).UTC(),
			LastMessage: time.Unix(0, m.Last).UTC(), TotalMessages: m.Messages, MatchedRules: m.Matched, Held: m.Held}}
	}
}
