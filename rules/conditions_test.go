package rules

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// Every row of the table of condition types is complete, and the table is the spec's 17 types
// (spec 2.1) in one place: the engine compiles, evaluates and explains through it, the API and
// the UI read their limits and widgets from it.
func TestConditionTableIsComplete(t *testing.T) {
	want := []string{TypeAltitude, TypeVelocity, TypeVerticalSpeed, TypeHeading, TypeDate, TypeIdent, TypeSquawk, TypeMilitary,
		TypeReceiverSource, TypeOperatorAirlineDesignator, TypeAircraftTypeDesignator, TypeAircraftRegistration,
		TypeAircraftIcaoHex, TypeAircraftPowerplantCount, TypeWakeTurbulenceCategory, TypeMatchedRules, TypeArea,
		TypeWatchlist, TypeWatchlistGroup, TypeWatchlistCategory, // the spec's 17, the watchlists' 3 (CONTRACT.md 11.3)
		TypeRegistrantType, TypeRegistrantName} // and the registrant's 2 (CONTRACT.md 12.5)
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
	require.Len(t, got, 22)
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
		{TypeWatchlistGroup, `"MIL"`, "", ""},
		{TypeWatchlistGroup, `["mil","pol"]`, "", ""},
		{TypeWatchlistGroup, `"army"`, "value must be civ, mil, pol or gov", "enum"},
		{TypeWatchlistGroup, `[]`, "value must name at least one", "too_short"},
		{TypeWatchlistCategory, `"Police Forces"`, "", ""},
		{TypeWatchlistCategory, `["  "]`, "value must be a non-empty name", "string_too_short"},
		{TypeWatchlistCategory, `7`, "value must be a name or an array of names", "list_type"},
		{TypeWatchlist, `["mine","plane-alert"]`, "", ""},
		{TypeReceiverSource, `["1090","978","EXTERNAL"]`, "value must be an array of 1 or 2 of 1090, 978, EXTERNAL", "list_type"},
		{TypeReceiverSource, `["1090","1090"]`, "value must be an array of 1 or 2 distinct values from 1090, 978, EXTERNAL", "enum"},
		{TypeReceiverSource, `["UAT"]`, "value must be an array of 1 or 2 distinct values from 1090, 978, EXTERNAL", "enum"},
		{TypeMatchedRules, `[]`, "value must be an array of at least 1 rule identifier", "list_type"},
		{TypeMatchedRules, `["a","b"]`, "", ""},
		{TypeRegistrantType, `"Corporation"`, "", ""},
		{TypeRegistrantType, `["Government","LLC"]`, "", ""},
		{TypeRegistrantType, `[""]`, "value must be a non-empty string", "string_too_short"},
		{TypeRegistrantType, `3`, "value must be a non-empty string or an array of them", "list_type"},
		{TypeRegistrantName, `"acme"`, "", ""},
		{TypeRegistrantName, `[]`, "value must name at least one", "too_short"},
		{TypeRegistrantName, `["` + strings.Repeat("é", 100) + `"]`, "", ""},
		{TypeRegistrantName, `["` + strings.Repeat("x", 101) + `"]`, "each name must be at most 100 characters", "string_too_long"},
		{TypeRegistrantName, `[` + strings.TrimSuffix(strings.Repeat(`"a",`, 51), ",") + `]`, "value must hold at most 50 names", "too_long"},
		// Not starred: the engine's to refuse (400), not the API's body validation.
		{TypeIdent, `""`, "", ""},
		{TypeDate, `"2026-01-01T10:00"`, "", ""},
	} {
		msg, typ := CheckValue(tc.typ, json.RawMessage(tc.value))
		require.Equal(t, tc.msg, msg, "%s %s", tc.typ, tc.value)
		require.Equal(t, tc.errType, typ, "%s %s", tc.typ, tc.value)
	}
}

// DateExcludes reads a rule's date conditions as the engine does, at a given time: what the
// rules table's "Inactive" badge says on hover.
func TestDateExcludes(t *testing.T) {
	now := time.Date(2026, 11, 23, 12, 30, 0, 0, time.UTC)
	cond := func(op, v string) json.RawMessage {
		return json.RawMessage(`{"type":"date","operator":"` + op + `","value":"` + v + `"}`)
	}
	for _, tc := range []struct {
		name  string
		conds []json.RawMessage
		want  string
	}{
		{"no date condition", []json.RawMessage{json.RawMessage(`{"type":"altitude","operator":"maximum","value":5000}`)}, ""},
		{"starts later", []json.RawMessage{cond("minimum", "2026-12-01")}, "before 2026-12-01"},
		{"started today", []json.RawMessage{cond("minimum", "2026-11-23")}, ""},
		{"ended yesterday", []json.RawMessage{cond("maximum", "2026-11-22")}, "after 2026-11-22"},
		{"ends today", []json.RawMessage{cond("maximum", "2026-11-23")}, ""},
		{"to the minute, in a zone", []json.RawMessage{cond("minimum", "2026-11-23T13:31+01:00")}, "before 2026-11-23T13:31+01:00"},
		{"to the minute, reached", []json.RawMessage{cond("minimum", "2026-11-23T13:30+01:00")}, ""},
		{"type and operator in any case", []json.RawMessage{json.RawMessage(`{"type":" Date ","operator":"MAXIMUM","value":"2020-01-01"}`)}, "after 2020-01-01"},
		{"an unreadable one is not a reason", []json.RawMessage{cond("minimum", "2026-13-45"), json.RawMessage(`nonsense`)}, ""},
		{"the first that excludes", []json.RawMessage{cond("minimum", "2026-01-01"), cond("maximum", "2026-06-30")}, "after 2026-06-30"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, DateExcludes(tc.conds, now))
		})
	}
}
