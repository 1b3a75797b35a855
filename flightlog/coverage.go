package flightlog

import (
	"context"
	"database/sql"
	"math"
	"time"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// Reach is the receiver's reach in one 10° sector of true bearing from home (CONTRACT.md
// 13.4): the farthest kept track point in it, which flight, how high and when.
type Reach struct {
	Bearing  int       `json:"bearing"` // the sector's start: 0, 10, … 350
	NM       float64   `json:"nm"`      // 0.1 nm
	ID       int64     `json:"id"`
	Altitude *int      `json:"altitude,omitempty"`
	At       time.Time `json:"at"`
}

// Sectors is how many sectors the reach has (10° each).
const Sectors = 36

// sectorBest is a sector's farthest point so far (cos: the cosine of its central angle from
// home, smaller is farther).
type sectorBest struct {
	cos      float64
	lat, lon int64
	id       int64
	at       int64 // Unix ms
	alt      int
	hasAlt   bool
	ok       bool
}

// Coverage is the reach from the kept track points of the flights whose first_seen is in
// [from, to): one Reach per sector that holds a point, by bearing. A flight without a track
// (no position, or aged out) adds nothing.
func (l *Log) Coverage(ctx context.Context, from, to time.Time, home model.Home) ([]Reach, error) {
	h := home.Prepared()
	var best [Sectors]sectorBest
	rows, err := l.db.QueryContext(ctx, "SELECT id, first_seen, track FROM flights WHERE first_seen >= ? AND first_seen < ? AND track IS NOT NULL",
		from.UnixMilli(), to.UnixMilli())
	if err != nil {
		return nil, l.readErr(err)
	}
	defer func() { _ = rows.Close() }()
	var id, first int64
	var blob sql.RawBytes
	for rows.Next() {
		if err := rows.Scan(&id, &first, &blob); err != nil {
			return nil, l.readErr(err)
		}
		_ = walkTrack(blob, func(lat, lon int64, alt int, hasAlt bool, off int64) {
			sector, cos := sectorOf(h, lat, lon)
			if b := &best[sector]; !b.ok || cos < b.cos {
				*b = sectorBest{cos: cos, lat: lat, lon: lon, id: id, at: first + off*1000, alt: alt, hasAlt: hasAlt, ok: true}
			}
		})
	}
	if err := rows.Err(); err != nil {
		return nil, l.readErr(err)
	}
	out := []Reach{}
	for i, b := range best {
		if !b.ok {
			continue
		}
		nm := model.DistanceNM(home.Latitude, home.Longitude, float64(b.lat)/1e5, float64(b.lon)/1e5)
		r := Reach{Bearing: i * 10, NM: math.Round(nm*10) / 10, ID: b.id, At: time.UnixMilli(b.at).UTC()}
		if b.hasAlt {
			alt := b.alt
			r.Altitude = &alt
		}
		out = append(out, r)
	}
	return out, nil
}

// sectorOf is the 10° sector of the true bearing from home of a point (1e-5 degrees) and the
// cosine of its central angle.
func sectorOf(h *model.Home, lat, lon int64) (int, float64) {
	const rad = math.Pi / 180
	sinLat, cosLat := math.Sincos(float64(lat) / 1e5 * rad)
	sinD, cosD := math.Sincos((float64(lon)/1e5 - h.Longitude) * rad)
	hs, hc := h.SinCos()
	y := sinD * cosLat
	x := hc*sinLat - hs*cosLat*cosD
	deg := math.Atan2(y, x) / rad
	if deg < 0 {
		deg += 360
	}
	return min(int(deg/10), Sectors-1), hs*sinLat + hc*cosLat*cosD
}
