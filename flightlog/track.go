package flightlog

import (
	"context"
	"database/sql"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// The path of a flight (CONTRACT.md 13.4): the points model.FlightStats kept, stored in the
// row's track column as a compact BLOB (docs/decisions.md, issue 54):
//
//	a format byte (1), then per point, each a varint, the first point's from zero:
//	  latitude  − the previous one's, in 1e-5 degrees (zig-zag)
//	  longitude − the previous one's, in 1e-5 degrees, taken the short way round (zig-zag):
//	            a path across the antimeridian reads back unbroken, past ±180
//	  altitude: 0 unknown, else 1 + (altitude − the last known one) in 25 ft steps (zig-zag)
//	  seconds since first_seen − the previous point's
//
// A straight, level point costs 7 to 8 bytes. The track is read only by the track and the
// export routes and coverage, never by a list, and NULL once FLIGHT_LOG_TRACK_DAYS passed.

// TrackPoint is one point of a path: where (degrees; a longitude past ±180 continues a path
// across the antimeridian), how high (ft, nil: unknown) and when (seconds since first_seen).
// Its JSON is [lon, lat, alt_ft|null, offset].
type TrackPoint struct {
	Lon, Lat float64
	Altitude *int
	Offset   int
}

var (
	// ErrNoFlight marks an id the log does not hold.
	ErrNoFlight = errors.New("no flight with this id")
	// ErrNoTrack marks a flight without a track: it had no position, or it is older than
	// FLIGHT_LOG_TRACK_DAYS (the row itself is kept).
	ErrNoTrack = errors.New("the flight has no track: it had no position, or its track is older than FLIGHT_LOG_TRACK_DAYS")
)

const (
	trackFormat = 1
	altStep     = 25 // ft
)

// MarshalJSON is [lon, lat, alt_ft|null, offset].
func (p TrackPoint) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, 40)
	b = append(b, '[')
	b = strconv.AppendFloat(b, p.Lon, 'f', -1, 64)
	b = append(b, ',')
	b = strconv.AppendFloat(b, p.Lat, 'f', -1, 64)
	b = append(b, ',')
	if p.Altitude == nil {
		b = append(b, "null"...)
	} else {
		b = strconv.AppendInt(b, int64(*p.Altitude), 10)
	}
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(p.Offset), 10)
	return append(b, ']'), nil
}

// trackOf is a flight's kept path as a row holds it (nil: no position).
func trackOf(s *model.FlightStats, first time.Time) []TrackPoint {
	if s.Positions == 0 {
		return nil
	}
	path := s.Path(make([]model.TrackPoint, 0, len(s.Track)+3))
	out := make([]TrackPoint, len(path))
	alts := make([]int, len(path))
	base := first.UnixMilli()
	for i, p := range path {
		out[i] = TrackPoint{Lat: p.Lat, Lon: p.Lon, Offset: int(math.Round(float64(p.At-base) / 1000))}
		if p.HasAltitude {
			alts[i] = int(p.Altitude)
			out[i].Altitude = &alts[i]
		}
	}
	return out
}

// e5 is a coordinate in 1e-5 degrees.
func e5(v float64) int64 { return int64(math.Round(v * 1e5)) }

// encodeTrack is the stored form of a path.
func encodeTrack(pts []TrackPoint) []byte {
	b := make([]byte, 1, 1+8*len(pts))
	b[0] = trackFormat
	var lat, lon, alt, off int64
	for i, p := range pts {
		la := e5(p.Lat)
		var dlon int64
		if i == 0 {
			dlon = e5(model.Wrap180(p.Lon))
		} else {
			dlon = e5(model.Wrap180(p.Lon - float64(lon)/1e5)) // the short way round
		}
		b = binary.AppendVarint(b, la-lat)
		b = binary.AppendVarint(b, dlon)
		lat, lon = la, lon+dlon
		if p.Altitude == nil {
			b = append(b, 0)
		} else {
			st := int64(math.Round(float64(*p.Altitude) / altStep))
			b = binary.AppendUvarint(b, zigzag(st-alt)+1)
			alt = st
		}
		o := max(int64(p.Offset)-off, 0)
		b = binary.AppendUvarint(b, uint64(o))
		off += o
	}
	return b
}

func zigzag(v int64) uint64 { return uint64(v<<1) ^ uint64(v>>63) }

func unzigzag(u uint64) int64 { return int64(u>>1) ^ -int64(u&1) }

// errTrack marks stored bytes that are no track.
var errTrack = errors.New("the stored track does not decode")

// walkTrack calls fn with each point of a stored track: its latitude and longitude in 1e-5
// degrees, its altitude (ft; ok false: unknown) and its offset (s).
func walkTrack(b []byte, fn func(lat, lon int64, alt int, hasAlt bool, off int64)) error {
	if len(b) == 0 || b[0] != trackFormat {
		return errTrack
	}
	b = b[1:]
	var lat, lon, alt, off int64
	for len(b) > 0 {
		dlat, n1 := binary.Varint(b)
		if n1 <= 0 {
			return errTrack
		}
		dlon, n2 := binary.Varint(b[n1:])
		if n2 <= 0 {
			return errTrack
		}
		b = b[n1+n2:]
		a, n3 := binary.Uvarint(b)
		if n3 <= 0 {
			return errTrack
		}
		d, n4 := binary.Uvarint(b[n3:])
		if n4 <= 0 {
			return errTrack
		}
		b = b[n3+n4:]
		lat, lon, off = lat+dlat, lon+dlon, off+int64(d)
		if a > 0 {
			alt += unzigzag(a - 1)
		}
		fn(lat, lon, int(alt*altStep), a > 0, off)
	}
	return nil
}

// decodeTrack is a stored track's points.
func decodeTrack(b []byte) ([]TrackPoint, error) {
	out := make([]TrackPoint, 0, len(b)/6+1)
	alts := make([]int, 0, len(b)/4+1) // a point is at least 4 bytes: never grown, the pointers stay
	err := walkTrack(b, func(lat, lon int64, alt int, hasAlt bool, off int64) {
		p := TrackPoint{Lat: float64(lat) / 1e5, Lon: float64(lon) / 1e5, Offset: int(off)}
		if hasAlt {
			alts = append(alts, alt)
			p.Altitude = &alts[len(alts)-1]
		}
		out = append(out, p)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// scanner reads rows of readColumns and, after them, extra columns.
type scanner struct {
	vals, ptrs []any
}

func newScanner(extra ...any) *scanner {
	s := &scanner{vals: make([]any, len(readColumns))}
	s.ptrs = make([]any, 0, len(readColumns)+len(extra))
	for i := range s.vals {
		s.ptrs = append(s.ptrs, &s.vals[i])
	}
	s.ptrs = append(s.ptrs, extra...)
	return s
}

// row is the scanned row as the reader's privacy shows it.
func (s *scanner) row(l *Log, r *Row) {
	*r = Row{}
	for i, c := range readColumns {
		c.get(r, s.vals[i])
	}
	l.priv.apply(r)
}

// Track is a flight's row and its path; ErrNoFlight for an id the log does not hold,
// ErrNoTrack (with the row) for a flight without one.
func (l *Log) Track(ctx context.Context, id int64) (Row, []TrackPoint, error) {
	var blob []byte
	s := newScanner(&blob)
	err := l.db.QueryRowContext(ctx, "SELECT "+selectList+", track FROM flights WHERE id = ?", id).Scan(s.ptrs...)
	if errors.Is(err, sql.ErrNoRows) {
		return Row{}, nil, ErrNoFlight
	}
	if err != nil {
		return Row{}, nil, l.readErr(err)
	}
	var r Row
	s.row(l, &r)
	if blob == nil {
		return r, nil, ErrNoTrack
	}
	pts, err := decodeTrack(blob)
	if err != nil {
		return r, nil, l.readErr(fmt.Errorf("flight %d: %w", id, err))
	}
	return r, pts, nil
}

// Track is Log.Track on the log at the path now.
func (rd *Reader) Track(ctx context.Context, id int64) (Row, []TrackPoint, error) {
	l, done, err := rd.Use(ctx)
	if err != nil {
		return Row{}, nil, err
	}
	defer done()
	return l.Track(ctx, id)
}

// EachTrack calls fn with every row of the filter that has a track, newest first, its Track
// filled (the GeoJSON and KML exports), as the reader's privacy shows it; the row is fn's
// only for the call. Chunks of eachChunk rows, one short read transaction each, as Each.
func (l *Log) EachTrack(ctx context.Context, f Filter, fn func(*Row) error) error {
	if err := l.bounded(ctx, &f); err != nil { // hours need a From (to alone), as Each's
		return err
	}
	var blob []byte
	s := newScanner(&blob)
	var after *place
	for {
		g := f
		if after != nil && after.seen < g.To.UnixMilli() && g.Hours == nil { // hours spell the offsets out up to To
			g.To = time.Time{}
		}
		where, args := l.where(&g)
		if after != nil {
			where += " AND first_seen <= ? AND (first_seen < ? OR id < ?)"
			args = append(args, after.seen, after.seen, after.id)
		}
		n, last, err := l.trackChunk(ctx, s, &blob, where, args, fn)
		if err == nil {
			err = l.sameFile() // as Each: an export stops when its file is replaced under it
		}
		if err != nil || n < eachChunk {
			return err
		}
		after = &last
	}
}

func (l *Log) trackChunk(ctx context.Context, s *scanner, blob *[]byte, where string, args []any, fn func(*Row) error) (int, place, error) {
	rows, err := l.db.QueryContext(ctx, "SELECT "+selectList+", track FROM flights WHERE "+where+
		" AND track IS NOT NULL ORDER BY first_seen DESC, id DESC LIMIT ?", append(args, eachChunk)...)
	if err != nil {
		return 0, place{}, l.readErr(err)
	}
	defer func() { _ = rows.Close() }()
	n, last := 0, place{}
	var r Row
	for rows.Next() {
		if err := rows.Scan(s.ptrs...); err != nil {
			return n, last, l.readErr(err)
		}
		n++
		s.row(l, &r)
		last = place{seen: r.FirstSeen.UnixMilli(), id: r.ID}
		if r.Track, err = decodeTrack(*blob); err != nil {
			continue // a track that does not decode is left out, the others go on
		}
		if err := fn(&r); err != nil {
			return n, last, err
		}
	}
	return n, last, l.readErr(rows.Err())
}

// ageTracks drops the track of at most pruneBatch rows whose first_seen is before cut
// (FLIGHT_LOG_TRACK_DAYS), oldest first, keeping the rest of each row; n is how many. The rows
// are deleted (their bytes zeroed by secure_delete) and written again without the track, in
// one transaction, rather than updated in place: SQLite frees and merges pages only when
// records are deleted, and an UPDATE to NULL (or a REPLACE row by row) left the pages a fifth
// (two fifths) full (docs/decisions.md).
func (l *Log) ageTracks(ctx context.Context, cut time.Time) (int64, error) {
	cols := names(readColumns)
	tx, err := l.db.BeginTx(ctx, nil)
	if err != nil {
		return 0, l.readErr(err)
	}
	defer func() { _ = tx.Rollback() }()
	steps := []string{"CREATE TEMP TABLE aged AS SELECT " + cols + " FROM flights WHERE track IS NOT NULL AND first_seen < ? ORDER BY first_seen LIMIT ?",
		"DELETE FROM flights WHERE id IN (SELECT id FROM aged)",
		"INSERT INTO flights (" + cols + ") SELECT " + cols + " FROM aged ORDER BY id", "DROP TABLE aged"}
	var n int64
	for i, q := range steps {
		var args []any
		if i == 0 {
			args = []any{cut.UnixMilli(), pruneBatch}
		}
		res, err := tx.ExecContext(ctx, q, args...)
		if err != nil {
			return 0, l.readErr(err)
		}
		if i == 2 {
			n, _ = res.RowsAffected()
		}
	}
	return n, l.readErr(tx.Commit())
}

// joinTracks is the path of two parts of one flight (replay's Joiner), in time order, its
// offsets from the earlier first_seen; at most model.MaxTrackPoints, thinned evenly (the
// first and the last kept) when longer.
func joinTracks(a []TrackPoint, aFirst time.Time, b []TrackPoint, bFirst time.Time) []TrackPoint {
	if len(b) == 0 {
		return a
	}
	base := aFirst
	if bFirst.Before(base) {
		base = bFirst
	}
	shift := func(t []TrackPoint, first time.Time) []TrackPoint {
		d := int(math.Round(first.Sub(base).Seconds()))
		out := make([]TrackPoint, len(t))
		for i, p := range t {
			p.Offset += d
			out[i] = p
		}
		return out
	}
	x, y := shift(a, aFirst), shift(b, bFirst)
	out := make([]TrackPoint, 0, len(x)+len(y))
	for len(x) > 0 || len(y) > 0 {
		if len(y) == 0 || (len(x) > 0 && x[0].Offset <= y[0].Offset) {
			out, x = append(out, x[0]), x[1:]
		} else {
			out, y = append(out, y[0]), y[1:]
		}
	}
	if n := len(out); n > model.MaxTrackPoints {
		thinned := out[:0:0]
		for i := range model.MaxTrackPoints - 1 {
			thinned = append(thinned, out[i*(n-1)/(model.MaxTrackPoints-1)])
		}
		out = append(thinned, out[n-1])
	}
	return out
}

// DropTracks drops the track of every row first seen before cut, a batch a transaction, and
// returns the freed pages to the file system: what the writer's retention does over its
// passes (FLIGHT_LOG_TRACK_DAYS), at once (the benchmarks' "once tracks age out").
func (l *Log) DropTracks(ctx context.Context, cut time.Time) (int64, error) {
	var total int64
	for {
		n, err := l.ageTracks(ctx, cut)
		total += n
		if err != nil {
			return total, err
		}
		if n < pruneBatch {
			if _, err := l.db.ExecContext(ctx, "DELETE FROM reach_days WHERE start_ms < ?", cut.UnixMilli()); err != nil {
				return total, l.readErr(err)
			}
			return total, l.reclaim(ctx, time.Time{})
		}
	}
}
