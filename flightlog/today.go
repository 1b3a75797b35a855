package flightlog

import (
	"context"
	"sync"
	"time"
)

// Today is what the Home Assistant sensors say (CONTRACT.md 13.3): the flights and distinct
// aircraft of today (the flights last seen today, in the zone), the flights of the last hour,
// and the closest approach of today. It starts again at local midnight. Safe for one writer
// (the engine's ended flights) and any readers.
type Today struct {
	mu       sync.Mutex
	zone     *time.Location
	day      string
	flights  int
	aircraft map[string]struct{}
	recent   []time.Time // the last_seen of the flights of the last hour, oldest first
	closest  *Row
}

// TodayNumbers are the sensors' values at one instant.
type TodayNumbers struct {
	Flights, Aircraft, LastHour int
	Closest                     *Row // nil: no approach measured today
}

// NewToday counts in zone (nil: UTC).
func NewToday(zone *time.Location) *Today {
	if zone == nil {
		zone = time.UTC
	}
	return &Today{zone: zone, aircraft: map[string]struct{}{}}
}

// roll starts a new day when now's local date is not the one counted.
func (t *Today) roll(now time.Time) {
	if d := now.In(t.zone).Format(time.DateOnly); d != t.day {
		t.day, t.flights, t.closest = d, 0, nil
		clear(t.aircraft)
	}
	cut := now.Add(-time.Hour)
	i := 0
	for i < len(t.recent) && t.recent[i].Before(cut) {
		i++
	}
	t.recent = t.recent[i:]
}

// Add counts a flight that ended at now.
func (t *Today) Add(r *Row, now time.Time) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.roll(now)
	if r.LastSeen.In(t.zone).Format(time.DateOnly) == t.day {
		t.flights++
		t.aircraft[r.IcaoHex] = struct{}{}
		if r.ClosestNM != nil && (t.closest == nil || *r.ClosestNM < *t.closest.ClosestNM) {
			c := *r
			t.closest = &c
		}
	}
	if !r.LastSeen.Before(now.Add(-time.Hour)) {
		t.recent = append(t.recent, r.LastSeen)
	}
}

// Numbers are the values at now (0 after midnight until the day's first flight ends).
func (t *Today) Numbers(now time.Time) TodayNumbers {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.roll(now)
	return TodayNumbers{Flights: t.flights, Aircraft: len(t.aircraft), LastHour: len(t.recent), Closest: t.closest}
}

// Seed counts the rows the log already holds for today (a restart goes on where it stopped).
func (t *Today) Seed(ctx context.Context, l *Log, now time.Time) error {
	local := now.In(t.zone)
	from := time.Date(local.Year(), local.Month(), local.Day(), 0, 0, 0, 0, t.zone)
	// A flight last seen today may have started yesterday: read back from a day before.
	return l.Each(ctx, Filter{From: from.Add(-24 * time.Hour), To: now.Add(time.Millisecond)}, func(r *Row) error {
		if !r.LastSeen.Before(from) && !r.LastSeen.After(now) {
			t.Add(r, now)
		}
		return nil
	})
}
