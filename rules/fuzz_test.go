package rules_test

import (
	"math"
	"testing"

	"github.com/tracker-adsb/tracker-core-health/rules"
)

func FuzzLoadRules(f *testing.F) {
	f.Add([]byte(`[{"identifier":"a","enabled":true,"conditions":[{"type":"area","operator":"equals","value":"SQUARE"}]}]`))
	f.Add([]byte(`[{"identifier":"b","enabled":true,"force_archive":1,"conditions":[{"type":"date","operator":"minimum","value":"2026-01-01T00:00Z"}]}]`))
	f.Add([]byte(`[{"enabled":false},null,3,"x"]`))
	f.Add([]byte(`{"a":1}`))
	a, _ := rules.LoadAreas([]byte(areasJSON))
	f.Fuzz(func(t *testing.T, data []byte) {
		strict, serr := rules.LoadRules(data, a, rules.Strict)
		lenient, lerr := rules.LoadRules(data, a, rules.Lenient)
		if serr == nil && (lerr != nil || len(strict.Rules) != len(lenient.Rules)) {
			t.Fatalf("strict accepted what lenient did not: %v", lerr)
		}
	})
}

func FuzzLoadAreas(f *testing.F) {
	f.Add([]byte(areasJSON))
	f.Add([]byte(`{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"identifier":"x"},"geometry":{"type":"Polygon","coordinates":[[[0,0],[1],[2,2]]]}}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		areas, err := rules.LoadAreas(data)
		if err == nil {
			for id, a := range areas {
				if !rules.ValidIdentifier(id) || a.Polygon == nil {
					t.Fatalf("unusable area %q loaded", id)
				}
			}
		}
	})
}

// bruteContains is the reference: strictly inside the outer ring by a full ray cast, and
// neither inside nor on any hole; boundary points are out.
func bruteContains(rings [][]rules.Point, p rules.Point) bool {
	onRing := func(r []rules.Point) bool {
		for i := range r {
			a, b := r[i], r[(i+1)%len(r)]
			if (b.X-a.X)*(p.Y-a.Y)-(b.Y-a.Y)*(p.X-a.X) == 0 &&
				p.X >= math.Min(a.X, b.X) && p.X <= math.Max(a.X, b.X) && p.Y >= math.Min(a.Y, b.Y) && p.Y <= math.Max(a.Y, b.Y) {
				return true
			}
		}
		return false
	}
	inRing := func(r []rules.Point) bool {
		in := false
		for i := range r {
			a, b := r[i], r[(i+1)%len(r)]
			if (a.Y > p.Y) != (b.Y > p.Y) && p.X < a.X+(p.Y-a.Y)*(b.X-a.X)/(b.Y-a.Y) {
				in = !in
			}
		}
		return in
	}
	if onRing(rings[0]) || !inRing(rings[0]) {
		return false
	}
	for _, h := range rings[1:] {
		if onRing(h) || inRing(h) {
			return false
		}
	}
	return true
}

func FuzzPointInPolygon(f *testing.F) {
	f.Add(5.0, 5.0, 3.0, 40.0)
	f.Add(0.0, 0.0, 1.0, 12.0)
	f.Add(4.0, 5.0, 2.0, 7.0)
	f.Fuzz(func(t *testing.T, x, y, r float64, nf float64) {
		if math.IsNaN(x) || math.IsNaN(y) || math.IsNaN(r) || math.IsNaN(nf) || math.Abs(x) > 170 || math.Abs(y) > 80 {
			return
		}
		// A star-shaped outer ring around (0,0) with many vertices, and a square hole.
		n := 5 + int(math.Abs(nf))%500
		rad := 1 + math.Mod(math.Abs(r), 8)
		outer := make([]rules.Point, 0, n)
		for i := range n {
			a := 2 * math.Pi * float64(i) / float64(n)
			rr := rad * (1 + 0.3*float64(i%2))
			outer = append(outer, rules.Point{X: math.Round(rr*math.Cos(a)*1e6) / 1e6, Y: math.Round(rr*math.Sin(a)*1e6) / 1e6})
		}
		hole := []rules.Point{{X: -0.25, Y: -0.25}, {X: 0.25, Y: -0.25}, {X: 0.25, Y: 0.25}, {X: -0.25, Y: 0.25}}
		rings := [][]rules.Point{outer, hole}
		poly, err := rules.NewPolygon(rings)
		if err != nil {
			return
		}
		// Probe the fuzzed point and the vertices themselves (boundary).
		for _, p := range []rules.Point{{X: math.Mod(x, 10), Y: math.Mod(y, 10)}, outer[0], hole[1], {X: 0.25, Y: 0}} {
			if got, want := poly.Contains(p), bruteContains(rings, p); got != want {
				t.Fatalf("Contains(%v) = %v, reference %v (n=%d r=%v)", p, got, want, n, rad)
			}
		}
	})
}
