package delivery

import "time"

// wallTime is a local clock reading as a plain value (its fields in UTC), so two readings
// compare as the clock on the wall does, whatever offset was in force.
func wallTime(t time.Time, loc *time.Location) time.Time {
	l := t.In(loc)
	return time.Date(l.Year(), l.Month(), l.Day(), l.Hour(), l.Minute(), l.Second(), l.Nanosecond(), time.UTC)
}

// firstReading is the first instant at or after from at which the clock of loc reads the
// local date y-mo-d at minute of the day, or later (CONTRACT.md 10.2 "Precisions"). A reading
// skipped by a summer-time change is reached at the change; a repeated one at its first
// occurrence after from. The date may overflow (day 32 is the next month's first), as with
// time.Date.
func firstReading(from time.Time, y int, mo time.Month, d, minute int, loc *time.Location) time.Time {
	target := time.Date(y, mo, d, minute/60, minute%60, 0, 0, time.UTC)
	t := from
	for range 16 { // each turn ends or crosses one offset change; a day has at most two
		w := wallTime(t, loc)
		if !w.Before(target) {
			return t
		}
		next := t.Add(target.Sub(w))
		_, end := t.In(loc).ZoneBounds()
		if end.IsZero() || end.After(next) { // no change of offset before next
			return next
		}
		t = end
	}
	return t
}

// localTime is the instant the clock of loc first reads y-mo-d at minute of the day, or later.
func localTime(y int, mo time.Month, d, minute int, loc *time.Location) time.Time {
	// 15 hours before the reading as if in UTC is before it in every zone (offsets are −12 to +14).
	from := time.Date(y, mo, d, minute/60, minute%60, 0, 0, time.UTC).Add(-15 * time.Hour)
	return firstReading(from, y, mo, d, minute, loc)
}
