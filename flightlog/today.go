package flightlog

import (
	"context"
	"sync"
	"time"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// Today is what the Home Assistant sensors say (CONTRACT.md 13.3), by the one rule of days and
// hours: a flight counts on the local day (in the zone) of its first_seen, so it is counted when
// it begins (Began), and the page, the API and the CSV, which count rows by first_seen, say the
// same of every day; a flight across midnight belongs to the day it began. The flights and
// distinct aircraft of today start again at local midnight (last_reset); the last hour's
// flights are those begun in the hour before now; the closest approach is today's flights' that
// ended. Safe for one writer (the engine's goroutine) and any readers.
type Today struct {
	mu       sync.Mutex
	zone     *time.Location
	day      time.Time // the local midnight that starts the day counted
	flights  int
	aircraft map[string]struct{}
	recent   []time.Time // the first_seen of the flights begun in the last hour, oldest first
	closest  *Row
	reach    todayReach // low_flights_today and max_range_today_nm (today_reach.go)
}

// TodayNumbers are the sensors' values at one instant.
type TodayNumbers struct {
	Flights, Aircraft, LastHour int
	Closest                     *Row      // nil: no approach measured today
	Since                       time.Time // the local midnight the daily counts started from (last_reset)
	// LowFlights is today's flights whose closest point was within LOW_NM and below LOW_FT
	// (LowSet false: the thresholds are not both set); Farthest today's farthest position
	// (nil: none measured).
	LowFlights int
	LowSet     bool
	Farthest   *Farthest
}

// NewToday counts in zone (nil: UTC).
func NewToday(zone *time.Location) *Today {
	zone = model.Zone(zone)
	return &Today{zone: zone, aircraft: map[string]struct{}{}}
}

// roll starts a new day when now is past the day counted, and slides the last hour.
func (t *Today) roll(now time.Time) {
	if d := DayStart(now, t.zone); !d.Equal(t.day) {
		t.day, t.flights, t.closest = d, 0, nil
		t.reach.reset()
		clear(t.aircraft)
	}
	cut := now.Add(-time.Hour)
	i := 0
	for i < len(t.recent) && !t.recent[i].After(cut) {
		i++
	}
	t.recent = t.recent[i:]
}

// Began counts a flight that began at first (its first message), seen at now.
func (t *Today) Began(icaoHex string, first, now time.Time) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.roll(now)
	t.begin(icaoHex, first, now)
}

func (t *Today) begin(icaoHex string, first, now time.Time) {
	if DayStart(first, t.zone).Equal(t.day) {
		t.flights++
		t.aircraft[icaoHex] = struct{}{}
	}
	if first.After(now.Add(-time.Hour)) && !first.After(now) {
		at := len(t.recent) // kept in order (a seed's rows come newest first)
		for at > 0 && t.recent[at-1].After(first) {
			at--
		}
		t.recent = append(t.recent, time.Time{})
		copy(t.recent[at+1:], t.recent[at:])
		t.recent[at] = first
	}
}

// Ended takes a flight that ended: the closest approach of today's flights.
func (t *Today) Ended(r *Row, now time.Time) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.roll(now)
	t.end(r)
}

func (t *Today) end(r *Row) {
	if r.ClosestNM != nil && DayStart(r.FirstSeen, t.zone).Equal(t.day) && (t.closest == nil || *r.ClosestNM < *t.closest.ClosestNM) {
		c := *r
		c.Track = nil
		t.closest = &c
	}
	if DayStart(r.FirstSeen, t.zone).Equal(t.day) {
		t.reach.add(r)
	}
}

// Numbers are the values at now (0 after midnight until the day's first flight begins).
func (t *Today) Numbers(now time.Time) TodayNumbers {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.roll(now)
	return TodayNumbers{Flights: t.flights, Aircraft: len(t.aircraft), LastHour: len(t.recent), Closest: t.closest, Since: t.day,
		LowFlights: t.reach.low, LowSet: t.reach.lowSet(), Farthest: t.reach.farthest}
}

// Seed counts the rows the log already holds for today and the last hour (a restart goes on
// where it stopped).
func (t *Today) Seed(ctx context.Context, l *Log, now time.Time) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.roll(now)
	from := minTime(t.day, now.Add(-time.Hour))
	err := l.Each(ctx, Filter{From: from, To: now.Add(time.Millisecond)}, func(r *Row) error {
		t.begin(r.IcaoHex, r.FirstSeen, now)
		t.end(r)
		return nil
	})
	if err != nil || t.reach.home == nil {
		return err
	}
	return l.EachTrack(ctx, Filter{From: t.day, To: now.Add(time.Millisecond)}, func(r *Row) error { // today's farthest
		t.reach.farther(r)
		return nil
	})
}
