package rules

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// The table of condition types (CONTRACT.md 6.2). Each row is everything the engine, the API
// and the UI know of a type: its operators, its value (the API's ✱ limits and the UI's widget,
// in Value), how the engine reads the value (compile), tests it on a flight (match: no
// allocation) and shows what it looked at (observe). A new condition type is one row here plus
// its evaluator; the API's validation and the UI's widgets (GET /ui/config.json) derive from it.

// Condition type names (spec 2.1).
const (
	TypeAltitude                  = "altitude"
	TypeHeading                   = "heading"
	TypeVelocity                  = "velocity"
	TypeVerticalSpeed             = "vertical_speed"
	TypeArea                      = "area"
	TypeDate                      = "date"
	TypeIdent                     = "ident"
	TypeSquawk                    = "squawk"
	TypeMilitary                  = "military"
	TypeReceiverSource            = "receiver_source"
	TypeOperatorAirlineDesignator = "operator_airline_designator"
	TypeAircraftTypeDesignator    = "aircraft_type_designator"
	TypeAircraftRegistration      = "aircraft_registration"
	TypeAircraftIcaoHex           = "aircraft_icao_hex"
	TypeAircraftPowerplantCount   = "aircraft_powerplant_count"
	TypeWakeTurbulenceCategory    = "wake_turbulence_category"
	TypeMatchedRules              = "matched_rules"
	// Watchlist condition types (CONTRACT.md 11.3: an extension the original processor does not
	// know).
	TypeWatchlist         = "watchlist"
	TypeWatchlistGroup    = "watchlist_group"
	TypeWatchlistCategory = "watchlist_category"
	// Registrant condition types (CONTRACT.md 12.5: an extension too).
	TypeRegistrantType = "registrant_type"
	TypeRegistrantName = "registrant_name"
)

// Extension reports whether a condition type is one of this project's extensions, which the
// original processor would skip a rule for (the UI marks such a rule).
func Extension(typ string) bool {
	switch typ {
	case TypeWatchlist, TypeWatchlistGroup, TypeWatchlistCategory, TypeRegistrantType, TypeRegistrantName:
		return true
	}
	return false
}

// Operators (CONTRACT.md 6.1).
const (
	OpEquals    = "equals"
	OpMinimum   = "minimum"
	OpMaximum   = "maximum"
	OpInList    = "in_list"
	OpNotInList = "not_in_list"
	// OpContains is registrant_name's alone (CONTRACT.md 12.5).
	OpContains = "contains"
)

// OperatorLabels are the operators as the UI words them.
var OperatorLabels = map[string]string{OpEquals: "equals", OpMinimum: "at least", OpMaximum: "at most", OpInList: "any of", OpNotInList: "none of", OpContains: "contains"}

var knownOperators = []string{OpEquals, OpMinimum, OpMaximum, OpInList, OpNotInList, OpContains}

// Limits of registrant_name's value (CONTRACT.md 12.5: the API's 422).
const (
	MaxRegistrantNames     = 50
	MaxRegistrantNameChars = 100
)

// Value describes a condition type's value: the API refuses (422) a value outside the ✱ limits
// (Min/Max of an integer, Pattern of a text, Options and item counts of a list); the UI builds
// its widget from it. Limits marked engine-level in the contract are the engine's (400).
type Value struct {
	Widget string `json:"widget"` // number, heading, date, text, bool, select, multi, rules, area, watchlist, watchgroup, watchcategory
	Label  string `json:"label"`
	Unit   string `json:"unit,omitempty"` // of a number: ft, kt, ft/min
	Hint   string `json:"hint,omitempty"` // what the UI says beside the widget
	// An integer between Min and Max (Ranged).
	Ranged bool  `json:"ranged,omitempty"`
	Min    int64 `json:"min"`
	Max    int64 `json:"max"`
	// A text matching Pattern (PatternText says what it must be).
	Pattern     string `json:"pattern,omitempty"`
	PatternText string `json:"pattern_text,omitempty"`
	Placeholder string `json:"placeholder,omitempty"`
	MaxLength   int    `json:"maxlength,omitempty"`
	// Lookup names the management API's suggestions for a code (GET /api/lookup/{Lookup}?q=):
	// "operators" or "types"; the UI offers them as the user types and names a stored code.
	Lookup string `json:"lookup,omitempty"`
	// A list of MinItems to MaxItems (0: any) strings, distinct values of Options when set.
	List     bool     `json:"list,omitempty"`
	Options  []string `json:"options,omitempty"`
	MinItems int      `json:"min_items,omitempty"`
	MaxItems int      `json:"max_items,omitempty"`
	pattern  *regexp.Regexp
}

// conditionType is one row of the table.
type conditionType struct {
	name      string
	operators []string
	value     Value
	cost      int // cheaper conditions are evaluated first
	// compile reads the value v (as JSON decodes it) into c, or says why it cannot.
	compile func(c *cond, v any, refs Refs) error
	// match tests c on the flight as it stands after the message received at at; fired marks
	// the rules of the set the flight fired on earlier messages. It must not allocate.
	match func(c *cond, f *model.Flight, fired bitset, at time.Time) bool
	// observe is the flight value match looks at (nil when the flight has none); earlier lists
	// the rules matched on earlier messages. For explaining: it may allocate.
	observe func(c *cond, f *model.Flight, earlier []string, at time.Time) any
}

var conditionTypes = []*conditionType{
	{name: TypeAltitude, operators: []string{OpMinimum, OpMaximum}, cost: 1,
		value:   Value{Widget: "number", Label: "Altitude", Unit: "ft", Ranged: true, Min: 0, Max: 65000},
		compile: compileInteger,
		match: func(c *cond, f *model.Flight, _ bitset, _ time.Time) bool {
			return f.HasPosition && f.Position.Altitude.OK && cmp(c.op, f.Position.Altitude.V, c.num)
		},
		observe: func(_ *cond, f *model.Flight, _ []string, _ time.Time) any {
			return optional(f.HasPosition, f.Position.Altitude)
		}},
	{name: TypeVelocity, operators: []string{OpMinimum, OpMaximum}, cost: 1,
		value:   Value{Widget: "number", Label: "Ground speed", Unit: "kt", Ranged: true, Min: 0, Max: 1334},
		compile: compileInteger,
		match: func(c *cond, f *model.Flight, _ bitset, _ time.Time) bool {
			return f.HasVelocity && f.Velocity.Speed.OK && cmp(c.op, f.Velocity.Speed.V, c.num)
		},
		observe: func(_ *cond, f *model.Flight, _ []string, _ time.Time) any {
			return optional(f.HasVelocity, f.Velocity.Speed)
		}},
	{name: TypeVerticalSpeed, operators: []string{OpMinimum, OpMaximum}, cost: 1,
		value:   Value{Widget: "number", Label: "Vertical speed", Unit: "ft/min", Hint: "negative: descending", Ranged: true, Min: -10000, Max: 10000},
		compile: compileInteger, match: matchVerticalSpeed,
		observe: func(_ *cond, f *model.Flight, _ []string, _ time.Time) any {
			return optional(f.HasVelocity, f.Velocity.VerticalSpeed)
		}},
	{name: TypeHeading, operators: []string{OpEquals}, cost: 1,
		value:   Value{Widget: "heading", Label: "Heading", Unit: "°", Min: 0, Max: HeadingMax},
		compile: compileHeading,
		match: func(c *cond, f *model.Flight, _ bitset, _ time.Time) bool {
			if !f.HasVelocity || !f.Velocity.Heading.OK {
				return false
			}
			h := f.Velocity.Heading.V
			if c.lo <= c.hi {
				return h >= c.lo && h <= c.hi
			}
			return h >= c.lo || h <= c.hi // through north
		},
		observe: func(_ *cond, f *model.Flight, _ []string, _ time.Time) any {
			return optional(f.HasVelocity, f.Velocity.Heading)
		}},
	{name: TypeDate, operators: []string{OpMinimum, OpMaximum}, cost: 2,
		value:   Value{Widget: "date", Label: "Date"},
		compile: func(c *cond, v any, _ Refs) error { s, _ := v.(string); return c.parseDate(strings.TrimSpace(s)) },
		match:   matchDate,
		observe: func(c *cond, _ *model.Flight, _ []string, at time.Time) any {
			if c.dateOnly {
				return at.UTC().Format(time.DateOnly)
			}
			return at.UTC().Truncate(time.Minute).Format(time.RFC3339)
		}},
	{name: TypeIdent, operators: []string{OpEquals}, cost: 1,
		value:   Value{Widget: "text", Label: "Ident (call sign)", Placeholder: "BAW123"},
		compile: compileText(strings.ToUpper, func(s string) error { return nonEmpty(s, "ident value must be a non-empty string") }),
		match:   func(c *cond, f *model.Flight, _ bitset, _ time.Time) bool { return equalFoldTrim(f.Ident, c.str) },
		observe: func(_ *cond, f *model.Flight, _ []string, _ time.Time) any { return f.Ident }},
	{name: TypeSquawk, operators: []string{OpEquals}, cost: 1,
		value:   Value{Widget: "text", Label: "Squawk", Placeholder: "7700", MaxLength: 4, Pattern: `^[0-7]{4}$`, PatternText: "value must be four octal digits"},
		compile: compileText(nil, func(s string) error { return nonEmpty(s, "squawk value must be a non-empty string") }),
		match:   func(c *cond, f *model.Flight, _ bitset, _ time.Time) bool { return trimSpace(f.Squawk) == c.str },
		observe: func(_ *cond, f *model.Flight, _ []string, _ time.Time) any { return f.Squawk }},
	{name: TypeMilitary, operators: []string{OpEquals}, cost: 1,
		value: Value{Widget: "bool", Label: "Military"},
		compile: func(c *cond, v any, _ Refs) error {
			switch x := v.(type) {
			case bool:
				c.flag = x
			case string:
				c.flag = strings.EqualFold(strings.TrimSpace(x), "true")
			}
			return nil
		},
		match: func(c *cond, f *model.Flight, _ bitset, _ time.Time) bool {
			return f.Aircraft.Military != nil && *f.Aircraft.Military == c.flag
		},
		observe: func(_ *cond, f *model.Flight, _ []string, _ time.Time) any {
			if f.Aircraft.Military != nil {
				return *f.Aircraft.Military
			}
			return nil
		}},
	{name: TypeReceiverSource, operators: []string{OpEquals}, cost: 2,
		value: Value{Widget: "multi", Label: "Receiver source", List: true, Options: []string{"1090", "978", "EXTERNAL"}, MinItems: 1, MaxItems: 2},
		compile: func(c *cond, v any, _ Refs) error {
			if c.list = stringList(v); len(c.list) == 0 {
				return errors.New("receiver_source value must list 1090, 978 or EXTERNAL")
			}
			return nil
		},
		match: func(c *cond, f *model.Flight, _ bitset, _ time.Time) bool {
			for _, s := range f.ReceiverSources {
				if slices.Contains(c.list, s) {
					return true
				}
			}
			return false
		},
		observe: func(_ *cond, f *model.Flight, _ []string, _ time.Time) any {
			return append([]string{}, f.ReceiverSources...)
		}},
	{name: TypeOperatorAirlineDesignator, operators: []string{OpEquals}, cost: 1,
		value: Value{Widget: "text", Label: "Operator (ICAO airline code)", Placeholder: "BAW", MaxLength: 3, Lookup: "operators"},
		compile: compileText(strings.ToUpper, func(s string) error {
			return length(s, 3, "operator airline designator must be exactly 3 characters")
		}),
		match: func(c *cond, f *model.Flight, _ bitset, _ time.Time) bool {
			return f.Operator.AirlineDesignator == c.str
		},
		observe: func(_ *cond, f *model.Flight, _ []string, _ time.Time) any { return f.Operator.AirlineDesignator }},
	{name: TypeAircraftTypeDesignator, operators: []string{OpEquals}, cost: 1,
		value: Value{Widget: "text", Label: "Aircraft type (ICAO)", Placeholder: "A320", MaxLength: 4, Lookup: "types"},
		compile: compileText(strings.ToUpper, func(s string) error {
			return length(s, 4, "aircraft type designator must be exactly 4 characters")
		}),
		match: func(c *cond, f *model.Flight, _ bitset, _ time.Time) bool {
			return equalFoldTrim(f.Aircraft.TypeDesignator, c.str)
		},
		observe: func(_ *cond, f *model.Flight, _ []string, _ time.Time) any { return f.Aircraft.TypeDesignator }},
	{name: TypeAircraftRegistration, operators: []string{OpEquals}, cost: 1,
		value: Value{Widget: "text", Label: "Registration", Placeholder: "G-EUOA",
			Pattern: `^[0-9A-Za-z][0-9A-Za-z-]*[0-9A-Za-z]$`, PatternText: "value must be a registration of letters, digits and inner hyphens"},
		compile: compileText(strings.ToUpper, func(s string) error {
			return nonEmpty(s, "aircraft_registration value must be a non-empty string")
		}),
		match: func(c *cond, f *model.Flight, _ bitset, _ time.Time) bool {
			return equalFoldTrim(f.Aircraft.Registration, c.str)
		},
		observe: func(_ *cond, f *model.Flight, _ []string, _ time.Time) any { return f.Aircraft.Registration }},
	{name: TypeAircraftIcaoHex, operators: []string{OpEquals}, cost: 1,
		value: Value{Widget: "text", Label: "ICAO address (hex)", Placeholder: "4CA7B5", MaxLength: 6,
			Pattern: `^[0-9A-Fa-f]{6}$`, PatternText: "value must be six hexadecimal digits"},
		compile: compileText(strings.ToUpper, func(s string) error {
			return nonEmpty(s, "aircraft_icao_hex value must be a non-empty string")
		}),
		match:   func(c *cond, f *model.Flight, _ bitset, _ time.Time) bool { return equalFoldTrim(f.IcaoHex, c.str) },
		observe: func(_ *cond, f *model.Flight, _ []string, _ time.Time) any { return f.IcaoHex }},
	{name: TypeAircraftPowerplantCount, operators: []string{OpEquals, OpMinimum, OpMaximum}, cost: 1,
		value:   Value{Widget: "number", Label: "Number of engines", Hint: "engines", Ranged: true, Min: 0, Max: 99},
		compile: compileInteger,
		match: func(c *cond, f *model.Flight, _ bitset, _ time.Time) bool {
			p := f.Aircraft.Powerplant
			return p != nil && p.Count != nil && cmp(c.op, float64(*p.Count), c.num)
		},
		observe: func(_ *cond, f *model.Flight, _ []string, _ time.Time) any {
			if p := f.Aircraft.Powerplant; p != nil && p.Count != nil {
				return *p.Count
			}
			return nil
		}},
	{name: TypeWakeTurbulenceCategory, operators: []string{OpEquals}, cost: 1,
		value: Value{Widget: "select", Label: "Wake turbulence category", Options: []string{"light", "medium", "heavy"}},
		compile: compileText(strings.ToLower, func(s string) error {
			if s != "light" && s != "medium" && s != "heavy" {
				return errors.New("wake turbulence category must be light, medium or heavy")
			}
			return nil
		}),
		match: func(c *cond, f *model.Flight, _ bitset, _ time.Time) bool {
			return equalFoldTrim(f.Aircraft.WakeTurbulenceCategory, c.str)
		},
		observe: func(_ *cond, f *model.Flight, _ []string, _ time.Time) any { return f.Aircraft.WakeTurbulenceCategory }},
	{name: TypeMatchedRules, operators: []string{OpInList, OpNotInList}, cost: 3,
		value:   Value{Widget: "rules", Label: "Rules already matched", List: true, MinItems: 1},
		compile: compileRuleList, match: matchMatchedRules,
		observe: func(_ *cond, _ *model.Flight, earlier []string, _ time.Time) any {
			return append([]string{}, earlier...)
		}},
	{name: TypeWatchlist, operators: []string{OpEquals, OpInList, OpNotInList}, cost: 1,
		value:   Value{Widget: "watchlist", Label: "On a watchlist", Hint: "list identifiers"},
		compile: compileWatchlists,
		match: func(c *cond, f *model.Flight, _ bitset, _ time.Time) bool {
			on := f.Watched != nil && f.Watched.Lists&c.bits != 0
			if c.op == opNotInList {
				return !on
			}
			return on
		},
		observe: func(c *cond, f *model.Flight, _ []string, _ time.Time) any { return watchedLists(c, f) }},
	{name: TypeWatchlistGroup, operators: []string{OpEquals, OpInList}, cost: 1,
		value:   Value{Widget: "watchgroup", Label: "Watchlist group", List: true, Options: model.WatchGroups[:], MinItems: 1, MaxItems: len(model.WatchGroups)},
		compile: compileWatchGroups,
		match: func(c *cond, f *model.Flight, _ bitset, _ time.Time) bool {
			return f.Watched != nil && uint32(f.Watched.Groups)&c.bits != 0
		},
		observe: func(_ *cond, f *model.Flight, _ []string, _ time.Time) any {
			if f.Watched == nil {
				return nil
			}
			var out []string
			for i, g := range model.WatchGroups {
				if f.Watched.Groups&(1<<i) != 0 {
					out = append(out, g)
				}
			}
			return out
		}},
	{name: TypeWatchlistCategory, operators: []string{OpEquals, OpInList}, cost: 2,
		value:   Value{Widget: "watchcategory", Label: "Watchlist category", List: true, MinItems: 1},
		compile: compileWatchCategories,
		match: func(c *cond, f *model.Flight, _ bitset, _ time.Time) bool {
			if f.Watched == nil {
				return false
			}
			for _, have := range f.Watched.Categories {
				for _, want := range c.list {
					if have == want {
						return true
					}
				}
			}
			return false
		},
		observe: func(_ *cond, f *model.Flight, _ []string, _ time.Time) any {
			if f.Watched == nil {
				return nil
			}
			return append([]string{}, f.Watched.Categories...)
		}},
	{name: TypeRegistrantType, operators: []string{OpEquals, OpInList}, cost: 1,
		value: Value{Widget: "registranttype", Label: "Registrant type", List: true, MinItems: 1,
			Hint: "as the register says it: Individual, Corporation, Government…"},
		compile: func(c *cond, v any, _ Refs) error {
			if c.list = stringList(v); len(c.list) == 0 {
				return errors.New("registrant_type value must be a non-empty type or a list of them")
			}
			return nil
		},
		match: func(c *cond, f *model.Flight, _ bitset, _ time.Time) bool {
			if f.Owner.Type == "" {
				return false
			}
			for _, want := range c.list {
				if strings.EqualFold(f.Owner.Type, want) {
					return true
				}
			}
			return false
		},
		observe: func(_ *cond, f *model.Flight, _ []string, _ time.Time) any { return nilIfEmpty(f.Owner.Type) }},
	{name: TypeRegistrantName, operators: []string{OpContains}, cost: 3,
		value: Value{Widget: "registrantname", Label: "Registrant name contains", List: true, MinItems: 1, MaxItems: MaxRegistrantNames,
			MaxLength: MaxRegistrantNameChars, Hint: "any case; only names REGISTRANT_DETAIL shows can match"},
		compile: func(c *cond, v any, _ Refs) error {
			for _, s := range stringList(v) {
				c.list = append(c.list, strings.Join(strings.Fields(s), " ")) // runs of spaces collapsed, as the names are
			}
			if len(c.list) == 0 {
				return errors.New("registrant_name value must be a non-empty name or a list of them")
			}
			return nil
		},
		match: func(c *cond, f *model.Flight, _ bitset, _ time.Time) bool {
			for _, name := range f.Owner.Names {
				if name == "" {
					return false
				}
				for _, want := range c.list {
					if model.ContainsFold(name, want) {
						return true
					}
				}
			}
			return false
		},
		observe: func(_ *cond, f *model.Flight, _ []string, _ time.Time) any {
			if names := f.Owner.NameList(); len(names) > 0 {
				return append([]string{}, names...)
			}
			return nil
		}},
	{name: TypeArea, operators: []string{OpEquals}, cost: 10,
		value: Value{Widget: "area", Label: "Inside area"},
		compile: func(c *cond, v any, refs Refs) error {
			id := strings.TrimSpace(stringValue(v))
			a, ok := refs.Areas[id]
			if !ok {
				return fmt.Errorf("area '%s' not found in areas config", id)
			}
			c.area, c.str = a.Polygon, id
			return nil
		},
		match: func(c *cond, f *model.Flight, _ bitset, _ time.Time) bool {
			p := f.Position
			return f.HasPosition && p.Latitude.OK && p.Longitude.OK && c.area.Contains(Point{X: p.Longitude.V, Y: p.Latitude.V})
		},
		observe: func(_ *cond, f *model.Flight, _ []string, _ time.Time) any {
			if p := f.Position; f.HasPosition && p.Latitude.OK && p.Longitude.OK {
				return []float64{p.Longitude.V, p.Latitude.V}
			}
			return nil
		}},
}

// typesByName indexes the table.
var typesByName = func() map[string]*conditionType {
	m := make(map[string]*conditionType, len(conditionTypes))
	for _, t := range conditionTypes {
		if t.value.Pattern != "" {
			t.value.pattern = regexp.MustCompile(t.value.Pattern)
		}
		m[t.name] = t
	}
	return m
}()

// Operators lists the operators each condition type allows.
var Operators = func() map[string][]string {
	m := make(map[string][]string, len(conditionTypes))
	for _, t := range conditionTypes {
		m[t.name] = t.operators
	}
	return m
}()

// ConditionType is one row of the table as the API and the UI see it.
type ConditionType struct {
	Type      string   `json:"type"`
	Operators []string `json:"operators"`
	Value     Value    `json:"value"`
	// Extension marks this project's own types, which the original processor skips a rule for.
	Extension bool `json:"extension,omitempty"`
}

// ConditionTypes is the table for the API and the UI (GET /ui/config.json), in its order.
func ConditionTypes() []ConditionType {
	out := make([]ConditionType, 0, len(conditionTypes))
	for _, t := range conditionTypes {
		out = append(out, ConditionType{Type: t.name, Operators: t.operators, Value: t.value, Extension: Extension(t.name)})
	}
	return out
}

// CheckValue applies a condition type's ✱ limits (CONTRACT.md 6.2) to a raw JSON value: the
// API's 422 message and its error type, or "" when the value passes (engine-level problems are
// the engine's, 400). The type must be one of the table's.
func CheckValue(typ string, raw json.RawMessage) (msg, errType string) {
	t := typesByName[typ]
	if t == nil {
		return "", ""
	}
	v := t.value
	switch typ {
	case TypeWatchlist, TypeWatchlistGroup, TypeWatchlistCategory: // a name, or a list of them
		return checkWatchNames(typ, raw)
	case TypeRegistrantType, TypeRegistrantName:
		return checkNames(typ, raw)
	}
	switch {
	case v.Ranged:
		n, ok := exactInteger(raw)
		if !ok || n < v.Min || n > v.Max {
			unit := ""
			if v.Unit != "" {
				unit = " (" + v.Unit + ")"
			}
			return fmt.Sprintf("value must be an integer from %d to %d%s", v.Min, v.Max, unit), "int_range"
		}
	case v.pattern != nil:
		var s string
		if json.Unmarshal(raw, &s) != nil || !v.pattern.MatchString(strings.TrimSpace(s)) {
			return v.PatternText, "string_pattern_mismatch"
		}
	case v.List && v.Options != nil:
		var list []string
		if json.Unmarshal(raw, &list) != nil || len(list) < v.MinItems || len(list) > v.MaxItems {
			return fmt.Sprintf("value must be an array of %d or %d of %s", v.MinItems, v.MaxItems, strings.Join(v.Options, ", ")), "list_type"
		}
		seen := map[string]bool{}
		for _, s := range list {
			if !slices.Contains(v.Options, s) || seen[s] {
				return fmt.Sprintf("value must be an array of %d or %d distinct values from %s", v.MinItems, v.MaxItems, strings.Join(v.Options, ", ")), "enum"
			}
			seen[s] = true
		}
	case v.List:
		var list []string
		if json.Unmarshal(raw, &list) != nil || len(list) < v.MinItems {
			return fmt.Sprintf("value must be an array of at least %d rule identifier", v.MinItems), "list_type"
		}
	}
	return "", ""
}

// checkWatchNames applies the watchlist conditions' limits: a name, or a list of them (groups:
// civ, mil, pol or gov).
func checkWatchNames(typ string, raw json.RawMessage) (msg, errType string) {
	list, ok := oneOrList(raw)
	if !ok {
		return "value must be a name or an array of names", "list_type"
	}
	if len(list) == 0 {
		return "value must name at least one", "too_short"
	}
	for _, s := range list {
		switch {
		case strings.TrimSpace(s) == "":
			return "value must be a non-empty name", "string_too_short"
		case typ == TypeWatchlistGroup && model.WatchGroupBit(strings.ToLower(strings.TrimSpace(s))) == 0:
			return "value must be civ, mil, pol or gov", "enum"
		}
	}
	return "", ""
}

// oneOrList reads a JSON string or an array of strings (false: neither).
func oneOrList(raw json.RawMessage) ([]string, bool) {
	var one string
	if json.Unmarshal(raw, &one) == nil {
		return []string{one}, true
	}
	list := []string{}
	return list, json.Unmarshal(raw, &list) == nil
}

// checkNames is the ✱ check of the registrant conditions' value: a non-empty string or an
// array of them; registrant_name's at most MaxRegistrantNames, each at most
// MaxRegistrantNameChars characters.
func checkNames(typ string, raw json.RawMessage) (msg, errType string) {
	list, ok := oneOrList(raw)
	if !ok {
		return "value must be a non-empty string or an array of them", "list_type"
	}
	if len(list) == 0 {
		return "value must name at least one", "too_short"
	}
	if typ == TypeRegistrantName && len(list) > MaxRegistrantNames {
		return fmt.Sprintf("value must hold at most %d names", MaxRegistrantNames), "too_long"
	}
	for _, s := range list {
		switch {
		case strings.TrimSpace(s) == "":
			return "value must be a non-empty string", "string_too_short"
		case typ == TypeRegistrantName && utf8.RuneCountInString(s) > MaxRegistrantNameChars:
			return fmt.Sprintf("each name must be at most %d characters", MaxRegistrantNameChars), "string_too_long"
		}
	}
	return "", ""
}

func nilIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// exactInteger accepts a JSON integer (or an integral float) and an integer string written
// plainly ("05" and "+5" are not).
func exactInteger(raw json.RawMessage) (int64, bool) {
	var f float64
	if json.Unmarshal(raw, &f) == nil {
		if f == math.Trunc(f) && !math.IsInf(f, 0) {
			return int64(f), true
		}
		return 0, false
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		s = strings.TrimSpace(s)
		if n, err := strconv.ParseInt(s, 10, 64); err == nil && strconv.FormatInt(n, 10) == s {
			return n, true
		}
	}
	return 0, false
}

// compileInteger reads a number value: a JSON number (truncated) or an integer string.
func compileInteger(c *cond, v any, _ Refs) error {
	n, err := integerValue(v)
	c.num = float64(n)
	return err
}

// compileText reads a text value trimmed, through norm (upper- or lower-casing), then check.
func compileText(norm func(string) string, check func(string) error) func(*cond, any, Refs) error {
	return func(c *cond, v any, _ Refs) error {
		c.str = strings.TrimSpace(stringValue(v))
		if norm != nil {
			c.str = norm(c.str)
		}
		return check(c.str)
	}
}

func nonEmpty(s, why string) error {
	if s == "" {
		return errors.New(why)
	}
	return nil
}

func length(s string, n int, why string) error {
	if len(s) != n {
		return errors.New(why)
	}
	return nil
}

// HeadingMax is the largest bound of a heading condition (CONTRACT.md 6.2: each 0–359).
const HeadingMax = 359

var headingRE = regexp.MustCompile(`^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$`)

func compileHeading(c *cond, v any, _ Refs) error {
	s, _ := v.(string)
	m := headingRE.FindStringSubmatch(s)
	if m == nil {
		return errors.New("heading value must be 'lo,hi' with two numbers")
	}
	lo, _ := strconv.ParseFloat(m[1], 64)
	hi, _ := strconv.ParseFloat(m[2], 64)
	if lo < 0 || lo > HeadingMax || hi < 0 || hi > HeadingMax {
		return fmt.Errorf("heading bounds must be within 0-%d", HeadingMax)
	}
	c.lo, c.hi = lo, hi
	return nil
}

func compileRuleList(c *cond, v any, _ Refs) error {
	arr, ok := v.([]any)
	if !ok || len(arr) == 0 {
		return errors.New("matched_rules value must be a non-empty array of rule identifiers")
	}
	for _, x := range arr {
		s, ok := x.(string)
		if !ok {
			return errors.New("matched_rules value must be a non-empty array of rule identifiers")
		}
		c.list = append(c.list, s)
	}
	return nil
}

// compileWatchlists reads one list id (equals) or several (in_list, not_in_list): each must be
// a list of the set (CONTRACT.md 11.3: as an unknown area).
func compileWatchlists(c *cond, v any, refs Refs) error {
	c.list = stringList(v)
	if len(c.list) == 0 {
		return errors.New("watchlist value must name a watchlist")
	}
	for _, id := range c.list {
		i, ok := refs.Watchlists.Index(id)
		if !ok {
			return fmt.Errorf("watchlist '%s' not found", id)
		}
		c.bits |= 1 << i
	}
	c.watch = refs.Watchlists
	return nil
}

// compileWatchGroups reads civ, mil, pol or gov (any case), one or a list.
func compileWatchGroups(c *cond, v any, _ Refs) error {
	c.list = stringList(v)
	if len(c.list) == 0 {
		return errors.New("watchlist_group value must be civ, mil, pol or gov")
	}
	for _, g := range c.list {
		bit := model.WatchGroupBit(strings.ToLower(g))
		if bit == 0 {
			return fmt.Errorf("watchlist group '%s' is none of civ, mil, pol, gov", g)
		}
		c.bits |= uint32(bit)
	}
	return nil
}

// compileWatchCategories reads categories, compared trimmed and case-insensitively.
func compileWatchCategories(c *cond, v any, _ Refs) error {
	for _, s := range stringList(v) {
		c.list = append(c.list, strings.ToLower(s))
	}
	if len(c.list) == 0 {
		return errors.New("watchlist_category value must be a non-empty category name")
	}
	return nil
}

// watchedLists are the ids of the lists a flight's aircraft is on (for explaining).
func watchedLists(c *cond, f *model.Flight) any {
	if f.Watched == nil {
		return nil
	}
	var out []string
	for i, id := range c.watch.IDs() {
		if f.Watched.Lists&(1<<i) != 0 {
			out = append(out, id)
		}
	}
	return out
}

// matchVerticalSpeed is sign-aware: a negative threshold only matches descents, a positive or
// zero one only climbs and level flight ("maximum 500" never matches a descent).
func matchVerticalSpeed(c *cond, f *model.Flight, _ bitset, _ time.Time) bool {
	if !f.HasVelocity || !f.Velocity.VerticalSpeed.OK {
		return false
	}
	vs, v := f.Velocity.VerticalSpeed.V, c.num
	if v < 0 {
		if vs >= 0 {
			return false
		}
		if c.op == opMinimum {
			return vs <= v
		}
		return vs >= v
	}
	if vs < 0 {
		return false
	}
	return cmp(c.op, vs, v)
}

// matchDate compares the message's received time: its UTC date with a date value, the time
// truncated to the minute with a date-time value.
func matchDate(c *cond, _ *model.Flight, _ bitset, at time.Time) bool {
	if c.dateOnly {
		d := dayNumber(at.UTC())
		if c.op == opMinimum {
			return d >= c.day
		}
		return d <= c.day
	}
	t := at.Truncate(time.Minute).UnixNano()
	if c.op == opMinimum {
		return t >= c.instant
	}
	return t <= c.instant
}

// matchMatchedRules looks at the rules fired on earlier messages of the flight: through the
// bitset for rules of the set, by name for the others.
func matchMatchedRules(c *cond, f *model.Flight, fired bitset, _ time.Time) bool {
	hit := false
	for i, idx := range c.listIdx {
		if (idx >= 0 && fired.has(idx)) || (idx < 0 && f.HasMatched(c.list[i])) {
			hit = true
			break
		}
	}
	if c.op == opInList {
		return hit
	}
	return !hit
}

func optional(has bool, v model.OptFloat) any {
	if has && v.OK {
		return v.V
	}
	return nil
}

// DateExcludes says why the date conditions of a rule (its raw conditions, as stored) keep it
// from firing at now ("before 2026-12-01", "after 2026-11-01T10:00Z"), or "" when none does:
// the engine's own reading of them, for the UI's "Inactive" badge.
func DateExcludes(conditions []json.RawMessage, now time.Time) string {
	t := typesByName[TypeDate]
	for _, raw := range conditions {
		var c struct {
			Type     string `json:"type"`
			Operator string `json:"operator"`
			Value    any    `json:"value"`
		}
		if json.Unmarshal(raw, &c) != nil || !strings.EqualFold(strings.TrimSpace(c.Type), TypeDate) {
			continue
		}
		op := strings.ToLower(strings.TrimSpace(c.Operator))
		cc := cond{t: t, op: opCode(op)}
		if t.compile(&cc, c.Value, Refs{}) != nil || (op != OpMinimum && op != OpMaximum) {
			continue
		}
		if !matchDate(&cc, nil, nil, now) {
			v, _ := c.Value.(string)
			if op == OpMinimum {
				return "before " + strings.TrimSpace(v)
			}
			return "after " + strings.TrimSpace(v)
		}
	}
	return ""
}
