package flightlog

import (
	"time"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// The sensors of issue 54 (CONTRACT.md 13.4): low_flights_today, today's flights whose
// closest point was within LOW_NM and at or below LOW_FT (only with both set), and
// max_range_today_nm, the farthest position of today's flights from home (the farthest point
// is always kept in the track: model.FlightStats).

// Farthest is the farthest position of a day: its distance (0.1 nm), how high and when, and
// its flight's row (without the track).
type Farthest struct {
	NM       float64
	Altitude *int
	At       time.Time
	Row      *Row
}

// todayReach is Today's part for these sensors.
type todayReach struct {
	home     *model.Home
	lowNM    float64
	lowFT    int
	low      int
	farthest *Farthest
	raw      float64 // farthest's distance before rounding
}

// Thresholds sets where the reach is measured from (HOME_LAT, HOME_LON; nil: no
// max_range_today_nm) and the low flights' thresholds (LOW_NM, LOW_FT; 0: unset).
func (t *Today) Thresholds(home *model.Home, lowNM float64, lowFT int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.reach.home, t.reach.lowNM, t.reach.lowFT = home, lowNM, lowFT
}

func (r *todayReach) lowSet() bool { return r.lowNM > 0 && r.lowFT > 0 }

func (r *todayReach) reset() { r.low, r.farthest = 0, nil }

// add takes one of today's flights that ended.
func (r *todayReach) add(row *Row) {
	if r.lowSet() && row.ClosestNM != nil && row.ClosestAltitude != nil && *row.ClosestNM <= r.lowNM && *row.ClosestAltitude <= r.lowFT {
		r.low++
	}
	r.farther(row)
}

// farther takes a flight's track: its farthest point, when farther than today's.
func (r *todayReach) farther(row *Row) {
	if r.home == nil {
		return
	}
	best, far := -1, 0.0
	for i, p := range row.Track {
		if nm := model.DistanceNM(r.home.Latitude, r.home.Longitude, p.Lat, p.Lon); best < 0 || nm > far {
			best, far = i, nm
		}
	}
	if best < 0 || (r.farthest != nil && far <= r.raw) {
		return
	}
	p := row.Track[best]
	c := *row
	c.Track = nil
	r.raw = far
	r.farthest = &Farthest{NM: float64(tenths(far)) / 10, At: row.FirstSeen.Add(time.Duration(p.Offset) * time.Second), Row: &c}
	if p.Altitude != nil {
		alt := *p.Altitude
		r.farthest.Altitude = &alt
	}
}
