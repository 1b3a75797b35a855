// Package keeper holds the management API's two background services: the traffic keeper (the
// user's own receiver's recent traffic, for the map and the rule tests) and the kept matches
// (every rule notification seen on MQTT, in the data store's stream). Each runs in the API's
// supervised group on the monitor's tick helper (pipeline.Ticks, pipeline.Poll) and answers
// through narrow methods (Snapshot, Each, Position; Page): no handler touches their locks.
package keeper

import (
	"context"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/enrich"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/pipeline"
	"github.com/tracker-adsb/tracker-core-health/rules"
	"github.com/tracker-adsb/tracker-core-health/stages/readsb"
	"github.com/tracker-adsb/tracker-core-health/watchlist"
)

// MaxKeptMessages bounds the traffic kept for rule tests: the oldest messages go first. A
// record is 80 bytes (the strings of a message are kept once, in the keeper's table), so a
// full keeper holds ≈ 40 MB; a home receiver (≈ 100–300 aircraft, each updated every second or
// two) fills 30 minutes with ≈ 150,000–300,000 messages.
const MaxKeptMessages = 500_000

// aircraftWindow is how long an aircraft stays on the map after its last message.
const aircraftWindow = 60 * time.Second

// Traffic keeps the traffic of the user's own receiver for the UI: every message of the last
// window (at most MaxKeptMessages, oldest dropped first), and the latest state of each
// aircraft. Start polls the feed; the API serves GET /api/traffic from its Snapshot and tests
// rules on it (Each).
type Traffic struct {
	feed     *readsb.Feed // nil: no feed configured
	interval time.Duration
	window   time.Duration
	log      zerolog.Logger

	// The kept messages, under mu: a rule test reads them all (Each, 100+ ms at 500,000) with
	// mu read-locked, so a poll that adds waits for it.
	mu      sync.RWMutex
	ring    []kept // circular: the oldest at head
	head, n int
	strs    strTable
	kept    atomic.Int64 // n, for readers that must not wait for a rule test (Snapshot)

	// The latest state of each aircraft, under their own lock, so that Position (on the MQTT
	// client's receive goroutine, which must never wait) and Snapshot never wait for a rule
	// test, nor for a poll queued behind one.
	lmu    sync.RWMutex
	latest map[string]*Aircraft // by hex
	who    *rules.Engine        // the kept aircraft's flights, enriched and watched (no rules): who and where
	clock  time.Time            // the feed's time of its latest snapshot
	state  string               // off, ok, down
	err    string

	polled func() // nil; the tests' hook, told after each poll is taken (they count polls)
}

// kept is one message in 80 bytes: its time, its six numbers (has says which are present), its
// strings as numbers in the keeper's table.
type kept struct {
	at                              int64 // Unix nanoseconds
	lat, lon, alt, speed, track, vs float64
	hex, ident, squawk, reg, typ    uint32
	has                             uint8
	flags                           uint8 // isUAT, isMilitary, and the wake category (wakeNames index) above them
}

const (
	isUAT uint8 = 1 << iota
	isMilitary
	wakeShift = iota
)

func (k *kept) wake() uint8 { return k.flags >> wakeShift }

// wakeNames are the wake turbulence categories a kept message can carry (0: none).
var wakeNames = [...]string{"", "light", "medium", "heavy"}

func wakeIndex(s string) uint8 {
	for i, w := range wakeNames {
		if w == s {
			return uint8(i) //nolint:gosec // 4 names
		}
	}
	return 0
}

const (
	hasLat uint8 = 1 << iota
	hasLon
	hasAlt
	hasSpeed
	hasTrack
	hasVS
)

// Aircraft is the latest state of one aircraft (GET /api/traffic): a field absent from a
// message keeps its value.
type Aircraft struct {
	Hex       string   `json:"icao_hex"`
	Ident     string   `json:"ident,omitempty"`
	Squawk    string   `json:"squawk,omitempty"`
	Latitude  *float64 `json:"latitude,omitempty"`
	Longitude *float64 `json:"longitude,omitempty"`
	Altitude  *float64 `json:"altitude,omitempty"`
	Velocity  *float64 `json:"velocity,omitempty"`
	Heading   *float64 `json:"heading,omitempty"`
	Military  bool     `json:"military,omitempty"`
	Seen      float64  `json:"seen_seconds"`
	Who                // what the enrichment knows (EnrichWith)
	at        time.Time
}

// NewTraffic keeps the traffic of src (empty: none), polled every interval, for window.
func NewTraffic(src string, interval, window time.Duration, log zerolog.Logger) *Traffic {
	t := &Traffic{interval: interval, window: window, log: log, latest: map[string]*Aircraft{}, state: "off",
		who: rules.NewEngine(&rules.Set{}, 0)}
	if src != "" {
		t.feed = readsb.NewFeed(src, max(interval*4/5, time.Second), log)
		t.state = "down" // until the first answer
	}
	return t
}

// EnrichWith makes the kept aircraft enriched from src (AIRCRAFT_DB), as the rule tests'
// flights are, a registrant at detail and none for an aircraft optOut lists (nil: none): GET
// /api/traffic then says who each is and where it flies. Call it before Run.
func (t *Traffic) EnrichWith(src enrich.Source, detail model.RegistrantDetail, optOut enrich.OptOut, log zerolog.Logger) {
	t.lmu.Lock()
	defer t.lmu.Unlock()
	en := enrich.New(src, log)
	en.SetRegistrantDetail(detail)
	en.SetOptOut(optOut)
	t.who.SetEnricher(en)
}

// Watch makes the kept aircraft looked up in the watchlists (CONTRACT.md 11.4): each shows its
// entry from its next message on.
func (t *Traffic) Watch(s *watchlist.Set) { t.who.Swap(&rules.Set{Watchlists: s}) }

// Start runs the keeper in g until g's context ends: a poll of the feed on each tick (the
// monitor's ticker and poll runner: a tick due while a poll runs is dropped); without a feed,
// nothing.
func (t *Traffic) Start(g *pipeline.Group) {
	if t.feed == nil {
		return
	}
	ticks, runTicks := pipeline.Ticks(t.log, 0, t.interval)
	_, run := pipeline.Poll[struct{}]{Cycle: func(ctx context.Context) (struct{}, bool) {
		t.take(t.feed.Poll(ctx))
		if t.polled != nil {
			t.polled()
		}
		return struct{}{}, false
	}}.Start(ticks, 0)
	g.Go("traffic-ticker", runTicks)
	g.Go("traffic", run)
}

// take records one poll: its messages, or the feed's failure. The aircraft first (never held up
// by a rule test), then the kept messages.
func (t *Traffic) take(snap *readsb.Snapshot, msgs []model.AircraftMessage) {
	t.lmu.Lock()
	if snap == nil {
		t.state = "down"
		if err := t.feed.Err(); err != nil {
			t.err = err.Error()
		}
		t.lmu.Unlock()
		return
	}
	t.state, t.err = "ok", ""
	t.clock = snap.Clock()
	clock := t.clock
	for i := range msgs {
		t.latestOf(&msgs[i])
	}
	t.expireLatest(clock)
	t.lmu.Unlock()

	t.mu.Lock()
	for i := range msgs {
		t.keep(&msgs[i])
	}
	t.expireKept(clock)
	t.mu.Unlock()
	t.feed.Forget(clock.Add(-t.window))
}

// Add keeps one message (tests and the feed).
func (t *Traffic) Add(m *model.AircraftMessage) {
	t.lmu.Lock()
	t.latestOf(m)
	if m.ReceivedAt.After(t.clock) {
		t.clock = m.ReceivedAt
	}
	t.lmu.Unlock()
	t.mu.Lock()
	t.keep(m)
	t.mu.Unlock()
}

// keep adds m to the kept messages (mu held).
func (t *Traffic) keep(m *model.AircraftMessage) {
	k := kept{at: m.ReceivedAt.UnixNano(), hex: t.strs.id(m.IcaoHex), ident: t.strs.id(m.Ident), squawk: t.strs.id(m.Squawk)}
	if m.ReceiverSource == "978" {
		k.flags |= isUAT
	}
	num := func(p *float64, bit uint8, dst *float64) {
		if p != nil {
			k.has |= bit
			*dst = *p
		}
	}
	num(m.Latitude, hasLat, &k.lat)
	num(m.Longitude, hasLon, &k.lon)
	num(m.Altitude, hasAlt, &k.alt)
	num(m.Velocity, hasSpeed, &k.speed)
	num(m.Heading, hasTrack, &k.track)
	num(m.VerticalSpeed, hasVS, &k.vs)
	if a := m.Aircraft; a != nil {
		k.reg, k.typ = t.strs.id(a.Registration), t.strs.id(a.TypeDesignator)
		if a.Military != nil && *a.Military {
			k.flags |= isMilitary
		}
		k.flags |= wakeIndex(a.WakeTurbulenceCategory) << wakeShift
	}
	if t.n == len(t.ring) && len(t.ring) < MaxKeptMessages {
		t.grow()
	}
	if t.n == len(t.ring) { // full: the oldest goes
		t.ring[t.head] = k
		t.head = (t.head + 1) % len(t.ring)
	} else {
		t.ring[(t.head+t.n)%len(t.ring)] = k
		t.n++
	}
	t.kept.Store(int64(t.n))
}

// grow doubles the ring (up to MaxKeptMessages), oldest first.
func (t *Traffic) grow() {
	size := min(max(2*len(t.ring), 1024), MaxKeptMessages)
	ring := make([]kept, size)
	for i := range t.n {
		ring[i] = t.ring[(t.head+i)%len(t.ring)]
	}
	t.ring, t.head = ring, 0
}

// latestOf folds m into its aircraft's latest state, under the flight key of the contract
// (the address trimmed and upper-cased, as the notifications carry it), and into its flight
// (who and where) (lmu held).
func (t *Traffic) latestOf(m *model.AircraftMessage) {
	t.who.Process(m)
	hex := strings.ToUpper(strings.TrimSpace(m.IcaoHex))
	a := t.latest[hex]
	if a == nil {
		a = &Aircraft{Hex: hex}
		t.latest[hex] = a
	}
	if m.ReceivedAt.Before(a.at) {
		return
	}
	a.at = m.ReceivedAt
	if m.Ident != "" {
		a.Ident = m.Ident
	}
	if m.Squawk != "" {
		a.Squawk = m.Squawk
	}
	set := func(dst **float64, p *float64) {
		if p != nil {
			v := *p
			*dst = &v
		}
	}
	set(&a.Latitude, m.Latitude)
	set(&a.Longitude, m.Longitude)
	set(&a.Altitude, m.Altitude)
	set(&a.Velocity, m.Velocity)
	set(&a.Heading, m.Heading)
	if m.Aircraft != nil && m.Aircraft.Military != nil {
		a.Military = *m.Aircraft.Military
	}
}

// expireLatest drops the aircraft not heard from for aircraftWindow before now (lmu held).
func (t *Traffic) expireLatest(now time.Time) {
	for hex, a := range t.latest {
		if now.Sub(a.at) > aircraftWindow {
			delete(t.latest, hex)
		}
	}
	t.who.Expire(now)
}

// expireKept drops the messages older than the window before now; the string table is rebuilt
// once it holds far more than is used (mu held).
func (t *Traffic) expireKept(now time.Time) {
	cutoff := now.Add(-t.window).UnixNano()
	for t.n > 0 && t.ring[t.head].at < cutoff {
		t.ring[t.head] = kept{}
		t.head = (t.head + 1) % len(t.ring)
		t.n--
	}
	t.kept.Store(int64(t.n))
	if t.strs.len() > 2*t.strs.atRebuild+4096 {
		t.rebuildStrings()
	}
}

// rebuildStrings keeps only the strings the kept messages still use.
func (t *Traffic) rebuildStrings() {
	var fresh strTable
	for i := range t.n {
		k := &t.ring[(t.head+i)%len(t.ring)]
		for _, id := range []*uint32{&k.hex, &k.ident, &k.squawk, &k.reg, &k.typ} {
			*id = fresh.id(t.strs.str(*id))
		}
	}
	fresh.atRebuild = fresh.len()
	t.strs = fresh
}

// Each calls fn with every kept message, oldest first, as the engine reads it; m is reused.
// The kept messages are read-locked meanwhile (a poll's new messages wait); the aircraft
// (Position, Snapshot) are not.
func (t *Traffic) Each(fn func(m *model.AircraftMessage)) int {
	t.mu.RLock()
	defer t.mu.RUnlock()
	var (
		m                               model.AircraftMessage
		lat, lon, alt, speed, track, vs float64
		ac                              model.Aircraft
		military                        bool
	)
	num := func(has, bit uint8, v float64, store *float64) *float64 {
		if has&bit == 0 {
			return nil
		}
		*store = v
		return store
	}
	for i := range t.n {
		k := &t.ring[(t.head+i)%len(t.ring)]
		m = model.AircraftMessage{
			ReceivedAt: time.Unix(0, k.at).UTC(), IcaoHex: t.strs.str(k.hex), ReceiverSource: "1090",
			Ident: t.strs.str(k.ident), Squawk: t.strs.str(k.squawk),
			Latitude: num(k.has, hasLat, k.lat, &lat), Longitude: num(k.has, hasLon, k.lon, &lon),
			Altitude: num(k.has, hasAlt, k.alt, &alt), Velocity: num(k.has, hasSpeed, k.speed, &speed),
			Heading: num(k.has, hasTrack, k.track, &track), VerticalSpeed: num(k.has, hasVS, k.vs, &vs),
		}
		if k.flags&isUAT != 0 {
			m.ReceiverSource = "978"
		}
		if reg, typ := t.strs.str(k.reg), t.strs.str(k.typ); reg != "" || typ != "" || k.flags&^isUAT != 0 {
			ac = model.Aircraft{Registration: reg, TypeDesignator: typ, WakeTurbulenceCategory: wakeNames[k.wake()]}
			if k.flags&isMilitary != 0 {
				military = true
				ac.Military = &military
			}
			m.Aircraft = &ac
		}
		fn(&m)
	}
	return t.n
}

// Position is where the receiver last saw an aircraft (hex as the flight key), when it did
// within the aircraft window before at: what a rule notification, which carries no position,
// is shown at on the Matches page.
func (t *Traffic) Position(hex string, at time.Time) (*MatchPosition, bool) {
	t.lmu.RLock()
	defer t.lmu.RUnlock()
	a := t.latest[strings.ToUpper(strings.TrimSpace(hex))]
	if a == nil || a.Latitude == nil || a.Longitude == nil || at.Sub(a.at) > aircraftWindow || a.at.Sub(at) > aircraftWindow {
		return nil, false
	}
	p := &MatchPosition{Latitude: *a.Latitude, Longitude: *a.Longitude}
	if a.Altitude != nil {
		alt := *a.Altitude
		p.Altitude = &alt
	}
	return p, true
}

// Len is the number of kept messages.
func (t *Traffic) Len() int { return int(t.kept.Load()) }

// Snapshot is GET /api/traffic: the feed's state and the aircraft seen in the last minute.
type Snapshot struct {
	Feed     string      `json:"feed"` // off, ok, down
	Error    string      `json:"error,omitempty"`
	Now      string      `json:"now"`
	Messages int         `json:"messages"`
	Aircraft []*Aircraft `json:"aircraft"`
}

// Snapshot copies what the keeper knows now (now: the wall clock, used before the feed's
// first answer), aircraft by address.
func (t *Traffic) Snapshot(wall time.Time) Snapshot {
	t.lmu.RLock()
	now := t.clock
	if now.IsZero() {
		now = wall
	}
	out := Snapshot{Feed: t.state, Error: t.err, Now: now.UTC().Format(time.RFC3339), Messages: t.Len(), Aircraft: []*Aircraft{}}
	lists := t.who.Set().Watchlists
	for _, a := range t.latest {
		if now.Sub(a.at) > aircraftWindow {
			continue
		}
		c := *a
		c.Seen = model.Round(now.Sub(a.at).Seconds(), 1)
		c.Who = WhoOf(t.who.Flight(a.Hex))
		// The lists as they are now, even for an aircraft with no message since they changed.
		c.Watchlist = nil
		if w := lists.Lookup(a.Hex); w != nil {
			c.Watchlist = w.Shown
		}
		out.Aircraft = append(out.Aircraft, &c)
	}
	t.lmu.RUnlock()
	sort.Slice(out.Aircraft, func(i, j int) bool { return out.Aircraft[i].Hex < out.Aircraft[j].Hex })
	return out
}

// strTable keeps each string of the kept messages once; 0 is "".
type strTable struct {
	ids       map[string]uint32
	strs      []string
	atRebuild int
}

func (st *strTable) id(s string) uint32 {
	if s == "" {
		return 0
	}
	if id, ok := st.ids[s]; ok {
		return id
	}
	if st.ids == nil {
		st.ids, st.strs = map[string]uint32{}, []string{""}
	}
	st.strs = append(st.strs, s)
	id := uint32(len(st.strs) - 1) //nolint:gosec // far fewer than 2^32 strings
	st.ids[s] = id
	return id
}

func (st *strTable) str(id uint32) string {
	if id == 0 {
		return ""
	}
	return st.strs[id]
}

func (st *strTable) len() int { return len(st.strs) }
