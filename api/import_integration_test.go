//go:build integration

package api_test

import (
	"os"
	"testing"

	"github.com/stretchr/testify/require"
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
