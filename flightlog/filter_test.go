package flightlog

import (
	"math/rand/v2"
	"sort"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// randomRows are n flights over days from start, every 7 minutes and some: random distances,
// altitudes (some without a closest point, some without any altitude there), speeds, types,
// operators and routes.
func randomRows(n int, start time.Time, seed uint64) []Row {
	rnd := rand.New(rand.NewPCG(seed, 1))
	out := make([]Row, n)
	for i := range out {
		r := sample(i)
		r.FirstSeen = start.Add(time.Duration(i)*7*time.Minute + time.Duration(rnd.IntN(60))*time.Second)
		r.LastSeen = r.FirstSeen.Add(5 * time.Minute)
		r.TypeDesignator = []string{"A320", "B738", "A20N", "C172", ""}[rnd.IntN(5)]
		r.Operator = []*Operator{{AirlineDesignator: "EZY", Name: "easyJet"}, {AirlineDesignator: "RYR", Name: "Ryanair"},
			{Name: "Private"}, nil}[rnd.IntN(4)]
		r.Origin, r.Destination = []string{"EGLL", "EGKK", ""}[rnd.IntN(3)], []string{"LEPA", "EHAM"}[rnd.IntN(2)]
		r.IcaoHex = []string{"400001", "400002", "400003", "400004", "400005", "400006"}[rnd.IntN(6)]
		r.MinAltitude, r.MaxAltitude, r.MaxSpeed, r.ClosestNM, r.ClosestAltitude = nil, nil, nil, nil, nil
		if rnd.IntN(8) > 0 {
			r.MinAltitude, r.MaxAltitude, r.MaxSpeed = ip(rnd.IntN(20)*500), ip(10000+rnd.IntN(30)*1000), ip(100+rnd.IntN(40)*10)
		}
		if rnd.IntN(6) > 0 {
			nm := float64(rnd.IntN(80)) / 10
			r.ClosestNM = &nm
			if rnd.IntN(5) > 0 {
				r.ClosestAltitude = ip(rnd.IntN(30) * 250)
			}
		}
		out[i] = r
	}
	return out
}

// stored is the log's rows as read back, by id.
func storedRows(t *testing.T, l *Log) []Row {
	t.Helper()
	var all []Row
	require.NoError(t, l.Each(t.Context(), Filter{To: time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC)}, func(r *Row) error { all = append(all, *r); return nil }))
	sort.Slice(all, func(i, j int) bool { return all[i].ID < all[j].ID })
	return all
}

// allPages reads every page of f (limit 7), failing on a row twice.
func allPages(t *testing.T, l *Log, f Filter) []Row {
	t.Helper()
	f.Limit = 7
	var out []Row
	seen := map[int64]bool{}
	for {
		got, next, err := l.Page(t.Context(), f)
		require.NoError(t, err)
		for _, r := range got {
			require.False(t, seen[r.ID], "row %d twice", r.ID)
			seen[r.ID] = true
		}
		out = append(out, got...)
		if next == "" {
			return out
		}
		f.Cursor = next
	}
}

func ids(rows []Row) []int64 {
	out := make([]int64, len(rows))
	for i, r := range rows {
		out[i] = r.ID
	}
	return out
}

// keyOf is a row's key computed here, apart from the package's SQL: closest_nm, or the altitude
// at the closest point, else the lowest seen; ok false: none.
func keyOf(sortBy string, r Row) (float64, bool) {
	if sortBy == SortClosest {
		if r.ClosestNM == nil {
			return 0, false
		}
		return *r.ClosestNM, true
	}
	switch {
	case r.ClosestAltitude != nil:
		return float64(*r.ClosestAltitude), true
	case r.MinAltitude != nil:
		return float64(*r.MinAltitude), true
	}
	return 0, false
}

func TestSortsPageInTheirOrderAndRefuseAnotherSortsCursor(t *testing.T) {
	l, _ := openTemp(t)
	require.NoError(t, l.Insert(t.Context(), randomRows(300, day, 7)))
	all := storedRows(t, l)
	to := day.AddDate(0, 0, 3)
	for _, by := range []string{SortClosest, SortLowest} {
		t.Run(by, func(t *testing.T) {
			want := append([]Row{}, all...)
			sort.SliceStable(want, func(i, j int) bool { // by key (none last), then newest first
				a, b := want[i], want[j]
				ka, oka := keyOf(by, a)
				kb, okb := keyOf(by, b)
				if oka != okb {
					return oka
				}
				if oka && ka != kb {
					return ka < kb
				}
				if !a.FirstSeen.Equal(b.FirstSeen) {
					return a.FirstSeen.After(b.FirstSeen)
				}
				return a.ID > b.ID
			})
			got := allPages(t, l, Filter{From: day, To: to, Sort: by})
			require.Equal(t, ids(want), ids(got))

			// A cursor of this sort is refused by another, saying which.
			_, next, err := l.Page(t.Context(), Filter{From: day, To: to, Sort: by, Limit: 5})
			require.NoError(t, err)
			_, _, err = l.Page(t.Context(), Filter{From: day, To: to, Limit: 5, Cursor: next})
			require.ErrorIs(t, err, ErrCursor)
			require.ErrorContains(t, err, "made for sort="+by)
		})
	}
	_, next, err := l.Page(t.Context(), Filter{From: day, To: to, Limit: 5})
	require.NoError(t, err)
	_, _, err = l.Page(t.Context(), Filter{From: day, To: to, Limit: 5, Sort: SortLowest, Cursor: next})
	require.ErrorContains(t, err, "made for sort=time")
	_, _, err = l.Page(t.Context(), Filter{From: day, To: to, Sort: "nearest"})
	var pe *ParamError
	require.ErrorAs(t, err, &pe)
	require.Equal(t, "sort", pe.Param)
}

func TestMaxAltAndMaxNMSelectTheLowAndClose(t *testing.T) {
	l, _ := openTemp(t)
	require.NoError(t, l.Insert(t.Context(), randomRows(300, day, 9)))
	all := storedRows(t, l)
	nm, alt := 3.0, 2500
	var want []int64
	for _, r := range all {
		h, ok := keyOf(SortLowest, r)
		if r.ClosestNM != nil && *r.ClosestNM <= nm && ok && h <= float64(alt) {
			want = append(want, r.ID)
		}
	}
	require.NotEmpty(t, want)
	got := allPages(t, l, Filter{From: day, To: day.AddDate(0, 0, 3), MaxNM: &nm, MaxAlt: &alt})
	sort.Slice(got, func(i, j int) bool { return got[i].ID < got[j].ID })
	require.Equal(t, want, ids(got))
}

func TestParseHours(t *testing.T) {
	for _, tc := range []struct {
		v    string
		want []int
		err  string
	}{
		{"23-07", []int{23, 0, 1, 2, 3, 4, 5, 6}, ""},
		{"07-09", []int{7, 8}, ""},
		{"22-24", []int{22, 23}, ""},
		{"00-24", nil, ""}, // every hour
		{"7-9", []int{7, 8}, ""},
		{"07-07", nil, "the whole day is 00-24"},
		{"24-02", nil, "is not HH-HH"},
		{"07", nil, "is not HH-HH"},
		{"07-25", nil, "is not HH-HH"},
		{"a-b", nil, "is not HH-HH"},
		{"-1-3", nil, "is not HH-HH"},
	} {
		h, err := ParseHours(tc.v)
		if tc.err != "" {
			var pe *ParamError
			require.ErrorAs(t, err, &pe, tc.v)
			require.Equal(t, "hours", pe.Param)
			require.Contains(t, pe.Msg, tc.err)
			continue
		}
		require.NoError(t, err, tc.v)
		if tc.want == nil {
			require.Len(t, h.in(), 24)
			continue
		}
		require.Equal(t, tc.want, h.in(), tc.v)
	}
}

// hours=23-07 across midnight, in a zone with summer time (across both of its changes) and
// in a half-hour zone: the rows selected are those whose first_seen's local clock hour, as Go
// computes it, is 23 or before 7; with and without a from (the log's first row then).
func TestHoursAcrossMidnightInZonesWithSummerTimeAndHalfHours(t *testing.T) {
	for _, name := range []string{"Europe/London", "Asia/Kolkata", "America/St_Johns", "Australia/Lord_Howe"} {
		t.Run(name, func(t *testing.T) {
			z := zone(t, name)
			l, _ := openTemp(t)
			start := time.Date(2026, 3, 20, 0, 0, 0, 0, time.UTC)
			var rows []Row
			for i := range 2400 { // every 2 h 13 min from March to November: every local minute of the hour, both changes
				r := sample(i % 50)
				r.FirstSeen = start.Add(time.Duration(i) * 133 * time.Minute)
				r.LastSeen = r.FirstSeen.Add(time.Minute)
				rows = append(rows, r)
			}
			require.NoError(t, l.Insert(t.Context(), rows))
			h := &Hours{From: 23, To: 7}
			var want []time.Time
			for _, r := range rows {
				if k := r.FirstSeen.In(z).Hour(); k >= 23 || k < 7 {
					want = append(want, r.FirstSeen.UTC())
				}
			}
			for _, from := range []time.Time{{}, start.Add(90 * 24 * time.Hour)} {
				f := Filter{From: from, To: start.AddDate(1, 0, 0), Hours: h, Zone: z}
				var got []time.Time
				require.NoError(t, l.Each(t.Context(), f, func(r *Row) error { got = append([]time.Time{r.FirstSeen}, got...); return nil }))
				w := want
				for len(w) > 0 && w[0].Before(from) {
					w = w[1:]
				}
				require.Equal(t, w, got, "from %v", from)
			}
			types, err := l.Stats(t.Context(), Filter{To: start.AddDate(1, 0, 0), Hours: h, Zone: z}, "type", z)
			require.NoError(t, err)
			require.Equal(t, len(want), types[0].Flights+types[1].Flights, "every day up to to, by type: the hours too")
			s, err := l.Stats(t.Context(), Filter{From: start, To: start.AddDate(0, 0, 5), Hours: h, Zone: z}, "hour", z)
			require.NoError(t, err)
			for _, st := range s { // the hours outside are empty, whatever the day's summaries say
				at, _ := time.Parse("2006-01-02T15:04-07:00", st.Key)
				if k := at.In(z).Hour(); k < 23 && k >= 7 {
					require.Zero(t, st.Flights, st.Key)
				}
			}
		})
	}
}
