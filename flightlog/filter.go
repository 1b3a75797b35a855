package flightlog

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// The list's sorts and its filters of the low-and-close report (CONTRACT.md 13.4): sort by
// time, closest or lowest; max_alt; hours of the local day.

// The sorts of a page: newest first, closest first, lowest first.
const (
	SortTime    = "time"
	SortClosest = "closest"
	SortLowest  = "lowest"
)

// Sorts are the sorts a page takes.
var Sorts = []string{SortTime, SortClosest, SortLowest}

// noKey is the sort key of a row without the sort's value: after every row with one.
const noKey = math.MaxInt64

// heightSQL is how low a flight came: at its closest point to home, else (no home, or no
// altitude there) the lowest it was seen; sort=lowest, max_alt and the lowest record use it.
const heightSQL = "coalesce(closest_altitude, min_altitude)"

// sortKey is a row's key under sort (its index's value; noKey: none).
func sortKey(sort string, r *Row) int64 {
	switch sort {
	case SortClosest:
		if r.ClosestNM != nil {
			return tenths(*r.ClosestNM)
		}
	case SortLowest:
		if h := Height(r); h != nil {
			return int64(*h)
		}
	}
	return noKey
}

// Height is how low the flight came (heightSQL): its closest_altitude, else its min_altitude.
func Height(r *Row) *int {
	if r.ClosestAltitude != nil {
		return r.ClosestAltitude
	}
	return r.MinAltitude
}

// CheckSort is a sort's error (nil: "" or one of Sorts).
func CheckSort(sort string) error {
	switch sort {
	case "", SortTime, SortClosest, SortLowest:
		return nil
	}
	return &ParamError{"sort", "value must be one of " + strings.Join(Sorts, ", ")}
}

// Hours are the local hours of the day a flight's first_seen falls in: from From:00 up to,
// not including, To:00 (To ≤ From wraps past midnight: 23-07; 00-24 is the whole day). A
// clock hour a change of the clocks repeats counts twice, one it skips not at all.
type Hours struct{ From, To int }

// ParseHours reads hours=HH-HH (the first 0–23, the second 0–24, not equal: "07-07" is
// refused rather than guessed; the whole day is 00-24).
func ParseHours(v string) (*Hours, error) {
	bad := &ParamError{"hours", fmt.Sprintf("%q is not HH-HH: local hours from 00 to 24, e.g. 23-07 (wraps midnight) or 00-24 (the whole day)", v)}
	a, b, ok := strings.Cut(strings.TrimSpace(v), "-")
	from, err1 := strconv.Atoi(a)
	to, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || len(a) > 2 || len(b) > 2 || from < 0 || from > 23 || to < 0 || to > 24 {
		return nil, bad
	}
	if from == to || from == 0 && to == 0 {
		return nil, &ParamError{"hours", fmt.Sprintf("%q selects no hours or every hour, ambiguously: the whole day is 00-24", v)}
	}
	return &Hours{From: from, To: to}, nil
}

// String is the hours as given ("23-07").
func (h Hours) String() string { return fmt.Sprintf("%02d-%02d", h.From, h.To) }

// in are the hours of the day (0–23) the hours hold.
func (h Hours) in() []int {
	var out []int
	for k := h.From; ; k = (k + 1) % 24 {
		out = append(out, k)
		if (k+1)%24 == h.To%24 {
			return out
		}
	}
}

// Has reports whether the local clock hour of t in zone is one of the hours.
func (h Hours) Has(t time.Time, zone *time.Location) bool {
	k := t.In(model.Zone(zone)).Hour()
	for _, x := range h.in() {
		if x == k {
			return true
		}
	}
	return false
}

// maxOffsetSpans bounds the zone's offset changes a query spells out (two a year: centuries).
const maxOffsetSpans = 1000

// hoursSQL is the condition that first_seen's local clock hour in zone is one of h's, for rows
// in [from, to): the local time is first_seen plus the zone's offset then, spelt out as a CASE
// over the offset's changes within the range (two a year in a zone with summer time), so that
// SQLite computes the hour itself (a half-hour or 45-minute zone's hours start at its :00).
func hoursSQL(h *Hours, from, to time.Time, zone *time.Location) string {
	hs := h.in()
	if len(hs) == 24 {
		return ""
	}
	list := make([]string, len(hs))
	for i, k := range hs {
		list[i] = strconv.Itoa(k)
	}
	return "((first_seen + " + offsetSQL(from, to, model.Zone(zone)) + ") / 3600000) % 24 IN (" + strings.Join(list, ",") + ")"
}

// offsetSQL is zone's UTC offset in milliseconds at first_seen, for first_seen in [from, to).
func offsetSQL(from, to time.Time, zone *time.Location) string {
	var b strings.Builder
	t := from.In(zone)
	for range maxOffsetSpans {
		_, off := t.Zone()
		_, end := t.ZoneBounds()
		if end.IsZero() || !end.Before(to) {
			if b.Len() == 0 {
				return strconv.Itoa(off * 1000)
			}
			fmt.Fprintf(&b, " ELSE %d END", off*1000)
			return b.String()
		}
		if b.Len() == 0 {
			b.WriteString("CASE")
		}
		fmt.Fprintf(&b, " WHEN first_seen < %d THEN %d", end.UnixMilli(), off*1000)
		t = end.In(zone)
	}
	_, off := t.Zone()
	fmt.Fprintf(&b, " ELSE %d END", off*1000)
	return b.String()
}

// bounded is f with a From when its hours need one (a range from the first row: from the
// log's first row's time), so that the offsets are spelt out over the rows there are.
func (l *Log) bounded(ctx context.Context, f *Filter) error {
	if f.Hours == nil || !f.From.IsZero() {
		return nil
	}
	first, ok, err := l.first(ctx)
	if err != nil {
		return err
	}
	if ok {
		f.From = first
	} else {
		f.From = f.To.Add(-time.Millisecond)
	}
	return nil
}
