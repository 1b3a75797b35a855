//go:build integration

package api_test

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/rules"
)

// GET /api/rule-status: enabled or not, and whether an enabled rule's date conditions let it
// fire now, with the reason when they do not.
func TestRuleStatus(t *testing.T) {
	f := setup(t, "")
	code, _, raw := f.do("GET", "/api/rule-status", nil)
	require.Equal(t, 200, code)
	require.JSONEq(t, `[]`, string(raw))
	date := func(op, v string) map[string]any { return map[string]any{"type": "date", "operator": op, "value": v} }
	off := rule("off")
	off["enabled"] = false
	for _, r := range []map[string]any{off, rule("live"), rule("later", date("minimum", "2099-01-01")), rule("over", date("maximum", "2000-01-01T00:00Z")),
		rule("window", date("minimum", "2000-01-01"), date("maximum", "2099-12-31"))} {
		code, _, raw := f.do("POST", "/api/rules", r)
		require.Equal(t, 201, code, string(raw))
	}
	code, _, raw = f.do("GET", "/api/rule-status", nil)
	require.Equal(t, 200, code)
	require.JSONEq(t, `[
		{"identifier":"off","enabled":false,"active":false},
		{"identifier":"live","enabled":true,"active":true},
		{"identifier":"later","enabled":true,"active":false,"reason":"before 2099-01-01"},
		{"identifier":"over","enabled":true,"active":false,"reason":"after 2000-01-01T00:00Z"},
		{"identifier":"window","enabled":true,"active":true}]`, string(raw))
}

// POST /api/areas/check: each candidate with the problems a save would report, in order;
// nothing written.
func TestAreasCheck(t *testing.T) {
	f := setup(t, "")
	square := map[string]any{"type": "Polygon", "coordinates": [][][]float64{{{0, 0}, {1, 0}, {1, 1}, {0, 1}, {0, 0}}}}
	bowtie := map[string]any{"type": "Polygon", "coordinates": [][][]float64{{{0, 0}, {1, 1}, {1, 0}, {0, 1}, {0, 0}}}}
	line := map[string]any{"type": "LineString", "coordinates": [][]float64{{0, 0}, {1, 1}}}
	code, _, raw := f.do("POST", "/api/areas/check", []map[string]any{
		area("OK", square), area("BOWTIE", bowtie), area("has space", square), area("LINE", line),
		{"identifier": "CIRCLE", "geometry": map[string]any{"type": "Circle"}},
	})
	require.Equal(t, 200, code, string(raw))
	var got []struct {
		Index      int      `json:"index"`
		Identifier string   `json:"identifier"`
		Problems   []string `json:"problems"`
	}
	require.NoError(t, json.Unmarshal(raw, &got))
	require.Len(t, got, 5)
	for i, c := range got {
		require.Equal(t, i, c.Index)
	}
	require.Empty(t, got[0].Problems)
	require.Equal(t, "OK", got[0].Identifier)
	require.Len(t, got[1].Problems, 1)
	require.Contains(t, got[1].Problems[0], "Area 'BOWTIE' failed validation")
	require.Contains(t, got[1].Problems[0], "intersects itself")
	require.NotEmpty(t, got[2].Problems, "an identifier with a space")
	require.Contains(t, got[2].Problems[0], "identifier")
	require.Empty(t, got[3].Problems, "a line is a valid area (never usable in rules)")
	require.NotEmpty(t, got[4].Problems)
	require.Contains(t, got[4].Problems[0], "geometry")

	code, _, _ = f.do("POST", "/api/areas/check", `{"not":"a list"}`)
	require.Equal(t, 422, code)
	exists, err := f.r.Do(t.Context(), f.r.B().Exists().Key(rules.AreasKey).Build()).AsInt64()
	require.NoError(t, err)
	require.Zero(t, exists, "a check writes nothing")
}

// A polygon over the position limit is refused by a save (400 naming the limit) and listed by
// the check; one at the limit (a detailed outline) is stored.
func TestAreaPositionLimits(t *testing.T) {
	t.Parallel() // its own Redis (setup): the slow rule tests overlap
	f := setup(t, "")
	ring := func(n int) [][]float64 {
		out := make([][]float64, 0, n+1)
		for i := range n {
			a := 2 * math.Pi * float64(i) / float64(n)
			out = append(out, []float64{-0.4 + 0.2*math.Cos(a), 51.5 + 0.1*math.Sin(a)})
		}
		return append(out, out[0])
	}
	big := map[string]any{"type": "Polygon", "coordinates": [][][]float64{ring(rules.MaxRingPositions + 1)}}
	code, body, raw := f.do("POST", "/api/areas", area("COAST", big))
	require.Equal(t, 400, code, string(raw))
	require.Contains(t, body["detail"], "more than 50000 positions")
	code, _, raw = f.do("POST", "/api/areas/check", []map[string]any{area("COAST", big)})
	require.Equal(t, 200, code)
	require.Contains(t, string(raw), "more than 50000 positions")
	code, _, raw = f.do("POST", "/api/areas", area("OUTLINE", map[string]any{"type": "Polygon", "coordinates": [][][]float64{ring(rules.MaxRingPositions)}}))
	require.Equal(t, 201, code, "a ring at the limit is stored: %.200s", raw)
}
