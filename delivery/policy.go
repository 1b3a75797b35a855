// Package delivery decides when, how often and where a rule match is told (CONTRACT.md 10):
// a rule's delivery policy (its `notify` object), mutes, the decision of each match, the
// one-line text the channels send, and the daily digest. It is a library: no goroutine; the
// decision is a function of the policy, the mutes, a small bounded state and the triggering
// message's time, so replay decides exactly as watch did (the one I/O, store.go, reads and
// writes the mutes' hash for those that keep them).
package delivery

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// Limits of a policy (CONTRACT.md 10.1).
const (
	MaxQuietWindows = 14
	MaxCooldown     = 10080 // minutes: a week
	MaxPerHour      = 3600
)

// ChannelName is what a channel may be called (NOTIFY_URLS) and what `channels` may list.
var ChannelName = regexp.MustCompile(`^[a-z0-9_-]{1,32}$`)

// Policy is a rule's `notify`, compiled. The zero policy (no `notify`) only bypasses for
// emergencies, which matters only when a mute applies.
type Policy struct {
	// Location is the clock of the quiet hours (the `timezone`, else the default zone).
	Location *time.Location
	Quiet    []Window
	Cooldown time.Duration
	// MaxPerHour caps the sent notifications in any 60 minutes (0: no cap).
	MaxPerHour int
	// EmergencyBypass sends a flight squawking 7500, 7600 or 7700 despite everything else.
	EmergencyBypass bool
	// Channels are the NOTIFY_URLS channels that get this rule's sent notifications (nil:
	// every channel).
	Channels []string
}

// Window is one quiet window: from and to in minutes of the local day, Days the weekdays it
// starts on (bit i: time.Weekday(i)).
type Window struct {
	From, To int
	Days     uint8
}

// EveryDay is a window's Days when the notify object names none.
const EveryDay uint8 = 0x7f

var dayNames = []string{"sun", "mon", "tue", "wed", "thu", "fri", "sat"}

// Problem is one thing wrong with a `notify` object: Loc is its place under the object
// (the API's 422 loc continues ["body", "notify", …] with it).
type Problem struct {
	Loc  []any
	Msg  string
	Type string
}

// Parse checks and compiles a `notify` object; zone is the default time zone (NOTIFY_TIMEZONE;
// nil: UTC, model.Zone). It returns every problem found, or the policy and the object as it is
// stored (the known keys, normalised).
func Parse(raw json.RawMessage, zone *time.Location) (*Policy, json.RawMessage, []Problem) {
	var m map[string]json.RawMessage
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	if err := d.Decode(&m); err != nil || m == nil {
		return nil, nil, []Problem{{Msg: "notify must be an object", Type: "dict_type"}}
	}
	ps := policyParse{p: &Policy{Location: model.Zone(zone), EmergencyBypass: true}}
	for _, key := range []string{"timezone", "quiet_hours", "cooldown_minutes", "max_per_hour", "emergency_bypass", "channels"} {
		if v, ok := m[key]; ok && string(v) != "null" {
			ps.field(key, v)
		}
	}
	if ps.probs != nil {
		return nil, nil, ps.probs
	}
	out, _ := json.Marshal(ps.stored)
	return ps.p, out, nil
}

// policyParse is one Parse: the policy and its stored object as they are made, and the
// problems found.
type policyParse struct {
	p      *Policy
	stored storedPolicy
	probs  []Problem
}

func (ps *policyParse) add(msg, typ string, loc ...any) {
	ps.probs = append(ps.probs, Problem{Loc: loc, Msg: msg, Type: typ})
}

// field reads one key of the object (present, not null).
func (ps *policyParse) field(key string, v json.RawMessage) {
	p, stored := ps.p, &ps.stored
	switch key {
	case "timezone":
		var name string
		if json.Unmarshal(v, &name) != nil {
			ps.add("timezone must be an IANA time zone name", "string_type", "timezone")
		} else if loc, err := LoadZone(name); err != nil {
			ps.add(fmt.Sprintf("unknown time zone '%s'", name), "value_error", "timezone")
		} else {
			p.Location, stored.Timezone = loc, name
		}
	case "quiet_hours":
		ps.quietHours(v)
	case "cooldown_minutes":
		if n, ok := integer(v); !ok || n < 0 || n > MaxCooldown {
			ps.add(fmt.Sprintf("cooldown_minutes must be an integer from 0 to %d", MaxCooldown), "int_range", "cooldown_minutes")
		} else {
			p.Cooldown, stored.Cooldown = time.Duration(n)*time.Minute, &n
		}
	case "max_per_hour":
		if n, ok := integer(v); !ok || n < 1 || n > MaxPerHour {
			ps.add(fmt.Sprintf("max_per_hour must be an integer from 1 to %d", MaxPerHour), "int_range", "max_per_hour")
		} else {
			p.MaxPerHour, stored.MaxPerHour = int(n), &n
		}
	case "emergency_bypass":
		var b bool
		if json.Unmarshal(v, &b) != nil {
			ps.add("emergency_bypass must be a boolean", "bool_type", "emergency_bypass")
		} else {
			p.EmergencyBypass, stored.EmergencyBypass = b, &b
		}
	case "channels":
		ps.channels(v)
	}
}

// quietHours reads quiet_hours: an array of at most MaxQuietWindows windows.
func (ps *policyParse) quietHours(v json.RawMessage) {
	var items []json.RawMessage
	switch {
	case json.Unmarshal(v, &items) != nil:
		ps.add("quiet_hours must be an array", "list_type", "quiet_hours")
	case len(items) > MaxQuietWindows:
		ps.add(fmt.Sprintf("quiet_hours must have at most %d windows", MaxQuietWindows), "too_long", "quiet_hours")
	default:
		for i, it := range items {
			w, sw, wp := parseWindow(it)
			for _, q := range wp {
				q.Loc = append([]any{"quiet_hours", i}, q.Loc...)
				ps.probs = append(ps.probs, q)
			}
			if wp == nil {
				ps.p.Quiet = append(ps.p.Quiet, w)
				ps.stored.QuietHours = append(ps.stored.QuietHours, sw)
			}
		}
	}
}

// channels reads channels: an array of channel names.
func (ps *policyParse) channels(v json.RawMessage) {
	var names []json.RawMessage
	if json.Unmarshal(v, &names) != nil {
		ps.add("channels must be an array of channel names", "list_type", "channels")
		return
	}
	ps.p.Channels = []string{}
	for i, raw := range names {
		var s string
		if json.Unmarshal(raw, &s) != nil || !ChannelName.MatchString(s) {
			ps.add("a channel name is 1 to 32 of a-z, 0-9, '_' and '-'", "string_pattern_mismatch", "channels", i)
			continue
		}
		ps.p.Channels = append(ps.p.Channels, s)
	}
	ps.stored.Channels = ps.p.Channels
}

// storedPolicy is the `notify` object as the API stores it: the known keys only.
type storedPolicy struct {
	Timezone        string         `json:"timezone,omitempty"`
	QuietHours      []storedWindow `json:"quiet_hours,omitempty"`
	Cooldown        *int64         `json:"cooldown_minutes,omitempty"`
	MaxPerHour      *int64         `json:"max_per_hour,omitempty"`
	EmergencyBypass *bool          `json:"emergency_bypass,omitempty"`
	Channels        []string       `json:"channels,omitempty"`
}

type storedWindow struct {
	From string   `json:"from"`
	To   string   `json:"to"`
	Days []string `json:"days,omitempty"`
}

var clockRE = regexp.MustCompile(`^([01]\d|2[0-3]):([0-5]\d)$`)

func parseWindow(raw json.RawMessage) (Window, storedWindow, []Problem) {
	var m map[string]json.RawMessage
	if json.Unmarshal(raw, &m) != nil || m == nil {
		return Window{}, storedWindow{}, []Problem{{Msg: "a quiet window is an object {\"from\", \"to\", \"days\"}", Type: "dict_type"}}
	}
	var probs []Problem
	w := Window{Days: EveryDay}
	var sw storedWindow
	clock := func(key string, dst *int, text *string) {
		var s string
		v, ok := m[key]
		if !ok {
			probs = append(probs, Problem{Loc: []any{key}, Msg: "field required", Type: "missing"})
			return
		}
		mm := clockRE.FindStringSubmatch(strings.TrimSpace(func() string { _ = json.Unmarshal(v, &s); return s }()))
		if mm == nil {
			probs = append(probs, Problem{Loc: []any{key}, Msg: key + " must be a time of day HH:MM (00:00 to 23:59)", Type: "string_pattern_mismatch"})
			return
		}
		h, _ := strconv.Atoi(mm[1])
		mi, _ := strconv.Atoi(mm[2])
		*dst, *text = h*60+mi, mm[0]
	}
	clock("from", &w.From, &sw.From)
	clock("to", &w.To, &sw.To)
	if probs == nil && w.From == w.To {
		probs = append(probs, Problem{Loc: []any{"to"}, Msg: "from and to must differ (a window of no length, or of a whole day, is not a window)", Type: "value_error"})
	}
	if v, ok := m["days"]; ok && string(v) != "null" {
		var days []string
		if json.Unmarshal(v, &days) != nil || len(days) == 0 {
			probs = append(probs, Problem{Loc: []any{"days"}, Msg: "days must be a non-empty array of mon, tue, wed, thu, fri, sat, sun", Type: "list_type"})
		} else {
			w.Days = 0
			for i, d := range days {
				n := dayIndex(d)
				if n < 0 {
					probs = append(probs, Problem{Loc: []any{"days", i}, Msg: "a day is one of mon, tue, wed, thu, fri, sat, sun", Type: "enum"})
					continue
				}
				w.Days |= 1 << n
			}
			for i, name := range dayNames[1:] { // stored Monday first, each once
				if w.Days&(1<<(i+1)) != 0 {
					sw.Days = append(sw.Days, name)
				}
			}
			if w.Days&1 != 0 {
				sw.Days = append(sw.Days, "sun")
			}
		}
	}
	return w, sw, probs
}

func dayIndex(s string) int {
	s = strings.ToLower(strings.TrimSpace(s))
	for i, d := range dayNames {
		if s == d {
			return i
		}
	}
	return -1
}

// integer reads a JSON integer (an integral number); anything else is not one.
func integer(raw json.RawMessage) (int64, bool) {
	var f float64
	if json.Unmarshal(raw, &f) != nil || f != math.Trunc(f) || math.IsInf(f, 0) {
		return 0, false
	}
	return int64(f), true
}

// LoadZone is an IANA zone by name ("UTC" and "Local" as Go reads them; "" is an error).
func LoadZone(name string) (*time.Location, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return nil, fmt.Errorf("unknown time zone ''")
	}
	return time.LoadLocation(name)
}

// Describe words a policy as the UI shows it: "Quiet 23:00–07:00 Europe/London, every day;
// each aircraft at most once every 12 h".
func (p *Policy) Describe() string {
	if p == nil {
		return "Every match is told."
	}
	var parts []string
	for _, w := range p.Quiet {
		parts = append(parts, fmt.Sprintf("Quiet %s–%s %s, %s", hhmm(w.From), hhmm(w.To), p.Location, describeDays(w.Days)))
	}
	if p.Cooldown > 0 {
		parts = append(parts, "each aircraft at most once every "+describeDuration(p.Cooldown))
	}
	if p.MaxPerHour > 0 {
		parts = append(parts, fmt.Sprintf("at most %d an hour", p.MaxPerHour))
	}
	if !p.EmergencyBypass {
		parts = append(parts, "emergencies wait too")
	}
	if p.Channels != nil {
		parts = append(parts, "to "+strings.Join(p.Channels, ", "))
	}
	if len(parts) == 0 {
		return "Every match is told."
	}
	return strings.Join(parts, "; ")
}

func hhmm(m int) string { return fmt.Sprintf("%02d:%02d", m/60, m%60) }

func describeDays(d uint8) string {
	if d == EveryDay {
		return "every day"
	}
	var out []string
	for i := 1; i <= 7; i++ {
		if d&(1<<(i%7)) != 0 {
			out = append(out, dayNames[i%7])
		}
	}
	return strings.Join(out, ", ")
}

func describeDuration(d time.Duration) string {
	switch {
	case d%(24*time.Hour) == 0:
		return fmt.Sprintf("%d d", d/(24*time.Hour))
	case d%time.Hour == 0:
		return fmt.Sprintf("%d h", d/time.Hour)
	}
	return fmt.Sprintf("%d min", d/time.Minute)
}

// ProblemText is a problem with its place, for a log line or a command line's report:
// "quiet_hours[0].from: field required" (the message alone when it has no place).
func ProblemText(p Problem) string {
	var b strings.Builder
	for _, l := range p.Loc {
		switch v := l.(type) {
		case int:
			fmt.Fprintf(&b, "[%d]", v)
		default:
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			fmt.Fprint(&b, v)
		}
	}
	if b.Len() == 0 {
		return p.Msg
	}
	return b.String() + ": " + p.Msg
}
