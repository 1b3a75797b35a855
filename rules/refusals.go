package rules

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/tracker-adsb/tracker-core-health/delivery"
)

// What the management API refuses (422) in a rule, and what `tracker-rules validate` reports,
// are one check: Refusals, from the table of condition types (its operators and the ✱ limits
// of its values, CONTRACT.md 6.1 and 6.2). A rule the engine loads but the API refuses (an
// operator outside its type's set, which never matches; an empty value) is named by validate
// too, every problem of every rule on a line of its own (Problems).

// Refusal is one thing the management API refuses in a rule: where under the rule (["conditions",
// 0, "operator"]), what, and its type (one entry of the 422, the API's loc below "body").
type Refusal struct {
	Loc  []any
	Msg  string
	Type string
}

type refusals []Refusal

func (r *refusals) add(msg, typ string, loc ...any) {
	*r = append(*r, Refusal{Loc: loc, Msg: msg, Type: typ})
}

var identifierRE = regexp.MustCompile(`^\S+$`)

// object reads a JSON object (nothing after it); false: not one.
func object(raw []byte) (map[string]json.RawMessage, bool) {
	var m map[string]json.RawMessage
	d := json.NewDecoder(bytes.NewReader(raw))
	if err := d.Decode(&m); err != nil || m == nil || d.More() {
		return nil, false
	}
	return m, true
}

// text reads a JSON string.
func text(raw json.RawMessage) (string, bool) {
	var s string
	if len(raw) == 0 || json.Unmarshal(raw, &s) != nil {
		return "", false
	}
	return s, true
}

// Refusals are every problem the management API refuses a rule (its members) for, in the
// order of its 422 body; none: the API saves it.
func Refusals(m map[string]json.RawMessage) []Refusal {
	var v refusals
	if raw, ok := m["identifier"]; !ok {
		v.add("field required", "missing", "identifier")
	} else if s, ok := text(raw); !ok {
		v.add("identifier must be a string", "string_type", "identifier")
	} else if !identifierRE.MatchString(s) {
		v.add("identifier must be non-empty and contain no spaces", "string_pattern_mismatch", "identifier")
	} else if len(s) > 64 {
		v.add("identifier must be at most 64 characters", "string_too_long", "identifier")
	} else if p := IdentifierTopicProblem(s); p != "" {
		v.add(p, "string_pattern_mismatch", "identifier")
	}
	for _, f := range []struct {
		key string
		max int
	}{{"name", 64}, {"description", 2000}} {
		raw, ok := m[f.key]
		if !ok || string(raw) == "null" {
			continue
		}
		s, ok := text(raw)
		switch {
		case !ok:
			v.add(f.key+" must be a string", "string_type", f.key)
		case len([]rune(s)) > f.max:
			v.add(fmt.Sprintf("%s must be at most %d characters", f.key, f.max), "string_too_long", f.key)
		}
	}
	var enabled bool
	if raw, ok := m["enabled"]; !ok {
		v.add("field required", "missing", "enabled")
	} else if json.Unmarshal(raw, &enabled) != nil || string(raw) == "null" {
		v.add("enabled must be a boolean", "bool_type", "enabled")
	}
	var fa bool
	if raw, ok := m["force_archive"]; ok && string(raw) != "null" && json.Unmarshal(raw, &fa) != nil {
		v.add("force_archive must be a boolean", "bool_type", "force_archive")
	}
	var conds []json.RawMessage
	if raw, ok := m["conditions"]; !ok {
		v.add("field required", "missing", "conditions")
	} else if json.Unmarshal(raw, &conds) != nil || conds == nil {
		v.add("conditions must be an array", "list_type", "conditions")
	} else if len(conds) == 0 {
		v.add("conditions must have at least 1 item", "too_short", "conditions")
	}
	for j, raw := range conds {
		v.condition(j, raw)
	}
	if raw, ok := m["notify"]; ok && string(raw) != "null" {
		_, _, probs := delivery.Parse(raw, time.UTC) // the zone only fills a default: the check is the same
		for _, p := range probs {
			v.add(p.Msg, p.Type, append([]any{"notify"}, p.Loc...)...)
		}
	}
	return v
}

// condition checks condition j: exactly {type, operator, value}, a type of the table, one of its
// operators, and its value within the ✱ limits (CheckValue).
func (v *refusals) condition(j int, raw json.RawMessage) {
	cm, ok := object(raw)
	if !ok {
		v.add("condition must be an object", "dict_type", "conditions", j)
		return
	}
	for _, k := range sortedKeys(cm) {
		if k != "type" && k != "operator" && k != "value" {
			v.add("extra fields not permitted", "extra_forbidden", "conditions", j, k)
		}
	}
	typ, okT := text(cm["type"])
	op, okO := text(cm["operator"])
	val, okV := cm["value"]
	if !okT {
		v.add("type is required and must be a string", "missing", "conditions", j, "type")
	}
	if !okO {
		v.add("operator is required and must be a string", "missing", "conditions", j, "operator")
	}
	if !okV {
		v.add("field required", "missing", "conditions", j, "value")
	}
	if !okT || !okO || !okV {
		return
	}
	t, o := strings.ToLower(strings.TrimSpace(typ)), strings.ToLower(strings.TrimSpace(op))
	ops, known := Operators[t]
	if !known {
		v.add(fmt.Sprintf("unknown condition type '%s'", typ), "enum", "conditions", j, "type")
		return
	}
	if !slices.Contains(ops, o) {
		v.add(fmt.Sprintf("operator '%s' is not allowed for %s (allowed: %s)", op, t, strings.Join(ops, ", ")), "enum", "conditions", j, "operator")
		return
	}
	if msg, typ := CheckValue(t, val); msg != "" {
		v.add(msg, typ, "conditions", j, "value")
	}
}

func sortedKeys(m map[string]json.RawMessage) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// Problems are every problem of a rules body, one line each, every rule (enabled or not): what
// the engine refuses (strict loading's reason, "Rule #i invalid: …"), and each thing the
// management API would refuse besides, said where it is and ending "(the management API refuses
// it)". A problem both see at one place is said once, in the engine's words. A rule's notify is
// left to the engine (Set.NotifyProblems) while the rule is enabled: the engine loads it without
// its policy and says why in one line. A body that is no JSON array is its one problem.
func Problems(data []byte, refs Refs) []string {
	var items []json.RawMessage
	if _, err := LoadRulesWith(data, refs, Lenient); errors.Is(err, ErrRulesJSON) || errors.Is(err, ErrRulesArray) {
		return []string{err.Error()}
	}
	_ = json.Unmarshal(data, &items)
	var out []string
	seen := map[string]bool{}
	for i, raw := range items {
		r, enabled, id, err := compileRule(raw, refs, seen)
		var at []any
		if err != nil {
			out = append(out, fmt.Sprintf("Rule #%d invalid: %v", i, err))
			var fe *fieldError
			if errors.As(err, &fe) {
				at = fe.loc
			}
		} else if enabled {
			seen[r.Identifier] = true
		}
		m, ok := object(raw)
		if !ok {
			continue // the engine said it: "rule must be a JSON object"
		}
		for _, rf := range Refusals(m) {
			switch {
			case at != nil && sameStart(rf.Loc, at): // the engine's line says it
			case enabled && len(rf.Loc) > 0 && rf.Loc[0] == "notify":
			default:
				out = append(out, fmt.Sprintf("Rule #%d invalid: rule '%s'%s (the management API refuses it)", i, id, rf.where()))
			}
		}
	}
	return out
}

// sameStart reports whether loc lies at or under at.
func sameStart(loc, at []any) bool {
	if len(loc) < len(at) {
		return false
	}
	for k := range at {
		if loc[k] != at[k] {
			return false
		}
	}
	return true
}

// where is the refusal said after its rule: " condition #0: operator 'equals' is not allowed…",
// ": name must be at most 64 characters", ": notify: cooldown_minutes: …".
func (r Refusal) where() string {
	switch {
	case len(r.Loc) >= 2 && r.Loc[0] == "conditions":
		msg := r.Msg
		if len(r.Loc) == 3 {
			switch r.Type {
			case "extra_forbidden":
				msg = fmt.Sprintf("extra field '%v' not permitted", r.Loc[2])
			case "missing":
				if !strings.HasPrefix(msg, fmt.Sprint(r.Loc[2])) {
					msg = fmt.Sprintf("%v: %s", r.Loc[2], msg)
				}
			}
		}
		return fmt.Sprintf(" condition #%v: %s", r.Loc[1], msg)
	case len(r.Loc) > 0 && r.Loc[0] == "notify":
		return ": notify: " + delivery.ProblemText(delivery.Problem{Loc: r.Loc[1:], Msg: r.Msg, Type: r.Type})
	case r.Type == "missing" && len(r.Loc) == 1:
		return fmt.Sprintf(": %v: %s", r.Loc[0], r.Msg)
	}
	return ": " + r.Msg
}

// fieldError is an engine's reason for refusing a rule with where it lies under the rule
// (["enabled"], ["conditions", 2]): its text is the reason's (CONTRACT.md 6.3).
type fieldError struct {
	loc []any
	err error
}

func (e *fieldError) Error() string { return e.err.Error() }
func (e *fieldError) Unwrap() error { return e.err }

// at is err lying at loc.
func at(err error, loc ...any) error { return &fieldError{loc: loc, err: err} }
