package flightlog

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func zone(t *testing.T, name string) *time.Location {
	t.Helper()
	z, err := time.LoadLocation(name)
	require.NoError(t, err)
	return z
}

// Zones half an hour or 45 minutes off UTC have their hours start at :00 local: a day's hour
// buckets are its 24 local hours, each key its local start with its offset, and a flight at
// 00:10 is in the 00h bucket of its own day.
func TestHoursAreTheLocalClocksInEveryZone(t *testing.T) {
	for _, tc := range []struct {
		zone, first string
	}{
		{"Asia/Kolkata", "2026-11-27T00:00+05:30"},
		{"Australia/Adelaide", "2026-11-27T00:00+10:30"},
		{"America/St_Johns", "2026-11-27T00:00-03:30"},
		{"Asia/Kathmandu", "2026-11-27T00:00+05:45"},
	} {
		t.Run(tc.zone, func(t *testing.T) {
			z := zone(t, tc.zone)
			l, _ := openTemp(t)
			from := time.Date(2026, 11, 27, 0, 0, 0, 0, z)
			var rows []Row
			for h := range 24 { // a flight at 10 past every local hour, two at 00:10
				r := sample(h)
				r.FirstSeen = from.Add(time.Duration(h)*time.Hour + 10*time.Minute).UTC()
				rows = append(rows, r)
			}
			extra := sample(30)
			extra.FirstSeen = from.Add(10 * time.Minute).UTC()
			rows = append(rows, extra)
			require.NoError(t, l.Insert(t.Context(), rows))
			hours, err := l.Stats(t.Context(), Filter{From: from, To: NextDay(from, z)}, "hour", z)
			require.NoError(t, err)
			require.Len(t, hours, 24, "24 local hours, not 25 running :30 to :30")
			require.Equal(t, tc.first, hours[0].Key)
			require.Equal(t, 2, hours[0].Flights, "00:10 local is in the 00h bucket")
			for h, s := range hours[1:] {
				require.Equal(t, 1, s.Flights, s.Key)
				require.Equal(t, ":00", s.Key[13:16], "hour %d starts at :00 local", h+1)
			}
			days, err := l.Stats(t.Context(), Filter{From: from, To: NextDay(from, z)}, "day", z)
			require.NoError(t, err)
			require.Equal(t, []Stat{{Key: "2026-11-27", Flights: 25, Aircraft: 7}}, days)
		})
	}
}

// A day that turns the clocks back has 25 hours and 25 distinct keys (the two 01:00 told
// apart by their offsets); one that turns them forward has 23.
func TestDaysOf23And25HoursHaveTheirHours(t *testing.T) {
	london := zone(t, "Europe/London")
	for _, tc := range []struct {
		day   time.Time
		hours int
		keys  []string
	}{
		{time.Date(2026, 10, 25, 0, 0, 0, 0, london), 25, []string{"2026-10-25T00:00+01:00", "2026-10-25T01:00+01:00", "2026-10-25T01:00+00:00", "2026-10-25T02:00+00:00"}},
		{time.Date(2026, 3, 29, 0, 0, 0, 0, london), 23, []string{"2026-03-29T00:00+00:00", "2026-03-29T02:00+01:00", "2026-03-29T03:00+01:00"}},
	} {
		ps, err := periodsOf(tc.day, NextDay(tc.day, london), "hour", london)
		require.NoError(t, err)
		require.Len(t, ps, tc.hours)
		seen := map[string]bool{}
		for i, p := range ps {
			require.False(t, seen[p.key], "key %s twice", p.key)
			seen[p.key] = true
			require.Equal(t, time.Hour, p.to.Sub(p.from), p.key)
			if i < len(tc.keys) {
				require.Equal(t, tc.keys[i], p.key)
			}
		}
	}
	// Lord Howe turns its clocks by half an hour: an hour is the local clock's hour with the
	// offset of its instants, so the hour the change cuts is half an hour long, and a flight at
	// 02:45 (after the clocks went from 02:00 to 02:30) is in 02:00, as the table prints it.
	lh := zone(t, "Australia/Lord_Howe")
	for _, tc := range []struct {
		day             time.Time
		keys            []string // from the day's second hour
		halfHour        string
		flightAt        time.Time
		flightKey, name string
	}{
		{time.Date(2026, 10, 4, 0, 0, 0, 0, lh), []string{"2026-10-04T01:00+10:30", "2026-10-04T02:00+11:00", "2026-10-04T03:00+11:00"},
			"2026-10-04T02:00+11:00", time.Date(2026, 10, 3, 15, 45, 0, 0, time.UTC), "2026-10-04T02:00+11:00", "forward"},
		{time.Date(2026, 4, 5, 0, 0, 0, 0, lh), []string{"2026-04-05T01:00+11:00", "2026-04-05T01:00+10:30", "2026-04-05T02:00+10:30"},
			"2026-04-05T01:00+10:30", time.Date(2026, 4, 4, 15, 10, 0, 0, time.UTC), "2026-04-05T01:00+10:30", "back"},
	} {
		ps, err := periodsOf(tc.day, NextDay(tc.day, lh), "hour", lh)
		require.NoError(t, err, tc.name)
		var total time.Duration
		for i, p := range ps {
			total += p.to.Sub(p.from)
			if i >= 1 && i <= len(tc.keys) {
				require.Equal(t, tc.keys[i-1], p.key, tc.name)
			}
			want := time.Hour
			if p.key == tc.halfHour {
				want = 30 * time.Minute
			}
			require.Equal(t, want, p.to.Sub(p.from), "%s %s", tc.name, p.key)
		}
		require.Equal(t, NextDay(tc.day, lh).Sub(tc.day), total, "the hours tile the day")
		require.Equal(t, tc.flightKey, HourKey(HourStart(tc.flightAt, lh)), tc.name)
	}
}

// A flight across midnight belongs to the day it began: the sensor counts it there, as the
// statistics (the page, the API, the CSV) do, and neither counts it on the next day.
func TestAFlightAcrossMidnightCountsOnTheSameDayForTheSensorAndThePage(t *testing.T) {
	z := zone(t, "Europe/Berlin")
	l, _ := openTemp(t)
	today := NewToday(z)
	began := time.Date(2026, 11, 27, 23, 50, 0, 0, z)
	ended := time.Date(2026, 11, 28, 0, 10, 0, 0, z)
	today.Began("3C6444", began, began)
	sensorBefore := today.Numbers(began.Add(9 * time.Minute)).Flights // 23:59, the day's last state

	r := sample(1)
	r.FirstSeen, r.LastSeen = began.UTC(), ended.UTC()
	today.Ended(&r, ended)
	require.NoError(t, l.Insert(t.Context(), []Row{r}))
	sensorAfter := today.Numbers(ended).Flights

	days, err := l.Stats(t.Context(), Filter{From: time.Date(2026, 11, 27, 0, 0, 0, 0, z), To: time.Date(2026, 11, 29, 0, 0, 0, 0, z)}, "day", z)
	require.NoError(t, err)
	require.Equal(t, []Stat{{"2026-11-27", 1, 1}, {"2026-11-28", 0, 0}}, days)
	require.Equal(t, days[0].Flights, sensorBefore, "the 27th: the sensor and the page agree")
	require.Equal(t, days[1].Flights, sensorAfter, "the 28th: the sensor and the page agree")
}

// from and to, for the API and the command line alike.
func TestRange(t *testing.T) {
	z := zone(t, "Asia/Kolkata")
	now := time.Date(2026, 11, 27, 20, 0, 0, 0, time.UTC) // 01:30 on the 28th in Kolkata
	day := func(d int) time.Time { return time.Date(2026, 11, d, 0, 0, 0, 0, z) }
	for _, tc := range []struct {
		from, to string
		f, t     time.Time
		param    string
	}{
		{"", "", day(28), day(29), ""},
		{"2026-11-20", "", day(20), day(21), ""},
		{"2026-11-20", "2026-11-22", day(20), day(23), ""},
		{"", "2026-11-22", time.Time{}, day(23), ""}, // every day up to it
		{"2026-11-20T10:00:00Z", "", time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC), day(21), ""},
		{"2026-11-20t10:00:00z", "", time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC), day(21), ""}, // RFC 3339 5.6: either case
		{"yesterday", "", time.Time{}, time.Time{}, "from"},
		{"", "2026-13-01", time.Time{}, time.Time{}, "to"},
		{"2026-11-22", "2026-11-20", time.Time{}, time.Time{}, "to"},
	} {
		f, to, err := Range(tc.from, tc.to, z, now)
		if tc.param != "" {
			var pe *ParamError
			require.ErrorAs(t, err, &pe, "%q %q", tc.from, tc.to)
			require.Equal(t, tc.param, pe.Param)
			continue
		}
		require.NoError(t, err)
		require.True(t, tc.f.Equal(f), "%q %q: from %s", tc.from, tc.to, f)
		require.True(t, tc.t.Equal(to), "%q %q: to %s", tc.from, tc.to, to)
	}
}

// A range too long for its grouping is a ParamError naming to; to alone counts from the
// first row's day.
func TestStatsRangeLimits(t *testing.T) {
	l, _ := openTemp(t)
	require.NoError(t, l.Insert(t.Context(), []Row{sample(1)}))
	_, err := l.Stats(t.Context(), Filter{From: day.AddDate(0, 0, -60), To: day}, "hour", time.UTC)
	var pe *ParamError
	require.ErrorAs(t, err, &pe)
	require.Equal(t, "to", pe.Param)
	days, err := l.Stats(t.Context(), Filter{To: day.AddDate(0, 0, 3)}, "day", time.UTC)
	require.NoError(t, err)
	require.Len(t, days, 3, "from the first row's day")
	require.Equal(t, "2026-11-27", days[0].Key)
}
