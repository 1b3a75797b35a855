package rules

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/tracker-adsb/tracker-core-health/watchlist"
)

// Report is what tracker-rules validate says of a set: its lines in order (every problem, and
// "warning: …" for what loads but can never match), how many are problems (the set is valid
// when none is), and the counts of what is valid.
type Report struct {
	Lines    []string
	Problems int
	// Rules (enabled) and Areas, when valid; Watchlists the lists' count (-1: none given).
	Rules, Areas, Watchlists int
}

// Validate checks a set as tracker-rules validate does, naming every problem (the loader stops
// at the first): the areas, the watchlists, each invalid rule, the values the API would refuse,
// the identifiers that are no topic level, the policies the engine would ignore; and warns of
// registrant conditions that can never match where they would run (owner).
func Validate(s *Snapshot, zone *time.Location, owner Owner) Report {
	r := Report{Watchlists: -1}
	areas := Areas{}
	if len(s.Areas) > 0 {
		var err error
		if areas, err = LoadAreas(s.Areas); err != nil {
			r.problem(err.Error())
			areas = Areas{}
		}
		for _, line := range AreaProblems(s.Areas) {
			r.problem(line)
		}
	}
	refs := Refs{Areas: areas, Zone: zone}
	if len(s.Watchlists) > 0 {
		lists, err := watchlist.Decode(s.Watchlists)
		if err != nil {
			r.problem(fmt.Sprintf("%s: %v", watchlist.Key, err))
		}
		refs.Watchlists = watchlist.Compile(lists)
		r.Watchlists = len(refs.Watchlists.IDs())
	}
	set := r.rules(s.Rules, refs, owner)
	if set != nil {
		r.Rules = len(set.Rules)
		for _, p := range set.NotifyProblems { // the engine would load the rule without its policy
			r.problem(p)
		}
	}
	r.Areas = len(areas)
	return r
}

func (r *Report) problem(line string) {
	r.Lines = append(r.Lines, line)
	r.Problems++
}

// rules reports the rules' problems, each once: the loader's (re-run per rule to name every
// one), the values the API would refuse, the registrant warnings, and the identifiers that are
// no topic level (the engine loads such a rule, but its notifications could never be
// published).
func (r *Report) rules(body []byte, refs Refs, owner Owner) *Set {
	set, err := LoadRulesWith(body, refs, Lenient)
	var le *LoadError
	reported := map[string]bool{}
	switch {
	case errors.As(err, &le):
		for _, line := range RuleProblems(body, refs) {
			r.problem(line)
			reported[ruleOf(line)], reported[conditionOf(line)] = true, true
		}
	case err != nil:
		r.problem(err.Error())
	}
	for _, line := range ValueProblems(body) {
		if c := conditionOf(line); c == "" || !reported[c] {
			r.problem(line)
			reported[ruleOf(line)] = true
		}
	}
	for _, w := range registrantWarnings(body, owner) { // loaded, but never matching: said, not failed
		r.Lines = append(r.Lines, "warning: "+w)
	}
	for _, line := range IdentifierTopicProblems(body) {
		if !reported[ruleOf(line)] {
			r.problem(line)
		}
	}
	return set
}

// registrantWarnings are the registrant conditions of the rules that can never match.
func registrantWarnings(body []byte, owner Owner) []string {
	var items []json.RawMessage
	if json.Unmarshal(body, &items) != nil {
		return nil
	}
	var out []string
	for _, it := range items {
		out = append(out, RegistrantWarnings(it, owner)...)
	}
	return out
}

// ruleOf is the "Rule #i" a problem line names.
func ruleOf(line string) string {
	head, _, _ := strings.Cut(line, " invalid:")
	return head
}

// conditionOf is the "Rule #i invalid: rule 'x' condition #j" a problem line names ("": none).
func conditionOf(line string) string {
	i := strings.Index(line, " condition #")
	if i < 0 {
		return ""
	}
	j := i + len(" condition #")
	for j < len(line) && line[j] >= '0' && line[j] <= '9' {
		j++
	}
	return line[:j]
}
