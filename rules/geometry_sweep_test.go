package rules

import (
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// randomRing is a ring of n positions around (0, 0): a star-shaped one (never intersecting)
// when jitter is 0, with random crossings as jitter grows.
func randomRing(rng *rand.Rand, n int, jitter float64) []edge {
	pts := make([]Point, n)
	for i := range pts {
		a := 2 * math.Pi * float64(i) / float64(n)
		if jitter > 0 {
			a += (rng.Float64() - 0.5) * jitter
		}
		r := 1 + rng.Float64()*0.5
		pts[i] = Point{X: r * math.Cos(a), Y: r * math.Sin(a)}
	}
	edges := make([]edge, n)
	for i := range pts {
		edges[i] = edge{pts[i], pts[(i+1)%n]}
	}
	return edges
}

// The band sweep answers as the pairwise definition does, on rings with and without crossings.
func TestSelfIntersectsAnswersAsThePairwiseCheck(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	crossing := 0
	for k := range 400 {
		n := 64 + rng.IntN(400)
		jitter := []float64{0, 0.001, 0.05, 0.5}[k%4]
		edges := randomRing(rng, n, jitter)
		want := selfIntersectsPairwise(edges)
		require.Equal(t, want, selfIntersects(edges), "ring %d (%d edges, jitter %v)", k, n, jitter)
		if want {
			crossing++
		}
	}
	require.Greater(t, crossing, 50, "the cases include crossings")
	require.Less(t, crossing, 350, "and rings without")
}

// A ring as long as allowed is checked in a moment, even one whose long edges all overlap
// (a star of spikes).
func TestLargestRingsAreCheckedFast(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, edges := range [][]edge{randomRing(rng, MaxRingPositions, 0), star(MaxRingPositions)} {
		start := time.Now()
		require.False(t, selfIntersects(edges))
		require.Less(t, time.Since(start), 5*time.Second)
	}
	pts := make([]Point, MaxRingPositions+2)
	_, err := compileRing(pts)
	require.ErrorIs(t, err, ErrTooManyPositions)
}

// star is a ring of n positions alternating between an inner and an outer circle: long, thin
// spikes whose boxes overlap near the centre.
func star(n int) []edge {
	pts := make([]Point, n)
	for i := range pts {
		a := 2 * math.Pi * float64(i) / float64(n)
		r := 0.01
		if i%2 == 1 {
			r = 1
		}
		pts[i] = Point{X: r * math.Cos(a), Y: r * math.Sin(a)}
	}
	edges := make([]edge, n)
	for i := range pts {
		edges[i] = edge{pts[i], pts[(i+1)%n]}
	}
	return edges
}

// Rings of positions on a small grid are full of degenerate cases (collinear overlaps, a vertex
// on another edge, vertical edges, repeated vertices): the sweep still answers as the pairwise
// definition does.
func TestSelfIntersectsOnDegenerateRings(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for k := range 2000 {
		n := 64 + rng.IntN(64)
		size := []int{4, 8, 30, 1000}[k%4]
		pts := make([]Point, 0, n)
		for len(pts) < n {
			p := Point{X: float64(rng.IntN(size)), Y: float64(rng.IntN(size))}
			if len(pts) > 0 && pts[len(pts)-1] == p {
				continue
			}
			pts = append(pts, p)
		}
		if pts[0] == pts[len(pts)-1] {
			pts = pts[:len(pts)-1]
		}
		edges := make([]edge, len(pts))
		for i := range pts {
			edges[i] = edge{pts[i], pts[(i+1)%len(pts)]}
		}
		require.Equal(t, selfIntersectsPairwise(edges), selfIntersects(edges), "ring %d on a %d grid", k, size)
	}
	// A non-intersecting ring on a grid: a comb of vertical teeth (vertical edges, collinear
	// points), then the same comb with one tooth bent onto its neighbour.
	comb := []Point{{0, 0}}
	for i := 0; i < 100; i++ {
		x := float64(2*i + 1)
		comb = append(comb, Point{x, 0}, Point{x, 10}, Point{x + 1, 10}, Point{x + 1, 0})
	}
	comb = append(comb, Point{202, 0}, Point{202, -5}, Point{0, -5})
	edges := make([]edge, len(comb))
	for i := range comb {
		edges[i] = edge{comb[i], comb[(i+1)%len(comb)]}
	}
	require.False(t, selfIntersectsPairwise(edges))
	require.False(t, selfIntersects(edges))
	edges[50].b.X += 2.5 // a tooth's top leans over the next tooth
	if edges[51].a != edges[50].b {
		edges[51].a = edges[50].b
	}
	require.Equal(t, selfIntersectsPairwise(edges), selfIntersects(edges))
}

// Between two rings (an outer ring and a hole), the sweep finds a crossing exactly when the
// pairwise test does.
func TestRingsCrossAnswersAsThePairwiseCheck(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	crossing := 0
	for k := range 300 {
		outer := ringOf(randomRing(rng, 80+rng.IntN(200), 0))
		scale := []float64{0.3, 0.6, 0.9, 1.2}[k%4]
		hole := randomRing(rng, 80+rng.IntN(100), 0)
		for i := range hole {
			hole[i].a.X, hole[i].a.Y = hole[i].a.X*scale, hole[i].a.Y*scale
			hole[i].b.X, hole[i].b.Y = hole[i].b.X*scale, hole[i].b.Y*scale
		}
		h := ringOf(hole)
		want := false
		for _, e := range outer.edges {
			for _, f := range h.edges {
				want = want || segmentsIntersect(e.a, e.b, f.a, f.b)
			}
		}
		require.Equal(t, want, ringsCross(&outer, &h), "case %d", k)
		if want {
			crossing++
		}
	}
	require.Greater(t, crossing, 30)
	require.Less(t, crossing, 270)
}

func ringOf(edges []edge) ring {
	r := ring{edges: edges, minX: math.Inf(1), minY: math.Inf(1), maxX: math.Inf(-1), maxY: math.Inf(-1)}
	for _, e := range edges {
		r.minX, r.maxX = min(r.minX, e.a.X), max(r.maxX, e.a.X)
		r.minY, r.maxY = min(r.minY, e.a.Y), max(r.maxY, e.a.Y)
	}
	return r
}

// FuzzSelfIntersectionSweep: the sweep answers as the pairwise definition on any ring the
// loader lets through, with the degenerate shapes a small integer grid gives (collinear
// edges, repeated vertices, spikes, edges touching at a vertex) and rings too small for the
// sweep in production. (Its first find, a ring of one position repeated, is one the loader
// refuses before: the entry stays in testdata/fuzz.)
func FuzzSelfIntersectionSweep(f *testing.F) {
	f.Add([]byte{0, 0, 4, 0, 4, 4, 0, 4})             // a square
	f.Add([]byte{0, 0, 4, 4, 4, 0, 0, 4})             // a bow tie
	f.Add([]byte{0, 0, 4, 0, 2, 0, 2, 3})             // a spike back along an edge
	f.Add([]byte{0, 0, 2, 2, 4, 0, 4, 4, 2, 2, 0, 4}) // a vertex passed twice
	f.Fuzz(func(t *testing.T, b []byte) {
		n := len(b) / 2
		if n < 3 || n > 300 {
			return
		}
		pts := make([]Point, n)
		for i := range pts {
			pts[i] = Point{X: float64(b[2*i] % 16), Y: float64(b[2*i+1] % 16)}
		}
		// As the loader hands rings on: closed, without consecutive duplicates, 3 distinct
		// positions at least.
		pts, err := cleanRing(pts)
		if err != nil {
			return
		}
		edges := make([]edge, len(pts))
		for i := range pts {
			edges[i] = edge{pts[i], pts[(i+1)%len(pts)]}
		}
		require.Equal(t, selfIntersectsPairwise(edges), selfIntersectsSweep(edges), "%v", pts)
	})
}
