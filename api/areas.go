package api

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/tracker-adsb/tracker-core-health/rules"
)

// The areas, feature by feature of config:areas, served flat ({identifier, name, geometry,
// locked, style keys}; CONTRACT.md 7 and 8): every save checks that a Polygon survives the
// engine's loading and that every stored rule still validates against the new areas.

const areasKey = rules.AreasKey

func (s *Server) areasCollection() *collection {
	return &collection{
		key: areasKey, noun: "Area", path: "/api/areas",
		parse: parseAreas, id: featureID,
		decode: func(w http.ResponseWriter, r *http.Request) (string, json.RawMessage, bool) {
			a, f, ok := areaBody(w, r)
			if !ok {
				return "", nil, false
			}
			return a.Identifier, f, true
		},
		check: func(items []json.RawMessage, id string, item json.RawMessage, cur *rules.Snapshot) ([]byte, error) {
			return checkAreas(id, items, item, cur)
		},
		show: func(_ context.Context, items []json.RawMessage) []any {
			out := make([]any, 0, len(items))
			for _, f := range items {
				out = append(out, toFlat(f))
			}
			return out
		},
		created: func(_ context.Context, item json.RawMessage) any { return toFlat(item) },
		guardDelete: func(id string, rulesBody []byte) error {
			if refs := rulesNaming(rulesBody, rules.TypeArea, id); len(refs) > 0 {
				return reject(http.StatusConflict, "Area '%s' is referenced by rule(s): %s", id, strings.Join(refs, ", "))
			}
			return nil
		},
	}
}

// areaBody reads and validates a flat area body and renders it as a stored Feature; it
// answers 413/422 itself.
func areaBody(w http.ResponseWriter, r *http.Request) (*FlatArea, json.RawMessage, bool) {
	body, ok := readBodyLimit(w, r, MaxAreasBody)
	if !ok {
		return nil, nil, false
	}
	a, errs := validateArea(body)
	if errs != nil {
		write422(w, errs)
		return nil, nil, false
	}
	return a, toFeature(a), true
}

type feature struct {
	Type       string                     `json:"type"`
	Properties map[string]json.RawMessage `json:"properties"`
	Geometry   json.RawMessage            `json:"geometry"`
}

type featureCollection struct {
	Type     string            `json:"type"`
	Features []json.RawMessage `json:"features"`
}

func parseAreas(body []byte) ([]json.RawMessage, error) {
	if len(bytes.TrimSpace(body)) == 0 {
		return nil, nil
	}
	var c featureCollection
	if err := json.Unmarshal(body, &c); err != nil {
		return nil, fmt.Errorf("%w: stored areas are not a FeatureCollection: %v", errCorrupt, err)
	}
	return c.Features, nil
}

func featureID(raw json.RawMessage) string {
	var f feature
	_ = json.Unmarshal(raw, &f)
	id, _ := str(f.Properties["identifier"])
	return id
}

// toFeature stores a flat area as a Feature: identifier, name, locked and the style keys
// that are set go into properties.
func toFeature(a *FlatArea) json.RawMessage {
	props := map[string]any{"identifier": a.Identifier, "name": a.Name, "locked": a.Locked}
	set := func(k string, v any, ok bool) {
		if ok {
			props[k] = v
		}
	}
	set("fill", a.Fill, a.Fill != nil)
	set("stroke", a.Stroke, a.Stroke != nil)
	set("marker-color", a.MarkerColor, a.MarkerColor != nil)
	set("marker-symbol", a.MarkerSymbol, a.MarkerSymbol != nil)
	set("fill-opacity", a.FillOpacity, a.FillOpacity != nil)
	set("stroke-width", a.StrokeWidth, a.StrokeWidth != nil)
	set("stroke-opacity", a.StrokeOpacity, a.StrokeOpacity != nil)
	set("marker-size", a.MarkerSize, a.MarkerSize != nil)
	b, _ := json.Marshal(map[string]any{"type": "Feature", "properties": props, "geometry": a.Geometry})
	return b
}

// toFlat turns a stored Feature into the API's flat element; unset keys are omitted.
func toFlat(raw json.RawMessage) map[string]any {
	var f feature
	_ = json.Unmarshal(raw, &f)
	out := map[string]any{"name": "", "locked": false, "geometry": f.Geometry}
	for k, v := range f.Properties {
		if string(v) == "null" {
			continue
		}
		out[k] = v
	}
	return out
}

func marshalCollection(features []json.RawMessage) []byte {
	if features == nil {
		features = []json.RawMessage{}
	}
	b, _ := json.Marshal(featureCollection{Type: "FeatureCollection", Features: features})
	return b
}

// checkAreas rejects a Polygon the engine would drop (item: the area saved, nil for a whole
// set), then re-validates the stored rules against the new areas (the survival check).
func checkAreas(id string, features []json.RawMessage, item json.RawMessage, cur *rules.Snapshot) ([]byte, error) {
	body := marshalCollection(features)
	loaded, err := rules.LoadAreas(body)
	if err != nil {
		return nil, reject(http.StatusBadRequest, "%s", err.Error())
	}
	if item != nil && isPolygon(item) {
		if _, ok := loaded[id]; !ok {
			const invalid = "Area '%s' failed validation (check identifier has no spaces and geometry is a valid Polygon)"
			// Over a size limit the contract's text gains the limit it broke (issue 24).
			var f struct {
				Geometry json.RawMessage `json:"geometry"`
			}
			if json.Unmarshal(item, &f) == nil {
				if _, err := rules.PolygonFromGeometry(f.Geometry); errors.Is(err, rules.ErrTooManyPositions) {
					return nil, reject(http.StatusBadRequest, invalid+": %v", id, err)
				}
			}
			return nil, reject(http.StatusBadRequest, invalid, id)
		}
	}
	items, err := parseRules(cur.Rules)
	if err != nil {
		return nil, err
	}
	if len(items) > 0 {
		refs, err := storedRefs(cur)
		if err != nil {
			return nil, err
		}
		refs.Areas = loaded
		if err := checkRulesWith(items, refs); err != nil {
			return nil, err
		}
	}
	return body, nil
}

// isPolygon reports whether a stored Feature's geometry is a Polygon.
func isPolygon(feature json.RawMessage) bool {
	var f struct {
		Geometry struct {
			Type string `json:"type"`
		} `json:"geometry"`
	}
	_ = json.Unmarshal(feature, &f)
	return f.Geometry.Type == "Polygon"
}
