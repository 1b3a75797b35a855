package model

import (
	"math"
	"strings"
	"time"
)

// FlightStats is what the flight log keeps of a flight beyond its identity (CONTRACT.md
// 13.1): every distinct squawk in order, the counts, the altitude and speed extremes, and
// the closest approach to home. Accumulated only where a log is kept (rules.Engine.TrackFlights).
type FlightStats struct {
	Squawks   [MaxSquawks]string // distinct, in the order first seen
	NSquawks  int
	Positions int
	// MinAltitude and MaxAltitude (ft) and MaxSpeed (kt), valid when HasAltitude / HasSpeed.
	MinAltitude, MaxAltitude float64
	HasAltitude              bool
	MaxSpeed                 float64
	HasSpeed                 bool
	// The position nearest to home: its distance (nm, great circle), time and altitude;
	// closestCos is the cosine of its central angle (larger is nearer: the comparison of each
	// position, the haversine only for a new nearest).
	closestCos         float64
	ClosestNM          float64
	ClosestAt          time.Time
	ClosestAltitude    float64
	HasClosest         bool
	ClosestHasAltitude bool
	ClosestLat         float64
	ClosestLon         float64
	// Track is the path's rule points so far (Path gives the whole path); track the keeping's
	// state (track.go).
	Track []TrackPoint
	track trackState
}

// MaxSquawks is how many distinct squawks a flight's log row keeps.
const MaxSquawks = 8

// Home is where the closest approach is measured from (HOME_LAT, HOME_LON).
type Home struct {
	Latitude, Longitude float64
	// sin and cos of the latitude, made by Prepared: a position costs one Sincos and one Cos.
	sinLat, cosLat float64
	prepared       bool
}

// Prepared is h ready for FlightStats.Add.
func (h Home) Prepared() *Home {
	const rad = math.Pi / 180
	h.sinLat, h.cosLat = math.Sincos(h.Latitude * rad)
	h.prepared = true
	return &h
}

// EarthRadiusNM is the mean Earth radius in nautical miles (the haversine's).
const EarthRadiusNM = 3440.065

// DistanceNM is the great-circle distance in nautical miles (haversine).
func DistanceNM(lat1, lon1, lat2, lon2 float64) float64 {
	const rad = math.Pi / 180
	dLat, dLon := (lat2-lat1)*rad, (lon2-lon1)*rad
	a := math.Sin(dLat/2)*math.Sin(dLat/2) + math.Cos(lat1*rad)*math.Cos(lat2*rad)*math.Sin(dLon/2)*math.Sin(dLon/2)
	return 2 * EarthRadiusNM * math.Asin(math.Min(1, math.Sqrt(a)))
}

// Add folds one message in; home nil: no closest approach.
func (s *FlightStats) Add(m *AircraftMessage, home *Home) {
	if sq := m.Squawk; sq != "" && s.NSquawks < MaxSquawks {
		seen := false
		for _, have := range s.Squawks[:s.NSquawks] {
			if have == sq {
				seen = true
				break
			}
		}
		if !seen {
			s.Squawks[s.NSquawks] = sq
			s.NSquawks++
		}
	}
	if a := m.Altitude; a != nil {
		if !s.HasAltitude || *a < s.MinAltitude {
			s.MinAltitude = *a
		}
		if !s.HasAltitude || *a > s.MaxAltitude {
			s.MaxAltitude = *a
		}
		s.HasAltitude = true
	}
	if v := m.Velocity; v != nil && (!s.HasSpeed || *v > s.MaxSpeed) {
		s.MaxSpeed, s.HasSpeed = *v, true
	}
	if m.Latitude == nil || m.Longitude == nil {
		return
	}
	s.Positions++
	p := TrackPoint{Lat: *m.Latitude, Lon: *m.Longitude, At: m.ReceivedAt.UnixMilli()}
	if m.Altitude != nil {
		p.Altitude, p.HasAltitude = int32(math.Round(*m.Altitude)), true
	}
	if home != nil {
		s.measure(p, m, home)
	}
	s.keep(p, m.Heading)
}

// measure compares a position with the closest and the farthest so far.
func (s *FlightStats) measure(p TrackPoint, m *AircraftMessage, home *Home) {
	if !home.prepared {
		home = home.Prepared()
	}
	const rad = math.Pi / 180
	sin, cos := math.Sincos(p.Lat * rad)
	c := home.sinLat*sin + home.cosLat*cos*math.Cos((p.Lon-home.Longitude)*rad)
	if !s.HasClosest || c > s.closestCos {
		s.closestCos = c
		s.ClosestNM = DistanceNM(home.Latitude, home.Longitude, p.Lat, p.Lon)
		s.ClosestAt, s.HasClosest = m.ReceivedAt, true
		s.ClosestAltitude, s.ClosestHasAltitude = 0, p.HasAltitude
		if m.Altitude != nil {
			s.ClosestAltitude = *m.Altitude
		}
		s.ClosestLat, s.ClosestLon, s.track.closestPt = p.Lat, p.Lon, p
	}
	if t := &s.track; !t.hasFarthest || c < t.farthestCos {
		t.farthestCos, t.farthestPt, t.hasFarthest = c, p, true // its distance when asked (Farthest)
	}
}

// IsEmergency reports a squawk of hijack, radio failure or general emergency: 7500, 7600 or
// 7700 (surrounding spaces ignored). The one place they are written: the delivery's bypass,
// the channels' text, the flight log's emergency column (and the UI's flights page) all ask it.
func IsEmergency(squawk string) bool {
	s := strings.TrimSpace(squawk) // a substring: no allocation
	return s == "7500" || s == "7600" || s == "7700"
}
