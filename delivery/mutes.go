package delivery

import (
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"sync"
	"time"
)

// MutesKey is the data-store hash of the mutes (CONTRACT.md 10.5): field `<rule>` or
// `<rule>|<HEX>`, value the RFC 3339 end.
const MutesKey = "notify:mutes"

// AllRules is the rule of a mute of every rule.
const AllRules = "*"

// MaxMuteMinutes is the longest mute: a week.
const MaxMuteMinutes = 10080

// Mute is one mute: a rule (or every rule) for every aircraft or for one, until a time.
type Mute struct {
	Rule    string    `json:"rule"`
	IcaoHex string    `json:"icao_hex,omitempty"`
	Until   time.Time `json:"until"`
}

// Field is the mute's field in the hash.
func (m Mute) Field() string {
	if m.IcaoHex == "" {
		return m.Rule
	}
	return m.Rule + "|" + m.IcaoHex
}

// MarshalJSON writes until as RFC 3339 with +00:00.
func (m Mute) MarshalJSON() ([]byte, error) {
	type out struct {
		Rule    string `json:"rule"`
		IcaoHex string `json:"icao_hex,omitempty"`
		Until   string `json:"until"`
	}
	return json.Marshal(out{m.Rule, m.IcaoHex, FormatTime(m.Until)})
}

// FormatTime is a time as the delivery's texts carry it: RFC 3339 in UTC with +00:00.
func FormatTime(t time.Time) string {
	return t.UTC().Format("2006-01-02T15:04:05.999999") + "+00:00"
}

// ParseField reads a hash field and value back into a mute.
func ParseField(field, value string) (Mute, error) {
	rule, hex, _ := strings.Cut(field, "|")
	until, err := time.Parse(time.RFC3339Nano, value)
	if err != nil || rule == "" {
		return Mute{}, fmt.Errorf("mute %q: not a rule and an RFC 3339 end (%q)", field, value)
	}
	return Mute{Rule: rule, IcaoHex: hex, Until: until.UTC()}, nil
}

// Command is a mute command (MQTT Tracker/rules-watch/mute, POST /api/mutes): minutes 0 lifts
// the mute.
type Command struct {
	Rule    string `json:"rule"`
	IcaoHex string `json:"icao_hex,omitempty"`
	Minutes int    `json:"minutes"`
}

var hexRE = regexp.MustCompile(`^[0-9A-Fa-f]{6}$`)

// ParseCommand reads a command's JSON; every problem is named with its field.
func ParseCommand(raw []byte) (Command, []Problem) {
	var m map[string]json.RawMessage
	if json.Unmarshal(raw, &m) != nil || m == nil {
		return Command{}, []Problem{{Msg: "a mute is an object {\"rule\", \"icao_hex\", \"minutes\"}", Type: "json_invalid"}}
	}
	var c Command
	var probs []Problem
	if v, ok := m["rule"]; !ok {
		probs = append(probs, Problem{Loc: []any{"rule"}, Msg: "field required", Type: "missing"})
	} else if json.Unmarshal(v, &c.Rule) != nil || strings.TrimSpace(c.Rule) == "" || strings.ContainsAny(c.Rule, " \t|") {
		probs = append(probs, Problem{Loc: []any{"rule"}, Msg: "rule must be a rule identifier or \"*\"", Type: "string_type"})
	}
	if v, ok := m["icao_hex"]; ok && string(v) != "null" {
		if json.Unmarshal(v, &c.IcaoHex) != nil || !hexRE.MatchString(strings.TrimSpace(c.IcaoHex)) {
			probs = append(probs, Problem{Loc: []any{"icao_hex"}, Msg: "icao_hex must be 6 hexadecimal digits", Type: "string_pattern_mismatch"})
		}
		c.IcaoHex = strings.ToUpper(strings.TrimSpace(c.IcaoHex))
	}
	if v, ok := m["minutes"]; !ok {
		probs = append(probs, Problem{Loc: []any{"minutes"}, Msg: "field required", Type: "missing"})
	} else if n, ok := integer(v); !ok || n < 0 || n > MaxMuteMinutes {
		probs = append(probs, Problem{Loc: []any{"minutes"}, Msg: fmt.Sprintf("minutes must be an integer from 0 to %d", MaxMuteMinutes), Type: "int_range"})
	} else {
		c.Minutes = int(n)
	}
	return c, probs
}

// MuteSet is the mutes in force, safe for concurrent use: the evaluation reads it, the
// command subscription and the store's poll write it.
type MuteSet struct {
	mu    sync.RWMutex
	mutes map[string]Mute // by field
}

// NewMuteSet is an empty set.
func NewMuteSet() *MuteSet { return &MuteSet{mutes: map[string]Mute{}} }

// Apply applies a command at now and returns the mute it set (Until zero: lifted).
func (s *MuteSet) Apply(c Command, now time.Time) Mute {
	m := Mute{Rule: c.Rule, IcaoHex: c.IcaoHex}
	s.mu.Lock()
	defer s.mu.Unlock()
	if c.Minutes == 0 {
		delete(s.mutes, m.Field())
		return m
	}
	m.Until = now.Add(time.Duration(c.Minutes) * time.Minute).UTC()
	s.mutes[m.Field()] = m
	return m
}

// Replace makes the set exactly mutes (the store's hash, read again).
func (s *MuteSet) Replace(mutes []Mute) {
	fresh := make(map[string]Mute, len(mutes))
	for _, m := range mutes {
		fresh[m.Field()] = m
	}
	s.mu.Lock()
	s.mutes = fresh
	s.mu.Unlock()
}

// Active lists the mutes still on at now, by rule then aircraft.
func (s *MuteSet) Active(now time.Time) []Mute {
	s.mu.RLock()
	out := make([]Mute, 0, len(s.mutes))
	for _, m := range s.mutes {
		if m.Until.After(now) {
			out = append(out, m)
		}
	}
	s.mu.RUnlock()
	sort.Slice(out, func(i, j int) bool { return out[i].Field() < out[j].Field() })
	return out
}

// Until implements Mutes: the rule's own mutes and those of every rule, for every aircraft
// and for icao.
func (s *MuteSet) Until(rule, icao string, at time.Time) (time.Time, bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if len(s.mutes) == 0 {
		return time.Time{}, false
	}
	var until time.Time
	found := false
	check := func(field []byte) {
		// m[string(b)] looks up without allocating.
		if m, ok := s.mutes[string(field)]; ok && m.Until.After(at) && (!found || m.Until.After(until)) {
			until, found = m.Until, true
		}
	}
	var buf [80]byte
	check(append(buf[:0], rule...))
	check(append(buf[:0], AllRules...))
	if icao != "" {
		check(append(append(append(buf[:0], rule...), '|'), icao...))
		check(append(append(buf[:0], AllRules+"|"...), icao...))
	}
	return until, found
}
