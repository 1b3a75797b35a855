package api

import (
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
