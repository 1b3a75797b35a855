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
	"github.com/tracker-adsb/tracker-core-health/stages/notify"
	"github.com/tracker-adsb/tracker-core-health/trafficline"
)

// TraceLine is one message of the traced aircraft: every condition of the rule with the
// value it observed and its verdict, and what became of the rule on this message.
type TraceLine struct {
	Line       int                     `json:"line"`
	ReceivedAt string                  `json:"received_at"`
	IcaoHex    string                  `json:"icao_hex"`
	Rule       string                  `json:"rule"`
	Result     string                  `json:"result"` // fired | already fired for this flight | failed: … | held match sent for an emergency
	Conditions []rules.ConditionResult `json:"conditions"`
	// Suppressed: the rule fired on a message more than 30 s behind the replay clock, so no
	// notification went out (and nothing was decided).
	Suppressed bool `json:"suppressed,omitempty"`
	// Delivery is what became of a firing (CONTRACT.md 10.2), when the rule has a policy or
	// a mute applies.
	Delivery json.RawMessage `json:"delivery,omitempty"`
}

// Trace replays traffic and writes, for every message of the selected aircraft (all when icao
// is empty), one TraceLine for rule id: the answer to "why did my rule not fire?". It decides
// exactly as replay does (CONTRACT.md 10.2): every aircraft's matches are decided, so they
// count toward caps and cooldowns, lagging messages are suppressed first, and flights are
// forgotten at replay's pace; only what was asked is printed. Bad lines go to errOut as in a
// replay.
func Trace(in io.Reader, out, errOut io.Writer, engine *rules.Engine, id, icao string) (Result, error) {
	decider := delivery.NewDecider(nil)
	rule := engine.Set().Rule(id)
	if rule == nil {
		return Result{}, fmt.Errorf("rule '%s' is not an enabled, valid rule of the set", id)
	}
	want := string(model.AppendFlightKey(nil, icao))
	res := Result{Rules: map[string]*RuleStats{id: {}}}
	dec := trafficline.NewDecoder()
	var slot trafficline.Slot
	var clock trafficline.Clock
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
				} else if err := traceMessage(m, res.Lines, &clock, engine, decider, rule, want, &res, enc); err != nil {
					return res, err
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

// traceMessage runs one message as replay's evaluator does and writes the trace lines of the
// traced rule when the message is the traced aircraft's.
func traceMessage(m *model.AircraftMessage, lineNo int, clock *trafficline.Clock, engine *rules.Engine, decider *delivery.Decider,
	rule *rules.Rule, want string, res *Result, enc *json.Encoder) error {
	clock.See(m.ReceivedAt)
	if lineNo%10000 == 0 { // as replay forgets finished flights
		engine.Expire(clock.Now())
	}
	matches := engine.Process(m)
	f := engine.Last()
	fired := slices.ContainsFunc(matches, func(mt rules.Match) bool { return mt.Rule == rule })
	lagging := clock.Lagging(m.ReceivedAt)
	var decided, again *delivery.Decision
	if !lagging {
		notify.Decide(decider, engine.Set(), f, matches, m.ReceivedAt, func(t notify.Told) {
			if t.Rule == rule {
				d := t.Decision
				if t.Again {
					again = &d
				} else {
					decided = &d
				}
			}
		})
	}
	if want != "" && f.IcaoHex != want {
		return nil
	}
	earlier := f.MatchedRules[:len(f.MatchedRules)-len(matches)]
	tl := TraceLine{Line: lineNo, ReceivedAt: model.RFC3339Offset(m.ReceivedAt), IcaoHex: f.IcaoHex, Rule: rule.Identifier,
		Conditions: rule.Explain(f, earlier, m.ReceivedAt)}
	switch {
	case fired:
		tl.Result = "fired"
		res.Rules[rule.Identifier].Matched++
		tl.Suppressed = lagging
		if decided != nil && decided.State != delivery.None {
			tl.Delivery = decided.AppendJSON(nil)
		}
	case again != nil:
		tl.Result = "held match sent for an emergency"
		tl.Delivery = again.AppendJSON(nil)
	case slices.Contains(earlier, rule.Identifier):
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
		return fmt.Errorf("writing the trace: %w", err)
	}
	return nil
}
