package rules

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// Area errors of the engine loader (CONTRACT.md 7).
var (
	ErrAreasJSON       = errors.New("Areas file contains invalid JSON")          //nolint:staticcheck // contract text
	ErrAreasCollection = errors.New("Areas must be a GeoJSON FeatureCollection") //nolint:staticcheck // contract text
)

// Area is one loaded polygon area.
type Area struct {
	Identifier string
	Name       string
	Polygon    *Polygon
}

// Areas are the usable polygon areas by identifier.
type Areas map[string]*Area

// ParsePolygonCoordinates reads GeoJSON Polygon coordinates into rings.
func ParsePolygonCoordinates(raw json.RawMessage) ([][]Point, error) {
	var coords [][][]float64
	if err := json.Unmarshal(raw, &coords); err != nil {
		return nil, fmt.Errorf("polygon coordinates: %w", err)
	}
	rings := make([][]Point, 0, len(coords))
	for _, r := range coords {
		pts := make([]Point, 0, len(r))
		for _, pos := range r {
			if len(pos) < 2 {
				return nil, errors.New("a position needs longitude and latitude")
			}
			pts = append(pts, Point{X: pos[0], Y: pos[1]})
		}
		rings = append(rings, pts)
	}
	return rings, nil
}

// PolygonFromGeometry validates a GeoJSON geometry as a usable Polygon.
func PolygonFromGeometry(raw json.RawMessage) (*Polygon, error) {
	var g struct {
		Type        string          `json:"type"`
		Coordinates json.RawMessage `json:"coordinates"`
	}
	if err := json.Unmarshal(raw, &g); err != nil {
		return nil, fmt.Errorf("geometry: %w", err)
	}
	if g.Type != "Polygon" {
		return nil, fmt.Errorf("geometry type %q is not a Polygon", g.Type)
	}
	rings, err := ParsePolygonCoordinates(g.Coordinates)
	if err != nil {
		return nil, err
	}
	return NewPolygon(rings)
}

// ValidIdentifier is non-empty with no whitespace.
func ValidIdentifier(id string) bool {
	return id != "" && !strings.ContainsAny(id, " \t\r\n\v\f")
}

// LoadAreas reads config:areas. Non-Feature items, features with a missing, empty or spaced
// identifier, non-Polygon geometry and invalid polygons are skipped silently; a later
// duplicate identifier replaces an earlier one.
func LoadAreas(data []byte) (Areas, error) {
	var root map[string]json.RawMessage
	if err := json.Unmarshal(data, &root); err != nil {
		var v any
		if json.Unmarshal(data, &v) != nil {
			return nil, ErrAreasJSON
		}
		return nil, ErrAreasCollection
	}
	var typ string
	if json.Unmarshal(root["type"], &typ) != nil || !strings.EqualFold(typ, "FeatureCollection") {
		return nil, ErrAreasCollection
	}
	var features []json.RawMessage
	_ = json.Unmarshal(root["features"], &features)
	out := Areas{}
	for _, raw := range features {
		var f struct {
			Type       string `json:"type"`
			Properties struct {
				Identifier any `json:"identifier"`
				Name       any `json:"name"`
			} `json:"properties"`
			Geometry json.RawMessage `json:"geometry"`
		}
		if json.Unmarshal(raw, &f) != nil || f.Type != "Feature" {
			continue
		}
		id, _ := f.Properties.Identifier.(string)
		if !ValidIdentifier(id) {
			continue
		}
		poly, err := PolygonFromGeometry(f.Geometry)
		if err != nil {
			continue
		}
		name, _ := f.Properties.Name.(string)
		out[id] = &Area{Identifier: id, Name: name, Polygon: poly}
	}
	return out, nil
}

// AreaProblems explains what LoadAreas would drop silently: Polygon features with an
// unusable identifier or an invalid polygon (LineString and Point areas are valid, just
// never usable in rules). One line per problem, in file order.
func AreaProblems(data []byte) []string {
	var root struct {
		Features []json.RawMessage `json:"features"`
	}
	if json.Unmarshal(data, &root) != nil {
		return nil
	}
	var out []string
	for i, raw := range root.Features {
		var f struct {
			Type       string `json:"type"`
			Properties struct {
				Identifier any `json:"identifier"`
			} `json:"properties"`
			Geometry struct {
				Type string `json:"type"`
			} `json:"geometry"`
		}
		if json.Unmarshal(raw, &f) != nil || f.Type != "Feature" {
			out = append(out, fmt.Sprintf("Feature #%d skipped: not a GeoJSON Feature", i))
			continue
		}
		id, _ := f.Properties.Identifier.(string)
		if !ValidIdentifier(id) {
			out = append(out, fmt.Sprintf("Feature #%d skipped: identifier '%s' must be non-empty and contain no spaces", i, displayValue(f.Properties.Identifier)))
			continue
		}
		if f.Geometry.Type != "Polygon" {
			continue
		}
		var g struct {
			Geometry json.RawMessage `json:"geometry"`
		}
		_ = json.Unmarshal(raw, &g)
		if _, err := PolygonFromGeometry(g.Geometry); err != nil {
			out = append(out, fmt.Sprintf("Area '%s' invalid: %v", id, err))
		}
	}
	return out
}
