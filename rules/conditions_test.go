package rules

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"
)

// Every row of the table of condition types is complete, and the table is the spec's 17 types
// (spec 2.1) in one place: the engine compiles, evaluates and explains through it, the API and
// the UI read their limits and widgets from it.
func TestConditionTableIsComplete(t *testing.T) {
	want := []string{TypeAltitude, TypeVelocity, TypeVerticalSpeed, TypeHeading, TypeDate, TypeIdent, TypeSquawk, TypeMilitary,
		TypeReceiverSource, TypeOperatorAirlineDesignator, TypeAircraftTypeDesignator, TypeAircraftRegistration,
		TypeAircraftIcaoHex, TypeAircraftPowerplantCount, TypeWakeTurbulenceCategory, TypeMatchedRules, TypeArea}
	var got []string
	for _, ct := range ConditionTypes() {
		got = append(got, ct.Type)
		row := typesByName[ct.Type]
		require.NotEmpty(t, row.operators, ct.Type)
		require.NotNil(t, row.compile, ct.Type)
		require.NotNil(t, row.match, ct.Type)
		require.NotNil(t, row.observe, ct.Type)
		require.Positive(t, row.cost, ct.Type)
		require.NotEmpty(t, ct.Value.Widget, ct.Type)
		require.NotEmpty(t, ct.Value.Label, ct.Type)
		for _, op := range row.operators {
			require.Contains(t, knownOperators, op)
			require.NotEmpty(t, OperatorLabels[op])
		}
		require.Equal(t, row.operators, Operators[ct.Type])
	}
	require.ElementsMatch(t, want, got)
	require.Len(t, got, 17)
}

// The ✱ limits of CONTRACT.md 6.2, read from the table: the API's 422 texts and types.
func TestCheckValueAppliesTheStarredLimits(t *testing.T) {
	for _, tc := range []struct {
		typ, value, msg, errType string
	}{
		{TypeAltitude, `65000`, "", ""},
		{TypeAltitude, `"12000"`, "", ""},
		{TypeAltitude, `70000`, "value must be an integer from 0 to 65000 (ft)", "int_range"},
		{TypeAltitude, `12.5`, "value must be an integer from 0 to 65000 (ft)", "int_range"},
		{TypeAltitude, `"05"`, "value must be an integer from 0 to 65000 (ft)", "int_range"},
		{TypeVelocity, `-1`, "value must be an integer from 0 to 1334 (kt)", "int_range"},
		{TypeVerticalSpeed, `-10000`, "", ""},
		{TypeVerticalSpeed, `-10001`, "value must be an integer from -10000 to 10000 (ft/min)", "int_range"},
		{TypeAircraftPowerplantCount, `100`, "value must be an integer from 0 to 99", "int_range"},
		{TypeSquawk, `"7700"`, "", ""},
		{TypeSquawk, `"7800"`, "value must be four octal digits", "string_pattern_mismatch"},
		{TypeAircraftRegistration, `"-GABC"`, "value must be a registration of letters, digits and inner hyphens", "string_pattern_mismatch"},
		{TypeAircraftRegistration, `"G-EUOA"`, "", ""},
		{TypeAircraftIcaoHex, `"XYZ123"`, "value must be six hexadecimal digits", "string_pattern_mismatch"},
		{TypeReceiverSource, `["1090"]`, "", ""},
		{TypeReceiverSource, `["1090","978","EXTERNAL"]`, "value must be an array of 1 or 2 of 1090, 978, EXTERNAL", "list_type"},
		{TypeReceiverSource, `["1090","1090"]`, "value must be an array of 1 or 2 distinct values from 1090, 978, EXTERNAL", "enum"},
		{TypeReceiverSource, `["UAT"]`, "value must be an array of 1 or 2 distinct values from 1090, 978, EXTERNAL", "enum"},
		{TypeMatchedRules, `[]`, "value must be an array of at least 1 rule identifier", "list_type"},
		{TypeMatchedRules, `["a","b"]`, "", ""},
		// Not starred: the engine's to refuse (400), not the API's body validation.
		{TypeIdent, `""`, "", ""},
		{TypeDate, `"2026-01-01T10:00"`, "", ""},
	} {
		msg, typ := CheckValue(tc.typ, json.RawMessage(tc.value))
		require.Equal(t, tc.msg, msg, "%s %s", tc.typ, tc.value)
		require.Equal(t, tc.errType, typ, "%s %s", tc.typ, tc.value)
	}
}
