// Package rules is the rule engine: areas compiled into indexed polygons, rules validated
// (strict for the API's save gate, lenient for reloads) and compiled into conditions ordered
// cheapest first, flights accumulated per aircraft, and evaluation that fires a rule at most
// once per flight without allocating per message.
package rules

import (
	"errors"
	"fmt"
	"math"
)

// Point is [longitude, latitude].
type Point struct{ X, Y float64 }

type edge struct{ a, b Point }

// ring is one closed ring with a y-band index: each band lists the edges that overlap it,
// so that a point test looks at a handful of edges instead of all of them.
type ring struct {
	edges      []edge
	minX, minY float64
	maxX, maxY float64
	bandH      float64
	bands      [][]int32
}

// Polygon is an outer ring with holes, compiled for point tests.
type Polygon struct {
	outer ring
	holes []ring
}

// Errors of polygon validation.
var (
	ErrTooFewPositions  = errors.New("a ring needs at least 3 distinct positions")
	ErrSelfIntersect    = errors.New("a ring intersects itself")
	ErrHoleOutside      = errors.New("a hole lies outside the outer ring")
	ErrRingsCross       = errors.New("rings cross each other")
	ErrNoRing           = errors.New("a polygon needs an outer ring")
	ErrBadCoordinate    = errors.New("coordinates must be numbers within [-180,180] and [-90,90]")
	ErrTooManyPositions = fmt.Errorf("a ring has more than %d positions, or the polygon more than %d", MaxRingPositions, MaxPolygonPositions)
	ErrTooManyRings     = fmt.Errorf("a polygon has more than %d rings", MaxPolygonRings)
)

// Bounds of one polygon: a detailed coastline or border traced for an area has tens of
// thousands of positions and a few holes; more is refused, so that checking a polygon (at every
// save and every load) stays a matter of milliseconds whatever the input.
const (
	MaxRingPositions    = 50_000  // positions of one ring
	MaxPolygonPositions = 100_000 // positions of all its rings
	MaxPolygonRings     = 1_000   // the outer ring and its holes
)

// NewPolygon validates and compiles rings of [lon, lat] positions (ring 1 outer, the rest
// holes). An unclosed ring is treated as closed.
func NewPolygon(rings [][]Point) (*Polygon, error) {
	if len(rings) == 0 {
		return nil, ErrNoRing
	}
	if len(rings) > MaxPolygonRings {
		return nil, ErrTooManyRings
	}
	total := 0
	for _, r := range rings {
		total += len(r)
	}
	if total > MaxPolygonPositions+len(rings) { // + the closing positions
		return nil, ErrTooManyPositions
	}
	p := &Polygon{}
	for i, pts := range rings {
		r, err := compileRing(pts)
		if err != nil {
			return nil, err
		}
		if i == 0 {
			p.outer = r
		} else {
			p.holes = append(p.holes, r)
		}
	}
	for i := range p.holes {
		h := &p.holes[i]
		if ringsCross(&p.outer, h) {
			return nil, ErrRingsCross
		}
		// No crossing: the hole is inside iff any of its vertices is inside (or on) the outer.
		if p.outer.locate(h.edges[0].a) == outside {
			return nil, ErrHoleOutside
		}
		for j := range i {
			if ringsCross(&p.holes[j], h) {
				return nil, ErrRingsCross
			}
		}
	}
	return p, nil
}

// cleanRing is a ring's positions without the closing one and without consecutive
// duplicates; fewer than 3 distinct positions is an error.
func cleanRing(pts []Point) ([]Point, error) {
	if len(pts) > 1 && pts[0] == pts[len(pts)-1] {
		pts = pts[:len(pts)-1]
	}
	clean := make([]Point, 0, len(pts))
	for _, q := range pts {
		if len(clean) == 0 || clean[len(clean)-1] != q {
			clean = append(clean, q)
		}
	}
	if len(clean) > 1 && clean[0] == clean[len(clean)-1] {
		clean = clean[:len(clean)-1]
	}
	distinct := map[Point]struct{}{}
	for _, q := range clean {
		distinct[q] = struct{}{}
	}
	if len(distinct) < 3 {
		return nil, ErrTooFewPositions
	}
	return clean, nil
}

func compileRing(pts []Point) (ring, error) {
	if len(pts) > MaxRingPositions+1 { // +1: the closing position
		return ring{}, ErrTooManyPositions
	}
	for _, q := range pts {
		if math.IsNaN(q.X) || math.IsNaN(q.Y) || q.X < -180 || q.X > 180 || q.Y < -90 || q.Y > 90 {
			return ring{}, ErrBadCoordinate
		}
	}
	clean, err := cleanRing(pts)
	if err != nil {
		return ring{}, err
	}
	r := ring{minX: math.Inf(1), minY: math.Inf(1), maxX: math.Inf(-1), maxY: math.Inf(-1)}
	for i, a := range clean {
		b := clean[(i+1)%len(clean)]
		r.edges = append(r.edges, edge{a, b})
		r.minX, r.maxX = min(r.minX, a.X), max(r.maxX, a.X)
		r.minY, r.maxY = min(r.minY, a.Y), max(r.maxY, a.Y)
	}
	if selfIntersects(r.edges) {
		return ring{}, ErrSelfIntersect
	}
	r.index()
	return r, nil
}

func (r *ring) index() {
	n := len(r.edges)
	nb := max(1, min(n/4, 1024))
	h := r.maxY - r.minY
	if h <= 0 {
		nb = 1
	}
	r.bandH = h / float64(nb)
	r.bands = make([][]int32, nb)
	for i, e := range r.edges {
		lo, hi := r.band(min(e.a.Y, e.b.Y)), r.band(max(e.a.Y, e.b.Y))
		for b := lo; b <= hi; b++ {
			r.bands[b] = append(r.bands[b], int32(i))
		}
	}
}

func (r *ring) band(y float64) int {
	if r.bandH <= 0 {
		return 0
	}
	b := int((y - r.minY) / r.bandH)
	return max(0, min(b, len(r.bands)-1))
}

type location uint8

const (
	outside location = iota
	inside
	boundary
)

// locate classifies p against the ring by ray casting over the edges of p's band, with an
// exact on-segment test for the boundary.
func (r *ring) locate(p Point) location {
	if p.X < r.minX || p.X > r.maxX || p.Y < r.minY || p.Y > r.maxY {
		return outside
	}
	in := false
	for _, i := range r.bands[r.band(p.Y)] {
		e := &r.edges[i]
		a, b := e.a, e.b
		if onSegment(a, b, p) {
			return boundary
		}
		if (a.Y > p.Y) != (b.Y > p.Y) {
			x := a.X + (p.Y-a.Y)*(b.X-a.X)/(b.Y-a.Y)
			if p.X < x {
				in = !in
			}
		}
	}
	if in {
		return inside
	}
	return outside
}

// Contains is true iff p lies strictly inside the outer ring and neither inside nor on any
// hole: any boundary point is no match.
func (p *Polygon) Contains(pt Point) bool {
	if p.outer.locate(pt) != inside {
		return false
	}
	for i := range p.holes {
		if p.holes[i].locate(pt) != outside {
			return false
		}
	}
	return true
}

func cross(o, a, b Point) float64 { return (a.X-o.X)*(b.Y-o.Y) - (a.Y-o.Y)*(b.X-o.X) }

func onSegment(a, b, p Point) bool {
	if cross(a, b, p) != 0 {
		return false
	}
	return p.X >= min(a.X, b.X) && p.X <= max(a.X, b.X) && p.Y >= min(a.Y, b.Y) && p.Y <= max(a.Y, b.Y)
}

func sign(f float64) int {
	switch {
	case f > 0:
		return 1
	case f < 0:
		return -1
	}
	return 0
}

// segmentsIntersect reports whether segments ab and cd share any point.
func segmentsIntersect(a, b, c, d Point) bool {
	d1, d2 := sign(cross(c, d, a)), sign(cross(c, d, b))
	d3, d4 := sign(cross(a, b, c)), sign(cross(a, b, d))
	if d1*d2 < 0 && d3*d4 < 0 {
		return true
	}
	return (d1 == 0 && onSegment(c, d, a)) || (d2 == 0 && onSegment(c, d, b)) ||
		(d3 == 0 && onSegment(a, b, c)) || (d4 == 0 && onSegment(a, b, d))
}

// selfIntersects reports whether two edges of a ring meet, other than adjacent edges at their
// shared vertex: a vertex the ring passes twice, or a meeting the Shamos–Hoey sweep finds
// (anyMeet, O(n log n) whatever the shape). selfIntersectsPairwise, the O(n²) definition,
// checks small rings and holds the sweep to account in the tests.
func selfIntersects(edges []edge) bool {
	if len(edges) < 64 {
		return selfIntersectsPairwise(edges)
	}
	return selfIntersectsSweep(edges)
}

// selfIntersectsSweep is selfIntersects by the sweep whatever the ring's size.
func selfIntersectsSweep(edges []edge) bool {
	seen := make(map[Point]struct{}, len(edges))
	for _, e := range edges {
		if _, twice := seen[e.a]; twice {
			return true // the ring touches itself at a vertex
		}
		seen[e.a] = struct{}{}
	}
	return anyMeet(edges, func(i, j int) bool { return edgesMeet(edges, i, j) })
}

// selfIntersectsPairwise checks every pair of edges (O(n²)).
func selfIntersectsPairwise(edges []edge) bool {
	for i := range edges {
		for j := i + 1; j < len(edges); j++ {
			if edgesMeet(edges, i, j) {
				return true
			}
		}
	}
	return false
}

// edgesMeet reports whether edges i < j of a ring meet where they may not: anywhere for edges
// that are not adjacent, beyond their shared vertex (folding back) for adjacent ones.
func edgesMeet(edges []edge, i, j int) bool {
	n := len(edges)
	if j == i+1 || (i == 0 && j == n-1) {
		e, f := edges[i], edges[j]
		shared, other1, other2 := e.b, e.a, f.b
		if i == 0 && j == n-1 {
			shared, other1, other2 = e.a, e.b, f.a
		}
		return cross(shared, other1, other2) == 0 && dot(shared, other1, other2) > 0
	}
	return segmentsIntersect(edges[i].a, edges[i].b, edges[j].a, edges[j].b)
}

func dot(o, a, b Point) float64 { return (a.X-o.X)*(b.X-o.X) + (a.Y-o.Y)*(b.Y-o.Y) }

func ringsCross(r, s *ring) bool {
	if r.maxX < s.minX || s.maxX < r.minX || r.maxY < s.minY || s.maxY < r.minY {
		return false
	}
	if len(r.edges)*len(s.edges) <= 4096 {
		for _, e := range r.edges {
			for _, f := range s.edges {
				if segmentsIntersect(e.a, e.b, f.a, f.b) {
					return true
				}
			}
		}
		return false
	}
	// One sweep over both rings' edges, testing the pairs of one edge of each it puts side by
	// side (each ring alone is already known not to meet itself).
	edges := append(append(make([]edge, 0, len(r.edges)+len(s.edges)), r.edges...), s.edges...)
	split := len(r.edges)
	return anyMeet(edges, func(i, j int) bool {
		return (i < split) != (j < split) && segmentsIntersect(edges[i].a, edges[i].b, edges[j].a, edges[j].b)
	})
}
