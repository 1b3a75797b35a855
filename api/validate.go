package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/tracker-adsb/tracker-core-health/delivery"
	"github.com/tracker-adsb/tracker-core-health/rules"
)

// FieldError is one entry of a 422 body: {"loc":["body",...],"msg":"...","type":"..."}.
type FieldError struct {
	Loc  []any  `json:"loc"`
	Msg  string `json:"msg"`
	Type string `json:"type"`
}

type validation struct{ errs []FieldError }

func (v *validation) add(msg, typ string, loc ...any) {
	v.errs = append(v.errs, FieldError{Loc: append([]any{"body"}, loc...), Msg: msg, Type: typ})
}

var identifierRE = regexp.MustCompile(`^\S+$`)

// decodeObject parses a body as a JSON object with numbers kept exact.
func decodeObject(body []byte) (map[string]json.RawMessage, bool) {
	var m map[string]json.RawMessage
	d := json.NewDecoder(bytes.NewReader(body))
	if err := d.Decode(&m); err != nil || m == nil || d.More() {
		return nil, false
	}
	return m, true
}

func str(raw json.RawMessage) (string, bool) {
	var s string
	if len(raw) == 0 || json.Unmarshal(raw, &s) != nil {
		return "", false
	}
	return s, true
}

// StoredRule is a rule as the API stores it: all six fields.
type StoredRule struct {
	Identifier   string            `json:"identifier"`
	Name         string            `json:"name"`
	Description  string            `json:"description"`
	Enabled      bool              `json:"enabled"`
	ForceArchive bool              `json:"force_archive"`
	Conditions   []StoredCondition `json:"conditions"`
	// Notify is the rule's delivery policy (CONTRACT.md 10.1), its known keys only; absent:
	// none.
	Notify json.RawMessage `json:"notify,omitempty"`
}

// StoredCondition is exactly {type, operator, value}.
type StoredCondition struct {
	Type     string          `json:"type"`
	Operator string          `json:"operator"`
	Value    json.RawMessage `json:"value"`
}

// validateRule checks a rule body (CONTRACT.md 6.1 and the ✱ rows of 6.2) and returns the
// rule to store, or the 422 entries.
func validateRule(body []byte) (*StoredRule, []FieldError) {
	m, ok := decodeObject(body)
	if !ok {
		return nil, []FieldError{{Loc: []any{"body"}, Msg: "body must be a JSON object", Type: "json_invalid"}}
	}
	v := &validation{}
	r := &StoredRule{}
	if raw, ok := m["identifier"]; !ok {
		v.add("field required", "missing", "identifier")
	} else if s, ok := str(raw); !ok {
		v.add("identifier must be a string", "string_type", "identifier")
	} else if !identifierRE.MatchString(s) {
		v.add("identifier must be non-empty and contain no spaces", "string_pattern_mismatch", "identifier")
	} else if len(s) > 64 {
		v.add("identifier must be at most 64 characters", "string_too_long", "identifier")
	} else if p := rules.IdentifierTopicProblem(s); p != "" {
		v.add(p, "string_pattern_mismatch", "identifier")
	} else {
		r.Identifier = s
	}
	for _, f := range []struct {
		key string
		max int
		dst *string
	}{{"name", 64, &r.Name}, {"description", 2000, &r.Description}} {
		raw, ok := m[f.key]
		if !ok || string(raw) == "null" {
			continue
		}
		s, ok := str(raw)
		switch {
		case !ok:
			v.add(f.key+" must be a string", "string_type", f.key)
		case len([]rune(s)) > f.max:
			v.add(fmt.Sprintf("%s must be at most %d characters", f.key, f.max), "string_too_long", f.key)
		default:
			*f.dst = s
		}
	}
	if raw, ok := m["enabled"]; !ok {
		v.add("field required", "missing", "enabled")
	} else if json.Unmarshal(raw, &r.Enabled) != nil || string(raw) == "null" {
		v.add("enabled must be a boolean", "bool_type", "enabled")
	}
	if raw, ok := m["force_archive"]; ok && string(raw) != "null" {
		if json.Unmarshal(raw, &r.ForceArchive) != nil {
			v.add("force_archive must be a boolean", "bool_type", "force_archive")
		}
	}
	var conds []json.RawMessage
	if raw, ok := m["conditions"]; !ok {
		v.add("field required", "missing", "conditions")
	} else if json.Unmarshal(raw, &conds) != nil || conds == nil {
		v.add("conditions must be an array", "list_type", "conditions")
	} else if len(conds) == 0 {
		v.add("conditions must have at least 1 item", "too_short", "conditions")
	}
	for j, raw := range conds {
		if c, ok := validateCondition(v, j, raw); ok {
			r.Conditions = append(r.Conditions, c)
		}
	}
	if raw, ok := m["notify"]; ok && string(raw) != "null" {
		_, stored, probs := delivery.Parse(raw, time.UTC) // the zone only fills a default: the check is the same
		for _, p := range probs {
			v.add(p.Msg, p.Type, append([]any{"notify"}, p.Loc...)...)
		}
		r.Notify = stored
	}
	if len(v.errs) > 0 {
		return nil, v.errs
	}
	return r, nil
}

func validateCondition(v *validation, j int, raw json.RawMessage) (StoredCondition, bool) {
	before := len(v.errs)
	cm, ok := decodeObject(raw)
	if !ok {
		v.add("condition must be an object", "dict_type", "conditions", j)
		return StoredCondition{}, false
	}
	for k := range cm {
		if k != "type" && k != "operator" && k != "value" {
			v.add("extra fields not permitted", "extra_forbidden", "conditions", j, k)
		}
	}
	typ, okT := str(cm["type"])
	op, okO := str(cm["operator"])
	val, okV := cm["value"]
	if !okT {
		v.add("type is required and must be a string", "missing", "conditions", j, "type")
	}
	if !okO {
		v.add("operator is required and must be a string", "missing", "conditions", j, "operator")
	}
	if !okV {
		v.add("field required", "missing", "conditions", j, "value")
	}
	if !okT || !okO || !okV {
		return StoredCondition{}, false
	}
	t, o := strings.ToLower(strings.TrimSpace(typ)), strings.ToLower(strings.TrimSpace(op))
	ops, known := rules.Operators[t]
	if !known {
		v.add(fmt.Sprintf("unknown condition type '%s'", typ), "enum", "conditions", j, "type")
		return StoredCondition{}, false
	}
	if !slices.Contains(ops, o) {
		v.add(fmt.Sprintf("operator '%s' is not allowed for %s (allowed: %s)", op, t, strings.Join(ops, ", ")), "enum", "conditions", j, "operator")
		return StoredCondition{}, false
	}
	// The ✱ limits of the type's value come from the rules package's table of condition types.
	if msg, typ := rules.CheckValue(t, val); msg != "" {
		v.add(msg, typ, "conditions", j, "value")
	}
	if len(v.errs) > before {
		return StoredCondition{}, false
	}
	return StoredCondition{Type: typ, Operator: op, Value: val}, true
}

// FlatArea is the API's element: {identifier, name, geometry, locked, style keys}.
type FlatArea struct {
	Identifier    string          `json:"identifier"`
	Name          string          `json:"name"`
	Geometry      json.RawMessage `json:"geometry"`
	Locked        bool            `json:"locked"`
	Fill          *string         `json:"fill,omitempty"`
	Stroke        *string         `json:"stroke,omitempty"`
	MarkerColor   *string         `json:"marker-color,omitempty"`
	MarkerSymbol  *string         `json:"marker-symbol,omitempty"`
	FillOpacity   *float64        `json:"fill-opacity,omitempty"`
	StrokeWidth   *float64        `json:"stroke-width,omitempty"`
	StrokeOpacity *float64        `json:"stroke-opacity,omitempty"`
	MarkerSize    *string         `json:"marker-size,omitempty"`
}

func validCoord(p []float64) bool {
	return len(p) == 2 && p[0] >= -180 && p[0] <= 180 && p[1] >= -90 && p[1] <= 90
}

// validateArea checks a flat area body.
func validateArea(body []byte) (*FlatArea, []FieldError) {
	m, ok := decodeObject(body)
	if !ok {
		return nil, []FieldError{{Loc: []any{"body"}, Msg: "body must be a JSON object", Type: "json_invalid"}}
	}
	v := &validation{}
	a := &FlatArea{}
	if raw, ok := m["identifier"]; !ok {
		v.add("field required", "missing", "identifier")
	} else if s, ok := str(raw); !ok || !identifierRE.MatchString(s) {
		v.add("identifier must be a non-empty string with no spaces", "string_pattern_mismatch", "identifier")
	} else {
		a.Identifier = s
	}
	if raw, ok := m["name"]; ok && string(raw) != "null" {
		if s, ok := str(raw); ok {
			a.Name = s
		} else {
			v.add("name must be a string", "string_type", "name")
		}
	}
	if raw, ok := m["locked"]; ok && string(raw) != "null" {
		if json.Unmarshal(raw, &a.Locked) != nil {
			v.add("locked must be a boolean", "bool_type", "locked")
		}
	}
	for _, s := range []struct {
		key string
		dst **string
	}{{"fill", &a.Fill}, {"stroke", &a.Stroke}, {"marker-color", &a.MarkerColor}, {"marker-symbol", &a.MarkerSymbol}} {
		if raw, ok := m[s.key]; ok && string(raw) != "null" {
			if x, ok := str(raw); ok {
				*s.dst = &x
			} else {
				v.add(s.key+" must be a string", "string_type", s.key)
			}
		}
	}
	for _, s := range []struct {
		key string
		dst **float64
	}{{"fill-opacity", &a.FillOpacity}, {"stroke-width", &a.StrokeWidth}, {"stroke-opacity", &a.StrokeOpacity}} {
		if raw, ok := m[s.key]; ok && string(raw) != "null" {
			var f float64
			if json.Unmarshal(raw, &f) == nil {
				*s.dst = &f
			} else {
				v.add(s.key+" must be a number", "float_type", s.key)
			}
		}
	}
	if raw, ok := m["marker-size"]; ok && string(raw) != "null" {
		if x, ok := str(raw); ok && (x == "small" || x == "medium" || x == "large") {
			a.MarkerSize = &x
		} else {
			v.add("marker-size must be small, medium or large", "enum", "marker-size")
		}
	}
	if raw, ok := m["geometry"]; !ok {
		v.add("field required", "missing", "geometry")
	} else {
		a.Geometry = validateGeometry(v, raw)
	}
	if len(v.errs) > 0 {
		return nil, v.errs
	}
	return a, nil
}

func validateGeometry(v *validation, raw json.RawMessage) json.RawMessage {
	g, ok := decodeObject(raw)
	if !ok {
		v.add("geometry must be a GeoJSON geometry object", "dict_type", "geometry")
		return nil
	}
	typ, _ := str(g["type"])
	coords := g["coordinates"]
	loc := []any{"geometry", "coordinates"}
	switch typ {
	case "Point":
		var p []float64
		if json.Unmarshal(coords, &p) != nil || !validCoord(p) {
			v.add("a Point is [longitude, latitude] within [-180,180] and [-90,90]", "value_error", loc...)
		}
	case "LineString":
		var ps [][]float64
		if json.Unmarshal(coords, &ps) != nil || len(ps) < 2 {
			v.add("a LineString is at least two [longitude, latitude] positions", "value_error", loc...)
			break
		}
		for i, p := range ps {
			if !validCoord(p) {
				v.add("position must be [longitude, latitude] within [-180,180] and [-90,90]", "value_error", append(loc, i)...)
			}
		}
	case "Polygon":
		var rings [][][]float64
		if json.Unmarshal(coords, &rings) != nil || len(rings) == 0 {
			v.add("a Polygon is an array of linear rings of [longitude, latitude] positions", "value_error", loc...)
			break
		}
		for i, r := range rings {
			if len(r) < 4 {
				v.add("a linear ring needs at least 4 positions", "value_error", append(loc, i)...)
				continue
			}
			for k, p := range r {
				if !validCoord(p) {
					v.add("position must be [longitude, latitude] within [-180,180] and [-90,90]", "value_error", append(loc, i, k)...)
				}
			}
			if !slices.Equal(r[0], r[len(r)-1]) {
				v.add("a linear ring must be closed (last position equal to the first)", "value_error", append(loc, i)...)
			}
		}
	default:
		v.add("geometry type must be Polygon, LineString or Point", "literal_error", "geometry", "type")
		return nil
	}
	var compact bytes.Buffer
	_ = json.Compact(&compact, raw)
	return compact.Bytes()
}
