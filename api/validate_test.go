package api

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestValidateRuleDefaultsAndStoredShape(t *testing.T) {
	r, errs := validateRule([]byte(`{"identifier":"r","enabled":false,"conditions":[{"type":"Altitude","operator":"maximum","value":"12000"}],"extra":1}`))
	require.Nil(t, errs)
	require.Equal(t, &StoredRule{Identifier: "r", Enabled: false, Conditions: []StoredCondition{{Type: "Altitude", Operator: "maximum", Value: []byte(`"12000"`)}}}, r)
	_, errs = validateRule([]byte(`{"identifier":"r","enabled":true,"conditions":[{"type":"vertical_speed","operator":"minimum","value":-10001}]}`))
	require.Len(t, errs, 1)
	require.Equal(t, []any{"body", "conditions", 0, "value"}, errs[0].Loc)
	_, errs = validateRule([]byte(`{"identifier":"r","enabled":true,"conditions":[{"type":"receiver_source","operator":"equals","value":["1090","978","EXTERNAL"]}]}`))
	require.Len(t, errs, 1, "at most two receiver sources")
}

func TestValidateAreaKeepsStyleKeys(t *testing.T) {
	a, errs := validateArea([]byte(`{"identifier":"A","geometry":{"type":"LineString","coordinates":[[0,0],[1,1]]},"stroke-width":2,"marker-color":"#fff"}`))
	require.Nil(t, errs)
	require.Equal(t, 2.0, *a.StrokeWidth)
	require.Equal(t, "#fff", *a.MarkerColor)
	require.Nil(t, a.Fill)
	_, errs = validateArea([]byte(`{"identifier":"A","geometry":{"type":"LineString","coordinates":[[0,0]]}}`))
	require.Len(t, errs, 1, "a LineString needs two positions")
}

// A rule identifier is a level of Tracker/rule/{identifier}: the MQTT wildcards and every
// character an MQTT server refuses in a topic are 422 at ["body","identifier"], with a
// message naming the character; everything else a topic level may hold is accepted.
func TestRuleIdentifierMustBeATopicLevel(t *testing.T) {
	body := func(id string) []byte {
		b, err := json.Marshal(map[string]any{"identifier": id, "enabled": true,
			"conditions": []any{map[string]any{"type": "squawk", "operator": "equals", "value": "7700"}}})
		require.NoError(t, err)
		return b
	}
	for _, tc := range []struct {
		id, msg string
	}{
		{"x/#", "'#'"},
		{"#", "'#'"},
		{"a#b", "'#'"},
		{"+", "'+'"},
		{"mil+", "'+'"},
		{"a\u0000b", "NUL"},
		{"a\u0001b", "U+0001"},
		{"a\u007fb", "U+007F"},
		{"a\u0085b", "U+0085"},
		{"a\ufdd0b", "U+FDD0"},
		{"a\uffffb", "U+FFFF"},
	} {
		t.Run(tc.id, func(t *testing.T) {
			_, errs := validateRule(body(tc.id))
			require.Len(t, errs, 1)
			require.Equal(t, []any{"body", "identifier"}, errs[0].Loc)
			require.Contains(t, errs[0].Msg, tc.msg)
		})
	}
	for _, id := range []string{"ok", "x/y", "heathrow-low", "é✈", "$sys", "a.b_c"} {
		r, errs := validateRule(body(id))
		require.Nil(t, errs, id)
		require.Equal(t, id, r.Identifier)
	}
}
