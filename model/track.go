package model

import "math"

// The path of a flight (CONTRACT.md 13.4), kept as the messages come: the first and the last
// position; between them a point when the aircraft has turned at least TrackTurn degrees
// (the message's track against the track at the last kept point, or, without one, the course
// from the last kept point against the previous kept segment's), climbed or descended
// TrackClimb ft, or TrackEvery passed since the last kept point; and always the closest
// position to home and the farthest (the receiver's reach: coverage, max_range_today_nm).
// At most MaxTrackPoints: when full, every second rule point is dropped (the first kept) and
// from then on every second candidate only, so the density stays even along the path.

// The rule's thresholds and the bound.
const (
	TrackTurn      = 10.0   // degrees
	TrackClimb     = 500.0  // ft
	TrackEvery     = 60_000 // ms
	MaxTrackPoints = 1000   // in all, the first, last, closest and farthest included
	ruleRoom       = MaxTrackPoints - 3
	minCourseDeg   = 0.1 / 60.0 // a segment shorter than 0.1 nm has no course worth comparing
)

// TrackPoint is one kept position: where (degrees), when (Unix milliseconds) and how high (ft).
type TrackPoint struct {
	Lat, Lon    float64
	At          int64
	Altitude    int32
	HasAltitude bool
}

// trackState is the keeping's state: the rule's reference (the last candidate, kept or
// thinned away), its heading and the course of the segment that ended there, the latest
// position not kept (the last, if no other comes), and the thinning's stride.
type trackState struct {
	ref                      TrackPoint
	refHeading, refCourse    float64
	refHasHeading, hasCourse bool
	started                  bool
	last                     TrackPoint
	hasLast                  bool
	stride, candidates       int
	closestPt, farthestPt    TrackPoint
	farthestCos              float64
	hasFarthest              bool
}

// keep folds one position in (heading: the message's track, nil when absent).
func (s *FlightStats) keep(p TrackPoint, heading *float64) {
	t := &s.track
	if !t.started {
		t.started, t.stride = true, 1
		s.Track = append(s.Track, p)
		t.ref, t.refHasHeading = p, heading != nil
		if heading != nil {
			t.refHeading = *heading
		}
		return
	}
	if p.At < t.ref.At { // out of order (a merged recording): closest and farthest only
		return
	}
	var course float64
	var hasCourse bool
	needCourse := heading == nil || !t.refHasHeading // else the messages' tracks are compared
	if needCourse {
		course, hasCourse = courseOf(t.ref, p)
	}
	if !s.candidate(p, heading, course, hasCourse) {
		if !t.hasLast || p.At >= t.last.At {
			t.last, t.hasLast = p, true
		}
		return
	}
	if !needCourse { // the kept segment's course, for a later message without a track
		course, hasCourse = courseOf(t.ref, p)
	}
	t.ref, t.refHasHeading, t.refCourse, t.hasCourse = p, heading != nil, course, hasCourse
	if heading != nil {
		t.refHeading = *heading
	}
	t.candidates++
	if t.candidates%t.stride != 0 {
		t.last, t.hasLast = p, true
		return
	}
	if len(s.Track) >= ruleRoom {
		s.thin()
		if t.candidates%t.stride != 0 {
			t.last, t.hasLast = p, true
			return
		}
	}
	s.Track = append(s.Track, p)
	t.hasLast = false
}

// candidate reports a position the rule keeps: TrackEvery since the reference, a climb or
// descent of TrackClimb, or a turn of TrackTurn.
func (s *FlightStats) candidate(p TrackPoint, heading *float64, course float64, hasCourse bool) bool {
	t := &s.track
	switch {
	case p.At-t.ref.At >= TrackEvery:
		return true
	case p.HasAltitude && t.ref.HasAltitude && math.Abs(float64(p.Altitude-t.ref.Altitude)) >= TrackClimb:
		return true
	case heading != nil && t.refHasHeading:
		return AngleBetween(*heading, t.refHeading) >= TrackTurn
	case hasCourse && t.hasCourse:
		return AngleBetween(course, t.refCourse) >= TrackTurn
	}
	return false
}

// thin drops every second rule point (the first kept) and doubles the stride.
func (s *FlightStats) thin() {
	n := 1
	for i := 2; i < len(s.Track); i += 2 {
		s.Track[n] = s.Track[i]
		n++
	}
	s.Track = s.Track[:n]
	s.track.stride *= 2
}

// courseOf is the course from a to b in degrees (flat: a short segment), false when the two
// are too close for one.
func courseOf(a, b TrackPoint) (float64, bool) {
	const rad = math.Pi / 180
	dy := b.Lat - a.Lat
	dx := Wrap180(b.Lon-a.Lon) * math.Cos(a.Lat*rad)
	if dx*dx+dy*dy < minCourseDeg*minCourseDeg {
		return 0, false
	}
	return math.Mod(math.Atan2(dx, dy)/rad+360, 360), true
}

// Wrap180 is a longitude (or a difference of two) in [-180, 180).
func Wrap180(d float64) float64 {
	if d >= -180 && d < 180 {
		return d
	}
	d = math.Mod(d+180, 360)
	if d < 0 {
		d += 360
	}
	return d - 180
}

// AngleBetween is the smaller angle between two directions in degrees (0 to 180).
func AngleBetween(a, b float64) float64 {
	d := math.Mod(math.Abs(a-b), 360)
	if d > 180 {
		d = 360 - d
	}
	return d
}

// Path appends the flight's kept path to dst in time order: the rule's points, the last
// position, the closest and the farthest (each once).
func (s *FlightStats) Path(dst []TrackPoint) []TrackPoint {
	start := len(dst)
	dst = append(dst, s.Track...)
	t := &s.track
	for _, p := range [...]struct {
		pt TrackPoint
		ok bool
	}{{t.last, t.hasLast}, {t.closestPt, s.HasClosest}, {t.farthestPt, t.hasFarthest}} {
		if p.ok {
			dst = insertPoint(dst, start, p.pt)
		}
	}
	return dst
}

// insertPoint puts p into dst[start:] by time, unless that point is there already.
func insertPoint(dst []TrackPoint, start int, p TrackPoint) []TrackPoint {
	i := len(dst)
	for i > start && dst[i-1].At > p.At {
		i--
	}
	if i > start && dst[i-1] == p {
		return dst
	}
	dst = append(dst, TrackPoint{})
	copy(dst[i+1:], dst[i:])
	dst[i] = p
	return dst
}

// Farthest is the position farthest from home and its distance (nm); false without a home
// or a position.
func (s *FlightStats) Farthest() (TrackPoint, float64, bool) {
	t := &s.track
	return t.farthestPt, EarthRadiusNM * math.Acos(math.Max(-1, math.Min(1, t.farthestCos))), t.hasFarthest
}

// resetTrack empties the path, keeping its memory for the next flight.
func (s *FlightStats) resetTrack(mem []TrackPoint) {
	s.Track = mem[:0]
	s.track = trackState{}
}

// SinCos are the sine and cosine of a prepared home's latitude.
func (h *Home) SinCos() (float64, float64) { return h.sinLat, h.cosLat }
