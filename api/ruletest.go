package api

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/tracker-adsb/tracker-core-health/delivery"
	"github.com/tracker-adsb/tracker-core-health/enrich"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/rules"
	"github.com/tracker-adsb/tracker-core-health/stages/keeper"
	"github.com/tracker-adsb/tracker-core-health/stages/notify"
	"github.com/tracker-adsb/tracker-core-health/stages/readsb"
	"github.com/tracker-adsb/tracker-core-health/trafficline"
)

// MaxTestBody is the largest body of POST /api/rules/test: a rule and a traffic text of a busy
// half hour (JSON lines) or one large aircraft.json. The other endpoints keep MaxBody.
const MaxTestBody = 32 << 20

// maxListedMatches bounds the matches a test answer lists one by one (fired counts them all).
const maxListedMatches = 1000

// ruleTest is the answer of POST /api/rules/test.
type ruleTest struct {
	Messages   int              `json:"messages"`
	Aircraft   int              `json:"aircraft"`
	Fired      int              `json:"fired"`
	Suppressed int              `json:"suppressed"`       // matches on messages older than 30 s: no notification
	Matched    int              `json:"aircraft_matched"` // distinct aircraft among the matches
	Held       int              `json:"held"`             // matches the rule's notify or a mute would hold (CONTRACT.md 10.2)
	Truncated  bool             `json:"matches_truncated,omitempty"`
	Source     string           `json:"traffic"` // kept (the feed's last minutes) or given
	Matches    []testMatch      `json:"matches"`
	Conditions []conditionCount `json:"conditions"`
}

// testMatch is one notification the rule would have sent: the aircraft, the message that
// triggered it, where it was, and what each condition observed.
type testMatch struct {
	IcaoHex     string                  `json:"icao_hex"`
	Ident       string                  `json:"ident,omitempty"`
	ReceivedAt  string                  `json:"received_at"`  // the triggering message
	LastMessage string                  `json:"last_message"` // the notification's: the flight's latest message
	Latitude    *float64                `json:"latitude,omitempty"`
	Longitude   *float64                `json:"longitude,omitempty"`
	Altitude    *float64                `json:"altitude,omitempty"`
	Conditions  []rules.ConditionResult `json:"conditions"`
	// Delivery is what would become of the notification (absent: no notify, no mute).
	Delivery   json.RawMessage `json:"delivery,omitempty"`
	keeper.Who                 // the aircraft, operator and route the conditions saw
}

// conditionCount is how many messages satisfied one condition on its own.
type conditionCount struct {
	Type     string `json:"type"`
	Operator string `json:"operator"`
	Value    string `json:"value"`
	Matching int    `json:"messages_matching"`
}

// testRule answers POST /api/rules/test: {"rule": <a rule as for POST /api/rules>} tested on
// the kept traffic, or {"rule", "traffic": "<text>"} on the given traffic (JSON lines in the
// replay format, or one readsb aircraft.json). The rule is checked as a save would check it
// (422, 400), evaluated inside the stored rule set (a stored rule with its identifier is
// replaced) with the stored areas, by replay's engine and clock; nothing is ever written.
func (s *Server) testRule(w http.ResponseWriter, r *http.Request) {
	body, ok := readBodyLimit(w, r, MaxTestBody)
	if !ok {
		return
	}
	var req struct {
		Rule    json.RawMessage `json:"rule"`
		Traffic *string         `json:"traffic"`
	}
	if m, ok := decodeObject(body); !ok || json.Unmarshal(body, &req) != nil {
		write422(w, []FieldError{{Loc: []any{"body"}, Msg: "body must be a JSON object {\"rule\": …, \"traffic\": …}", Type: "json_invalid"}})
		return
	} else if _, ok := m["rule"]; !ok {
		write422(w, []FieldError{{Loc: []any{"body", "rule"}, Msg: "field required", Type: "missing"}})
		return
	}
	// The rule is validated as the body of POST /api/rules would be: same 422 entries.
	rule, errs := validateRule(req.Rule)
	if errs != nil {
		write422(w, errs)
		return
	}
	rule.Enabled = true // tested as it would run once enabled
	stored, _ := json.Marshal(rule)
	cur, err := s.store.bodies(r.Context())
	if err != nil {
		s.storeError(w, err)
		return
	}
	engine, tested, err := testEngine(cur, rule.Identifier, stored, s.zone())
	if err != nil {
		s.storeError(w, err)
		return
	}
	// Flights enriched as production's are (CONTRACT.md 9.1); without a database, the registrant
	// a given line carries still obeys REGISTRANT_DETAIL and PRIVACY_LIST (CONTRACT.md 12.3).
	en := enrich.New(s.opts.AircraftDB, s.log.With().Str("stage", "enrich").Logger())
	en.SetRegistrantDetail(s.opts.RegistrantDetail)
	en.SetOptOut(s.optOut())
	engine.SetEnricher(en)
	// Each match is decided as watch would, with the mutes in force now.
	mutes := delivery.NewMuteSet()
	if stored, err := notify.ReadMutes(r.Context(), s.store.c, s.now()); err == nil {
		mutes.Replace(stored)
	}
	decider := delivery.NewDecider(mutes)
	var out *ruleTest
	if req.Traffic != nil {
		out, err = runTest(engine, tested, decider, "given", func(fn func(*model.AircraftMessage)) (int, error) { return eachGiven(*req.Traffic, fn) })
	} else {
		out, err = runTest(engine, tested, decider, "kept", func(fn func(*model.AircraftMessage)) (int, error) { return s.traffic.Each(fn), nil })
	}
	if err != nil {
		writeDetail(w, http.StatusBadRequest, err.Error())
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// testEngine checks the stored set with the rule in it (strict, against the stored areas:
// the 400 of a save) and builds an engine of the rule and the rules it depends on through
// matched_rules conditions: the others never change what it fires on. zone is NOTIFY_TIMEZONE,
// the clock of a policy that names none (as watch's engine has it).
func testEngine(cur *rules.Snapshot, id string, rule json.RawMessage, zone *time.Location) (*rules.Engine, *rules.Rule, error) {
	items, err := parseRules(cur.Rules)
	if err != nil {
		return nil, nil, err
	}
	if i := slices.IndexFunc(items, func(it json.RawMessage) bool { return ruleID(it) == id }); i >= 0 {
		items[i] = rule
	} else {
		items = append(items, rule)
	}
	// The areas and watchlists are loaded once, for the check and the engine (an import may
	// hold 8 MiB).
	refs, err := storedRefs(cur)
	if err != nil {
		return nil, nil, err
	}
	refs.Zone = zone
	if errs := unknownWatchlists(rule, refs.Watchlists); errs != nil {
		return nil, nil, fieldErrors(errs)
	}
	if err := checkRulesWith(items, refs); err != nil {
		return nil, nil, err
	}
	set, err := rules.LoadRulesWith(marshalArray(rules.WithDependencies(items, id)), refs, rules.Lenient)
	var le *rules.LoadError
	if err != nil && !errors.As(err, &le) {
		return nil, nil, reject(http.StatusBadRequest, "%s", err.Error())
	}
	for _, r := range set.Rules {
		if r.Identifier == id {
			return rules.NewEngine(set, 0), r, nil
		}
	}
	return nil, nil, reject(http.StatusBadRequest, "Rule '%s' could not be compiled", id)
}

// runTest runs every message of each through the engine on replay's clock and gathers what
// the tested rule fires on (the notifications replay would print: a match on a message more
// than 30 s behind the clock is suppressed), what the decider makes of each, and how many
// messages satisfy each condition.
func runTest(engine *rules.Engine, tested *rules.Rule, decider *delivery.Decider, source string, each func(func(*model.AircraftMessage)) (int, error)) (*ruleTest, error) {
	out := &ruleTest{Source: source, Matches: []testMatch{}}
	counts := make([]int, tested.Conditions())
	var clock trafficline.Clock
	matched := map[string]bool{}
	n, err := each(func(m *model.AircraftMessage) {
		clock.See(m.ReceivedAt)
		matches := engine.Process(m)
		f := engine.Last()
		earlier := f.MatchedRules[:len(f.MatchedRules)-len(matches)]
		tested.CountMatching(f, earlier, m.ReceivedAt, counts)
		fired := slices.ContainsFunc(matches, func(mt rules.Match) bool { return mt.Rule == tested })
		if clock.Lagging(m.ReceivedAt) { // lag first: nothing is decided
			if fired {
				out.Suppressed++
			}
			return
		}
		if fired {
			out.Fired++
			matched[f.IcaoHex] = true
		}
		// As watch decides: every match of the message, then the held matches an emergency sends.
		notify.Decide(decider, engine.Set(), f, matches, m.ReceivedAt, func(t notify.Told) {
			if t.Rule != tested {
				return
			}
			d := t.Decision
			switch {
			case t.Again:
				out.Held-- // sent after all
			case d.State == delivery.Held:
				out.Held++
			}
			if len(out.Matches) == maxListedMatches {
				out.Truncated = true
				return
			}
			tm := testMatch{IcaoHex: f.IcaoHex, Ident: f.Ident, ReceivedAt: model.RFC3339Offset(t.At),
				LastMessage: model.RFC3339Offset(f.LastMessage), Conditions: tested.Explain(f, earlier, t.At), Who: keeper.WhoOf(f)}
			tm.Watchlist = tested.WatchEntry(f) // the entry of the list the rule names (CONTRACT.md 11.4)
			if d.State != delivery.None {
				tm.Delivery = d.AppendJSON(nil)
			}
			if p := f.Position; f.HasPosition {
				tm.Latitude, tm.Longitude, tm.Altitude = ptr(p.Latitude), ptr(p.Longitude), ptr(p.Altitude)
			}
			out.Matches = append(out.Matches, tm)
		})
	})
	if err != nil {
		return nil, err
	}
	out.Messages, out.Aircraft, out.Matched = n, engine.Flights(), len(matched)
	for i, c := range tested.Explain(&model.Flight{}, nil, time.Time{}) {
		out.Conditions = append(out.Conditions, conditionCount{Type: c.Type, Operator: c.Operator, Value: c.Value, Matching: counts[i]})
	}
	return out, nil
}

func ptr(v model.OptFloat) *float64 {
	if !v.OK {
		return nil
	}
	x := v.V
	return &x
}

// eachGiven reads a traffic text: one readsb aircraft.json (an object with "aircraft"), or
// JSON lines in the replay format. A line that cannot be read fails the test, naming it.
func eachGiven(text string, fn func(*model.AircraftMessage)) (int, error) {
	trimmed := strings.TrimSpace(text)
	if strings.HasPrefix(trimmed, "{") {
		var probe map[string]json.RawMessage
		if json.Unmarshal([]byte(trimmed), &probe) == nil {
			if _, ok := probe["aircraft"]; ok {
				snap, err := readsb.Parse(strings.NewReader(trimmed))
				if err != nil {
					return 0, fmt.Errorf("traffic: %w", err)
				}
				msgs := snap.Messages(nil)
				for i := range msgs {
					fn(&msgs[i])
				}
				return len(msgs), nil
			}
		}
	}
	dec := trafficline.NewDecoder()
	var slot trafficline.Slot
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(make([]byte, 64<<10), trafficline.MaxLine)
	n, line := 0, 0
	for sc.Scan() {
		line++
		b := bytes.TrimSpace(sc.Bytes())
		if len(b) == 0 {
			continue
		}
		m, err := dec.Decode(b, &slot)
		if err != nil {
			return 0, fmt.Errorf("traffic line %d: %w", line, err)
		}
		fn(m)
		n++
	}
	if err := sc.Err(); errors.Is(err, bufio.ErrTooLong) {
		return 0, fmt.Errorf("traffic line %d: %w", line+1, model.TooLarge("the line", trafficline.MaxLine))
	} else if err != nil {
		return 0, fmt.Errorf("traffic after line %d: %w", line, err)
	}
	return n, nil
}
