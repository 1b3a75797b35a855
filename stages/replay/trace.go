package replay

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/tracker-adsb/tracker-core-health/delivery"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/rules"
	"github.com/tracker-adsb/tracker-core-health/trafficline"
)

// TraceLine is one message of the traced aircraft: every condition of the rule with the
// value it observed and its verdict, and what became of the rule on this message.
type TraceLine struct {
	Line       int                     `json:"line"`
	ReceivedAt string                  `json:"received_at"`
	IcaoHex    string                  `json:"icao_hex"`
	Rule       string                  `json:"rule"`
	Result     string                  `json:"result"` // fired | already fired for this flight | failed: …
	Conditions []rules.ConditionResult `json:"conditions"`
	// Delivery is what became of a firing (CONTRACT.md 10.2), when the rule has a policy or
	// a mute applies.
	Delivery json.RawMessage `json:"delivery,omitempty"`
}

// Trace replays traffic and writes, for every message of the selected aircraft (all when icao
// is empty), one TraceLine for rule id: the answer to "why did my rule not fire?". Bad lines
// go to errOut as in a replay.
func Trace(in io.Reader, out, errOut io.Writer, engine *rules.Engine, id, icao string) (Result, error) {
	decider := delivery.NewDecider(nil)
	var rule *rules.Rule
	for _, r := range engine.Set().Rules {
		if r.Identifier == id {
			rule = r
		}
	}
	if rule == nil {
		return Result{}, fmt.Errorf("rule '%s' is not an enabled, valid rule of the set", id)
	}
	want := string(model.AppendFlightKey(nil, icao))
	res := Result{Rules: map[string]*RuleStats{id: {}}}
	dec := trafficline.NewDecoder()
	var slot trafficline.Slot
	r := bufio.NewReaderSize(in, 1<<20)
	w := bufio.NewWriter(out)
	enc := json.NewEncoder(w)
	for {
		raw, err := r.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			_ = w.Flush() // the trace so far; the error says why it stops
			return res, fmt.Errorf("line %d is longer than %d bytes", res.Lines+1, r.Size())
		}
		if len(raw) > 0 {
			res.Lines++
			if t := strings.TrimSpace(string(raw)); t != "" {
				m, derr := dec.Decode([]byte(t), &slot)
				if derr != nil {
					fmt.Fprintf(errOut, "line %d: %v\n", res.Lines, derr)
					res.Bad++
				} else {
					matches := engine.Process(m)
					f := engine.Flight(m.IcaoHex)
					if want == "" || f.IcaoHex == want {
						fired := slices.ContainsFunc(matches, func(mt rules.Match) bool { return mt.Rule == rule })
						earlier := f.MatchedRules[:len(f.MatchedRules)-len(matches)]
						tl := TraceLine{Line: res.Lines, ReceivedAt: model.RFC3339Offset(m.ReceivedAt), IcaoHex: f.IcaoHex, Rule: id,
							Conditions: rule.Explain(f, earlier, m.ReceivedAt)}
						switch {
						case fired:
							tl.Result = "fired"
							res.Rules[id].Matched++
							if d := decider.Decide(rule.Identifier, rule.Policy, f.IcaoHex, f.Squawk, m.ReceivedAt); d.State != delivery.None {
								tl.Delivery = d.AppendJSON(nil)
							}
						case slices.Contains(earlier, id):
							tl.Result = "already fired for this flight"
						default:
							tl.Result = "failed"
							for j, c := range tl.Conditions {
								if !c.Match {
									tl.Result = fmt.Sprintf("failed: condition #%d (%s %s %s)", j, c.Type, c.Operator, c.Value)
									break
								}
							}
						}
						if err := enc.Encode(tl); err != nil {
							return res, fmt.Errorf("writing the trace: %w", err)
						}
					}
				}
			}
		}
		if err != nil {
			if ferr := w.Flush(); ferr != nil {
				return res, fmt.Errorf("writing the trace: %w", ferr)
			}
			if err == io.EOF {
				return res, nil
			}
			return res, err
		}
	}
}
