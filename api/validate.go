package api

import (
	"bytes"
	"encoding/json"
	"regexp"
	"slices"
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

// validateRule checks a rule body (CONTRACT.md 6.1 and the ✱ rows of 6.2: rules.Refusals, the
// check tracker-rules validate makes too) and returns the rule to store, or the 422 entries.
func validateRule(body []byte) (*StoredRule, []FieldError) {
	m, ok := decodeObject(body)
	if !ok {
		return nil, []FieldError{{Loc: []any{"body"}, Msg: "body must be a JSON object", Type: "json_invalid"}}
	}
	if refused := rules.Refusals(m); len(refused) > 0 {
		v := &validation{}
		for _, r := range refused {
			v.add(r.Msg, r.Type, r.Loc...)
		}
		return nil, v.errs
	}
	r := &StoredRule{}
	_ = json.Unmarshal(m["identifier"], &r.Identifier)
	for key, dst := range map[string]*string{"name": &r.Name, "description": &r.Description} {
		if raw, ok := m[key]; ok && string(raw) != "null" {
			_ = json.Unmarshal(raw, dst)
		}
	}
	_ = json.Unmarshal(m["enabled"], &r.Enabled)
	if raw, ok := m["force_archive"]; ok && string(raw) != "null" {
		_ = json.Unmarshal(raw, &r.ForceArchive)
	}
	var conds []json.RawMessage
	_ = json.Unmarshal(m["conditions"], &conds)
	for _, raw := range conds {
		cm, _ := decodeObject(raw)
		typ, _ := str(cm["type"])
		op, _ := str(cm["operator"])
		r.Conditions = append(r.Conditions, StoredCondition{Type: typ, Operator: op, Value: cm["value"]})
	}
	if raw, ok := m["notify"]; ok && string(raw) != "null" {
		_, r.Notify, _ = delivery.Parse(raw, time.UTC) // its known keys only
	}
	return r, nil
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
