package rules

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tracker-adsb/tracker-core-health/delivery"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/watchlist"
)

// Rule-set errors of CONTRACT.md 6.3.
var (
	ErrRulesJSON  = errors.New("Rules file contains invalid JSON") //nolint:staticcheck // contract text
	ErrRulesArray = errors.New("Rules must be a JSON array")       //nolint:staticcheck // contract text
)

// Mode is how a rule set is loaded.
type Mode int

const (
	// Strict rejects the whole set on the first invalid enabled rule (the API's save gate).
	Strict Mode = iota
	// Lenient skips invalid rules and names them (the processor's reload).
	Lenient
)

// Rule is a compiled, enabled rule.
type Rule struct {
	Identifier   string
	Name         string
	Description  string
	ForceArchive bool
	// Policy is the rule's delivery policy (its `notify`, CONTRACT.md 10.1); nil: none, or
	// an invalid one (notifyProblem says why).
	Policy        *delivery.Policy
	notifyProblem string
	index         int    // position in its set
	conds         []cond // cheapest first, for evaluation
	stated        []cond // as written, for explaining
	refJSON       []byte // the notification's "rule" object, rendered once
}

// RefJSON is the rule's object in a notification, {"name", "description", "identifier"}.
func (r *Rule) RefJSON() []byte { return r.refJSON }

// Set is a compiled rule set: the enabled, valid rules in stored order, and the watchlists
// their conditions were compiled against (what a flight is looked up in).
type Set struct {
	Rules   []*Rule
	Skipped []string // lenient mode: identifiers of the rules that failed
	// SkipReasons says, for each skipped rule in order, why: "rule 'id' skipped: reason".
	SkipReasons []string
	// NotifyProblems names each rule whose `notify` was ignored, and why (to be logged).
	NotifyProblems []string
	Watchlists     *watchlist.Set
	// byID finds a rule by its identifier (index builds it).
	byID map[string]*Rule
}

// WatchEntry is the watchlist entry a notification of r shows for f (CONTRACT.md 11.4): the
// entry of the first list r names (its watchlist conditions, as written) that the aircraft
// is on, else its entry on its first list in id order; nil when it is on no list.
func (r *Rule) WatchEntry(f *model.Flight) *model.WatchEntry {
	if f.Watched == nil {
		return nil
	}
	for i := range r.stated {
		c := &r.stated[i]
		if c.t.name != TypeWatchlist || c.op == opNotInList {
			continue
		}
		for _, id := range c.list {
			if e := f.Watched.EntryOn(id); e != nil {
				return e
			}
		}
	}
	return f.Watched.Shown
}

// Rule is the enabled, valid rule of the set with identifier id (nil: none).
func (s *Set) Rule(id string) *Rule {
	if s == nil {
		return nil
	}
	return s.byID[id]
}

// LoadError is a lenient load's report of skipped rules.
type LoadError struct {
	Skipped []string
	// Reasons are the skipped rules with why each was skipped (Set.SkipReasons).
	Reasons []string
}

func (e *LoadError) Error() string {
	return "invalid rules skipped: " + strings.Join(e.Skipped, ", ")
}

// Refs is what rules refer to: the areas, the watchlists (nil: none), and the time zone of a
// delivery policy that names none (NOTIFY_TIMEZONE; nil: UTC, model.Zone).
type Refs struct {
	Areas      Areas
	Watchlists *watchlist.Set
	Zone       *time.Location
}

// LoadRules parses config:rules against the areas (LoadRulesWith, with no watchlist).
func LoadRules(data []byte, areas Areas, mode Mode) (*Set, error) {
	return LoadRulesWith(data, Refs{Areas: areas}, mode)
}

// LoadRulesWith parses config:rules. Strict: any invalid enabled rule is an error
// ("Rule #{i} invalid: <reason>"). Lenient: invalid rules are skipped, the rest load, and
// the error is a *LoadError naming every skipped identifier (nil when none). A rule's invalid
// `notify` never fails it: the rule loads without a policy, and Set.NotifyProblems says why.
func LoadRulesWith(data []byte, refs Refs, mode Mode) (*Set, error) {
	var items []json.RawMessage
	if err := json.Unmarshal(data, &items); err != nil {
		var v any
		if json.Unmarshal(data, &v) != nil {
			return nil, ErrRulesJSON
		}
		return nil, ErrRulesArray
	}
	if items == nil { // `null`: `[]` decodes to an empty, non-nil slice
		return nil, ErrRulesArray
	}
	set := &Set{Watchlists: refs.Watchlists}
	seen := map[string]bool{}
	var invalid []error // strict: every invalid rule, each named
	for i, raw := range items {
		r, enabled, id, err := compileRule(raw, refs, seen)
		if err != nil {
			if mode == Strict {
				invalid = append(invalid, fmt.Errorf("Rule #%d invalid: %w", i, err)) //nolint:staticcheck // contract text
				continue
			}
			if id == "" {
				id = fmt.Sprintf("#%d", i)
			}
			set.Skipped = append(set.Skipped, id)
			set.SkipReasons = append(set.SkipReasons, fmt.Sprintf("rule '%s' skipped: %v", id, err))
			continue
		}
		if enabled {
			seen[r.Identifier] = true
			set.Rules = append(set.Rules, r)
			if r.notifyProblem != "" {
				set.NotifyProblems = append(set.NotifyProblems, r.notifyProblem)
			}
		}
	}
	if len(invalid) > 0 {
		return nil, joined(invalid)
	}
	set.index()
	if len(set.Skipped) > 0 {
		return set, &LoadError{Skipped: set.Skipped, Reasons: set.SkipReasons}
	}
	return set, nil
}

// joined is several errors in one line, "; " between them (the first still errors.Is-able).
func joined(errs []error) error {
	if len(errs) == 1 {
		return errs[0]
	}
	texts := make([]string, len(errs))
	for i, e := range errs {
		texts[i] = e.Error()
	}
	return fmt.Errorf("%w; %s", errs[0], strings.Join(texts[1:], "; "))
}

// index numbers the rules and resolves matched_rules lists to rule positions, so that the
// evaluator tests fired rules with a bitset instead of string compares.
func (s *Set) index() {
	pos := make(map[string]int, len(s.Rules))
	s.byID = make(map[string]*Rule, len(s.Rules))
	for i, r := range s.Rules {
		r.index = i
		pos[r.Identifier] = i
		s.byID[r.Identifier] = r
	}
	for _, r := range s.Rules {
		for j := range r.conds {
			c := &r.conds[j]
			if c.t.name != TypeMatchedRules {
				continue
			}
			c.listIdx = make([]int, len(c.list))
			for k, id := range c.list {
				if p, ok := pos[id]; ok {
					c.listIdx[k] = p
				} else {
					c.listIdx[k] = -1
				}
			}
		}
	}
}

// compileRule validates and compiles one element. It returns the identifier it could read
// (for the lenient report) even on error.
func compileRule(raw json.RawMessage, refs Refs, seen map[string]bool) (*Rule, bool, string, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil || m == nil {
		return nil, false, "", errors.New("rule must be a JSON object")
	}
	var id string
	_ = json.Unmarshal(m["identifier"], &id)
	en, ok := m["enabled"]
	if !ok {
		return nil, false, id, at(errors.New("missing 'enabled' field"), "enabled")
	}
	var enabled bool
	if err := json.Unmarshal(en, &enabled); err != nil || string(en) == "null" {
		return nil, false, id, at(errors.New("'enabled' must be a boolean"), "enabled")
	}
	if !enabled {
		return nil, false, id, nil // a disabled rule is skipped without further validation
	}
	var idAny any
	_ = json.Unmarshal(m["identifier"], &idAny)
	if s, isStr := idAny.(string); !isStr || !ValidIdentifier(s) {
		return nil, true, id, at(fmt.Errorf("identifier '%s' must be non-empty and contain no spaces", displayValue(idAny)), "identifier")
	}
	if seen[id] {
		return nil, true, id, at(fmt.Errorf("duplicate identifier '%s'", id), "identifier")
	}
	r := &Rule{Identifier: id}
	_ = json.Unmarshal(m["name"], &r.Name)
	_ = json.Unmarshal(m["description"], &r.Description)
	if fa, ok := m["force_archive"]; ok && string(fa) != "null" {
		if err := json.Unmarshal(fa, &r.ForceArchive); err != nil {
			return nil, true, id, at(fmt.Errorf("rule '%s': 'force_archive' must be a boolean", id), "force_archive")
		}
	}
	var conds []json.RawMessage
	if c, ok := m["conditions"]; !ok || json.Unmarshal(c, &conds) != nil || conds == nil {
		return nil, true, id, at(fmt.Errorf("rule '%s' missing 'conditions' array", id), "conditions")
	}
	if len(conds) == 0 {
		return nil, true, id, at(fmt.Errorf("rule '%s' has no conditions", id), "conditions")
	}
	for j, c := range conds {
		cc, err := compileCondition(c, refs)
		if err != nil {
			return nil, true, id, at(fmt.Errorf("rule '%s' condition #%d: %w", id, j, err), "conditions", j)
		}
		r.conds = append(r.conds, cc)
	}
	r.stated = slices.Clone(r.conds)
	// Cheapest first: a failing cheap test spares the expensive ones.
	slices.SortStableFunc(r.conds, func(a, b cond) int { return a.cost - b.cost })
	r.refJSON = model.RuleRef{Name: r.Name, Description: r.Description, Identifier: r.Identifier}.JSON()
	if n, ok := m["notify"]; ok && string(n) != "null" {
		p, _, probs := delivery.Parse(n, refs.Zone)
		if probs != nil { // every problem, each with its place under notify
			texts := make([]string, len(probs))
			for i, pr := range probs {
				texts[i] = delivery.ProblemText(pr)
			}
			r.notifyProblem = fmt.Sprintf("rule '%s': notify ignored: %s", id, strings.Join(texts, "; "))
		}
		r.Policy = p
	}
	return r, true, id, nil
}

// valueText is a condition's value as explanations show it: a string as is, anything else as
// compact JSON.
func valueText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return string(raw)
	}
	return b.String()
}

func displayValue(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	default:
		b, _ := json.Marshal(x)
		return string(b)
	}
}

func compileCondition(raw json.RawMessage, refs Refs) (cond, error) {
	var c struct {
		Type     any             `json:"type"`
		Operator any             `json:"operator"`
		Value    json.RawMessage `json:"value"`
	}
	if err := json.Unmarshal(raw, &c); err != nil {
		return cond{}, errors.New("condition must be a JSON object")
	}
	typ, _ := c.Type.(string)
	op, _ := c.Operator.(string)
	typ, op = strings.ToLower(strings.TrimSpace(typ)), strings.ToLower(strings.TrimSpace(op))
	t := typesByName[typ]
	if t == nil {
		return cond{}, fmt.Errorf("unknown condition type '%s'", typ)
	}
	if !slices.Contains(knownOperators, op) {
		return cond{}, fmt.Errorf("unknown operator '%s'", op)
	}
	out := cond{t: t, eval: t.match, opName: op, op: opCode(op), cost: t.cost, valueText: valueText(c.Value)}
	// An operator outside the type's set is accepted but never matches.
	out.never = !slices.Contains(t.operators, op)
	var v any
	if len(c.Value) == 0 || json.Unmarshal(c.Value, &v) != nil {
		return cond{}, errors.New("missing 'value'")
	}
	if err := t.compile(&out, v, refs); err != nil {
		return cond{}, err
	}
	return out, nil
}

func stringValue(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	}
	return ""
}

func stringList(v any) []string {
	switch x := v.(type) {
	case string:
		if s := strings.TrimSpace(x); s != "" {
			return []string{s}
		}
	case []any:
		var out []string
		for _, e := range x {
			if s, ok := e.(string); ok && strings.TrimSpace(s) != "" {
				out = append(out, strings.TrimSpace(s))
			}
		}
		return out
	}
	return nil
}

// integerValue accepts a JSON number (other numbers are truncated) or an integer string.
func integerValue(v any) (int64, error) {
	switch x := v.(type) {
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			break
		}
		return int64(x), nil
	case string:
		n, err := strconv.ParseInt(strings.TrimSpace(x), 10, 64)
		if err == nil {
			return n, nil
		}
	}
	return 0, errors.New("value must be an integer")
}

var (
	dateOnlyRE = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`)
	dateTimeRE = regexp.MustCompile(`^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}:\d{2})?$`)
)

func (c *cond) parseDate(s string) error {
	if dateOnlyRE.MatchString(s) {
		t, err := time.Parse("2006-01-02", s)
		if err != nil {
			return fmt.Errorf("invalid date '%s'", s)
		}
		c.dateOnly = true
		c.day = dayNumber(t)
		return nil
	}
	m := dateTimeRE.FindStringSubmatch(s)
	if m == nil {
		return fmt.Errorf("invalid date '%s': want YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS] with a timezone designator", s)
	}
	if m[2] == "" {
		return fmt.Errorf("datetime '%s' needs a timezone designator (Z or ±HH:MM)", s)
	}
	layout := "2006-01-02T15:04"
	switch {
	case strings.Contains(m[1], "."):
		layout = "2006-01-02T15:04:05.999999999"
	case len(m[1]) == len("2006-01-02T15:04:05"):
		layout = "2006-01-02T15:04:05"
	}
	t, err := time.Parse(layout+"Z07:00", m[1]+m[2])
	if err != nil {
		return fmt.Errorf("invalid datetime '%s'", s)
	}
	c.instant = t.UnixNano()
	return nil
}

func dayNumber(t time.Time) int64 {
	y, m, d := t.Date()
	return int64(y)*10000 + int64(m)*100 + int64(d)
}

// RuleProblems validates the rules one prefix at a time so that each invalid rule is named
// with its strict-mode text (duplicates need the rules before it), "Rule #i" its place in data.
func RuleProblems(data []byte, refs Refs) []string { return RuleProblemsAt(data, refs, nil) }

// RuleProblemsAt is RuleProblems for rules that are some of a set submitted (the management
// API checks here the rules a single POST would accept, the others refused already): data's
// i-th rule is the set's rule #at[i], and is named so, as validate names it (CONTRACT.md 6.3:
// a rule's place in the set submitted, from 0). A nil at: each rule's place in data.
func RuleProblemsAt(data []byte, refs Refs, at []int) []string {
	var items []json.RawMessage
	if json.Unmarshal(data, &items) != nil {
		return nil
	}
	var out []string
	var good []json.RawMessage
	for i, it := range items {
		trial := append(append([]json.RawMessage{}, good...), it)
		b, _ := json.Marshal(trial)
		if _, err := LoadRulesWith(b, refs, Strict); err != nil {
			msg := err.Error()
			place := i
			if i < len(at) {
				place = at[i]
			}
			if p := fmt.Sprintf("Rule #%d invalid:", len(good)); strings.HasPrefix(msg, p) {
				msg = fmt.Sprintf("Rule #%d invalid:", place) + strings.TrimPrefix(msg, p)
			}
			out = append(out, msg)
			continue
		}
		good = append(good, it)
	}
	return out
}

// WithDependencies is the rule id of a stored set (its elements, as stored) with the rules it
// reaches through matched_rules conditions, in stored order: the rules that can change what
// it fires on (a rule test evaluates just these).
func WithDependencies(items []json.RawMessage, id string) []json.RawMessage {
	type stored struct {
		Identifier string `json:"identifier"`
		Conditions []struct {
			Type  string `json:"type"`
			Value any    `json:"value"`
		} `json:"conditions"`
	}
	byID := map[string]stored{}
	ids := make([]string, len(items))
	for i, it := range items {
		var r stored
		_ = json.Unmarshal(it, &r)
		byID[r.Identifier], ids[i] = r, r.Identifier
	}
	need := map[string]bool{}
	var visit func(string)
	visit = func(id string) {
		r, ok := byID[id]
		if !ok || need[id] {
			return
		}
		need[id] = true
		for _, c := range r.Conditions {
			if !strings.EqualFold(strings.TrimSpace(c.Type), TypeMatchedRules) {
				continue
			}
			if list, ok := c.Value.([]any); ok {
				for _, x := range list {
					if s, ok := x.(string); ok {
						visit(s)
					}
				}
			}
		}
	}
	visit(id)
	out := make([]json.RawMessage, 0, len(need))
	for i, it := range items {
		if need[ids[i]] {
			out = append(out, it)
		}
	}
	return out
}

// Naming is the identifiers of the rules of a stored set (its elements, as stored; enabled or
// not) with a condition of type typ whose value names id (a string, or a list of strings;
// compared trimmed), in stored order: what stops the deletion of an area or a watchlist.
func Naming(items []json.RawMessage, typ, id string) []string {
	var out []string
	for _, it := range items {
		var r struct {
			Identifier string `json:"identifier"`
			Conditions []struct {
				Type  string `json:"type"`
				Value any    `json:"value"`
			} `json:"conditions"`
		}
		if json.Unmarshal(it, &r) != nil {
			continue
		}
		for _, c := range r.Conditions {
			if strings.EqualFold(strings.TrimSpace(c.Type), typ) && names(c.Value, id) {
				out = append(out, r.Identifier)
				break
			}
		}
	}
	return out
}

// names reports whether a condition value (a string or a list of strings) names id.
func names(v any, id string) bool {
	switch x := v.(type) {
	case string:
		return strings.TrimSpace(x) == id
	case []any:
		for _, e := range x {
			if s, ok := e.(string); ok && strings.TrimSpace(s) == id {
				return true
			}
		}
	}
	return false
}
