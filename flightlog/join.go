package flightlog

import (
	"slices"
	"strings"
	"time"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// Joiner makes replay's rows the flights of its input whatever the input's order: recorded
// traffic (a snapshot's stale aircraft, merged receivers) comes out of time order, and the
// engine, which expires flights on the replay's clock for bounded memory, then ends a flight
// that a later line continues. A row waits until no line can continue it (its address quiet
// for the TTL plus Disorder on the clock of the rows seen), and rows of one address whose
// times lie within the TTL of each other are one flight (CONTRACT.md 13.1: a flight ends after
// the TTL without a message). watch reads a live feed in order and needs none of this.
type Joiner struct {
	ttl     time.Duration
	emit    func(Row)
	pending map[string]*Row
	clock   time.Time
	swept   time.Time // the clock at the last sweep (one a minute of the clock at most)
}

// Disorder is how far out of time order a replay's lines may come and still join their
// flight; MaxPending bounds the rows held (the oldest go first).
const (
	Disorder   = time.Hour
	MaxPending = 200000
)

// NewJoiner joins rows at ttl (the flight TTL) and hands each finished one to emit.
func NewJoiner(ttl time.Duration, emit func(Row)) *Joiner {
	return &Joiner{ttl: ttl, emit: emit, pending: map[string]*Row{}}
}

// Add takes a row the engine ended.
func (j *Joiner) Add(r Row) {
	if r.LastSeen.After(j.clock) {
		j.clock = r.LastSeen
	}
	if p := j.pending[r.IcaoHex]; p != nil {
		if r.FirstSeen.Sub(p.LastSeen) <= j.ttl && p.FirstSeen.Sub(r.LastSeen) <= j.ttl {
			merge(p, &r)
			j.sweep()
			return
		}
		j.emit(*p)
	}
	j.pending[r.IcaoHex] = &r
	j.sweep()
}

// sweep hands on the rows no line can continue any more, and the oldest beyond MaxPending.
func (j *Joiner) sweep() {
	if j.clock.Sub(j.swept) < time.Minute && len(j.pending) <= MaxPending {
		return
	}
	j.swept = j.clock
	horizon := j.clock.Add(-j.ttl - Disorder)
	for k, p := range j.pending {
		if p.LastSeen.Before(horizon) {
			j.emit(*p)
			delete(j.pending, k)
		}
	}
	if len(j.pending) > MaxPending {
		rows := j.sorted()
		for _, p := range rows[:len(rows)-MaxPending] {
			j.emit(*p)
			delete(j.pending, p.IcaoHex)
		}
	}
}

// Flush hands on every row held (the end of the replay), oldest first.
func (j *Joiner) Flush() {
	for _, p := range j.sorted() {
		j.emit(*p)
	}
	clear(j.pending)
}

func (j *Joiner) sorted() []*Row {
	rows := make([]*Row, 0, len(j.pending))
	for _, p := range j.pending {
		rows = append(rows, p)
	}
	slices.SortFunc(rows, func(a, b *Row) int {
		if c := a.LastSeen.Compare(b.LastSeen); c != 0 {
			return c
		}
		return strings.Compare(a.IcaoHex, b.IcaoHex)
	})
	return rows
}

// merge folds r, a part of p's flight, into p: times and counts, extremes, the closest
// approach, every squawk, rule and source; identity fields from the part seen last.
func merge(p, r *Row) {
	later := r.LastSeen.After(p.LastSeen)
	p.Track = joinTracks(p.Track, p.FirstSeen, r.Track, r.FirstSeen)
	if r.FirstSeen.Before(p.FirstSeen) {
		p.FirstSeen = r.FirstSeen
	}
	if later {
		p.LastSeen = r.LastSeen
	}
	p.Messages += r.Messages
	p.Positions += r.Positions
	pick := func(dst *string, v string) {
		if v != "" && (later || *dst == "") {
			*dst = v
		}
	}
	pick(&p.Ident, r.Ident)
	pick(&p.Registration, r.Registration)
	pick(&p.TypeDesignator, r.TypeDesignator)
	pick(&p.ManufacturerModel, r.ManufacturerModel)
	pick(&p.Origin, r.Origin)
	pick(&p.Destination, r.Destination)
	if (r.Registrant != "" || r.RegistrantType != "") && (later || (p.Registrant == "" && p.RegistrantType == "")) {
		p.Registrant, p.RegistrantType, p.RegistrantSource = r.Registrant, r.RegistrantType, r.RegistrantSource // one record
	}
	p.Military = p.Military || r.Military
	if r.Operator != nil && (later || p.Operator == nil) {
		p.Operator = r.Operator
	}
	if r.Watchlist != nil && (later || p.Watchlist == nil) {
		p.Watchlist = r.Watchlist
	}
	p.MinAltitude = extreme(p.MinAltitude, r.MinAltitude, func(a, b int) bool { return a < b })
	p.MaxAltitude = extreme(p.MaxAltitude, r.MaxAltitude, func(a, b int) bool { return a > b })
	p.MaxSpeed = extreme(p.MaxSpeed, r.MaxSpeed, func(a, b int) bool { return a > b })
	if r.ClosestNM != nil && (p.ClosestNM == nil || *r.ClosestNM < *p.ClosestNM) {
		p.ClosestNM, p.ClosestAt, p.ClosestAltitude = r.ClosestNM, r.ClosestAt, r.ClosestAltitude
		p.ClosestLat, p.ClosestLon = r.ClosestLat, r.ClosestLon
	}
	p.Squawks = union(p.Squawks, r.Squawks, model.MaxSquawks)
	p.MatchedRules = union(p.MatchedRules, r.MatchedRules, 0)
	p.ReceiverSources = union(p.ReceiverSources, r.ReceiverSources, 0)
}

func extreme(a, b *int, better func(int, int) bool) *int {
	if a == nil || (b != nil && better(*b, *a)) {
		return b
	}
	return a
}

// union appends the values of b that a lacks (at most limit in all; 0: no limit).
func union(a, b []string, limit int) []string {
	for _, v := range b {
		if (limit == 0 || len(a) < limit) && !slices.Contains(a, v) {
			a = append(a, v)
		}
	}
	return a
}
