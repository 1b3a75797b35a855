package delivery

import (
	"fmt"

	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// DigestWindow is what a digest covers when its schedule is off (replay's last digest): the
// 24 hours before it. A scheduled digest covers the calendar day since the previous one.
const DigestWindow = 24 * time.Hour

// MaxDigestEvents bounds the matches a digest remembers (the oldest go first).
const MaxDigestEvents = 200_000

// TopAircraft is how many aircraft a digest lists.
const TopAircraft = 10

// Schedule is when the digest goes out: a local time of day in a zone (DIGEST_TIME in
// NOTIFY_TIMEZONE), or never.
type Schedule struct {
	Off      bool
	Minute   int // of the local day
	Location *time.Location
}

var digestTimeRE = regexp.MustCompile(`^([01]?\d|2[0-3]):([0-5]\d)$`)

// ParseSchedule reads DIGEST_TIME ("" is 08:00; "off" disables).
func ParseSchedule(v string, loc *time.Location) (Schedule, error) {
	v = strings.TrimSpace(v)
	if strings.EqualFold(v, "off") {
		return Schedule{Off: true}, nil
	}
	if v == "" {
		v = "08:00"
	}
	m := digestTimeRE.FindStringSubmatch(v)
	if m == nil {
		return Schedule{}, fmt.Errorf("invalid time %q (want HH:MM, or off)", v)
	}
	h, _ := strconv.Atoi(m[1])
	mi, _ := strconv.Atoi(m[2])
	loc = model.Zone(loc)
	return Schedule{Minute: h*60 + mi, Location: loc}, nil
}

// Next is the first digest time strictly after t (zero when off): the local time on t's day
// or a later one (a time skipped by a summer-time change is the change itself).
func (s Schedule) Next(t time.Time) time.Time {
	if s.Off {
		return time.Time{}
	}
	loc := model.Zone(s.Location) // a Schedule made without a zone: UTC, as everywhere
	y, mo, d := t.In(loc).Date()
	at := localTime(y, mo, d, s.Minute, loc)
	for i := 1; !at.After(t); i++ {
		at = localTime(y, mo, d+i, s.Minute, loc)
	}
	return at
}

// Before is the last digest time strictly before t: where the period of a digest made at t
// starts (a calendar day in the zone: 23 or 25 hours across a summer-time change). When off,
// the 24 hours before t.
func (s Schedule) Before(t time.Time) time.Time {
	if s.Off {
		return t.Add(-DigestWindow)
	}
	loc := model.Zone(s.Location)
	y, mo, d := t.In(loc).Date()
	at := localTime(y, mo, d+1, s.Minute, loc)
	for i := 0; !at.Before(t); i-- {
		at = localTime(y, mo, d+i, s.Minute, loc)
	}
	return at
}

// event is one decided match, as the digest counts it.
type event struct {
	at     int64
	rule   string
	icao   string
	label  string
	held   bool
	reason string
}

// Digest remembers the decided matches of the last day (at most MaxDigestEvents).
type Digest struct {
	events []event // in time order, a ring once full
	head   int
	names  map[string]string // rule identifier → name
}

// NewDigest is an empty digest.
func NewDigest() *Digest { return &Digest{names: map[string]string{}} }

// Add records one decided match (a match with no policy counts as sent); label names the
// aircraft (Label).
func (g *Digest) Add(at time.Time, rule, ruleName, icao, label string, d Decision) {
	g.names[rule] = ruleName
	e := event{at: at.UnixNano(), rule: rule, icao: icao, label: label, held: d.State == Held, reason: d.Reason}
	if len(g.events) < MaxDigestEvents {
		g.events = append(g.events, e)
		return
	}
	g.events[g.head] = e
	g.head = (g.head + 1) % len(g.events)
}

// Label names an aircraft in a digest: its callsign or registration (else its address), with
// model and operator when known: "EZY16EG (Airbus A320neo, easyJet)".
func Label(icao, ident, registration, model, operator string) string {
	head := strings.TrimSpace(ident)
	if head == "" {
		head = strings.TrimSpace(registration)
	}
	if head == "" {
		head = icao
	}
	if p := join(", ", model, operator); p != "" {
		return head + " (" + p + ")"
	}
	return strings.Clone(head) // kept a day: never a view into the aircraft database's bytes
}

// DigestRule is one rule's line of a digest.
type DigestRule struct {
	Identifier string         `json:"identifier"`
	Name       string         `json:"name"`
	Sent       int            `json:"sent"`
	Held       map[string]int `json:"held"`
	matches    int
}

// DigestAircraft is one of the aircraft matched most.
type DigestAircraft struct {
	IcaoHex string `json:"icao_hex"`
	Label   string `json:"label"`
	Matches int    `json:"matches"`
}

// Report is a digest as published (CONTRACT.md 10.6).
type Report struct {
	From  string           `json:"from"`
	To    string           `json:"to"`
	Rules []DigestRule     `json:"rules"`
	Top   []DigestAircraft `json:"top"`
	// Totals are the period's flight log (nil: none, CONTRACT.md 13.4), set by its reader.
	Totals *Totals `json:"totals,omitempty"`
	// from and to are the period as instants, for its text in local time.
	from, to time.Time
}

// Report is the digest of the period [from, to): the matches at from or later and before to
// (a match at exactly the digest time is the next digest's, CONTRACT.md 10.6), rules by
// matches (then identifier), the TopAircraft aircraft with the most matches (then address).
// The matches before to are forgotten: they are reported.
func (g *Digest) Report(from, to time.Time) Report { return g.report(from, to, false) }

// ReportThrough is the digest of [from, last], the end of an input included (replay's last
// digest, at the end of the traffic).
func (g *Digest) ReportThrough(from, last time.Time) Report { return g.report(from, last, true) }

func (g *Digest) report(from, to time.Time, through bool) Report {
	lo, hi := from.UnixNano(), to.UnixNano()
	in := func(at int64) bool { return at >= lo && (at < hi || through && at == hi) }
	rules := map[string]*DigestRule{}
	type ac struct {
		label   string
		matches int
		last    int64
	}
	aircraft := map[string]*ac{}
	kept := g.events[:0:0]
	g.each(func(e event) {
		if e.at > hi || !through && e.at == hi {
			kept = append(kept, e)
		}
		if !in(e.at) {
			return
		}
		r := rules[e.rule]
		if r == nil {
			r = &DigestRule{Identifier: e.rule, Name: g.names[e.rule], Held: map[string]int{}}
			rules[e.rule] = r
		}
		r.matches++
		if e.held {
			r.Held[e.reason]++
		} else {
			r.Sent++
		}
		a := aircraft[e.icao]
		if a == nil {
			a = &ac{}
			aircraft[e.icao] = a
		}
		a.matches++
		if e.at >= a.last {
			a.label, a.last = e.label, e.at
		}
	})
	g.events, g.head = kept, 0 // the older matches are no digest's any more
	out := Report{From: FormatTime(from), To: FormatTime(to), Rules: []DigestRule{}, Top: []DigestAircraft{}, from: from, to: to}
	for _, r := range rules {
		out.Rules = append(out.Rules, *r)
	}
	for icao, a := range aircraft {
		out.Top = append(out.Top, DigestAircraft{IcaoHex: icao, Label: a.label, Matches: a.matches})
	}
	out.order()
	return out
}

// order sorts the rules by matches (then identifier) and keeps the TopAircraft aircraft with
// the most matches (then address).
func (r *Report) order() {
	sort.Slice(r.Rules, func(i, j int) bool {
		a, b := r.Rules[i], r.Rules[j]
		if a.matches != b.matches {
			return a.matches > b.matches
		}
		return a.Identifier < b.Identifier
	})
	sort.Slice(r.Top, func(i, j int) bool {
		a, b := r.Top[i], r.Top[j]
		if a.Matches != b.Matches {
			return a.Matches > b.Matches
		}
		return a.IcaoHex < b.IcaoHex
	})
	if len(r.Top) > TopAircraft {
		r.Top = r.Top[:TopAircraft]
	}
}

func (g *Digest) each(fn func(event)) {
	for i := range g.events {
		fn(g.events[(g.head+i)%len(g.events)])
	}
}

// Title and Text are a digest as a channel sends it.
func (r Report) Title() string { return "Tracker: the day's matches" }

// PeriodText is the digest's period in loc's local time, in words: "Thu 26 Nov 08:00 – Fri 27
// Nov 08:00".
func (r Report) PeriodText(loc *time.Location) string {
	loc = model.Zone(loc)
	const layout = "Mon 2 Jan 15:04"
	return r.from.In(loc).Format(layout) + " – " + r.to.In(loc).Format(layout)
}

// Text lists each rule's sent and held matches and the aircraft matched most, under its
// period in loc's local time.
func (r Report) Text(loc *time.Location) string {
	loc = model.Zone(loc) // the totals' times too, not only the period's
	var b strings.Builder
	b.WriteString(r.PeriodText(loc))
	b.WriteByte('\n')
	if r.Totals != nil {
		b.WriteString(r.Totals.text(loc))
		b.WriteByte('\n')
	}
	if len(r.Rules) == 0 {
		b.WriteString("No matches.")
		return b.String()
	}
	for _, x := range r.Rules {
		name := x.Name
		if name == "" {
			name = x.Identifier
		}
		fmt.Fprintf(&b, "%s: %d sent", name, x.Sent)
		if len(x.Held) > 0 {
			reasons := make([]string, 0, len(x.Held))
			total := 0
			for k, n := range x.Held {
				reasons = append(reasons, fmt.Sprintf("%s %d", k, n))
				total += n
			}
			sort.Strings(reasons)
			fmt.Fprintf(&b, ", %d held (%s)", total, strings.Join(reasons, ", "))
		}
		b.WriteByte('\n')
	}
	if len(r.Top) > 0 {
		b.WriteString("Most seen:")
		for _, a := range r.Top {
			fmt.Fprintf(&b, "\n%s × %d", a.Label, a.Matches)
		}
	}
	return strings.TrimRight(b.String(), "\n")
}
