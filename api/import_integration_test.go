//go:build integration

package api_test

import (
	"encoding/json"
	"os"
	"regexp"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/rules"
)

// Import of a whole set: every problem is listed before anything is written.
func TestImportListsEveryProblemAndWritesAtomically(t *testing.T) {
	f := setup(t, "")
	areas, err := os.ReadFile("../examples/areas.json")
	require.NoError(t, err)
	code, body, _ := f.do("PUT", "/api/areas?dry_run=true", string(areas))
	require.Equal(t, 200, code)
	require.Empty(t, body["problems"], "the examples are valid")
	require.Equal(t, map[string]string{"config:rules": "", "config:rules:version": "", "config:areas": "", "config:areas:version": ""}, f.snapshot(), "a dry run writes nothing")
	code, _, _ = f.do("PUT", "/api/areas", string(areas)) // a FeatureCollection, as stored
	require.Equal(t, 200, code)
	f.versionMatches("config:areas")

	bad := []any{
		rule("ok"),
		map[string]any{"identifier": "bad value", "enabled": true, "conditions": []any{map[string]any{"type": "altitude", "operator": "maximum", "value": 70000}}},
		rule("nowhere", map[string]any{"type": "area", "operator": "equals", "value": "NOWHERE"}),
		rule("ok"),
	}
	before := f.snapshot()
	code, body, _ = f.do("PUT", "/api/rules?dry_run=true", bad)
	require.Equal(t, 200, code)
	problems := body["problems"].([]any)
	require.Len(t, problems, 4, "%v", problems) // identifier and value of #1, the unknown area, the duplicate
	code, body, _ = f.do("PUT", "/api/rules", bad)
	require.Equal(t, 400, code)
	require.Len(t, body["problems"], 4)
	require.Equal(t, before, f.snapshot(), "a refused import writes nothing")

	code, list, _ := f.do("PUT", "/api/rules", []any{rule("a"), rule("b", map[string]any{"type": "area", "operator": "equals", "value": "HEATHROW"})})
	require.Equal(t, 200, code, list)
	f.versionMatches("config:rules")
	code, _, raw := f.do("GET", "/api/rules", nil)
	require.Equal(t, 200, code)
	require.Contains(t, string(raw), `"identifier":"b"`)

	// Areas as a flat list (as listed by GET) that drops HEATHROW: rule b would break.
	code, body, _ = f.do("PUT", "/api/areas", []any{area("OTHER", square)})
	require.Equal(t, 400, code)
	require.Contains(t, body["detail"], "HEATHROW")
	code, _, _ = f.do("PUT", "/api/areas", []any{area("OTHER", square), area("HEATHROW", square)})
	require.Equal(t, 200, code)
	code, _, _ = f.do("PUT", "/api/areas", `{"type":"nonsense"}`)
	require.Equal(t, 400, code)
}

// A set's problems name each rule by its place in the set submitted (CONTRACT.md 6.3, from 0),
// as tracker-rules validate does: a rule the engine refuses after rules a single POST refuses
// is not renumbered as if they were gone. Bad rules among good ones, every one named at its
// place, the same places as validate's (rules.Problems).
func TestImportNumbersEveryRuleByItsPlace(t *testing.T) {
	f := setup(t, "")
	badName := func(id string) map[string]any {
		return rule(id, map[string]any{"type": "registrant_name", "operator": "equals", "value": "ACME"})
	}
	nowhere := func(id string) map[string]any {
		return rule(id, map[string]any{"type": "area", "operator": "equals", "value": "NOWHERE"})
	}
	tooHigh := func(id string) map[string]any {
		return rule(id, map[string]any{"type": "altitude", "operator": "maximum", "value": 70000})
	}
	place := regexp.MustCompile(`^Rule #(\d+) `)
	for _, tc := range []struct {
		name string
		set  []any
		want map[int]string // a problem's rule number: what its text names there
	}{
		{"four", []any{rule("ok1"), badName("b1"), rule("ok2"), nowhere("b7")},
			map[int]string{1: "(b1)", 3: "Rule #3 invalid: rule 'b7' condition #0: area 'NOWHERE' not found"}},
		{"ten", []any{rule("ok0"), badName("b1"), rule("ok2"), badName("b3"), tooHigh("b4"), rule("ok5"), nowhere("b6"),
			rule("ok7"), rule("ok0"), nowhere("b9")},
			map[int]string{1: "(b1)", 3: "(b3)", 4: "(b4)", 6: "Rule #6 invalid: rule 'b6' condition #0: area 'NOWHERE'",
				8: "Rule #8 invalid: duplicate identifier 'ok0'", 9: "Rule #9 invalid: rule 'b9' condition #0: area 'NOWHERE'"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, body, _ := f.do("PUT", "/api/rules?dry_run=true", tc.set)
			require.Equal(t, 200, code, body)
			got := map[int]bool{}
			for _, p := range body["problems"].([]any) {
				text := p.(string)
				m := place.FindStringSubmatch(text)
				require.NotNil(t, m, text)
				n, _ := strconv.Atoi(m[1])
				require.Contains(t, tc.want, n, text)
				require.Contains(t, text, tc.want[n])
				got[n] = true
			}
			require.Len(t, got, len(tc.want), "%v", body["problems"])

			raw, err := json.Marshal(tc.set)
			require.NoError(t, err)
			validated := map[int]bool{}
			for _, line := range rules.Problems(raw, rules.Refs{Areas: rules.Areas{}}) {
				m := place.FindStringSubmatch(line)
				require.NotNil(t, m, line)
				n, _ := strconv.Atoi(m[1])
				validated[n] = true
			}
			require.Equal(t, validated, got, "validate names the same rules at the same places")
		})
	}
}
