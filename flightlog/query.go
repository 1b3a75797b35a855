package flightlog

import (
	"context"
	"database/sql"
	"encoding/base64"
	"errors"
	"fmt"
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
	Limit     int      // a page's rows (Page)
	Cursor    string   // where the previous page ended
}

// MaxLimit and DefaultLimit bound a page.
const (
	MaxLimit     = 500
	DefaultLimit = 100
)

// ranged reports a filter that selects by time alone (the daily summaries answer it).
func (f *Filter) ranged() bool {
	return strings.TrimSpace(f.Q) == "" && strings.TrimSpace(f.Operator) == "" && strings.TrimSpace(f.Type) == "" &&
		strings.TrimSpace(f.Rule) == "" && strings.TrimSpace(f.Watchlist) == "" && f.Military == nil && f.Emergency == nil && f.MaxNM == nil
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
	if f.MaxNM != nil { // the row's closest_nm, exactly (tenths over 10.0 is the served value)
		conds, args = append(conds, "closest_dnm / 10.0 <= ?"), append(args, *f.MaxNM)
	}
	if len(conds) == 0 {
		return "1", nil
	}
	return strings.Join(conds, " AND "), args
}

// Page is one page of rows, newest first, and the cursor of the next ("" at the end).
func (l *Log) Page(ctx context.Context, f Filter) ([]Row, string, error) {
	limit := f.Limit
	if limit <= 0 {
		limit = DefaultLimit
	}
	limit = min(limit, MaxLimit)
	var after *place
	if f.Cursor != "" {
		p, err := parseCursor(f.Cursor)
		if err != nil {
			return nil, "", err
		}
		after = &p
	}
	out := make([]Row, 0, limit+1)
	err := l.rows(ctx, &f, after, limit+1, func(r *Row) error { out = append(out, *r); return nil })
	if err != nil {
		return nil, "", err
	}
	next := ""
	if len(out) > limit {
		out = out[:limit]
		last := out[limit-1]
		next = place{last.FirstSeen.UnixMilli(), last.ID}.cursor()
	}
	return out, next, nil
}

// eachChunk is how many rows Each reads in one query (one short read transaction each: a long
// export never holds the writer's WAL, and its memory stays bounded).
const eachChunk = 1000

// Each calls fn with every row of the filter, newest first (the CSV export, the terminal
// table), as the reader's privacy shows it; the row is fn's only for the call.
func (l *Log) Each(ctx context.Context, f Filter, fn func(*Row) error) error {
	var after *place
	for {
		n := 0
		var last place
		err := l.rows(ctx, &f, after, eachChunk, func(r *Row) error {
			n++
			last = place{r.FirstSeen.UnixMilli(), r.ID}
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

// rows reads at most limit rows of f after a place, newest first, handing each to fn.
func (l *Log) rows(ctx context.Context, f *Filter, after *place, limit int, fn func(*Row) error) error {
	g := *f
	if after != nil && after.seen < g.To.UnixMilli() {
		g.To = time.Time{} // the cursor is the range's upper bound: one, so that the index range ends there
	}
	where, args := l.where(&g)
	if after != nil { // first_seen ≤ bounds the index range; the id orders the rows of one millisecond
		where += " AND first_seen <= ? AND (first_seen < ? OR id < ?)"
		args = append(args, after.seen, after.seen, after.id)
	}
	rows, err := l.db.QueryContext(ctx, "SELECT "+selectList+" FROM flights WHERE "+where+" ORDER BY first_seen DESC, id DESC LIMIT ?",
		append(args, limit)...)
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

// place is a row's place in the order (first_seen, id); its cursor is opaque.
type place struct{ seen, id int64 }

func (p place) cursor() string {
	return base64.RawURLEncoding.EncodeToString([]byte(strconv.FormatInt(p.seen, 10) + ":" + strconv.FormatInt(p.id, 10)))
}

// ErrCursor marks a cursor that no page gave.
var ErrCursor = errors.New("cursor is not one a page gave")

func parseCursor(c string) (place, error) {
	b, err := base64.RawURLEncoding.DecodeString(c)
	if err != nil {
		return place{}, ErrCursor
	}
	a, z, ok := strings.Cut(string(b), ":")
	seen, err1 := strconv.ParseInt(a, 10, 64)
	id, err2 := strconv.ParseInt(z, 10, 64)
	if !ok || err1 != nil || err2 != nil {
		return place{}, ErrCursor
	}
	return place{seen, id}, nil
}

// first is the first row's first_seen (ok false: the log is empty).
func (l *Log) first(ctx context.Context) (time.Time, bool, error) {
	var ms sql.NullInt64
	if err := l.db.QueryRowContext(ctx, "SELECT min(first_seen) FROM flights").Scan(&ms); err != nil {
		return time.Time{}, false, l.readErr(err)
	}
	return time.UnixMilli(ms.Int64).UTC(), ms.Valid, nil
}
