package flightlog

import (
	"context"
	"database/sql"
	"encoding/json"
	"math"
	"strconv"
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
// (no position, or aged out) adds nothing. Complete days the writer summarised from the same
// home (reach_days) are read from their summaries, the rest of the range from the tracks.
func (l *Log) Coverage(ctx context.Context, from, to time.Time, home model.Home) ([]Reach, error) {
	h := home.Prepared()
	var best [Sectors]sectorBest
	days, err := l.reachDays(ctx, from, to, h)
	if err != nil {
		return nil, err
	}
	cursor := from.UnixMilli()
	for _, d := range days {
		if d.start < cursor { // another zone's day over one taken
			continue
		}
		if d.start > cursor {
			if err := l.coverLive(ctx, cursor, d.start, h, &best); err != nil {
				return nil, err
			}
		}
		for _, p := range d.points {
			better(&best, h, p)
		}
		cursor = d.end
	}
	if cursor < to.UnixMilli() {
		if err := l.coverLive(ctx, cursor, to.UnixMilli(), h, &best); err != nil {
			return nil, err
		}
	}
	return reachOf(&best, home), nil
}

// coverLive folds in the kept track points of the flights first seen in [from, to) (Unix ms).
func (l *Log) coverLive(ctx context.Context, from, to int64, h *model.Home, best *[Sectors]sectorBest) error {
	rows, err := l.db.QueryContext(ctx, "SELECT id, first_seen, track FROM flights WHERE first_seen >= ? AND first_seen < ? AND track IS NOT NULL", from, to)
	if err != nil {
		return l.readErr(err)
	}
	defer func() { _ = rows.Close() }()
	var id, first int64
	var blob sql.RawBytes
	for rows.Next() {
		if err := rows.Scan(&id, &first, &blob); err != nil {
			return l.readErr(err)
		}
		_ = walkTrack(blob, func(lat, lon int64, alt int, hasAlt bool, off int64) {
			sector, cos := sectorOf(h, lat, lon)
			if b := &best[sector]; !b.ok || cos < b.cos {
				*b = sectorBest{cos: cos, lat: lat, lon: lon, id: id, at: first + off*1000, alt: alt, hasAlt: hasAlt, ok: true}
			}
		})
	}
	return l.readErr(rows.Err())
}

// better takes a summarised point where it is the farthest of its sector.
func better(best *[Sectors]sectorBest, h *model.Home, p storedPoint) {
	sector, cos := sectorOf(h, p.Lat, p.Lon)
	if b := &best[sector]; !b.ok || cos < b.cos {
		*b = sectorBest{cos: cos, lat: p.Lat, lon: p.Lon, id: p.ID, at: p.At, ok: true}
		if p.Alt != nil {
			b.alt, b.hasAlt = *p.Alt, true
		}
	}
}

// reachOf is the sectors that hold a point, as served.
func reachOf(best *[Sectors]sectorBest, home model.Home) []Reach {
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
	return out
}

// storedPoint is a sector's farthest point as a day's summary keeps it.
type storedPoint struct {
	Lat int64 `json:"lat"`
	Lon int64 `json:"lon"`
	ID  int64 `json:"id"`
	At  int64 `json:"at"`
	Alt *int  `json:"alt,omitempty"`
}

// reachDay is a summarised day.
type reachDay struct {
	start, end int64
	points     []storedPoint
}

// homeKey names a home in the summaries (1e-5 degrees).
func homeKey(h *model.Home) string {
	return strconv.FormatInt(e5(h.Latitude), 10) + "," + strconv.FormatInt(e5(h.Longitude), 10)
}

// reachDays are the summaries from home of the days within [from, to), by start.
func (l *Log) reachDays(ctx context.Context, from, to time.Time, h *model.Home) ([]reachDay, error) {
	rows, err := l.db.QueryContext(ctx, "SELECT start_ms, end_ms, reach FROM reach_days WHERE home = ? AND start_ms >= ? AND end_ms <= ? ORDER BY start_ms, end_ms",
		homeKey(h), from.UnixMilli(), to.UnixMilli())
	if err != nil {
		return nil, l.readErr(err)
	}
	defer func() { _ = rows.Close() }()
	var out []reachDay
	for rows.Next() {
		var d reachDay
		var text string
		if err := rows.Scan(&d.start, &d.end, &text); err != nil {
			return nil, l.readErr(err)
		}
		if json.Unmarshal([]byte(text), &d.points) == nil {
			out = append(out, d)
		}
	}
	return out, l.readErr(rows.Err())
}

// SummariseReach stores the reach from home of each complete local day in zone that has
// tracks and no summary from this home yet, until budget is spent (0: all); n is how many
// (the writer's housekeeping, beside Summarise).
func (l *Log) SummariseReach(ctx context.Context, zone *time.Location, now time.Time, home model.Home, budget time.Duration) (int, error) {
	zone, start, h := model.Zone(zone), time.Now(), home.Prepared()
	var first sql.NullInt64
	if err := l.db.QueryRowContext(ctx, "SELECT min(first_seen) FROM flights WHERE track IS NOT NULL").Scan(&first); err != nil || !first.Valid {
		return 0, l.readErr(err)
	}
	today := DayStart(now, zone)
	have, err := l.reachDays(ctx, DayStart(time.UnixMilli(first.Int64), zone), today, h)
	if err != nil {
		return 0, err
	}
	done := map[int64]bool{}
	for _, d := range have {
		done[d.start] = true
	}
	n := 0
	for d := DayStart(time.UnixMilli(first.Int64), zone); d.Before(today); d = NextDay(d, zone) {
		if done[d.UnixMilli()] {
			continue
		}
		if budget > 0 && time.Since(start) > budget {
			break
		}
		if err := l.summariseReachDay(ctx, d.UnixMilli(), NextDay(d, zone).UnixMilli(), h); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

func (l *Log) summariseReachDay(ctx context.Context, from, to int64, h *model.Home) error {
	var best [Sectors]sectorBest
	if err := l.coverLive(ctx, from, to, h, &best); err != nil {
		return err
	}
	points := []storedPoint{}
	for _, b := range best {
		if b.ok {
			p := storedPoint{Lat: b.lat, Lon: b.lon, ID: b.id, At: b.at}
			if b.hasAlt {
				alt := b.alt
				p.Alt = &alt
			}
			points = append(points, p)
		}
	}
	text, _ := json.Marshal(points)
	_, err := l.db.ExecContext(ctx, "INSERT OR REPLACE INTO reach_days (start_ms, end_ms, home, reach) VALUES (?, ?, ?, ?)", from, to, homeKey(h), string(text))
	return l.readErr(err)
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
