package rules

import (
	"encoding/json"
	"fmt"
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

// Validate checks a set as tracker-rules validate does, naming every problem: the areas, the
// watchlists, every problem of every rule (Problems: the engine's and the management API's),
// then the warnings of registrant conditions that can never match where they would run
// (owner), then the policies the engine would load its rules without.
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
	set, _ := LoadRulesWith(s.Rules, refs, Lenient)
	for _, line := range Problems(s.Rules, refs) {
		r.problem(line)
	}
	for _, w := range registrantWarnings(s.Rules, owner) { // loaded, but never matching: said, not failed
		r.Lines = append(r.Lines, "warning: "+w)
	}
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
