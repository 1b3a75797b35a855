package testenv

import (
	"testing"
	"time"
)

// ClearOfMidnight returns the present once at least need is left of its day in zone, waiting
// for the next day to begin when less is. It is for a test whose fixture or expectation is made
// for the day it starts on while the code under test reads "today" from the wall clock by
// itself (a browser's page, a running watch): the day must not change under the test. Only a
// run that starts in the last need of a day waits, at most need.
func ClearOfMidnight(t testing.TB, zone *time.Location, need time.Duration) time.Time {
	t.Helper()
	for {
		now := time.Now()
		left := dayLeft(now, zone)
		if left >= need {
			return now
		}
		t.Logf("%s left of the day in %s, the test needs %s: waiting for the next day", left.Round(time.Second), zone, need)
		select {
		case <-time.After(left):
		case <-t.Context().Done():
			t.Fatalf("stopped while waiting for midnight in %s", zone)
		}
	}
}

// dayLeft is how long is left of t's day in zone: until the next local midnight, as
// flightlog.NextDay finds it (a day of 23 or 25 hours on a change of the clocks).
func dayLeft(t time.Time, zone *time.Location) time.Duration {
	l := t.In(zone)
	return time.Date(l.Year(), l.Month(), l.Day()+1, 0, 0, 0, 0, zone).Sub(t)
}
