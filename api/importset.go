package api

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"github.com/tracker-adsb/tracker-core-health/rules"
)

// Import of a whole set (the UI's import button, or a script): PUT /api/rules with an array of
// rules, PUT /api/areas with a FeatureCollection (as stored) or an array of flat areas (as
// listed). Every problem is found before anything is written; with ?dry_run=true nothing is
// written at all and the answer lists the problems (an empty list: the set would be saved).

// setProblems is a 400 that lists every problem.
type setProblems struct{ problems []string }

func (e *setProblems) Error() string {
	return fmt.Sprintf("%d problem(s): %s", len(e.problems), strings.Join(e.problems, "; "))
}

func locText(loc []any) string {
	parts := make([]string, 0, len(loc))
	for _, l := range loc[1:] { // without "body"
		parts = append(parts, fmt.Sprint(l))
	}
	return strings.Join(parts, ".")
}

// importedRules validates every rule as a single POST would and renders the stored array of
// those it accepts, with at: each one's place in the set submitted (its "Rule #N").
func importedRules(body []byte) (out []json.RawMessage, at []int, problems []string) {
	var items []json.RawMessage
	if json.Unmarshal(body, &items) != nil {
		return nil, nil, []string{"Rules must be a JSON array"}
	}
	out = make([]json.RawMessage, 0, len(items))
	at = make([]int, 0, len(items))
	for i, it := range items {
		rule, errs := validateRule(it)
		for _, e := range errs {
			problems = append(problems, fmt.Sprintf("Rule #%d (%s): %s: %s", i, ruleID(it), locText(e.Loc), e.Msg))
		}
		if errs == nil {
			stored, _ := json.Marshal(rule)
			out, at = append(out, stored), append(at, i)
		}
	}
	return out, at, problems
}

// importedAreas validates every area as a single POST would and renders the stored features.
func importedAreas(body []byte) ([]json.RawMessage, []string) {
	var flat []json.RawMessage
	var coll struct {
		Type     string            `json:"type"`
		Features []json.RawMessage `json:"features"`
	}
	switch {
	case json.Unmarshal(body, &flat) == nil:
	case json.Unmarshal(body, &coll) == nil && strings.EqualFold(coll.Type, "FeatureCollection"):
		for _, f := range coll.Features {
			flat = append(flat, mustJSON(toFlat(f)))
		}
	default:
		return nil, []string{"Areas must be a GeoJSON FeatureCollection or a JSON array of areas"}
	}
	var problems []string
	seen := map[string]bool{}
	out := make([]json.RawMessage, 0, len(flat))
	for i, it := range flat {
		a, errs := validateArea(it)
		for _, e := range errs {
			problems = append(problems, fmt.Sprintf("Area #%d: %s: %s", i, locText(e.Loc), e.Msg))
		}
		if errs != nil {
			continue
		}
		if seen[a.Identifier] {
			problems = append(problems, fmt.Sprintf("Area #%d: duplicate identifier '%s'", i, a.Identifier))
			continue
		}
		seen[a.Identifier] = true
		out = append(out, toFeature(a))
	}
	return out, problems
}

func mustJSON(v any) json.RawMessage {
	b, _ := json.Marshal(v)
	return b
}

// ruleSetProblems lists what strict loading refuses in a rule set against the stored bodies,
// items[i] named "Rule #at[i]" (nil at: its place in items).
func ruleSetProblems(items []json.RawMessage, at []int, cur *rules.Snapshot) []string {
	refs, err := storedRefs(cur)
	if err != nil {
		return []string{err.Error()}
	}
	return rules.RuleProblemsAt(marshalArray(items), refs, at)
}

func (s *Server) importRules(w http.ResponseWriter, r *http.Request) {
	body, ok := readBody(w, r)
	if !ok {
		return
	}
	items, at, problems := importedRules(body)
	dry := r.URL.Query().Get("dry_run") == "true"
	err := s.store.mutate(r.Context(), rules.RulesKey, func(cur *rules.Snapshot) ([]byte, error) {
		if problems = append(problems, ruleSetProblems(items, at, cur)...); len(problems) > 0 || dry {
			return nil, &setProblems{problems}
		}
		return marshalArray(items), nil
	})
	s.answerImport(w, r, err, dry, func() any { return s.withCounts(r.Context(), items) })
}

func (s *Server) importAreas(w http.ResponseWriter, r *http.Request) {
	body, ok := readBodyLimit(w, r, MaxAreasBody)
	if !ok {
		return
	}
	features, problems := importedAreas(body)
	dry := r.URL.Query().Get("dry_run") == "true"
	err := s.store.mutate(r.Context(), rules.AreasKey, func(cur *rules.Snapshot) ([]byte, error) {
		coll := marshalCollection(features)
		problems = append(problems, rules.AreaProblems(coll)...)
		stored, err := parseRules(cur.Rules)
		if err != nil {
			return nil, err
		}
		next := *cur
		next.Areas = coll
		if problems = append(problems, ruleSetProblems(stored, nil, &next)...); len(problems) > 0 || dry {
			return nil, &setProblems{problems}
		}
		return coll, nil
	})
	s.answerImport(w, r, err, dry, func() any {
		out := make([]map[string]any, 0, len(features))
		for _, f := range features {
			out = append(out, toFlat(f))
		}
		return out
	})
}

// answerImport: a dry run answers 200 with its problems; a refused import 400 with every
// problem; a saved one 200 with the stored set.
func (s *Server) answerImport(w http.ResponseWriter, r *http.Request, err error, dry bool, saved func() any) {
	if sp, ok := err.(*setProblems); ok {
		if dry {
			writeJSON(w, http.StatusOK, map[string]any{"problems": append([]string{}, sp.problems...)})
			return
		}
		writeJSON(w, http.StatusBadRequest, map[string]any{"detail": sp.Error(), "problems": sp.problems})
		return
	}
	if err != nil {
		s.storeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, saved())
}
