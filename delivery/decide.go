package delivery

import (
	"math"
	"slices"
	"sort"
	"time"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// State is what became of a match: sent to the people-facing outputs, or held.
type State uint8

const (
	// None: the rule has no policy and no mute applies; the notification carries no
	// `delivery` (CONTRACT.md 10.3), and it is told everywhere, as before.
	None State = iota
	Sent
	Held
)

func (s State) String() string {
	switch s {
	case Sent:
		return "sent"
	case Held:
		return "held"
	}
	return ""
}

// Reasons a match is held (CONTRACT.md 10.2).
const (
	Muted      = "muted"
	QuietHours = "quiet_hours"
	Cooldown   = "cooldown"
	RateLimit  = "rate_limit"
)

// Emergency is the reason of a held match sent after all, because its flight then squawked
// an emergency (CONTRACT.md 10.2 "An emergency after a hold").
const Emergency = "emergency"

// Decision is the delivery of one match.
type Decision struct {
	State  State
	Reason string    // held: why; sent: Emergency for a held match sent after all
	Until  time.Time // held: when the window, cooldown or mute ends (zero for rate_limit)
}

// Told reports whether people are told: sent, or no policy at all.
func (d Decision) Told() bool { return d.State != Held }

// AppendJSON appends the notification's "delivery" object (CONTRACT.md 10.3):
// {"state": "sent"} or {"state": "held", "reason", "until"} (until left out for rate_limit);
// {"state": "sent", "reason": "emergency"} for a held match sent after all.
func (d Decision) AppendJSON(dst []byte) []byte {
	dst = append(dst, `{"state":"`...)
	dst = append(dst, d.State.String()...)
	dst = append(dst, '"')
	if d.Reason != "" {
		dst = append(dst, `,"reason":"`...)
		dst = append(dst, d.Reason...)
		dst = append(dst, '"')
	}
	if d.State == Held {
		if !d.Until.IsZero() {
			dst = append(dst, `,"until":"`...)
			dst = d.Until.UTC().AppendFormat(dst, "2006-01-02T15:04:05.999999")
			dst = append(dst, `+00:00"`...)
		}
	}
	return append(dst, '}')
}

// Mutes says whether a rule or an aircraft is muted at a time.
type Mutes interface {
	// Until is the latest end of the mutes of rule (or every rule, "*") for every aircraft or
	// for icao, among those still on at at; ok false when none is.
	Until(rule, icao string, at time.Time) (until time.Time, ok bool)
}

// MaxTracked bounds the cooldown state: (rule, aircraft) pairs remembered.
const MaxTracked = 100_000

// Decider decides matches in the order of CONTRACT.md 10.2 and keeps what the cooldown and
// the hourly cap need. One goroutine's (the evaluation's), as the engine is.
type Decider struct {
	mutes Mutes // nil: none
	// rules holds each rule's cooldown ends and recent sends.
	rules map[string]*ruleState
	// tracked is the number of (rule, aircraft) cooldown ends kept, over every rule.
	tracked int
}

// ruleState is one rule's memory: when each aircraft's cooldown ends (Unix nanoseconds), by
// its 24-bit address (a bit above for readsb's non-ICAO '~' addresses; anything else by its
// text), and the times of its latest sends for the hourly cap.
type ruleState struct {
	cool  map[uint32]int64
	other map[string]int64
	sends sendTimes
}

// NewDecider decides with mutes (nil: none).
func NewDecider(mutes Mutes) *Decider {
	return &Decider{mutes: mutes, rules: map[string]*ruleState{}}
}

// addressKey is an aircraft's key in a rule's cooldown map: its 24-bit address, bit 24 set for
// a non-ICAO ('~') one; ok false for a key that is no address.
func addressKey(icao string) (uint32, bool) {
	var flag uint32
	if len(icao) == 7 && icao[0] == '~' {
		icao, flag = icao[1:], 1<<24
	}
	v, ok := model.ParseAddress(icao)
	if !ok {
		return 0, false
	}
	return v | flag, true
}

// coolEnd is when the cooldown of rule st for aircraft icao ends (ok false: none kept).
func (st *ruleState) coolEnd(icao string) (int64, bool) {
	if k, ok := addressKey(icao); ok {
		until, found := st.cool[k]
		return until, found
	}
	until, found := st.other[icao]
	return until, found
}

// Decide is the delivery of a match of rule (its identifier and policy, nil: no `notify`) for
// aircraft icao (the flight key) whose latest squawk is squawk, triggered by a message
// received at at. A sent decision is remembered for the cooldown and the hourly cap.
func (d *Decider) Decide(rule string, p *Policy, icao, squawk string, at time.Time) Decision {
	bypass := Bypasses(p)
	var mutedUntil time.Time
	muted, known := false, false
	if d.mutes != nil {
		mutedUntil, muted = d.mutes.Until(rule, icao, at)
	}
	if p == nil && !muted {
		return Decision{} // nothing to decide: as before
	}
	switch {
	case bypass && model.IsEmergency(squawk):
		if st := d.rules[rule]; p != nil && st != nil { // rare: looked up for remember
			_, known = st.coolEnd(icao)
		}
	case muted:
		return Decision{State: Held, Reason: Muted, Until: mutedUntil}
	case p == nil:
	default:
		if until, quiet := p.quiet(at); quiet {
			return Decision{State: Held, Reason: QuietHours, Until: until}
		}
		st := d.rules[rule]
		if p.Cooldown > 0 && st != nil {
			until, ok := st.coolEnd(icao)
			if ok && at.UnixNano() < until {
				return Decision{State: Held, Reason: Cooldown, Until: time.Unix(0, until).UTC()}
			}
			known = ok
		}
		if p.MaxPerHour > 0 && st != nil && st.sends.full(p.MaxPerHour, at.UnixNano()) {
			return Decision{State: Held, Reason: RateLimit}
		}
	}
	if p != nil {
		d.remember(rule, p, icao, at, known)
	}
	return Decision{State: Sent}
}

// Again decides once more a match of rule for aircraft icao that was held, now that its
// flight squawks an emergency and the rule's bypass is on (p nil: no policy, a mute held it):
// sent, reason Emergency, and remembered for the cooldown and the cap as any send is.
func (d *Decider) Again(rule string, p *Policy, icao string, at time.Time) Decision {
	if p != nil {
		known := false
		if st := d.rules[rule]; st != nil {
			_, known = st.coolEnd(icao)
		}
		d.remember(rule, p, icao, at, known)
	}
	return Decision{State: Sent, Reason: Emergency}
}

// Bypasses reports whether an emergency is sent despite everything under policy p (nil: no
// policy, so only a mute could hold it, and the bypass is on by default).
func Bypasses(p *Policy) bool { return p == nil || p.EmergencyBypass }

// remember records a send for the cooldown and the cap; known: the pair is already kept
// (Decide looked it up).
func (d *Decider) remember(rule string, p *Policy, icao string, at time.Time, known bool) {
	now := at.UnixNano()
	st := d.rules[rule]
	if st == nil {
		st = &ruleState{cool: map[uint32]int64{}}
		d.rules[rule] = st
	}
	if p.Cooldown > 0 {
		if !known {
			if d.tracked >= MaxTracked {
				d.sweep(now)
			}
			d.tracked++
		}
		if k, ok := addressKey(icao); ok {
			st.cool[k] = now + int64(p.Cooldown)
		} else {
			if st.other == nil {
				st.other = map[string]int64{}
			}
			st.other[icao] = now + int64(p.Cooldown)
		}
	}
	if p.MaxPerHour > 0 {
		st.sends.add(p.MaxPerHour, now)
	}
}

// sweep keeps the cooldown ends still to come; when most are, those ending in the earlier
// half of the span go, and if the ends are bunched (one message time for thousands of
// aircraft) any others, until a quarter of the room is free. Each sweep frees at least a
// quarter of MaxTracked, so its cost is spread over that many new pairs; a pair forgotten
// early can only be told once sooner than its policy asked. The maps are built anew (a map
// emptied by deletes stays as slow to search as a full one).
func (d *Decider) sweep(now int64) {
	lo, hi, live := int64(math.MaxInt64), int64(math.MinInt64), 0
	for _, st := range d.rules {
		lo, hi, live = span(st.cool, now, lo, hi, live)
		lo, hi, live = span(st.other, now, lo, hi, live)
	}
	cut := now // keep what ends after cut
	if live > MaxTracked*3/4 && hi > lo {
		cut = lo + (hi-lo)/2
	}
	room := MaxTracked * 3 / 4 // what may be kept
	d.tracked = 0
	for _, st := range d.rules {
		st.cool = keep(st.cool, cut, room, &d.tracked)
		if st.other != nil {
			st.other = keep(st.other, cut, room, &d.tracked)
		}
	}
}

// span widens lo..hi to the cooldown ends of m still to come after now, and counts them.
func span[K comparable](m map[K]int64, now, lo, hi int64, live int) (int64, int64, int) {
	for _, until := range m {
		if until > now {
			lo, hi, live = min(lo, until), max(hi, until), live+1
		}
	}
	return lo, hi, live
}

// keep is m anew with the ends after cut, while *kept is under room (counting them in it).
func keep[K comparable](m map[K]int64, cut int64, room int, kept *int) map[K]int64 {
	out := make(map[K]int64, len(m)/2)
	for k, until := range m {
		if until > cut && *kept < room {
			out[k] = until
			*kept++
		}
	}
	return out
}

// Tracked is the number of (rule, aircraft) pairs the cooldown remembers.
func (d *Decider) Tracked() int { return d.tracked }

// sendTimes holds the times of a rule's recent sends (Unix nanoseconds, exact) for the hourly
// cap, in time order whatever order they were decided in: messages arrive up to the lag out of
// order, so the cap counts by time, never by arrival (CONTRACT.md 10.2 "Precisions"). The live
// times are times[head:]: dropping the oldest moves head, never the others; the slice grows
// to the cap and a little over (room for the late), no further while sends stay in order.
type sendTimes struct {
	times []int64 // ascending from head
	head  int
}

// keepAfterNewest is how far before the newest send a time is still kept: the hour, and room
// for messages that arrive late (replay and watch suppress those more than 30 s late).
const keepAfterNewest = time.Hour + 2*time.Minute

// live are the kept send times, ascending.
func (s *sendTimes) live() []int64 { return s.times[s.head:] }

// full reports whether a send at now would make more than limit sends in some 60 minutes:
// the hour before now (CONTRACT.md 10.2), and, when sends later than now were decided first
// (messages out of order), the hour before each of those that now falls in (10.1: "in any
// 60-minute window").
func (s *sendTimes) full(limit int, now int64) bool {
	t := s.live()
	hour := int64(time.Hour)
	lo := sort.Search(len(t), func(i int) bool { return t[i] > now-hour })
	hi := sort.Search(len(t), func(i int) bool { return t[i] > now })
	if hi-lo >= limit {
		return true
	}
	if hi-lo+len(t)-hi < limit { // every send later than now too leaves room: the usual case
		return false
	}
	// The windows that end at each later send within the hour, slid along (lo only moves on).
	for j := hi; j < len(t) && t[j]-now < hour; j++ {
		for t[lo] <= t[j]-hour {
			lo++
		}
		if j-lo+1 >= limit {
			return true
		}
	}
	return false
}

// add records a send at now, in its place; times long before the newest go, and at most
// 2 × limit are kept (the newest), so a rule's memory stays near its cap.
func (s *sendTimes) add(limit int, now int64) {
	if len(s.times) == cap(s.times) {
		s.makeRoom(limit)
	}
	i := len(s.times)
	for i > s.head && s.times[i-1] > now { // nearly always at the end
		i--
	}
	s.times = slices.Insert(s.times, i, now) // within the capacity: no allocation
	t := s.live()
	newest := t[len(t)-1]
	drop := sort.Search(len(t), func(i int) bool { return t[i] >= newest-int64(keepAfterNewest) })
	s.head += max(drop, len(t)-2*limit)
}

// makeRoom frees the slice's end: the live times moved to its start when the dropped ones take
// room, else a larger slice (to the cap and a little over at first, then doubling).
func (s *sendTimes) makeRoom(limit int) {
	live := s.live()
	if s.head > 0 {
		n := copy(s.times, live)
		s.times, s.head = s.times[:n], 0
		return
	}
	size := max(8, 2*cap(s.times))
	if c := cap(s.times); c < limit+limit/16+8 {
		size = min(size, limit+limit/16+8)
	}
	grown := make([]int64, len(live), size)
	copy(grown, live)
	s.times = grown
}

// maxChained bounds how many windows one quiet period may chain (14 windows over a week).
const maxChained = 7 * MaxQuietWindows

// quiet reports whether at falls in a quiet window, and when the whole quiet period ends:
// windows that touch or overlap are one period (CONTRACT.md 10.2), so its end is followed
// from window to window.
func (p *Policy) quiet(at time.Time) (time.Time, bool) {
	end, ok := p.windowEnd(at)
	if !ok {
		return time.Time{}, false
	}
	for range maxChained {
		next, more := p.windowEnd(end)
		if !more || !next.After(end) {
			break
		}
		end = next
	}
	return end.UTC(), true
}

// windowEnd reports whether at falls in one of the quiet windows, and the latest end of those
// it falls in: the first instant at or after at when the local clock reads the window's `to`
// (a `to` skipped or repeated by a summer-time change never ends a window before at).
func (p *Policy) windowEnd(at time.Time) (time.Time, bool) {
	if len(p.Quiet) == 0 {
		return time.Time{}, false
	}
	loc := model.Zone(p.Location) // a Policy made without a zone: UTC, as everywhere
	local := at.In(loc)
	y, mo, day := local.Date()
	minute := local.Hour()*60 + local.Minute()
	wd := local.Weekday()
	prev := (wd + 6) % 7
	var until time.Time
	found := false
	for _, w := range p.Quiet {
		endDay := day
		switch {
		case w.From < w.To: // within the day
			if w.Days&(1<<wd) == 0 || minute < w.From || minute >= w.To {
				continue
			}
		case minute >= w.From && w.Days&(1<<wd) != 0: // past midnight, started today
			endDay = day + 1
		case minute < w.To && w.Days&(1<<prev) != 0: // past midnight, started yesterday
		default:
			continue
		}
		end := firstReading(at, y, mo, endDay, w.To, loc)
		if !found || end.After(until) {
			until, found = end, true
		}
	}
	return until, found
}
