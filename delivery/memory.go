package delivery

import (
	"fmt"
	"sort"
	"strings"
	"time"
)

// What the decider and the digest remember, as a restart of watch reads it back (CONTRACT.md
// 10.8): the cooldowns still running, the sends of the hour, the digest's events.

// DeciderMemory is a Decider's state: per rule, the cooldown ends by aircraft and the send
// times of the last hour, in Unix nanoseconds.
type DeciderMemory map[string]RuleMemory

// RuleMemory is one rule's part of a DeciderMemory.
type RuleMemory struct {
	Cool  map[string]int64 `json:"cool,omitempty"`
	Sends []int64          `json:"sends,omitempty"`
}

// Memory is what the decider keeps that still matters at now: cooldowns not yet over, sends
// of the last hour and the lag (keepAfterNewest).
func (d *Decider) Memory(now time.Time) DeciderMemory {
	out := DeciderMemory{}
	n := now.UnixNano()
	for rule, st := range d.rules {
		var m RuleMemory
		for k, until := range st.cool {
			if until > n {
				if m.Cool == nil {
					m.Cool = map[string]int64{}
				}
				m.Cool[addressText(k)] = until
			}
		}
		for icao, until := range st.other {
			if until > n {
				if m.Cool == nil {
					m.Cool = map[string]int64{}
				}
				m.Cool[icao] = until
			}
		}
		for _, t := range st.sends.live() {
			if t > n-int64(keepAfterNewest) {
				m.Sends = append(m.Sends, t)
			}
		}
		if m.Cool != nil || m.Sends != nil {
			out[rule] = m
		}
	}
	return out
}

// Restore puts back what Memory kept (into an empty decider, before the first decision).
func (d *Decider) Restore(m DeciderMemory) {
	for rule, rm := range m {
		st := d.rules[rule]
		if st == nil {
			st = &ruleState{cool: map[uint32]int64{}}
			d.rules[rule] = st
		}
		for icao, until := range rm.Cool {
			if k, ok := addressKey(icao); ok {
				st.cool[k] = until
			} else {
				if st.other == nil {
					st.other = map[string]int64{}
				}
				st.other[icao] = until
			}
			d.tracked++
		}
		st.sends.times = append(st.sends.live(), rm.Sends...)
		st.sends.head = 0
		sort.Slice(st.sends.times, func(i, j int) bool { return st.sends.times[i] < st.sends.times[j] })
	}
}

// addressText is the address of a cooldown key (addressKey's inverse).
func addressText(k uint32) string {
	if k&(1<<24) != 0 {
		return fmt.Sprintf("~%06X", k&0xFFFFFF)
	}
	return fmt.Sprintf("%06X", k)
}

// DigestEvent is one match the digest counts, as a restart reads it back.
type DigestEvent struct {
	At     int64  `json:"at"` // Unix nanoseconds
	Rule   string `json:"rule"`
	Name   string `json:"name,omitempty"`
	Icao   string `json:"icao_hex"`
	Label  string `json:"label,omitempty"`
	Held   bool   `json:"held,omitempty"`
	Reason string `json:"reason,omitempty"`
}

// MaxDigestMemory is how far back a restart keeps the digest's events (CONTRACT.md 10.8).
const MaxDigestMemory = 48 * time.Hour

// Events are the matches the digest still counts (those of its current period, at most
// MaxDigestMemory old at now), oldest first.
func (g *Digest) Events(now time.Time) []DigestEvent {
	lo := now.Add(-MaxDigestMemory).UnixNano()
	var out []DigestEvent
	g.each(func(e event) {
		if e.at >= lo {
			out = append(out, DigestEvent{At: e.at, Rule: e.rule, Name: g.names[e.rule], Icao: e.icao, Label: e.label, Held: e.held, Reason: e.reason})
		}
	})
	return out
}

// Restore puts back what Events kept (into an empty digest).
func (g *Digest) Restore(evs []DigestEvent) {
	for _, e := range evs {
		if strings.TrimSpace(e.Rule) == "" {
			continue
		}
		d := Decision{State: Sent}
		if e.Held {
			d = Decision{State: Held, Reason: e.Reason}
		}
		g.Add(time.Unix(0, e.At), e.Rule, e.Name, e.Icao, e.Label, d)
	}
}
