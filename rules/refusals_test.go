package rules_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/rules"
)

// validate names everything the management API refuses, one line a problem, every rule: an
// operator outside the type's set (the engine loads it, and it never matches), an empty value,
// both at once, the API's own limits; a problem the engine already names is named once.
func TestProblemsNameEverythingTheAPIRefuses(t *testing.T) {
	body := `[
	 {"identifier":"acme","enabled":true,"conditions":[{"type":"registrant_name","operator":"equals","value":"ACME"}]},
	 {"identifier":"corp","enabled":true,"conditions":[{"type":"registrant_type","operator":"contains","value":"Corp"}]},
	 {"identifier":"empty","enabled":true,"conditions":[{"type":"registrant_name","operator":"contains","value":""}]},
	 {"identifier":"high","enabled":true,"conditions":[{"type":"altitude","operator":"contains","value":1000},
	   {"type":"squawk","operator":"equals","value":"7700","note":"x"}]},
	 {"identifier":"fine","enabled":true,"conditions":[{"type":"squawk","operator":"equals","value":"7700"}]},
	 {"identifier":"off","enabled":false,"name":"` + strings.Repeat("n", 65) + `","conditions":[{"type":"altitude","operator":"equals","value":1}]},
	 {"identifier":"c","enabled":"yes","conditions":[]},
	 {"identifier":"bad#","enabled":true,"conditions":[{"type":"squawk","operator":"equals","value":"7700"}]}]`
	got := rules.Problems([]byte(body), rules.Refs{})
	require.Equal(t, []string{
		"Rule #0 invalid: rule 'acme' condition #0: operator 'equals' is not allowed for registrant_name (allowed: contains) (the management API refuses it)",
		"Rule #1 invalid: rule 'corp' condition #0: operator 'contains' is not allowed for registrant_type (allowed: equals, in_list) (the management API refuses it)",
		"Rule #2 invalid: rule 'empty' condition #0: registrant_name value must be a non-empty name or a list of them", // the engine's words
		"Rule #3 invalid: rule 'high' condition #0: operator 'contains' is not allowed for altitude (allowed: minimum, maximum) (the management API refuses it)",
		"Rule #3 invalid: rule 'high' condition #1: extra field 'note' not permitted (the management API refuses it)",
		"Rule #5 invalid: rule 'off': name must be at most 64 characters (the management API refuses it)",
		"Rule #5 invalid: rule 'off' condition #0: operator 'equals' is not allowed for altitude (allowed: minimum, maximum) (the management API refuses it)",
		"Rule #6 invalid: 'enabled' must be a boolean",
		"Rule #6 invalid: rule 'c': conditions must have at least 1 item (the management API refuses it)",
		"Rule #7 invalid: rule 'bad#': identifier must not contain '#': it is an MQTT wildcard, and the identifier is a level of the notification topic Tracker/rule/{identifier} (the management API refuses it)",
	}, got)

	// Each rule alone: the API's check (Refusals) refuses exactly the rules named.
	var items []json.RawMessage
	require.NoError(t, json.Unmarshal([]byte(body), &items))
	for i, it := range items {
		var m map[string]json.RawMessage
		require.NoError(t, json.Unmarshal(it, &m))
		named := strings.Contains(strings.Join(got, "\n"), "Rule #"+string(rune('0'+i))+" ")
		require.Equal(t, named, len(rules.Refusals(m)) > 0, "rule #%d", i)
	}

	require.Equal(t, []string{"Rules must be a JSON array"}, rules.Problems([]byte(`{"x":1}`), rules.Refs{}))
	require.Empty(t, rules.Problems([]byte(`[]`), rules.Refs{}))
}

// RuleProblemsAt names each rule by its place in the set submitted when some of that set were
// refused before (the API's import): the rule at #3 is Rule #3, not its place among the rest.
func TestRuleProblemsAtNamesTheSetsPlaces(t *testing.T) {
	set := `[{"identifier":"ok1","enabled":true,"conditions":[{"type":"squawk","operator":"equals","value":"7700"}]},
	 {"identifier":"ok2","enabled":true,"conditions":[{"type":"squawk","operator":"equals","value":"7700"}]},
	 {"identifier":"b7","enabled":true,"conditions":[{"type":"area","operator":"equals","value":"NOWHERE"}]},
	 {"identifier":"ok1","enabled":true,"conditions":[{"type":"squawk","operator":"equals","value":"7700"}]}]`
	want := []string{"Rule #3 invalid: rule 'b7' condition #0: area 'NOWHERE' not found in areas config",
		"Rule #5 invalid: duplicate identifier 'ok1'"}
	require.Equal(t, want, rules.RuleProblemsAt([]byte(set), rules.Refs{Areas: rules.Areas{}}, []int{0, 2, 3, 5}))
	require.Equal(t, []string{"Rule #2 invalid: rule 'b7' condition #0: area 'NOWHERE' not found in areas config",
		"Rule #3 invalid: duplicate identifier 'ok1'"}, rules.RuleProblems([]byte(set), rules.Refs{Areas: rules.Areas{}}), "without places: its own")
}
