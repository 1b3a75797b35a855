package rules

import (
	"slices"
	"time"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// ConditionResult explains one condition on one message: what it asked, the flight value it
// looked at (nil when the flight has none), and its verdict.
type ConditionResult struct {
	Type     string `json:"type"`
	Operator string `json:"operator"`
	Value    string `json:"value"`
	Observed any    `json:"observed"`
	Match    bool   `json:"match"`
}

// Explain evaluates every condition of r, in the order written, on flight f as it stands after
// the message received at at; earlier lists the rules matched on earlier messages (what
// matched_rules conditions see). It allocates: for explaining, never on the hot path.
func (r *Rule) Explain(f *model.Flight, earlier []string, at time.Time) []ConditionResult {
	out := make([]ConditionResult, 0, len(r.stated))
	for i := range r.stated {
		c := &r.stated[i]
		res := ConditionResult{Type: c.t.name, Operator: c.opName, Value: c.valueText, Observed: c.t.observe(c, f, earlier, at)}
		if c.t.name == TypeMatchedRules {
			hit := false
			for _, id := range c.list {
				hit = hit || slices.Contains(earlier, id)
			}
			res.Match = !c.never && hit == (c.op == opInList)
		} else {
			res.Match = c.match(f, nil, at)
		}
		out = append(out, res)
	}
	return out
}

// CountMatching adds one to counts[i] for each condition i of r (in the order written) that
// holds on its own on flight f after the message received at at; earlier lists the rules
// matched on earlier messages. It does not allocate: the UI's "why did nothing match" counts
// every message of half an hour of traffic.
func (r *Rule) CountMatching(f *model.Flight, earlier []string, at time.Time, counts []int) {
	for i := range r.stated {
		c := &r.stated[i]
		var ok bool
		if c.t.name == TypeMatchedRules {
			hit := false
			for _, id := range c.list {
				if slices.Contains(earlier, id) {
					hit = true
					break
				}
			}
			ok = !c.never && hit == (c.op == opInList)
		} else {
			ok = c.match(f, nil, at)
		}
		if ok {
			counts[i]++
		}
	}
}

// Conditions is how many conditions r has.
func (r *Rule) Conditions() int { return len(r.stated) }
