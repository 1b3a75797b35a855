package flightlog

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// Days and hours, everywhere the same (CONTRACT.md 13.3): a flight belongs to the local day
// and the local clock hour of its first_seen in NOTIFY_TIMEZONE, in the sensors (Today), the
// statistics, the readers' ranges, the CSV and the page. A day runs from local midnight to the
// next (23, 24 or 25 hours); an hour starts where the local clock reads :00, whatever the zone's
// offset from UTC (half an hour, 45 minutes), and its key carries the offset, so that the two
// 01:00 of a day that turns the clocks back are two keys.

// DayStart is the local midnight that starts t's day in zone (dayStart).
func DayStart(t time.Time, zone *time.Location) time.Time {
	l := t.In(zone)
	return dayStart(l.Year(), l.Month(), l.Day(), zone)
}

// NextDay is the local midnight after the day that starts at day (dayStart).
func NextDay(day time.Time, zone *time.Location) time.Time {
	l := day.In(zone)
	return dayStart(l.Year(), l.Month(), l.Day()+1, zone)
}

// dayStart is the first instant of the local date y-m-d in zone (d may overflow, as with
// time.Date): its midnight, or, where the clocks skip midnight (Santiago, Havana: 00:00 is
// 01:00), the change. time.Date names a skipped midnight in a zone west of UTC by the day
// before's 23:00, which would give that day's last hour to the next and make NextDay stand still.
func dayStart(y int, m time.Month, d int, zone *time.Location) time.Time {
	t := time.Date(y, m, d, 0, 0, 0, 0, zone)
	if t.Hour() == 0 {
		return t
	}
	meant := time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
	if named := time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC); named.Before(meant) {
		if _, end := t.ZoneBounds(); end.After(t) {
			return end.In(zone)
		}
	}
	return t
}

// HourStart is the start of t's local clock hour in zone: the instant the local clock read
// t's hour at :00 with t's offset, or, when the offset changed since (a zone that turns its
// clocks by half an hour, like Lord Howe's), the change itself: the hour is then shorter, and
// its key still the local hour with the offset of its instants.
func HourStart(t time.Time, zone *time.Location) time.Time {
	l := t.In(zone)
	h := l.Add(-time.Duration(l.Minute())*time.Minute - time.Duration(l.Second())*time.Second - time.Duration(l.Nanosecond()))
	if since, _ := l.ZoneBounds(); !since.IsZero() && h.Before(since) {
		return since.In(zone)
	}
	return h
}

// NextHour is the start of the local clock hour after the one that starts at h: an hour after
// its :00, or the next change of the offset if that comes first (the clocks turned back or
// forward: another hour begins there).
func NextHour(h time.Time, zone *time.Location) time.Time {
	l := h.In(zone)
	next := l.Add(time.Hour - time.Duration(l.Minute())*time.Minute - time.Duration(l.Second())*time.Second - time.Duration(l.Nanosecond()))
	if _, until := l.ZoneBounds(); !until.IsZero() && until.Before(next) {
		return until.In(zone)
	}
	return next
}

// HourKey is an hour's key: its local hour at :00 with its offset ("2026-10-25T01:00+01:00");
// an hour that began at a change of the clocks at :30 (Lord Howe) is still its hour's :00.
func HourKey(h time.Time) string { return h.Format("2006-01-02T15") + ":00" + h.Format("-07:00") }

// DayKey is a day's key ("2026-10-25").
func DayKey(d time.Time) string { return d.Format(time.DateOnly) }

// ParamError is a reader's parameter that cannot be used, named (the API's 422, the command
// line's --name).
type ParamError struct {
	Param, Msg string
}

func (e *ParamError) Error() string { return e.Param + ": " + e.Msg }

// ParseWhen reads a from or to value: RFC 3339, or a date meaning that day in zone (a to date
// is the end of that day).
func ParseWhen(v string, zone *time.Location, to bool) (time.Time, error) {
	zone = model.Zone(zone)
	v = strings.ToUpper(strings.TrimSpace(v)) // RFC 3339 allows "t" and "z" (5.6's note); Go's parser not
	if t, err := time.Parse(time.RFC3339, v); err == nil {
		return t, nil
	}
	date, err := time.Parse(time.DateOnly, v)
	if err != nil {
		return time.Time{}, fmt.Errorf("%q is neither a date (2026-11-27) nor a time (2026-11-27T14:00:00Z)", v)
	}
	d := dayStart(date.Year(), date.Month(), date.Day(), zone)
	if to {
		return NextDay(d, zone), nil
	}
	return d, nil
}

// Range reads a reader's from and to (CONTRACT.md 13.3), in zone at now: neither is today;
// from alone is the day it names or falls in; to alone is every day up to it (From zero: from
// the log's first row). A bad value is a *ParamError naming it.
func Range(from, to string, zone *time.Location, now time.Time) (time.Time, time.Time, error) {
	zone = model.Zone(zone)
	start := DayStart(now, zone)
	f, t := start, NextDay(start, zone)
	var err error
	switch {
	case from != "":
		if f, err = ParseWhen(from, zone, false); err != nil {
			return f, t, &ParamError{"from", err.Error()}
		}
		t = NextDay(DayStart(f, zone), zone)
		if to != "" {
			if t, err = ParseWhen(to, zone, true); err != nil {
				return f, t, &ParamError{"to", err.Error()}
			}
		}
	case to != "":
		f = time.Time{}
		if t, err = ParseWhen(to, zone, true); err != nil {
			return f, t, &ParamError{"to", err.Error()}
		}
	}
	if !f.IsZero() && !t.After(f) {
		return f, t, &ParamError{"to", "to must be after from"}
	}
	return f, t, nil
}

// ZoneName is the IANA name of zone, for a browser to show times in it: the process's own zone
// ("Local") by TZ or /etc/localtime; a zone that cannot be named, by its offset now
// ("Etc/GMT-1" is UTC+1), else UTC.
func ZoneName(zone *time.Location) string {
	if zone == nil {
		return "UTC"
	}
	if n := zone.String(); n != "Local" {
		return n
	}
	if tz := strings.TrimPrefix(os.Getenv("TZ"), ":"); tz != "" {
		if _, err := time.LoadLocation(tz); err == nil {
			return tz
		}
		if _, n, ok := strings.Cut(tz, "zoneinfo/"); ok {
			return n
		}
	}
	if target, err := filepath.EvalSymlinks("/etc/localtime"); err == nil {
		if _, n, ok := strings.Cut(target, "zoneinfo/"); ok {
			if _, err := time.LoadLocation(n); err == nil {
				return n
			}
		}
	}
	_, off := time.Now().In(zone).Zone()
	if off%3600 == 0 && off != 0 {
		return fmt.Sprintf("Etc/GMT%+d", -off/3600)
	}
	return "UTC"
}

// LocalDays is how many local calendar days in zone the range [from, to) touches: counted by
// their dates, so that a day of 23 or 25 hours is one day like any other (to=2026-11-01, a
// date, is the end of that day: from=2026-10-01 is 32 days, across a change of the clocks or
// not).
func LocalDays(from, to time.Time, zone *time.Location) int {
	if !to.After(from) {
		return 0
	}
	a, b := from.In(zone), to.Add(-time.Nanosecond).In(zone)
	first := time.Date(a.Year(), a.Month(), a.Day(), 0, 0, 0, 0, time.UTC)
	last := time.Date(b.Year(), b.Month(), b.Day(), 0, 0, 0, 0, time.UTC)
	return int(last.Sub(first).Hours()/24) + 1
}
