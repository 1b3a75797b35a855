package flightlog

import (
	"sort"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// best is the first row (by first_seen, then id) with the least (or, most, the greatest)
// value; nil when none has one.
func best(rows []Row, value func(Row) (float64, bool), most bool) *Row {
	var out *Row
	var v float64
	for i := range rows {
		x, ok := value(rows[i])
		if !ok {
			continue
		}
		better := out == nil || (most && x > v) || (!most && x < v) ||
			x == v && (rows[i].FirstSeen.Before(out.FirstSeen) || rows[i].FirstSeen.Equal(out.FirstSeen) && rows[i].ID < out.ID)
		if better {
			out, v = &rows[i], x
		}
	}
	return out
}

func intValue(f func(Row) *int) func(Row) (float64, bool) {
	return func(r Row) (float64, bool) {
		if p := f(r); p != nil {
			return float64(*p), true
		}
		return 0, false
	}
}

func opKey(r Row) string {
	if r.Operator == nil {
		return ""
	}
	if r.Operator.AirlineDesignator != "" {
		return r.Operator.AirlineDesignator
	}
	return r.Operator.Name
}

// newKeys are the keys of the rows in [from, to) that no row before from has, each with its
// first row there, in the order they first flew.
func newKeys(all []Row, from, to time.Time, key func(Row) string) []FirstTime {
	before := map[string]bool{}
	first := map[string]Row{}
	for _, r := range all {
		k := key(r)
		switch {
		case k == "":
		case r.FirstSeen.Before(from):
			before[k] = true
		case r.FirstSeen.Before(to):
			if f, ok := first[k]; !ok || r.FirstSeen.Before(f.FirstSeen) || r.FirstSeen.Equal(f.FirstSeen) && r.ID < f.ID {
				first[k] = r
			}
		}
	}
	out := []FirstTime{}
	for k, r := range first {
		if !before[k] {
			out = append(out, FirstTime{Key: k, Row: r})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Row.FirstSeen.Before(out[j].Row.FirstSeen) })
	return out
}

func inRange(all []Row, from, to time.Time) []Row {
	var out []Row
	for _, r := range all {
		if !r.FirstSeen.Before(from) && r.FirstSeen.Before(to) {
			out = append(out, r)
		}
	}
	return out
}

// modes are the three ways records and tops are answered: a range alone from the rows (no
// summaries yet), with a filter (SQL), and a range alone from the writer's daily summaries
// (Summarise, as the writer keeps them) with the partial days' rows; each equal to the
// computation over the rows.
var modes = []struct {
	name      string
	summarise bool
	filter    func(*Filter)
	keep      func(Row) bool
}{
	{"rows", false, func(*Filter) {}, func(Row) bool { return true }},
	{"sql", false, func(f *Filter) { no := false; f.Military = &no }, func(r Row) bool { return !r.Military }},
	{"summaries", true, func(*Filter) {}, func(Row) bool { return true }},
}

func keep(rows []Row, ok func(Row) bool) []Row {
	var out []Row
	for _, r := range rows {
		if ok(r) {
			out = append(out, r)
		}
	}
	return out
}

func TestRecordsEqualAComputationOverTheRows(t *testing.T) {
	l, _ := openTemp(t)
	rows := randomRows(600, day, 11)
	rows[450].TypeDesignator, rows[500].TypeDesignator = "A388", "A388" // new on the third day
	rows[470].Operator = &Operator{AirlineDesignator: "UAE", Name: "Emirates"}
	rows[450].Military, rows[500].Military, rows[470].Military = false, false, false // in the filtered mode too
	require.NoError(t, l.Insert(t.Context(), rows))
	all := storedRows(t, l)
	for _, m := range modes {
		if m.summarise {
			_, err := l.Summarise(t.Context(), time.UTC, day.AddDate(0, 0, 10), 0)
			require.NoError(t, err)
		}
		rows := keep(all, m.keep)
		for _, span := range [][2]time.Time{{day, day.AddDate(0, 0, 5)}, {day.AddDate(0, 0, 2), day.AddDate(0, 0, 3)},
			{day.Add(20 * time.Hour), day.AddDate(0, 0, 2)}, {{}, day.Add(50 * time.Hour)}} {
			from, to := span[0], span[1]
			f := Filter{From: from, To: to}
			m.filter(&f)
			got, err := l.Records(t.Context(), f)
			require.NoError(t, err)
			in := inRange(rows, from, to)
			msg := m.name + " " + from.String()
			require.Equal(t, best(in, func(r Row) (float64, bool) { return keyOf(SortClosest, r) }, false), got.Closest, "closest "+msg)
			require.Equal(t, best(in, func(r Row) (float64, bool) { return keyOf(SortLowest, r) }, false), got.Lowest, "lowest "+msg)
			require.Equal(t, best(in, intValue(func(r Row) *int { return r.MaxAltitude }), true), got.Highest, "highest "+msg)
			require.Equal(t, best(in, intValue(func(r Row) *int { return r.MaxSpeed }), true), got.Fastest, "fastest "+msg)
			require.Equal(t, newKeys(rows, from, to, func(r Row) string { return r.TypeDesignator }), got.FirstTimeTypes, "types "+msg)
			require.Equal(t, newKeys(rows, from, to, opKey), got.FirstTimeOperators, "operators "+msg)
		}
		f := Filter{From: day.AddDate(0, 0, 2), To: day.AddDate(0, 0, 3)}
		m.filter(&f)
		got, err := l.Records(t.Context(), f)
		require.NoError(t, err)
		require.Equal(t, []string{"A388"}, keysOf(got.FirstTimeTypes), "the test's own new type, the only one")
		require.Equal(t, []string{"UAE"}, keysOf(got.FirstTimeOperators))

		empty, err := l.Records(t.Context(), Filter{From: day.AddDate(1, 0, 0), To: day.AddDate(1, 0, 1)})
		require.NoError(t, err)
		require.Equal(t, Records{FirstTimeTypes: []FirstTime{}, FirstTimeOperators: []FirstTime{}}, empty)
	}
}

// topOf is a ranking computed here: flights and distinct addresses a key, most flights first.
func topOf(rows []Row, key func(Row) string) []Top {
	flights, aircraft := map[string]int{}, map[string]map[string]bool{}
	for _, r := range rows {
		k := key(r)
		if k == "" {
			continue
		}
		flights[k]++
		if aircraft[k] == nil {
			aircraft[k] = map[string]bool{}
		}
		aircraft[k][r.IcaoHex] = true
	}
	want := []Top{}
	for k, n := range flights {
		want = append(want, Top{Key: k, Flights: n, Aircraft: len(aircraft[k])})
	}
	sort.Slice(want, func(i, j int) bool {
		if want[i].Flights != want[j].Flights {
			return want[i].Flights > want[j].Flights
		}
		return want[i].Key < want[j].Key
	})
	return want
}

func keysOf(fs []FirstTime) []string {
	out := []string{}
	for _, f := range fs {
		out = append(out, f.Key)
	}
	return out
}

func TestTopsEqualAComputationOverTheRows(t *testing.T) {
	l, _ := openTemp(t)
	require.NoError(t, l.Insert(t.Context(), randomRows(600, day, 13)))
	all := storedRows(t, l)
	from, to := day.Add(10*time.Hour), day.AddDate(0, 0, 2)
	keys := map[string]func(Row) string{
		"operator": opKey,
		"type":     func(r Row) string { return r.TypeDesignator },
		"route": func(r Row) string {
			if r.Origin == "" || r.Destination == "" {
				return ""
			}
			return r.Origin + "-" + r.Destination
		},
		"registration": func(r Row) string { return r.Registration },
	}
	for _, m := range modes {
		if m.summarise {
			_, err := l.Summarise(t.Context(), time.UTC, day.AddDate(0, 0, 10), 0)
			require.NoError(t, err)
		}
		for _, span := range [][2]time.Time{{from, to}, {day, day.AddDate(0, 0, 3)}, {{}, to}} {
			for by, key := range keys {
				want := topOf(inRange(keep(all, m.keep), span[0], span[1]), key)
				f := Filter{From: span[0], To: span[1]}
				m.filter(&f)
				got, err := l.Tops(t.Context(), f, by, 3)
				require.NoError(t, err)
				for i := range got {
					got[i].Name = ""
				}
				require.Equal(t, want[:min(3, len(want))], got, m.name+" "+by)
			}
		}
	}
	types, err := l.Tops(t.Context(), Filter{From: from, To: to}, "operator", 10)
	require.NoError(t, err)
	for _, tp := range types {
		require.Equal(t, map[string]string{"EZY": "easyJet", "RYR": "Ryanair", "Private": "Private"}[tp.Key], tp.Name, "an operator's name")
	}
	_, err = l.Tops(t.Context(), Filter{From: from, To: to}, "colour", 3)
	require.ErrorContains(t, err, "by: value must be one of operator, type, route, registration")
	_, err = l.Tops(t.Context(), Filter{From: from, To: to}, "type", 101)
	require.ErrorContains(t, err, "limit:")
}

// The records' rows, the first-time rows too, go through the reader's privacy as the list's:
// a person's name never at standard, no registrant at all at none.
func TestRecordsShowTheRegistrantAsTheReadersPrivacyAllows(t *testing.T) {
	path := owned(t)
	for _, p := range []Privacy{{Detail: model.DetailStandard}, {Detail: model.DetailNone}} {
		rec, err := readAs(t, path, p).Records(t.Context(), Filter{From: day, To: day.Add(24 * time.Hour)})
		require.NoError(t, err)
		rows := []*Row{rec.Closest, rec.Lowest, rec.Highest}
		for _, f := range append(rec.FirstTimeTypes, rec.FirstTimeOperators...) {
			rows = append(rows, &f.Row)
		}
		require.Equal(t, "N123AB", rec.Closest.Registration, "the individual's flight is the closest")
		for _, r := range rows {
			require.NotContains(t, r.Registrant, "SMITH")
			require.NotContains(t, r.Registrant, "JANE")
			if p.Detail == model.DetailNone {
				require.Empty(t, r.Registrant+r.RegistrantType)
			}
		}
	}
}

func TestDayTotalsEqualAComputationOverTheRows(t *testing.T) {
	l, _ := openTemp(t)
	require.NoError(t, l.Insert(t.Context(), randomRows(600, day, 17)))
	all := storedRows(t, l)
	from, to := day.Add(8*time.Hour), day.Add(32*time.Hour)
	in := inRange(all, from, to)
	aircraft, low := map[string]bool{}, 0
	for _, r := range in {
		aircraft[r.IcaoHex] = true
		if h, ok := keyOf(SortLowest, r); r.ClosestNM != nil && *r.ClosestNM <= 2.5 && ok && h <= 3000 {
			low++
		}
	}
	got, err := l.Totals(t.Context(), from, to, 2.5, 3000)
	require.NoError(t, err)
	require.Equal(t, len(in), got.Flights)
	require.Equal(t, len(aircraft), got.Aircraft)
	require.Equal(t, best(in, func(r Row) (float64, bool) { return keyOf(SortClosest, r) }, false), got.Closest)
	require.Equal(t, best(in, func(r Row) (float64, bool) { return keyOf(SortLowest, r) }, false), got.Lowest)
	require.NotZero(t, low)
	require.Equal(t, &low, got.Low)
	got, err = l.Totals(t.Context(), from, to, 2.5, 0)
	require.NoError(t, err)
	require.Nil(t, got.Low, "LOW_FT unset: no count")
}

// A row written into a summarised day (a replay of an older recording) forgets that day's
// summaries, its rankings and records too: the answers are the rows' again until the writer
// summarises the day anew.
func TestARowWrittenIntoASummarisedDayIsCounted(t *testing.T) {
	l, _ := openTemp(t)
	require.NoError(t, l.Insert(t.Context(), randomRows(300, day, 19)))
	_, err := l.Summarise(t.Context(), time.UTC, day.AddDate(0, 0, 10), 0)
	require.NoError(t, err)
	late := sample(3)
	late.FirstSeen, late.LastSeen, late.TypeDesignator, late.MaxSpeed = day.Add(time.Hour), day.Add(2*time.Hour), "B744", ip(990)
	require.NoError(t, l.Insert(t.Context(), []Row{late}))
	f := Filter{From: day, To: day.AddDate(0, 0, 3)}
	tops, err := l.Tops(t.Context(), f, "type", 10)
	require.NoError(t, err)
	for i := range tops {
		tops[i].Name = ""
	}
	want := topOf(inRange(storedRows(t, l), f.From, f.To), func(r Row) string { return r.TypeDesignator })
	require.Equal(t, want, tops)
	rec, err := l.Records(t.Context(), f)
	require.NoError(t, err)
	require.Equal(t, 990, *rec.Fastest.MaxSpeed)
	var n int
	require.NoError(t, l.db.QueryRowContext(t.Context(), "SELECT count(*) FROM day_keys WHERE start_ms = ?", day.UnixMilli()).Scan(&n))
	require.Zero(t, n, "the day's summaries forgotten with its count")
}
