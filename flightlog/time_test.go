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

// A day whose midnight the clocks skip (Santiago turns 00:00 into 01:00 on 6 September 2026,
// Havana on 8 March) starts at the change: its 23 hours are its own, the day before keeps its
// 24 (time.Date names such a midnight by the day before's 23:00), and a range of days moves on
// past it. The flight at 23:30 on the 5th is the 5th's for the range, the statistics and the
// sensors, as its date says.
func TestADayWhoseMidnightIsSkippedStartsAtTheChange(t *testing.T) {
	for _, tc := range []struct {
		zone       string
		day        string    // the day without a midnight
		start      time.Time // its first instant, the change (01:00 at the new offset), in UTC
		prev, next time.Time // the day before's midnight, the day after's, in UTC
	}{
		{"America/Santiago", "2026-09-06", time.Date(2026, 9, 6, 4, 0, 0, 0, time.UTC),
			time.Date(2026, 9, 5, 4, 0, 0, 0, time.UTC), time.Date(2026, 9, 7, 3, 0, 0, 0, time.UTC)},
		{"America/Havana", "2026-03-08", time.Date(2026, 3, 8, 5, 0, 0, 0, time.UTC),
			time.Date(2026, 3, 7, 5, 0, 0, 0, time.UTC), time.Date(2026, 3, 9, 4, 0, 0, 0, time.UTC)},
	} {
		t.Run(tc.zone, func(t *testing.T) {
			z := zone(t, tc.zone)
			lateBefore := tc.start.Add(-30 * time.Minute) // 23:30 the day before
			require.True(t, tc.start.Equal(DayStart(tc.start.Add(5*time.Hour), z)), "DayStart %s", DayStart(tc.start.Add(5*time.Hour), z))
			require.True(t, tc.prev.Equal(DayStart(lateBefore, z)), "the day before starts at its midnight")
			require.True(t, tc.start.Equal(NextDay(tc.prev, z)), "NextDay of the day before: %s", NextDay(tc.prev, z))
			require.True(t, tc.next.Equal(NextDay(tc.start, z)), "NextDay moves on: %s", NextDay(tc.start, z))

			from, to, err := Range(tc.day, "", z, tc.start)
			require.NoError(t, err)
			require.True(t, tc.start.Equal(from) && tc.next.Equal(to), "%s: %s – %s", tc.day, from, to)
			ps, err := periodsOf(tc.prev, tc.next, "day", z)
			require.NoError(t, err)
			require.Len(t, ps, 2)
			require.Equal(t, 24*time.Hour, ps[0].to.Sub(ps[0].from), ps[0].key)
			require.Equal(t, tc.day, ps[1].key)
			require.Equal(t, 23*time.Hour, ps[1].to.Sub(ps[1].from), ps[1].key)
			hours, err := periodsOf(tc.start, tc.next, "hour", z)
			require.NoError(t, err)
			require.Len(t, hours, 23)
			require.Equal(t, tc.day+"T01:00", hours[0].key[:16])

			l, _ := openTemp(t)
			r := sample(1)
			r.FirstSeen, r.LastSeen = lateBefore, lateBefore.Add(10*time.Minute)
			require.NoError(t, l.Insert(t.Context(), []Row{r}))
			days, err := l.Stats(t.Context(), Filter{From: tc.prev, To: tc.next}, "day", z)
			require.NoError(t, err)
			require.Equal(t, []Stat{{ps[0].key, 1, 1}, {tc.day, 0, 0}}, days)

			today := NewToday(z)
			today.Began(r.IcaoHex, r.FirstSeen, r.FirstSeen)
			n := today.Numbers(tc.start.Add(time.Minute))
			require.Zero(t, n.Flights, "a new day at the change")
			require.True(t, tc.start.Equal(n.Since), "last_reset %s", n.Since)
		})
	}
}

// A zone nobody gave is UTC (model.Zone), in the readers' entry points as in Stats, Today and
// the CSV writer: before, Range, ParseWhen, CSVRecord and Hours.Has panicked on it.
func TestANilZoneIsUTCInTheReaders(t *testing.T) {
	now := time.Date(2026, 11, 27, 23, 30, 0, 0, time.UTC)
	from, to, err := Range("", "", nil, now)
	require.NoError(t, err)
	require.Equal(t, time.Date(2026, 11, 27, 0, 0, 0, 0, time.UTC), from.UTC())
	require.Equal(t, time.Date(2026, 11, 28, 0, 0, 0, 0, time.UTC), to.UTC())
	d, err := ParseWhen("2026-11-20", nil, true)
	require.NoError(t, err)
	require.Equal(t, time.Date(2026, 11, 21, 0, 0, 0, 0, time.UTC), d.UTC())
	r := sample(1)
	r.FirstSeen = now
	rec := r.CSVRecord(nil)
	require.Equal(t, []string{"2026-11-27", "2026-11-27T23:00+00:00"}, rec[len(rec)-2:])
	require.True(t, Hours{From: 23, To: 7}.Has(now, nil))
}
