package rules_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/rules"
)

const areasJSON = `{"type":"FeatureCollection","features":[
 {"type":"Feature","properties":{"identifier":"SQUARE","name":"A square"},"geometry":{"type":"Polygon","coordinates":[[[0,0],[10,0],[10,10],[0,10],[0,0]],[[4,4],[6,4],[6,6],[4,6],[4,4]]]}},
 {"type":"Feature","properties":{"identifier":"LINE"},"geometry":{"type":"LineString","coordinates":[[0,0],[1,1]]}},
 {"type":"Feature","properties":{"identifier":"has space"},"geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]]]}},
 {"type":"Feature","properties":{"identifier":"BOWTIE"},"geometry":{"type":"Polygon","coordinates":[[[0,0],[2,2],[2,0],[0,2],[0,0]]]}},
 {"type":"Point"}
]}`

func areas(t *testing.T) rules.Areas {
	a, err := rules.LoadAreas([]byte(areasJSON))
	require.NoError(t, err)
	return a
}

func f64(v float64) *float64 { return &v }
func boolp(v bool) *bool     { return &v }
func intp(v int) *int        { return &v }

var t0 = time.Date(2026, 3, 15, 12, 30, 45, 0, time.UTC)

func msg(mod func(m *model.AircraftMessage)) *model.AircraftMessage {
	m := &model.AircraftMessage{ReceivedAt: t0, IcaoHex: "abc123", ReceiverSource: "1090",
		Ident: " baw123 ", Squawk: "7700", Altitude: f64(35000), Velocity: f64(450), Heading: f64(350), VerticalSpeed: f64(-800),
		Latitude: f64(2), Longitude: f64(3),
		Aircraft: &model.Aircraft{Registration: "g-euoa", TypeDesignator: "a320", Type: "airplane", Category: "land",
			WakeTurbulenceCategory: "Medium", Powerplant: &model.Powerplant{Count: intp(2), Type: "Turbo-fan"}},
	}
	var op model.Party
	_ = json.Unmarshal([]byte(`{"airline_designator":"baw","name":"British Airways","source":"x"}`), &op)
	m.Operator = &op
	if mod != nil {
		mod(m)
	}
	return m
}

func oneRule(t *testing.T, typ, op string, value any) *rules.Set {
	b, _ := json.Marshal([]any{map[string]any{"identifier": "r", "name": "R", "enabled": true,
		"conditions": []any{map[string]any{"type": typ, "operator": op, "value": value}}}})
	set, err := rules.LoadRules(b, areas(t), rules.Strict)
	require.NoError(t, err)
	return set
}

func TestConditions(t *testing.T) {
	cases := []struct {
		name  string
		typ   string
		op    string
		value any
		mod   func(m *model.AircraftMessage)
		want  bool
	}{
		{"altitude max hit", "altitude", "maximum", 35000, nil, true},
		{"altitude max miss", "altitude", "maximum", 34999, nil, false},
		{"altitude min string value", "altitude", "minimum", "35000", nil, true},
		{"altitude min truncates float", "altitude", "minimum", 35000.9, nil, true},
		{"altitude null no match", "altitude", "minimum", 0, func(m *model.AircraftMessage) { m.Altitude = nil }, false},
		{"altitude equals outside set never", "altitude", "equals", 35000, nil, false},
		{"velocity min", "velocity", "minimum", 450, nil, true},
		{"velocity max miss", "velocity", "maximum", 449, nil, false},
		{"vs descending min", "vertical_speed", "minimum", -500, nil, true},
		{"vs descending min miss", "vertical_speed", "minimum", -1000, nil, false},
		{"vs descending max", "vertical_speed", "maximum", -1000, nil, true},
		{"vs positive max never matches a descent", "vertical_speed", "maximum", 500, nil, false},
		{"vs climb max", "vertical_speed", "maximum", 500, func(m *model.AircraftMessage) { m.VerticalSpeed = f64(300) }, true},
		{"vs climb min", "vertical_speed", "minimum", 500, func(m *model.AircraftMessage) { m.VerticalSpeed = f64(300) }, false},
		{"vs negative threshold vs climb", "vertical_speed", "maximum", -100, func(m *model.AircraftMessage) { m.VerticalSpeed = f64(300) }, false},
		{"vs zero min", "vertical_speed", "minimum", 0, func(m *model.AircraftMessage) { m.VerticalSpeed = f64(0) }, true},
		{"heading wrap hit", "heading", "equals", "340,20", nil, true},
		{"heading wrap low side", "heading", "equals", "340,20", func(m *model.AircraftMessage) { m.Heading = f64(10) }, true},
		{"heading wrap miss", "heading", "equals", "340,20", func(m *model.AircraftMessage) { m.Heading = f64(180) }, false},
		{"heading plain inclusive", "heading", "equals", "90,350", nil, true},
		{"heading plain miss", "heading", "equals", "90,180", nil, false},
		{"date min day", "date", "minimum", "2026-03-15", nil, true},
		{"date max day", "date", "maximum", "2026-03-14", nil, false},
		{"datetime min Z truncated to minute", "date", "minimum", "2026-03-15T12:30Z", nil, true},
		{"datetime max seconds", "date", "maximum", "2026-03-15T12:30:00Z", nil, true},
		{"datetime min after", "date", "minimum", "2026-03-15T12:31Z", nil, false},
		{"datetime offset", "date", "minimum", "2026-03-15T13:30+01:00", nil, true},
		{"datetime offset max miss", "date", "maximum", "2026-03-15T13:29+01:00", nil, false},
		{"ident trimmed upper", "ident", "equals", "BAW123", nil, true},
		{"ident value lower", "ident", "equals", " baw123", nil, true},
		{"ident miss", "ident", "equals", "BAW124", nil, false},
		{"squawk", "squawk", "equals", "7700", nil, true},
		{"squawk miss", "squawk", "equals", "7600", nil, false},
		{"military true absent", "military", "equals", true, nil, false},
		{"military false absent", "military", "equals", false, nil, false},
		{"military true", "military", "equals", "TRUE ", func(m *model.AircraftMessage) { m.Aircraft.Military = boolp(true) }, true},
		{"military false present", "military", "equals", false, func(m *model.AircraftMessage) { m.Aircraft.Military = boolp(false) }, true},
		{"military other string is false", "military", "equals", "yes", func(m *model.AircraftMessage) { m.Aircraft.Military = boolp(true) }, false},
		{"receiver source any", "receiver_source", "equals", []string{"978", "1090"}, nil, true},
		{"receiver source miss", "receiver_source", "equals", []string{"EXTERNAL"}, nil, false},
		{"receiver source empty", "receiver_source", "equals", []string{"1090"}, func(m *model.AircraftMessage) { m.ReceiverSource = "" }, false},
		{"operator designator", "operator_airline_designator", "equals", "baw", nil, true},
		{"operator missing", "operator_airline_designator", "equals", "BAW", func(m *model.AircraftMessage) { m.Operator = nil }, false},
		{"type designator", "aircraft_type_designator", "equals", "A320", nil, true},
		{"registration case", "aircraft_registration", "equals", "G-EUOA", nil, true},
		{"registration miss", "aircraft_registration", "equals", "G-EUOB", nil, false},
		{"icao hex case", "aircraft_icao_hex", "equals", "ABC123", nil, true},
		{"icao hex lower value", "aircraft_icao_hex", "equals", "abc123", nil, true},
		{"powerplant equals", "aircraft_powerplant_count", "equals", 2, nil, true},
		{"powerplant min", "aircraft_powerplant_count", "minimum", 3, nil, false},
		{"powerplant max", "aircraft_powerplant_count", "maximum", 2, nil, true},
		{"powerplant none", "aircraft_powerplant_count", "maximum", 2, func(m *model.AircraftMessage) { m.Aircraft.Powerplant = nil }, false},
		{"wake lower", "wake_turbulence_category", "equals", "MEDIUM", nil, true},
		{"wake miss", "wake_turbulence_category", "equals", "heavy", nil, false},
		{"matched_rules not_in_list on first message", "matched_rules", "not_in_list", []string{"x"}, nil, true},
		{"matched_rules in_list on first message", "matched_rules", "in_list", []string{"x"}, nil, false},
		{"area inside", "area", "equals", "SQUARE", nil, true},
		{"area in hole", "area", "equals", "SQUARE", func(m *model.AircraftMessage) { m.Longitude, m.Latitude = f64(5), f64(5) }, false},
		{"area on hole boundary", "area", "equals", "SQUARE", func(m *model.AircraftMessage) { m.Longitude, m.Latitude = f64(4), f64(5) }, false},
		{"area on outer boundary", "area", "equals", "SQUARE", func(m *model.AircraftMessage) { m.Longitude, m.Latitude = f64(0), f64(5) }, false},
		{"area on vertex", "area", "equals", "SQUARE", func(m *model.AircraftMessage) { m.Longitude, m.Latitude = f64(10), f64(10) }, false},
		{"area outside", "area", "equals", "SQUARE", func(m *model.AircraftMessage) { m.Longitude = f64(11) }, false},
		{"area null lat", "area", "equals", " SQUARE ", func(m *model.AircraftMessage) { m.Latitude = nil }, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := rules.NewEngine(oneRule(t, tc.typ, tc.op, tc.value), 0)
			got := e.Process(msg(tc.mod))
			require.Equal(t, tc.want, len(got) == 1)
		})
	}
}

func TestLatestRecordsHaveNoFallback(t *testing.T) {
	e := rules.NewEngine(oneRule(t, "altitude", "minimum", 1000), 0)
	// A later position record without altitude: no fall-back to the earlier altitude.
	require.Empty(t, e.Process(msg(func(m *model.AircraftMessage) { m.Altitude = nil; m.IcaoHex = "aaaaaa" })))
	first := msg(func(m *model.AircraftMessage) { m.IcaoHex = "bbbbbb"; m.Altitude = f64(500) })
	require.Empty(t, e.Process(first))
	second := msg(func(m *model.AircraftMessage) {
		m.IcaoHex = "bbbbbb"
		m.Altitude = nil
		m.ReceivedAt = t0.Add(time.Second)
	})
	require.Empty(t, e.Process(second))
}

func TestOncePerFlightAndNewFlightAfterTTL(t *testing.T) {
	e := rules.NewEngine(oneRule(t, "squawk", "equals", "7700"), 0)
	require.Len(t, e.Process(msg(nil)), 1)
	require.Empty(t, e.Process(msg(func(m *model.AircraftMessage) { m.ReceivedAt = t0.Add(299 * time.Second) })), "same flight: fires once")
	// 300 s after the last message is still the same flight; more than 300 s is a new one.
	require.Empty(t, e.Process(msg(func(m *model.AircraftMessage) { m.ReceivedAt = t0.Add(599 * time.Second) })))
	got := e.Process(msg(func(m *model.AircraftMessage) { m.ReceivedAt = t0.Add(900 * time.Second) }))
	require.Len(t, got, 1, "a second flight after the TTL fires again")
	require.Equal(t, 1, got[0].Flight.TotalMessages)
	require.Equal(t, []string{"r"}, got[0].Flight.MatchedRules)
}

func TestMatchedRulesSeesOnlyEarlierMessages(t *testing.T) {
	set, err := rules.LoadRules([]byte(`[
	 {"identifier":"first","enabled":true,"conditions":[{"type":"squawk","operator":"equals","value":"7700"}]},
	 {"identifier":"second","enabled":true,"force_archive":true,"conditions":[{"type":"matched_rules","operator":"in_list","value":["first"]}]}]`), nil, rules.Strict)
	require.NoError(t, err)
	e := rules.NewEngine(set, 0)
	got := e.Process(msg(nil))
	require.Len(t, got, 1)
	require.Equal(t, "first", got[0].Rule.Identifier)
	got = e.Process(msg(func(m *model.AircraftMessage) { m.ReceivedAt = t0.Add(time.Second) }))
	require.Len(t, got, 1)
	require.Equal(t, "second", got[0].Rule.Identifier)
	require.True(t, got[0].Flight.ForceArchive)
}

func TestLagBoundary(t *testing.T) {
	require.False(t, rules.Lagging(t0.Add(30*time.Second), t0), "exactly 30 s still publishes")
	require.True(t, rules.Lagging(t0.Add(31*time.Second), t0))
}

func TestNotificationPayload(t *testing.T) {
	set, err := rules.LoadRules([]byte(`[{"identifier":"emergency","name":"Emergency","description":"squawk 7700","enabled":true,"force_archive":true,
	  "conditions":[{"type":"squawk","operator":"equals","value":"7700"}]}]`), nil, rules.Strict)
	require.NoError(t, err)
	e := rules.NewEngine(set, 0)
	e.Process(msg(func(m *model.AircraftMessage) { m.Squawk = "1200" }))
	got := e.Process(msg(func(m *model.AircraftMessage) { m.ReceivedAt = t0.Add(2 * time.Second); m.ReceiverSource = "EXTERNAL" }))
	require.Len(t, got, 1)
	var n map[string]any
	require.NoError(t, json.Unmarshal(got[0].Notification(), &n))
	require.Equal(t, map[string]any{"icao_hex": "ABC123", "registration": "g-euoa", "type_designator": "a320", "type": "airplane",
		"category": "land", "wake_turbulence_category": "medium", "powerplant": map[string]any{"count": 2.0, "type": "Turbo-fan"}}, n["aircraft"])
	require.Equal(t, " baw123 ", n["ident"])
	require.Equal(t, "7700", n["squawk"])
	require.Equal(t, map[string]any{"airline_designator": "baw", "name": "British Airways"}, n["operator"], "operator.source removed")
	require.Equal(t, []any{"1090", "EXTERNAL"}, n["receiver_sources"])
	require.Equal(t, "2026-03-15T12:30:45+00:00", n["first_message"])
	require.Equal(t, "2026-03-15T12:30:47+00:00", n["last_message"])
	require.Equal(t, 2.0, n["total_messages"])
	require.Equal(t, []any{"emergency"}, n["matched_rules"])
	require.Equal(t, true, n["force_archive"])
	require.Equal(t, map[string]any{"name": "Emergency", "description": "squawk 7700", "identifier": "emergency"}, n["rule"])
	for _, k := range []string{"registrant", "origin", "destination", "_id", "positions", "velocities"} {
		require.NotContains(t, n, k, "nothing to report: omitted")
	}
	require.NotContains(t, string(got[0].Notification()), "null")
	require.NotContains(t, string(got[0].Notification()), "false")
}

func TestStrictAndLenientLoading(t *testing.T) {
	cases := []struct {
		name, rules, strictErr string
		lenientLoaded          int
		skipped                []string
	}{
		{"invalid JSON", `[{`, "Rules file contains invalid JSON", -1, nil},
		{"not an array", `{"rules":[]}`, "Rules must be a JSON array", -1, nil},
		{"null", `null`, "Rules must be a JSON array", -1, nil},
		{"missing enabled", `[{"identifier":"a","conditions":[]}]`, "Rule #0 invalid: missing 'enabled' field", 0, []string{"a"}},
		{"enabled not bool", `[{"identifier":"a","enabled":"yes","conditions":[]}]`, "Rule #0 invalid: 'enabled' must be a boolean", 0, []string{"a"}},
		{"bad identifier", `[{"identifier":"a b","enabled":true,"conditions":[{"type":"squawk","operator":"equals","value":"7700"}]}]`, "Rule #0 invalid: identifier 'a b' must be non-empty and contain no spaces", 0, []string{"a b"}},
		{"empty identifier", `[{"identifier":"","enabled":true,"conditions":[]}]`, "Rule #0 invalid: identifier '' must be non-empty and contain no spaces", 0, []string{"#0"}},
		{"duplicate", `[{"identifier":"a","enabled":true,"conditions":[{"type":"squawk","operator":"equals","value":"7700"}]},{"identifier":"a","enabled":true,"conditions":[{"type":"squawk","operator":"equals","value":"7600"}]}]`, "Rule #1 invalid: duplicate identifier 'a'", 1, []string{"a"}},
		{"no conditions", `[{"identifier":"a","enabled":true,"conditions":[]}]`, "Rule #0 invalid: rule 'a' has no conditions", 0, []string{"a"}},
		{"missing conditions", `[{"identifier":"a","enabled":true}]`, "Rule #0 invalid: rule 'a' missing 'conditions' array", 0, []string{"a"}},
		{"force_archive not bool", `[{"identifier":"a","enabled":true,"force_archive":"yes","conditions":[{"type":"squawk","operator":"equals","value":"7700"}]}]`, "Rule #0 invalid: rule 'a': 'force_archive' must be a boolean", 0, []string{"a"}},
		{"unknown area", `[{"identifier":"ok","enabled":true,"conditions":[{"type":"squawk","operator":"equals","value":"7700"}]},{"identifier":"r","enabled":true,"conditions":[{"type":"squawk","operator":"equals","value":"7700"},{"type":"area","operator":"equals","value":"NOWHERE"}]}]`, "Rule #1 invalid: rule 'r' condition #1: area 'NOWHERE' not found in areas config", 1, []string{"r"}},
		{"line area unusable", `[{"identifier":"r","enabled":true,"conditions":[{"type":"area","operator":"equals","value":"LINE"}]}]`, "Rule #0 invalid: rule 'r' condition #0: area 'LINE' not found in areas config", 0, []string{"r"}},
		{"unknown type", `[{"identifier":"r","enabled":true,"conditions":[{"type":"colour","operator":"equals","value":"red"}]}]`, "Rule #0 invalid: rule 'r' condition #0: unknown condition type 'colour'", 0, []string{"r"}},
		{"unknown operator", `[{"identifier":"r","enabled":true,"conditions":[{"type":"altitude","operator":"above","value":1}]}]`, "Rule #0 invalid: rule 'r' condition #0: unknown operator 'above'", 0, []string{"r"}},
		{"date without zone", `[{"identifier":"r","enabled":true,"conditions":[{"type":"date","operator":"minimum","value":"2026-01-01T10:00"}]}]`, "timezone designator", 0, []string{"r"}},
		{"disabled invalid rule is skipped", `[{"identifier":"x y","enabled":false,"conditions":"nope"}]`, "", 0, nil},
		{"type and operator trimmed and lower-cased", `[{"identifier":"r","enabled":true,"conditions":[{"type":" Altitude ","operator":"MAXIMUM","value":1000}]}]`, "", 1, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := rules.LoadRules([]byte(tc.rules), areas(t), rules.Strict)
			if tc.strictErr == "" {
				require.NoError(t, err)
			} else {
				require.ErrorContains(t, err, tc.strictErr)
				if !strings.Contains(tc.strictErr, "timezone") {
					require.Equal(t, tc.strictErr, err.Error())
				}
			}
			set, err := rules.LoadRules([]byte(tc.rules), areas(t), rules.Lenient)
			if tc.lenientLoaded < 0 {
				require.Error(t, err, "a bad root is rejected in lenient mode too")
				return
			}
			require.Len(t, set.Rules, tc.lenientLoaded)
			require.Equal(t, tc.skipped, set.Skipped)
			if len(tc.skipped) > 0 {
				var le *rules.LoadError
				require.ErrorAs(t, err, &le)
				for _, id := range tc.skipped {
					require.Contains(t, err.Error(), id)
				}
			} else {
				require.NoError(t, err)
			}
		})
	}
}

func TestAreaLoading(t *testing.T) {
	a := areas(t)
	require.Contains(t, a, "SQUARE")
	require.NotContains(t, a, "LINE", "non-polygons are never usable in rules")
	require.NotContains(t, a, "has space")
	require.NotContains(t, a, "BOWTIE", "a self-intersecting ring is rejected")
	_, err := rules.LoadAreas([]byte(`{`))
	require.EqualError(t, err, "Areas file contains invalid JSON")
	_, err = rules.LoadAreas([]byte(`[]`))
	require.EqualError(t, err, "Areas must be a GeoJSON FeatureCollection")
	got, err := rules.LoadAreas([]byte(`{"type":"featurecollection","features":[
	  {"type":"Feature","properties":{"identifier":"A"},"geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]]]}},
	  {"type":"Feature","properties":{"identifier":"A"},"geometry":{"type":"Polygon","coordinates":[[[0,0],[5,0],[5,5]]]}}]}`))
	require.NoError(t, err)
	require.True(t, got["A"].Polygon.Contains(rules.Point{X: 4, Y: 1}), "a later duplicate replaces an earlier one; an unclosed ring counts as closed")
}

func TestPolygonValidation(t *testing.T) {
	p := func(pts ...float64) []rules.Point {
		var out []rules.Point
		for i := 0; i+1 < len(pts); i += 2 {
			out = append(out, rules.Point{X: pts[i], Y: pts[i+1]})
		}
		return out
	}
	cases := []struct {
		name  string
		rings [][]rules.Point
		err   error
	}{
		{"ok", [][]rules.Point{p(0, 0, 4, 0, 4, 4, 0, 4, 0, 0)}, nil},
		{"two distinct positions", [][]rules.Point{p(0, 0, 1, 1, 0, 0, 1, 1)}, rules.ErrTooFewPositions},
		{"bowtie", [][]rules.Point{p(0, 0, 2, 2, 2, 0, 0, 2, 0, 0)}, rules.ErrSelfIntersect},
		{"spike folding back", [][]rules.Point{p(0, 0, 4, 0, 2, 0, 2, 3, 0, 0)}, rules.ErrSelfIntersect},
		{"hole outside", [][]rules.Point{p(0, 0, 4, 0, 4, 4, 0, 4), p(5, 5, 6, 5, 6, 6)}, rules.ErrHoleOutside},
		{"crossing rings", [][]rules.Point{p(0, 0, 4, 0, 4, 4, 0, 4), p(3, 3, 5, 3, 5, 5, 3, 5)}, rules.ErrRingsCross},
		{"out of range", [][]rules.Point{p(0, 0, 190, 0, 4, 4)}, rules.ErrBadCoordinate},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := rules.NewPolygon(tc.rings)
			if tc.err == nil {
				require.NoError(t, err)
			} else {
				require.ErrorIs(t, err, tc.err)
			}
		})
	}
}

func TestEvaluateAllocatesNothing(t *testing.T) {
	set, err := rules.LoadRules([]byte(`[
	 {"identifier":"a","enabled":true,"conditions":[{"type":"altitude","operator":"minimum","value":40000},{"type":"area","operator":"equals","value":"SQUARE"}]},
	 {"identifier":"b","enabled":true,"conditions":[{"type":"ident","operator":"equals","value":"XYZ"},{"type":"heading","operator":"equals","value":"10,20"}]},
	 {"identifier":"c","enabled":true,"conditions":[{"type":"matched_rules","operator":"not_in_list","value":["q"]},{"type":"area","operator":"equals","value":"SQUARE"},{"type":"squawk","operator":"equals","value":"1234"}]}]`), areas(t), rules.Strict)
	require.NoError(t, err)
	e := rules.NewEngine(set, 0)
	m := msg(nil)
	e.Process(m)
	allocs := testing.AllocsPerRun(1000, func() {
		m.ReceivedAt = m.ReceivedAt.Add(time.Second)
		e.Process(m)
	})
	require.Zero(t, allocs)
	require.Equal(t, 1, e.Flights())
}

func party(t *testing.T, s string) *model.Party {
	var p model.Party
	require.NoError(t, json.Unmarshal([]byte(s), &p))
	return &p
}

// CONTRACT.md 6.4: the flight key is icao_hex trimmed and upper-cased.
func TestFlightKeyIsTrimmedAndUpperCased(t *testing.T) {
	e := rules.NewEngine(oneRule(t, "squawk", "equals", "7700"), 0)
	got := e.Process(msg(func(m *model.AircraftMessage) { m.IcaoHex = "4ca7b5" }))
	require.Len(t, got, 1)
	require.Equal(t, "4CA7B5", got[0].Flight.IcaoHex, "the payload carries the upper-cased form")
	for i, icao := range []string{"4CA7B5", " 4ca7B5 "} {
		require.Empty(t, e.Process(msg(func(m *model.AircraftMessage) {
			m.IcaoHex = icao
			m.ReceivedAt = t0.Add(time.Duration(i+1) * time.Second)
		})), "one aircraft, one flight: fires once")
	}
	require.Equal(t, 1, e.Flights())
}

// CONTRACT.md 6.4: a position record needs both coordinates; an altitude-only message does not
// change the latest altitude, and a velocity record keeps its missing fields null.
func TestPositionAndVelocityRecords(t *testing.T) {
	e := rules.NewEngine(oneRule(t, "altitude", "maximum", 10000), 0)
	require.Empty(t, e.Process(msg(nil)), "35,000 ft")
	altOnly := func(m *model.AircraftMessage) {
		m.ReceivedAt = t0.Add(time.Second)
		m.Altitude, m.Latitude, m.Longitude = f64(5000), nil, nil
	}
	require.Empty(t, e.Process(msg(altOnly)), "an altitude without a position is not a position record")
	latOnly := func(m *model.AircraftMessage) {
		m.ReceivedAt = t0.Add(2 * time.Second)
		m.Altitude, m.Longitude = f64(5000), nil
	}
	require.Empty(t, e.Process(msg(latOnly)), "nor is a latitude without a longitude")
	both := func(m *model.AircraftMessage) {
		m.ReceivedAt = t0.Add(3 * time.Second)
		m.Altitude = f64(5000)
	}
	require.Len(t, e.Process(msg(both)), 1, "a full position record with 5,000 ft")

	// A position with a null altitude: the latest altitude is null, no fall-back.
	e = rules.NewEngine(oneRule(t, "altitude", "minimum", 0), 0)
	require.Empty(t, e.Process(msg(func(m *model.AircraftMessage) { m.Altitude = nil })))

	// Velocity record: heading only → speed is null in the latest record.
	e = rules.NewEngine(oneRule(t, "velocity", "minimum", 1), 0)
	require.Empty(t, e.Process(msg(func(m *model.AircraftMessage) { m.Velocity = nil })))
}

// CONTRACT.md 6.4: aircraft and operator merge key by key (powerplant one level deeper); an
// absent or null field leaves the accumulated value.
func TestFlightStateMergesKeyByKey(t *testing.T) {
	set, err := rules.LoadRules([]byte(`[
	 {"identifier":"pp","enabled":true,"conditions":[{"type":"aircraft_powerplant_count","operator":"equals","value":4},{"type":"squawk","operator":"equals","value":"7500"}]},
	 {"identifier":"op","enabled":true,"conditions":[{"type":"operator_airline_designator","operator":"equals","value":"BAW"},{"type":"squawk","operator":"equals","value":"7600"}]}]`), nil, rules.Strict)
	require.NoError(t, err)
	e := rules.NewEngine(set, 0)
	e.Process(msg(func(m *model.AircraftMessage) {
		m.Aircraft.Powerplant = &model.Powerplant{Count: intp(4)}
	}))
	got := e.Process(msg(func(m *model.AircraftMessage) {
		m.ReceivedAt = t0.Add(time.Second)
		m.Squawk = "7500"
		m.Aircraft = &model.Aircraft{Powerplant: &model.Powerplant{Type: "Jet"}}
		m.Operator = party(t, `{"name":"Speedbird","airline_designator":null,"country":"GB"}`)
	}))
	require.Len(t, got, 1, "count 4 kept when a later powerplant brings only its type")
	var n map[string]any
	require.NoError(t, json.Unmarshal(got[0].Notification(), &n))
	require.Equal(t, map[string]any{"count": 4.0, "type": "Jet"}, n["aircraft"].(map[string]any)["powerplant"])
	require.Equal(t, "g-euoa", n["aircraft"].(map[string]any)["registration"], "absent keys keep the accumulated value")
	require.Equal(t, map[string]any{"airline_designator": "baw", "name": "Speedbird", "country": "GB"}, n["operator"])
	got = e.Process(msg(func(m *model.AircraftMessage) {
		m.ReceivedAt = t0.Add(2 * time.Second)
		m.Squawk = "7600"
		m.Operator = nil
	}))
	require.Len(t, got, 1, "the designator survives a merge that nulls it")
}

// CONTRACT.md 6.5: registrant, origin and destination are cleaned like operator: no nulls, no
// empty objects, omitted when nothing is left.
func TestNotificationPartiesAreNeverNull(t *testing.T) {
	e := rules.NewEngine(oneRule(t, "squawk", "equals", "7700"), 0)
	got := e.Process(msg(func(m *model.AircraftMessage) {
		m.Registrant = party(t, `{"name":"Owner Ltd","address":null,"extra":{}}`)
		m.Origin = party(t, `{"icao_code":"EGLL","name":"Heathrow","location":{"latitude":51.47,"longitude":null},"iata_code":null}`)
		m.Destination = party(t, `{"icao_code":null,"details":{"a":null}}`)
	}))
	require.Len(t, got, 1)
	payload := got[0].Notification()
	require.NotContains(t, string(payload), "null")
	require.NotContains(t, string(payload), "{}")
	var n map[string]any
	require.NoError(t, json.Unmarshal(payload, &n))
	require.Equal(t, map[string]any{"name": "Owner Ltd"}, n["registrant"])
	require.Equal(t, map[string]any{"icao_code": "EGLL", "name": "Heathrow", "location": map[string]any{"latitude": 51.47}}, n["origin"])
	require.NotContains(t, n, "destination", "nothing left to report: omitted")
}

// A rule test evaluates the rule and the rules its matched_rules conditions reach, through
// chains, in stored order; the others are left out.
func TestWithDependencies(t *testing.T) {
	items := []json.RawMessage{
		json.RawMessage(`{"identifier":"a","conditions":[{"type":"squawk","operator":"equals","value":"7700"}]}`),
		json.RawMessage(`{"identifier":"b","conditions":[{"type":" Matched_Rules ","operator":"in_list","value":["a"]}]}`),
		json.RawMessage(`{"identifier":"c","conditions":[{"type":"matched_rules","operator":"not_in_list","value":["b","nowhere"]}]}`),
		json.RawMessage(`{"identifier":"d","conditions":[{"type":"altitude","operator":"maximum","value":100}]}`),
	}
	ids := func(items []json.RawMessage) (out []string) {
		for _, it := range items {
			var r struct{ Identifier string }
			require.NoError(t, json.Unmarshal(it, &r))
			out = append(out, r.Identifier)
		}
		return out
	}
	require.Equal(t, []string{"a", "b", "c"}, ids(rules.WithDependencies(items, "c")))
	require.Equal(t, []string{"d"}, ids(rules.WithDependencies(items, "d")))
	require.Empty(t, rules.WithDependencies(items, "missing"))
}

// Naming finds the rules whose condition of a type names an id, as a string or in a list,
// enabled or not, in stored order; a malformed element names nothing.
func TestNaming(t *testing.T) {
	items := []json.RawMessage{
		json.RawMessage(`{"identifier":"a","enabled":false,"conditions":[{"type":"area","operator":"equals","value":" HOME "}]}`),
		json.RawMessage(`{"identifier":"b","conditions":[{"type":" Watchlist ","operator":"in_list","value":["pa","mine"]}]}`),
		json.RawMessage(`{"identifier":"c","conditions":[{"type":"watchlist","operator":"equals","value":"mine"},{"type":"area","operator":"equals","value":"AWAY"}]}`),
		json.RawMessage(`{"identifier":"d","conditions":[{"type":"squawk","operator":"equals","value":"HOME"}]}`),
		json.RawMessage(`not json`),
	}
	for _, c := range []struct {
		typ, id string
		want    []string
	}{
		{rules.TypeArea, "HOME", []string{"a"}},
		{rules.TypeArea, "AWAY", []string{"c"}},
		{rules.TypeWatchlist, "mine", []string{"b", "c"}},
		{rules.TypeWatchlist, "pa", []string{"b"}},
		{rules.TypeWatchlist, "other", nil},
	} {
		require.Equal(t, c.want, rules.Naming(items, c.typ, c.id), "%s %s", c.typ, c.id)
	}
}
