package flightlog

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// Records are a range's records (CONTRACT.md 13.4): the closest, lowest (Height), highest
// (max_altitude) and fastest (max_speed) flight, each the first to set it (the earliest of
// those equal), nil when no row has the value; the types and operators never in the log
// before the range, each with its first flight in it.
type Records struct {
	Closest            *Row        `json:"closest"`
	Lowest             *Row        `json:"lowest"`
	Highest            *Row        `json:"highest"`
	Fastest            *Row        `json:"fastest"`
	FirstTimeTypes     []FirstTime `json:"first_time_types"`
	FirstTimeOperators []FirstTime `json:"first_time_operators"`
}

// FirstTime is a type or an operator new to the log, and its first flight.
type FirstTime struct {
	Key string `json:"key"`
	Row Row    `json:"row"`
}

// The keys of the first-time records, each column's table as %[1]s: an operator is its ICAO
// code, else its name (as Stats groups them).
const (
	typeKeySQL     = "%[1]stype_designator"
	operatorKeySQL = "coalesce(%[1]soperator_code, %[1]soperator_name)"
)

// Records are the records of the filter's rows (its sort, limit and cursor unused).
func (l *Log) Records(ctx context.Context, f Filter) (Records, error) {
	if err := l.bounded(ctx, &f); err != nil {
		return Records{}, err
	}
	if f.ranged() {
		return l.summarisedRecords(ctx, f)
	}
	out := Records{FirstTimeTypes: []FirstTime{}, FirstTimeOperators: []FirstTime{}}
	for _, rec := range []struct {
		dst          **Row
		value, index string // the record's column ("-" before it: the most, else the least) and its index
	}{{&out.Closest, "closest_dnm", "flights_closest"}, {&out.Lowest, heightSQL, "flights_height"},
		{&out.Highest, "-max_altitude", ""}, {&out.Fastest, "-max_speed", ""}} {
		col, dir := rec.value, "ASC"
		if c, ok := strings.CutPrefix(col, "-"); ok {
			col, dir = c, "DESC"
		}
		r, err := l.one(ctx, &f, rec.index, col+" IS NOT NULL", col+" "+dir+", first_seen, id")
		if err != nil {
			return Records{}, err
		}
		*rec.dst = r
	}
	var err error
	if out.FirstTimeTypes, err = l.firstTimes(ctx, &f, typeKeySQL); err != nil {
		return Records{}, err
	}
	if out.FirstTimeOperators, err = l.firstTimes(ctx, &f, operatorKeySQL); err != nil {
		return Records{}, err
	}
	return out, nil
}

// one is the first row of the filter's with cond, in order, read through index ("": SQLite's
// choice); nil: none.
func (l *Log) one(ctx context.Context, f *Filter, index, cond, order string) (*Row, error) {
	where, args := l.where(f)
	from := " FROM flights "
	if index != "" {
		from += "INDEXED BY " + index + " "
	}
	var out *Row
	err := l.scan(ctx, "SELECT "+selectList+from+"WHERE "+where+" AND "+cond+" ORDER BY "+order+" LIMIT 1", args,
		func(r *Row) error { c := *r; out = &c; return nil })
	return out, err
}

// firstTimes are the keys (key: SQL of the rows' columns, their table as %[1]s) of the filter's rows that no row
// before its From has, each with its first row in the filter (by first_seen, then id), in
// the order they first flew. A range from the log's first row has every key new.
func (l *Log) firstTimes(ctx context.Context, f *Filter, key string) ([]FirstTime, error) {
	where, args := l.where(f)
	// SQLite's min() hands its bare columns the row it chose: the first flight of each key.
	q := "SELECT k, id FROM (SELECT " + fmt.Sprintf(key, "") + " AS k, id, min(first_seen) FROM flights WHERE " + where +
		" AND k IS NOT NULL GROUP BY k)"
	if !f.From.IsZero() {
		q += " WHERE NOT EXISTS (SELECT 1 FROM flights AS p WHERE p.first_seen < ? AND " + fmt.Sprintf(key, "p.") + " = k)"
		args = append(args, f.From.UnixMilli())
	}
	ids := map[int64]string{}
	if err := l.keyIDs(ctx, q, args, ids); err != nil {
		return nil, err
	}
	out := make([]FirstTime, 0, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	list := make([]string, 0, len(ids))
	for id := range ids {
		list = append(list, fmt.Sprint(id))
	}
	err := l.scan(ctx, "SELECT "+selectList+" FROM flights WHERE id IN ("+strings.Join(list, ",")+")", nil, func(r *Row) error {
		out = append(out, FirstTime{Key: ids[r.ID], Row: *r})
		return nil
	})
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i].Row, out[j].Row
		if !a.FirstSeen.Equal(b.FirstSeen) {
			return a.FirstSeen.Before(b.FirstSeen)
		}
		return a.ID < b.ID
	})
	return out, err
}

// keyIDs reads (key, id) rows into ids.
func (l *Log) keyIDs(ctx context.Context, q string, args []any, ids map[int64]string) error {
	rows, err := l.db.QueryContext(ctx, q, args...)
	if err != nil {
		return l.readErr(err)
	}
	defer func() { _ = rows.Close() }()
	for rows.Next() {
		var k sql.NullString
		var id int64
		if err := rows.Scan(&k, &id); err != nil {
			return l.readErr(err)
		}
		ids[id] = k.String
	}
	return l.readErr(rows.Err())
}

// Top is one key of a ranking (CONTRACT.md 13.4): its flights and distinct aircraft; Name
// says what the key is (an operator's name, a type's manufacturer and model).
type Top struct {
	Key      string `json:"key"`
	Name     string `json:"name,omitempty"`
	Flights  int    `json:"flights"`
	Aircraft int    `json:"aircraft"`
}

// TopBy are the rankings of Tops; MaxTop bounds one, DefaultTop is its length unasked.
var TopBy = []string{"operator", "type", "route", "registration"}

const (
	MaxTop     = 100
	DefaultTop = 10
)

// topSQL are each ranking's key and name.
var topSQL = map[string][2]string{
	"operator":     {"coalesce(operator_code, operator_name)", "max(operator_name)"},
	"type":         {"type_designator", "max(manufacturer_model)"},
	"route":        {"origin || '-' || destination", "NULL"},
	"registration": {"registration", "NULL"},
}

// Tops ranks the filter's rows by operator, type, route (origin-destination, both known) or
// registration: the limit keys with the most flights (then by key).
func (l *Log) Tops(ctx context.Context, f Filter, by string, limit int) ([]Top, error) {
	kn, ok := topSQL[by]
	if !ok {
		return nil, &ParamError{"by", "value must be one of " + strings.Join(TopBy, ", ")}
	}
	if limit <= 0 || limit > MaxTop {
		return nil, &ParamError{"limit", fmt.Sprintf("value must be an integer from 1 to %d", MaxTop)}
	}
	if err := l.bounded(ctx, &f); err != nil {
		return nil, err
	}
	if f.ranged() && slices.Contains(summarisedKinds, by) {
		return l.summarisedTops(ctx, f, by, limit)
	}
	where, args := l.where(&f)
	rows, err := l.db.QueryContext(ctx, "SELECT "+kn[0]+" AS k, "+kn[1]+", count(*) AS n, count(DISTINCT icao) FROM flights WHERE "+where+
		" AND k IS NOT NULL GROUP BY k ORDER BY n DESC, k LIMIT ?", append(args, limit)...)
	if err != nil {
		return nil, l.readErr(err)
	}
	defer func() { _ = rows.Close() }()
	out := []Top{}
	for rows.Next() {
		var t Top
		var name sql.NullString
		if err := rows.Scan(&t.Key, &name, &t.Flights, &t.Aircraft); err != nil {
			return nil, l.readErr(err)
		}
		t.Name = name.String
		out = append(out, t)
	}
	return out, l.readErr(rows.Err())
}

// DayTotals are a period's totals for the digest (CONTRACT.md 13.4): its flights and distinct
// aircraft, the closest and the lowest (Height) flight, and the flights within the "Low and
// close" thresholds (nil unless both are set), as the list's max_nm and max_alt select them.
type DayTotals struct {
	Flights, Aircraft int
	Closest, Lowest   *Row
	Low               *int
}

// Totals are the totals of the rows first seen in [from, to).
func (l *Log) Totals(ctx context.Context, from, to time.Time, lowNM float64, lowFT int) (DayTotals, error) {
	f := Filter{From: from, To: to}
	var out DayTotals
	where, args := l.where(&f)
	if err := l.db.QueryRowContext(ctx, "SELECT count(*), count(DISTINCT icao) FROM flights WHERE "+where, args...).Scan(&out.Flights, &out.Aircraft); err != nil {
		return out, l.readErr(err)
	}
	var err error
	if out.Closest, err = l.one(ctx, &f, "flights_closest", "closest_dnm IS NOT NULL", "closest_dnm, first_seen, id"); err != nil {
		return out, err
	}
	if out.Lowest, err = l.one(ctx, &f, "flights_height", heightSQL+" IS NOT NULL", heightSQL+", first_seen, id"); err != nil {
		return out, err
	}
	if lowNM > 0 && lowFT > 0 {
		f.MaxNM, f.MaxAlt = &lowNM, &lowFT
		where, args := l.where(&f)
		n := 0
		if err := l.db.QueryRowContext(ctx, "SELECT count(*) FROM flights WHERE "+where, args...).Scan(&n); err != nil {
			return out, l.readErr(err)
		}
		out.Low = &n
	}
	return out, nil
}

// whole is f's range with a From (a range from the first row: from its day; ok false: the log
// is empty).
func (l *Log) whole(ctx context.Context, f Filter) (time.Time, bool, error) {
	if !f.From.IsZero() {
		return f.From, true, nil
	}
	first, ok, err := l.first(ctx)
	return DayStart(first, model.Zone(f.Zone)), ok && first.Before(f.To), err
}

// summarisedTops are Tops of a range alone: its complete days' summaries, the rest's rows.
func (l *Log) summarisedTops(ctx context.Context, f Filter, by string, limit int) ([]Top, error) {
	out := []Top{}
	from, ok, err := l.whole(ctx, f)
	if err != nil || !ok {
		return out, err
	}
	r, err := l.rank(ctx, from, f.To, model.Zone(f.Zone), []string{by}, true)
	if err != nil {
		return nil, err
	}
	for key, k := range r.keys[slices.Index(TopBy, by)] {
		out = append(out, Top{Key: key, Name: k.name, Flights: k.flights, Aircraft: len(k.aircraft)})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Flights != out[j].Flights {
			return out[i].Flights > out[j].Flights
		}
		return out[i].Key < out[j].Key
	})
	return out[:min(limit, len(out))], nil
}

// summarisedRecords are Records of a range alone: the holders and the keys' first flights of
// its complete days from their summaries, of the rest from the rows; the keys before it alike.
func (l *Log) summarisedRecords(ctx context.Context, f Filter) (Records, error) {
	out := Records{FirstTimeTypes: []FirstTime{}, FirstTimeOperators: []FirstTime{}}
	from, ok, err := l.whole(ctx, f)
	if err != nil || !ok {
		return out, err
	}
	zone := model.Zone(f.Zone)
	in, err := l.rank(ctx, from, f.To, zone, []string{recordKind, "type", "operator"}, false)
	if err != nil {
		return out, err
	}
	before := newRanking()
	if logFirst, ok, err := l.first(ctx); err != nil {
		return out, err
	} else if ok && logFirst.Before(from) {
		if before, err = l.rank(ctx, DayStart(logFirst, zone), from, zone, []string{"type", "operator"}, false); err != nil {
			return out, err
		}
	}
	ids := map[int64]bool{}
	for _, h := range in.records {
		if h.ok {
			ids[h.id] = true
		}
	}
	news := [2]map[int64]string{{}, {}} // type, operator: first flight → key
	for n, i := range []int{1, 0} {
		for key, k := range in.keys[i] {
			if _, seen := before.keys[i][key]; !seen {
				news[n][k.firstID], ids[k.firstID] = key, true
			}
		}
	}
	rows, err := l.byID(ctx, ids)
	if err != nil {
		return out, err
	}
	for i, dst := range []**Row{&out.Closest, &out.Lowest, &out.Highest, &out.Fastest} {
		if h := in.records[i]; h.ok {
			*dst = rows[h.id]
		}
	}
	out.FirstTimeTypes, out.FirstTimeOperators = firstTimesOf(news[0], rows), firstTimesOf(news[1], rows)
	return out, nil
}

// byID are the rows of the ids, as the reader's privacy shows them.
func (l *Log) byID(ctx context.Context, ids map[int64]bool) (map[int64]*Row, error) {
	out := map[int64]*Row{}
	if len(ids) == 0 {
		return out, nil
	}
	list := make([]string, 0, len(ids))
	for id := range ids {
		list = append(list, strconv.FormatInt(id, 10))
	}
	err := l.scan(ctx, "SELECT "+selectList+" FROM flights WHERE id IN ("+strings.Join(list, ",")+")", nil, func(r *Row) error {
		c := *r
		out[r.ID] = &c
		return nil
	})
	return out, err
}

// firstTimesOf are the new keys with their first flights, in the order they first flew.
func firstTimesOf(news map[int64]string, rows map[int64]*Row) []FirstTime {
	out := []FirstTime{}
	for id, key := range news {
		if r := rows[id]; r != nil {
			out = append(out, FirstTime{Key: key, Row: *r})
		}
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i].Row, out[j].Row
		if !a.FirstSeen.Equal(b.FirstSeen) {
			return a.FirstSeen.Before(b.FirstSeen)
		}
		return a.ID < b.ID
	})
	return out
}
