package enrich

import (
	"math"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// The original processor's constants (CONTRACT.md 9.3).
const (
	EarthRadiusNM        = 3440.065
	ProximityMaxAltitude = 10000.0 // ft: the earliest position must be below it
	ProximityRadiusNM    = 25.0
	StableHeadingSpread  = 20.0 // degrees: the last 3 headings all within it of each other
	HeadingMaxDiff       = 30.0 // degrees: the best leg's bearing at most this far off the heading
	HeadingMinMargin     = 15.0 // degrees: the runner-up at least this much worse than the best
	CrossTrackMinNM      = 150.0
	CrossTrackShare      = 0.30 // of the leg's length: max(CrossTrackMinNM, share × d)
	AlongTrackSlackNM    = 50.0 // before the origin and past the destination
)

// Stop is one airport of a route, as the resolution reads it.
type Stop struct {
	Code     string
	Lat, Lon float64
	OK       bool // has coordinates
	Index    int  // the airport's number in the database
}

// Leg is the resolved origin and destination: indexes into the route's stops.
type Leg struct{ From, To int }

// Resolution is the answer of ResolveLeg. Final false: ask again on a later message (the
// heading is not stable yet). Final with Found false: no leg, and Reason says why.
type Resolution struct {
	Leg    Leg
	Found  bool
	Final  bool
	Reason string
}

// ResolveLeg picks the leg of a route that a flight is flying (CONTRACT.md 9.3): two airports
// are the leg; of three or more, proximity to the earliest position when low and climbing or
// descending, else the stable heading against each leg's initial bearing; then the chosen
// leg's sanity check against every position so far. No allocation.
func ResolveLeg(stops []Stop, t *model.RouteTrack) Resolution {
	switch {
	case len(stops) < 2:
		return Resolution{Final: true, Reason: "fewer than 2 airports"}
	case len(stops) == 2:
		return check(stops, Leg{0, 1}, t)
	}
	if leg, ok := proximity(stops, t); ok {
		return check(stops, leg, t)
	}
	if !stableHeading(t) {
		return Resolution{Reason: "heading not stable yet"}
	}
	leg, reason := byHeading(stops, t)
	if reason != "" {
		return Resolution{Final: true, Reason: reason}
	}
	return check(stops, leg, t)
}

// proximity: the earliest position below 10,000 ft within 25 nm of exactly one airport that
// has a next one (climbing) or a previous one (descending).
func proximity(stops []Stop, t *model.RouteTrack) (Leg, bool) {
	p := t.First
	if !t.HasFirst || !p.Altitude.OK || p.Altitude.V >= ProximityMaxAltitude || !p.Latitude.OK || !p.Longitude.OK {
		return Leg{}, false
	}
	vs := t.FirstVertical
	if !vs.OK || vs.V == 0 {
		return Leg{}, false
	}
	found, n := Leg{}, 0
	for i, s := range stops {
		if !s.OK || Distance(p.Latitude.V, p.Longitude.V, s.Lat, s.Lon) > ProximityRadiusNM {
			continue
		}
		if vs.V > 0 && i < len(stops)-1 {
			found, n = Leg{i, i + 1}, n+1
		}
		if vs.V < 0 && i > 0 {
			found, n = Leg{i - 1, i}, n+1
		}
	}
	return found, n == 1
}

// stableHeading: three non-null headings seen, all within 20° of each other.
func stableHeading(t *model.RouteTrack) bool {
	if t.NHeadings < 3 {
		return false
	}
	h := t.Headings
	return angleDiff(h[0], h[1]) <= StableHeadingSpread && angleDiff(h[1], h[2]) <= StableHeadingSpread &&
		angleDiff(h[0], h[2]) <= StableHeadingSpread
}

// byHeading: the adjacent pair whose initial bearing is nearest the latest heading, if it is
// within 30° and clearly (15°) better than the runner-up.
func byHeading(stops []Stop, t *model.RouteTrack) (Leg, string) {
	h, _ := t.LatestHeading()
	type cand struct {
		leg  Leg
		diff float64
	}
	var buf [16]cand
	cands := buf[:0]
	for i := 0; i+1 < len(stops); i++ {
		a, b := stops[i], stops[i+1]
		if !a.OK || !b.OK {
			continue
		}
		c := cand{Leg{i, i + 1}, angleDiff(h, Bearing(a.Lat, a.Lon, b.Lat, b.Lon))}
		if len(cands) < cap(cands) {
			cands = append(cands, c)
		} else { // a route of over 16 legs: keep the 16 best
			worst := 0
			for j := range cands {
				if cands[j].diff > cands[worst].diff {
					worst = j
				}
			}
			if c.diff < cands[worst].diff {
				cands[worst] = c
			}
		}
	}
	if len(cands) == 0 {
		return Leg{}, "no leg with coordinates"
	}
	for i := 1; i < len(cands); i++ { // insertion sort, stable: sort.Slice would allocate
		for j := i; j > 0 && cands[j].diff < cands[j-1].diff; j-- {
			cands[j], cands[j-1] = cands[j-1], cands[j]
		}
	}
	if cands[0].diff > HeadingMaxDiff {
		return Leg{}, "no leg within 30° of the heading"
	}
	if len(cands) > 1 && cands[1].diff-cands[0].diff < HeadingMinMargin {
		return Leg{}, "two legs within 15° of each other"
	}
	return cands[0].leg, ""
}

// check is the sanity check of a chosen leg against every position so far.
func check(stops []Stop, leg Leg, t *model.RouteTrack) Resolution {
	reject := func(reason string) Resolution { return Resolution{Final: true, Reason: reason} }
	a, b := stops[leg.From], stops[leg.To]
	switch {
	case !a.OK || !b.OK:
		return reject("an endpoint lacks coordinates")
	case a.Code == b.Code || (a.Lat == b.Lat && a.Lon == b.Lon):
		return reject("the endpoints are the same")
	case len(t.Positions) < 2:
		return reject("no positions")
	}
	d := Distance(a.Lat, a.Lon, b.Lat, b.Lon)
	if d == 0 {
		return reject("the leg has no length")
	}
	maxXT := math.Max(CrossTrackMinNM, CrossTrackShare*d)
	gc := newGreatCircle(a.Lat, a.Lon, b.Lat, b.Lon)
	for i := 0; i+1 < len(t.Positions); i += 2 {
		xt, at := gc.distances(float64(t.Positions[i]), float64(t.Positions[i+1]))
		if xt > maxXT {
			return reject("a position too far off the leg")
		}
		if at < -AlongTrackSlackNM || at > d+AlongTrackSlackNM {
			return reject("a position before the origin or past the destination")
		}
	}
	return Resolution{Leg: leg, Found: true, Final: true}
}

const rad = math.Pi / 180

// Distance is the great-circle distance in nautical miles (haversine).
func Distance(lat1, lon1, lat2, lon2 float64) float64 {
	dLat, dLon := (lat2-lat1)*rad, (lon2-lon1)*rad
	h := math.Sin(dLat/2)*math.Sin(dLat/2) + math.Cos(lat1*rad)*math.Cos(lat2*rad)*math.Sin(dLon/2)*math.Sin(dLon/2)
	return 2 * EarthRadiusNM * math.Asin(math.Min(1, math.Sqrt(h)))
}

// Bearing is the initial bearing from the first point to the second, in [0, 360).
func Bearing(lat1, lon1, lat2, lon2 float64) float64 {
	φ1, φ2, dλ := lat1*rad, lat2*rad, (lon2-lon1)*rad
	y := math.Sin(dλ) * math.Cos(φ2)
	x := math.Cos(φ1)*math.Sin(φ2) - math.Sin(φ1)*math.Cos(φ2)*math.Cos(dλ)
	return math.Mod(math.Atan2(y, x)/rad+360, 360)
}

// vec is a point on the unit sphere.
type vec struct{ x, y, z float64 }

func unit(lat, lon float64) vec {
	sφ, cφ := math.Sincos(lat * rad)
	sλ, cλ := math.Sincos(lon * rad)
	return vec{cφ * cλ, cφ * sλ, sφ}
}

func (u vec) dot(v vec) float64 { return u.x*v.x + u.y*v.y + u.z*v.z }
func (u vec) cross(v vec) vec {
	return vec{u.y*v.z - u.z*v.y, u.z*v.x - u.x*v.z, u.x*v.y - u.y*v.x}
}

// greatCircle is a leg as vectors: its start and the normal of its plane, so that each
// position of the sanity check costs two sincos, an asin and an atan2.
type greatCircle struct{ a, n vec }

func newGreatCircle(aLat, aLon, bLat, bLon float64) greatCircle {
	a, b := unit(aLat, aLon), unit(bLat, bLon)
	n := a.cross(b)
	l := math.Sqrt(n.dot(n))
	return greatCircle{a: a, n: vec{n.x / l, n.y / l, n.z / l}}
}

// distances is a point's cross-track distance from the leg's great circle (absolute) and its
// along-track distance from the start (signed: negative before it), in nm (CONTRACT.md 9.3's
// cross-track and along-track distances, in vector form).
func (g greatCircle) distances(lat, lon float64) (xt, at float64) {
	p := unit(lat, lon)
	s := p.dot(g.n)
	xt = math.Abs(math.Asin(math.Max(-1, math.Min(1, s)))) * EarthRadiusNM
	q := vec{p.x - s*g.n.x, p.y - s*g.n.y, p.z - s*g.n.z} // p on the leg's plane
	at = math.Atan2(g.a.cross(q).dot(g.n), g.a.dot(q)) * EarthRadiusNM
	return xt, at
}

// angleDiff is the difference of two directions in degrees, in [0, 180].
func angleDiff(a, b float64) float64 {
	d := math.Mod(math.Abs(a-b), 360)
	if d > 180 {
		d = 360 - d
	}
	return d
}
