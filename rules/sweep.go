package rules

import (
	stdcmp "cmp"
	"math"
	"slices"
)

// Shamos–Hoey: whether any two of a set of segments meet, in O(n log n). A vertical line
// sweeps from left to right; the segments it crosses are kept in their order along it (a
// treap); two segments that meet are neighbours in that order just before the first meeting
// point, so only a new segment and its neighbours, and the neighbours a removed segment leaves
// side by side, are ever tested. The test itself (meets) is the exact predicate of the
// caller: edgesMeet for a ring (adjacent edges may share their vertex), a crossing test between
// two rings.

// anyMeet reports whether meets holds for two of the segments of edges that the sweep puts
// side by side.
func anyMeet(edges []edge, meets func(i, j int) bool) bool {
	type event struct {
		p      Point
		remove bool
		seg    int32
	}
	left := func(e edge) (Point, Point) {
		if e.b.X < e.a.X || (e.b.X == e.a.X && e.b.Y < e.a.Y) {
			return e.b, e.a
		}
		return e.a, e.b
	}
	events := make([]event, 0, 2*len(edges))
	for i, e := range edges {
		l, r := left(e)
		events = append(events, event{l, false, int32(i)}, event{r, true, int32(i)}) //nolint:gosec // at most MaxPolygonPositions edges
	}
	// By x, then y; at one point every insertion before any removal, so that segments touching
	// there are side by side once.
	slices.SortFunc(events, func(a, b event) int {
		if c := stdcmp.Compare(a.p.X, b.p.X); c != 0 {
			return c
		}
		if c := stdcmp.Compare(a.p.Y, b.p.Y); c != 0 {
			return c
		}
		switch {
		case !a.remove && b.remove:
			return -1
		case a.remove && !b.remove:
			return 1
		}
		return stdcmp.Compare(a.seg, b.seg)
	})
	t := &sweepTree{edges: edges, nodes: make([]sweepNode, len(edges)), seed: 0x9E3779B97F4A7C15}
	for i := range t.nodes {
		t.nodes[i] = sweepNode{parent: -1, left: -1, right: -1}
	}
	test := func(a, b int32) bool {
		return a >= 0 && b >= 0 && meets(int(min(a, b)), int(max(a, b)))
	}
	for _, ev := range events {
		t.at = ev.p
		if !ev.remove {
			t.insert(ev.seg)
			if test(ev.seg, t.prev(ev.seg)) || test(ev.seg, t.next(ev.seg)) {
				return true
			}
			continue
		}
		p, n := t.prev(ev.seg), t.next(ev.seg)
		t.remove(ev.seg)
		if test(p, n) {
			return true
		}
	}
	return false
}

// sweepTree is a treap of the segments the sweep line crosses, ordered along it at the current
// event point (at); nodes are indexed by segment, with parent links for neighbours.
type sweepTree struct {
	edges []edge
	nodes []sweepNode
	root  int32
	at    Point
	seed  uint64
	size  int
}

type sweepNode struct {
	parent, left, right int32
	prio                uint64
}

// yAt is where segment s crosses the sweep line at the current point: a vertical segment
// at the point's own height, held within its ends.
func (t *sweepTree) yAt(s int32) float64 {
	e := t.edges[s]
	if e.a.X == e.b.X {
		return math.Max(math.Min(t.at.Y, math.Max(e.a.Y, e.b.Y)), math.Min(e.a.Y, e.b.Y))
	}
	return e.a.Y + (e.b.Y-e.a.Y)*(t.at.X-e.a.X)/(e.b.X-e.a.X)
}

// slope orders segments that cross the sweep line at the same height: the one rising less
// comes first (vertical last).
func (t *sweepTree) slope(s int32) float64 {
	e := t.edges[s]
	if e.a.X == e.b.X {
		return math.Inf(1)
	}
	return (e.b.Y - e.a.Y) / (e.b.X - e.a.X)
}

func (t *sweepTree) less(a, b int32) bool {
	ya, yb := t.yAt(a), t.yAt(b)
	if ya != yb {
		return ya < yb
	}
	sa, sb := t.slope(a), t.slope(b)
	if sa != sb {
		return sa < sb
	}
	return a < b
}

func (t *sweepTree) random() uint64 {
	t.seed ^= t.seed << 13
	t.seed ^= t.seed >> 7
	t.seed ^= t.seed << 17
	return t.seed
}

func (t *sweepTree) insert(s int32) {
	n := &t.nodes[s]
	*n = sweepNode{parent: -1, left: -1, right: -1, prio: t.random()}
	if t.size == 0 {
		t.root = s
		t.size++
		return
	}
	t.size++
	cur := t.root
	for {
		c := &t.nodes[cur]
		if t.less(s, cur) {
			if c.left < 0 {
				c.left = s
				break
			}
			cur = c.left
		} else {
			if c.right < 0 {
				c.right = s
				break
			}
			cur = c.right
		}
	}
	n.parent = cur
	for n.parent >= 0 && t.nodes[n.parent].prio < n.prio {
		t.rotateUp(s)
	}
}

// rotateUp moves s above its parent.
func (t *sweepTree) rotateUp(s int32) {
	n := &t.nodes[s]
	p := n.parent
	pn := &t.nodes[p]
	g := pn.parent
	if pn.left == s {
		pn.left = n.right
		if n.right >= 0 {
			t.nodes[n.right].parent = p
		}
		n.right = p
	} else {
		pn.right = n.left
		if n.left >= 0 {
			t.nodes[n.left].parent = p
		}
		n.left = p
	}
	pn.parent = s
	n.parent = g
	switch {
	case g < 0:
		t.root = s
	case t.nodes[g].left == p:
		t.nodes[g].left = s
	default:
		t.nodes[g].right = s
	}
}

func (t *sweepTree) remove(s int32) {
	for {
		n := t.nodes[s]
		switch {
		case n.left < 0 && n.right < 0:
			switch {
			case n.parent < 0:
				t.root = -1
			case t.nodes[n.parent].left == s:
				t.nodes[n.parent].left = -1
			default:
				t.nodes[n.parent].right = -1
			}
			t.size--
			return
		case n.left < 0:
			t.rotateUp(n.right)
		case n.right < 0:
			t.rotateUp(n.left)
		case t.nodes[n.left].prio > t.nodes[n.right].prio:
			t.rotateUp(n.left)
		default:
			t.rotateUp(n.right)
		}
	}
}

// prev and next are s's neighbours in the order (-1: none).
func (t *sweepTree) prev(s int32) int32 {
	n := t.nodes[s]
	if n.left >= 0 {
		c := n.left
		for t.nodes[c].right >= 0 {
			c = t.nodes[c].right
		}
		return c
	}
	c := s
	for p := n.parent; p >= 0; p = t.nodes[p].parent {
		if t.nodes[p].right == c {
			return p
		}
		c = p
	}
	return -1
}

func (t *sweepTree) next(s int32) int32 {
	n := t.nodes[s]
	if n.right >= 0 {
		c := n.right
		for t.nodes[c].left >= 0 {
			c = t.nodes[c].left
		}
		return c
	}
	c := s
	for p := n.parent; p >= 0; p = t.nodes[p].parent {
		if t.nodes[p].left == c {
			return p
		}
		c = p
	}
	return -1
}
