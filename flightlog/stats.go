package flightlog

import (
	"context"
	"fmt"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// Stat is one group of rows (CONTRACT.md 13.3): its key, its flights and its distinct aircraft.
type Stat struct {
	Key      string `json:"key"`
	Flights  int    `json:"flights"`
	Aircraft int    `json:"aircraft"`
}

// StatsBy are the groupings of Stats.
var StatsBy = []string{"hour", "day", "operator", "type", "rule"}

// The longest ranges the time groupings take, in local calendar days (a longer one is a
// *ParamError naming to).
const (
	MaxHourDays = 31
	MaxDayDays  = 3660
)

// Stats groups the filter's rows by local hour or day of their first_seen in zone (keys
// HourKey and DayKey, every hour or day of the range, empty ones at 0), or by operator, type or
// rule (keys as stored, most flights first).
func (l *Log) Stats(ctx context.Context, f Filter, by string, zone *time.Location) ([]Stat, error) {
	zone = model.Zone(zone)
	if err := l.bounded(ctx, &f); err != nil {
		return nil, err
	}
	switch by {
	case "hour", "day":
		return l.timeStats(ctx, f, by, zone)
	case "operator", "type":
		col := map[string]string{"operator": "coalesce(operator_code, operator_name)", "type": "type_designator"}[by]
		where, args := l.where(&f)
		return l.groupStats(ctx, "SELECT "+col+" AS k, count(*), count(DISTINCT icao) FROM flights WHERE "+where+
			" AND k IS NOT NULL GROUP BY k", args)
	case "rule":
		return l.ruleStats(ctx, f)
	}
	return nil, &ParamError{"by", "value must be one of " + strings.Join(StatsBy, ", ")}
}

func (l *Log) groupStats(ctx context.Context, q string, args []any) ([]Stat, error) {
	rows, err := l.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, l.readErr(err)
	}
	defer func() { _ = rows.Close() }()
	out := []Stat{}
	for rows.Next() {
		var s Stat
		if err := rows.Scan(&s.Key, &s.Flights, &s.Aircraft); err != nil {
			return nil, l.readErr(err)
		}
		out = append(out, s)
	}
	sortStats(out)
	return out, l.readErr(rows.Err())
}

func sortStats(out []Stat) {
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Flights != out[j].Flights {
			return out[i].Flights > out[j].Flights
		}
		return out[i].Key < out[j].Key
	})
}

// period is one local hour or day of a range, with its key.
type period struct {
	key      string
	from, to time.Time
}

// periodsOf are the local hours or days of [from, to) in zone, each cut to the range; a range
// over more local days than the grouping takes is a *ParamError naming to.
func periodsOf(from, to time.Time, by string, zone *time.Location) ([]period, error) {
	limit := MaxDayDays
	if by == "hour" {
		limit = MaxHourDays
	}
	if days := LocalDays(from, to, zone); days > limit {
		return nil, &ParamError{"to", fmt.Sprintf("by=%s covers at most %d days (this range holds %d): narrow from and to", by, limit, days)}
	}
	var out []period
	p := DayStart(from, zone)
	if by == "hour" {
		p = HourStart(from, zone)
	}
	for p.Before(to) {
		var next time.Time
		var key string
		if by == "hour" {
			next, key = NextHour(p, zone), HourKey(p)
		} else {
			next, key = NextDay(p, zone), DayKey(p)
		}
		out = append(out, period{key: key, from: maxTime(p, from), to: minTime(next, to)})
		p = next
	}
	return out, nil
}

// timeStats counts each local hour or day: a complete day that the writer summarised from its
// summary (daily summaries: 90 days of 1.8 M rows in a few milliseconds), the others by one
// query each on the (first_seen, icao) index, on every core at once (the distinct count is most
// of their time).
func (l *Log) timeStats(ctx context.Context, f Filter, by string, zone *time.Location) ([]Stat, error) {
	if f.To.IsZero() {
		f.To = NextDay(DayStart(time.Now(), zone), zone)
	}
	if f.From.IsZero() { // every day up to To: from the first row's
		first, ok, err := l.first(ctx)
		if err != nil {
			return nil, err
		}
		f.From = DayStart(f.To.Add(-time.Millisecond), zone)
		if ok && first.Before(f.From) {
			f.From = DayStart(first, zone)
		}
	}
	periods, err := periodsOf(f.From, f.To, by, zone)
	if err != nil {
		return nil, err
	}
	out := make([]Stat, len(periods))
	todo := make([]int, 0, len(periods))
	var summaries map[[2]int64]Stat
	if by == "day" && f.ranged() {
		if summaries, err = l.summaries(ctx, f.From, f.To); err != nil {
			return nil, err
		}
	}
	for i, p := range periods {
		out[i].Key = p.key
		if s, ok := summaries[[2]int64{p.from.UnixMilli(), p.to.UnixMilli()}]; ok {
			out[i].Flights, out[i].Aircraft = s.Flights, s.Aircraft
			continue
		}
		todo = append(todo, i)
	}
	where, args := l.where(&f)
	q := "SELECT count(*), count(DISTINCT icao) FROM flights WHERE " + where
	var first error
	var mu sync.Mutex
	work := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), 4, len(todo)) {
		wg.Go(func() {
			a := append([]any{}, args...)
			for i := range work {
				a[0], a[1] = periods[i].from.UnixMilli(), periods[i].to.UnixMilli() // the filter's range, narrowed to the period
				if err := l.db.QueryRowContext(ctx, q, a...).Scan(&out[i].Flights, &out[i].Aircraft); err != nil {
					mu.Lock()
					first = cmpErr(first, err)
					mu.Unlock()
				}
			}
		})
	}
	for _, i := range todo {
		work <- i
	}
	close(work)
	wg.Wait()
	if first != nil {
		return nil, l.readErr(first)
	}
	return out, nil
}

func cmpErr(a, b error) error {
	if a != nil {
		return a
	}
	return b
}

// summaries are the stored daily summaries of days that start in [from, to), by their bounds.
func (l *Log) summaries(ctx context.Context, from, to time.Time) (map[[2]int64]Stat, error) {
	rows, err := l.db.QueryContext(ctx, "SELECT start_ms, end_ms, flights, aircraft FROM day_stats WHERE start_ms >= ? AND start_ms < ?",
		from.UnixMilli(), to.UnixMilli())
	if err != nil {
		return nil, l.readErr(err)
	}
	defer func() { _ = rows.Close() }()
	out := map[[2]int64]Stat{}
	for rows.Next() {
		var k [2]int64
		var s Stat
		if err := rows.Scan(&k[0], &k[1], &s.Flights, &s.Aircraft); err != nil {
			return nil, l.readErr(err)
		}
		out[k] = s
	}
	return out, l.readErr(rows.Err())
}

// ruleStats counts the flights and aircraft of each rule matched (a flight counts for each).
func (l *Log) ruleStats(ctx context.Context, f Filter) ([]Stat, error) {
	where, args := l.where(&f)
	rows, err := l.db.QueryContext(ctx, "SELECT matched_rules, icao FROM flights WHERE "+where+" AND matched_rules IS NOT NULL", args...)
	if err != nil {
		return nil, l.readErr(err)
	}
	defer func() { _ = rows.Close() }()
	flights, aircraft := map[string]int{}, map[string]map[int64]bool{}
	for rows.Next() {
		var rules string
		var icao int64
		if err := rows.Scan(&rules, &icao); err != nil {
			return nil, l.readErr(err)
		}
		for _, r := range split(strings.Trim(rules, ",")) {
			flights[r]++
			if aircraft[r] == nil {
				aircraft[r] = map[int64]bool{}
			}
			aircraft[r][icao] = true
		}
	}
	if err := rows.Err(); err != nil {
		return nil, l.readErr(err)
	}
	out := make([]Stat, 0, len(flights))
	for r, n := range flights {
		out = append(out, Stat{Key: r, Flights: n, Aircraft: len(aircraft[r])})
	}
	sortStats(out)
	return out, nil
}

func maxTime(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

func minTime(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}
