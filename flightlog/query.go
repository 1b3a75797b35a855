package flightlog

import (
	"context"
	"database/sql"
	"encoding/base64"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// Filter is what a reader asks for (CONTRACT.md 13.3): rows whose first_seen is in [From, To)
// (From zero: from the first row), each other field when set.
type Filter struct {
	From, To  time.Time
	Q         string // ident, registration, address, operator name or registrant (as the reader shows it) holds it, any case
	Operator  string // an operator's ICAO code, or words of its name (any case)
	Type      string // a type designator
	Rule      string // a rule the flight matched
	Watchlist string // a watchlist id
	Military  *bool
	Emergency *bool
	MaxNM     *float64 // the row's closest_nm (0.1 nm) at most
	// MaxAlt is how low the flight came (Height: at its closest point, else its lowest) at
	// most, in feet; Hours the local hours of the day of its first_seen, in Zone.
	MaxAlt *int
	Hours  *Hours
	Zone   *time.Location
	Sort   string // SortTime ("" too), SortClosest or SortLowest (CheckSort)
	Limit  int    // a page's rows (Page)
	Cursor string // where the previous page ended
}

// MaxLimit and DefaultLimit bound a page.
const (
	MaxLimit     = 500
	DefaultLimit = 100
)

// ranged reports a filter that selects by time alone (the daily summaries answer it).
func (f *Filter) ranged() bool {
	return strings.TrimSpace(f.Q) == "" && strings.TrimSpace(f.Operator) == "" && strings.TrimSpace(f.Type) == "" &&
		strings.TrimSpace(f.Rule) == "" && strings.TrimSpace(f.Watchlist) == "" && f.Military == nil && f.Emergency == nil && f.MaxNM == nil &&
		f.MaxAlt == nil && f.Hours == nil
}

// where is the filter's WHERE clause and its arguments; the time bounds first.
func (l *Log) where(f *Filter) (string, []any) {
	var conds []string
	var args []any
	if !f.From.IsZero() {
		conds, args = append(conds, "first_seen >= ?"), append(args, f.From.UnixMilli())
	}
	if !f.To.IsZero() {
		conds, args = append(conds, "first_seen < ?"), append(args, f.To.UnixMilli())
	}
	if q := Fold(strings.TrimSpace(f.Q)); q != "" {
		conds = append(conds, "flightlog_q(?, ?, ident, registration, icao_hex, operator_name, registrant, registrant_type, registrant_source)")
		args = append(args, l.policy, q)
	}
	if op := strings.TrimSpace(f.Operator); op != "" {
		conds = append(conds, "(operator_code = ? OR flightlog_has(operator_name, ?))")
		args = append(args, strings.ToUpper(op), Fold(op))
	}
	if t := strings.TrimSpace(f.Type); t != "" {
		conds, args = append(conds, "type_designator = ?"), append(args, strings.ToUpper(t))
	}
	if r := strings.TrimSpace(f.Rule); r != "" {
		conds, args = append(conds, "instr(matched_rules, ?) > 0"), append(args, ","+r+",")
	}
	if w := strings.TrimSpace(f.Watchlist); w != "" {
		conds, args = append(conds, "watch_list = ?"), append(args, w)
	}
	if f.Military != nil {
		conds, args = append(conds, "military = ?"), append(args, flag(*f.Military))
	}
	if f.Emergency != nil {
		conds, args = append(conds, "emergency = ?"), append(args, flag(*f.Emergency))
	}
	if f.MaxNM != nil { // the row's closest_nm (its tenths over 10) at most: the tenths at most, on the index
		conds, args = append(conds, "closest_dnm <= ?"), append(args, int64(math.Floor(*f.MaxNM*10+1e-9)))
	}
	if f.MaxAlt != nil {
		conds, args = append(conds, heightSQL+" <= ?"), append(args, *f.MaxAlt)
	}
	if f.Hours != nil && !f.From.IsZero() { // bounded gave it a From
		if c := hoursSQL(f.Hours, f.From, f.To, f.Zone); c != "" {
			conds = append(conds, c)
		}
	}
	if len(conds) == 0 {
		return "1", nil
	}
	return strings.Join(conds, " AND "), args
}

// Page is one page of rows in the filter's sort (newest first by default), and the cursor of
// the next ("" at the end); a cursor another sort made is ErrCursor.
func (l *Log) Page(ctx context.Context, f Filter) ([]Row, string, error) {
	if err := CheckSort(f.Sort); err != nil {
		return nil, "", err
	}
	limit := f.Limit
	if limit <= 0 {
		limit = DefaultLimit
	}
	limit = min(limit, MaxLimit)
	var after *place
	if f.Cursor != "" {
		p, err := parseCursor(f.Cursor, f.Sort)
		if err != nil {
			return nil, "", err
		}
		after = &p
	}
	if err := l.bounded(ctx, &f); err != nil {
		return nil, "", err
	}
	out := make([]Row, 0, limit+1)
	err := l.rows(ctx, &f, after, limit+1, func(r *Row) error { out = append(out, *r); return nil })
	if err != nil {
		return nil, "", err
	}
	next := ""
	if len(out) > limit {
		out = out[:limit]
		next = placeOf(f.Sort, &out[limit-1]).cursor()
	}
	return out, next, nil
}

// eachChunk is how many rows Each reads in one query (one short read transaction each: a long
// export never holds the writer's WAL, and its memory stays bounded).
const eachChunk = 1000

// Each calls fn with every row of the filter in its sort (the CSV export, the terminal table),
// as the reader's privacy shows it; the row is fn's only for the call.
func (l *Log) Each(ctx context.Context, f Filter, fn func(*Row) error) error {
	if err := CheckSort(f.Sort); err != nil {
		return err
	}
	if err := l.bounded(ctx, &f); err != nil {
		return err
	}
	var after *place
	for {
		n := 0
		var last place
		err := l.rows(ctx, &f, after, eachChunk, func(r *Row) error {
			n++
			last = placeOf(f.Sort, r)
			return fn(r)
		})
		if err == nil {
			err = l.sameFile()
		}
		if err != nil || n < eachChunk {
			return err
		}
		after = &last
	}
}

// rows reads at most limit rows of f after a place, in f's sort, handing each to fn.
func (l *Log) rows(ctx context.Context, f *Filter, after *place, limit int, fn func(*Row) error) error {
	if _, ok := sortIndex[f.Sort]; ok {
		return l.keyRows(ctx, f, after, limit, fn)
	}
	g := *f
	if after != nil && after.seen < g.To.UnixMilli() && g.Hours == nil {
		g.To = time.Time{} // the cursor is the range's upper bound: one, so that the index range ends there
	}
	where, args := l.where(&g)
	if after != nil { // first_seen ≤ bounds the index range; the id orders the rows of one millisecond
		where += " AND first_seen <= ? AND (first_seen < ? OR id < ?)"
		args = append(args, after.seen, after.seen, after.id)
	}
	return l.scan(ctx, "SELECT "+selectList+" FROM flights WHERE "+where+" ORDER BY first_seen DESC, id DESC LIMIT ?", append(args, limit), fn)
}

// sortIndex is each key sort's key (ascending) and the index that holds it in order.
var sortIndex = map[string][2]string{SortClosest: {"closest_dnm", "flights_closest"}, SortLowest: {heightSQL, "flights_height"}}

// keyRows reads a key sort's rows in two runs of its index: the rows with a key, by key (then
// newest first), and after them those without one, newest first (a cursor's key noKey: in
// the second). Each run reads the index in order and stops at the limit.
func (l *Log) keyRows(ctx context.Context, f *Filter, after *place, limit int, fn func(*Row) error) error {
	key, index := sortIndex[f.Sort][0], sortIndex[f.Sort][1]
	n := 0
	counted := func(r *Row) error { n++; return fn(r) }
	from := " FROM flights INDEXED BY " + index + " WHERE "
	if after == nil || after.key != noKey {
		where, args := l.where(f)
		where += " AND " + key + " IS NOT NULL"
		if after != nil {
			where += " AND " + key + " >= ? AND (" + key + " > ? OR " + key + " = ? AND (first_seen < ? OR first_seen = ? AND id < ?))"
			args = append(args, after.key, after.key, after.key, after.seen, after.seen, after.id)
		}
		err := l.scan(ctx, "SELECT "+selectList+from+where+" ORDER BY "+key+", first_seen DESC, id DESC LIMIT ?", append(args, limit), counted)
		if err != nil || n == limit {
			return err
		}
		after = nil
	}
	where, args := l.where(f)
	where += " AND " + key + " IS NULL"
	if after != nil {
		where += " AND first_seen <= ? AND (first_seen < ? OR id < ?)"
		args = append(args, after.seen, after.seen, after.id)
	}
	return l.scan(ctx, "SELECT "+selectList+from+where+" ORDER BY first_seen DESC, id DESC LIMIT ?", append(args, limit-n), counted)
}

// scan runs a query of selectList's columns, handing each row, as the reader's privacy shows
// it, to fn.
func (l *Log) scan(ctx context.Context, query string, args []any, fn func(*Row) error) error {
	rows, err := l.db.QueryContext(ctx, query, args...)
	if err != nil {
		return l.readErr(err)
	}
	defer func() { _ = rows.Close() }()
	vals := make([]any, len(readColumns))
	ptrs := make([]any, len(readColumns))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	var r Row
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return l.readErr(err)
		}
		r = Row{}
		for i, c := range readColumns {
			c.get(&r, vals[i])
		}
		l.priv.apply(&r)
		if err := fn(&r); err != nil {
			return err
		}
	}
	return l.readErr(rows.Err())
}

// readErr names the file in a read's error.
func (l *Log) readErr(err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("flight log %s: %w", l.path, err)
}

// place is a row's place in a sort's order ((key,) first_seen, id); its cursor is opaque and
// names the sort (a time cursor keeps the form it always had).
type place struct {
	sort          string // "" for time
	key, seen, id int64
}

func placeOf(sort string, r *Row) place {
	if sort == SortTime {
		sort = ""
	}
	p := place{sort: sort, seen: r.FirstSeen.UnixMilli(), id: r.ID}
	if sort != "" {
		p.key = sortKey(sort, r)
	}
	return p
}

func (p place) cursor() string {
	s := strconv.FormatInt(p.seen, 10) + ":" + strconv.FormatInt(p.id, 10)
	if p.sort != "" {
		s = p.sort + ":" + strconv.FormatInt(p.key, 10) + ":" + s
	}
	return base64.RawURLEncoding.EncodeToString([]byte(s))
}

// ErrCursor marks a cursor that no page of the sort asked for gave.
var ErrCursor = errors.New("cursor is not one a page gave")

// parseCursor reads a cursor for sort: one another sort made is ErrCursor, saying which.
func parseCursor(c, sort string) (place, error) {
	if sort == SortTime {
		sort = ""
	}
	b, err := base64.RawURLEncoding.DecodeString(c)
	if err != nil {
		return place{}, ErrCursor
	}
	parts := strings.Split(string(b), ":")
	p := place{}
	if len(parts) == 4 {
		p.sort, parts = parts[0], parts[1:]
		k, err := strconv.ParseInt(parts[0], 10, 64)
		if err != nil || CheckSort(p.sort) != nil || p.sort == SortTime {
			return place{}, ErrCursor
		}
		p.key, parts = k, parts[1:]
	}
	if len(parts) != 2 {
		return place{}, ErrCursor
	}
	seen, err1 := strconv.ParseInt(parts[0], 10, 64)
	id, err2 := strconv.ParseInt(parts[1], 10, 64)
	if err1 != nil || err2 != nil {
		return place{}, ErrCursor
	}
	p.seen, p.id = seen, id
	if p.sort != sort {
		made := p.sort
		if made == "" {
			made = SortTime
		}
		return place{}, fmt.Errorf("%w: it was made for sort=%s", ErrCursor, made)
	}
	return p, nil
}

// first is the first row's first_seen (ok false: the log is empty).
func (l *Log) first(ctx context.Context) (time.Time, bool, error) {
	var ms sql.NullInt64
	if err := l.db.QueryRowContext(ctx, "SELECT min(first_seen) FROM flights").Scan(&ms); err != nil {
		return time.Time{}, false, l.readErr(err)
	}
	return time.UnixMilli(ms.Int64).UTC(), ms.Valid, nil
}
