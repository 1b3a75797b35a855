package flightlog

import (
	"context"
	"database/sql"
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Filter is what a reader asks for (CONTRACT.md 13.3): rows whose first_seen is in [From, To),
// each other field when set.
type Filter struct {
	From, To  time.Time
	Q         string // ident, registration, address, operator name or registrant contains it
	Operator  string // an operator's ICAO code, or words of its name
	Type      string // a type designator
	Rule      string // a rule the flight matched
	Watchlist string // a watchlist id
	Military  *bool
	Emergency *bool
	MaxNM     *float64 // closest approach at most
	Limit     int      // a page's rows (Page)
	Cursor    string   // where the previous page ended
}

// MaxLimit and DefaultLimit bound a page.
const (
	MaxLimit     = 500
	DefaultLimit = 100
)

// where is the filter's WHERE clause and its arguments.
func (f *Filter) where() (string, []any) {
	conds := []string{"first_seen >= ?", "first_seen < ?"}
	args := []any{f.From.UnixMilli(), f.To.UnixMilli()}
	like := func(s string) string { // a LIKE pattern of s's text, its wildcards escaped
		r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
		return "%" + r.Replace(s) + "%"
	}
	if q := strings.TrimSpace(f.Q); q != "" {
		conds = append(conds, `(ident LIKE ? ESCAPE '\' OR registration LIKE ? ESCAPE '\' OR icao_hex LIKE ? ESCAPE '\' OR operator_name LIKE ? ESCAPE '\' OR registrant LIKE ? ESCAPE '\')`)
		p := like(q)
		args = append(args, p, p, p, p, p)
	}
	if op := strings.TrimSpace(f.Operator); op != "" {
		conds = append(conds, `(operator_code = ? OR operator_name LIKE ? ESCAPE '\')`)
		args = append(args, strings.ToUpper(op), like(op))
	}
	if t := strings.TrimSpace(f.Type); t != "" {
		conds = append(conds, "type_designator = ?")
		args = append(args, strings.ToUpper(t))
	}
	if r := strings.TrimSpace(f.Rule); r != "" {
		conds = append(conds, `matched_rules LIKE ? ESCAPE '\'`)
		args = append(args, like(","+r+","))
	}
	if w := strings.TrimSpace(f.Watchlist); w != "" {
		conds = append(conds, "watch_list = ?")
		args = append(args, w)
	}
	if f.Military != nil {
		conds = append(conds, "military = ?")
		args = append(args, flag(*f.Military))
	}
	if f.Emergency != nil {
		conds = append(conds, "emergency = ?")
		args = append(args, flag(*f.Emergency))
	}
	if f.MaxNM != nil {
		conds = append(conds, "closest_dnm <= ?")
		args = append(args, int64(*f.MaxNM*10+0.5))
	}
	return strings.Join(conds, " AND "), args
}

const columns = `id, icao_hex, ident, squawks, registration, type_designator, manufacturer_model, military, operator_code,
	operator_name, origin, destination, registrant, watch_list, watch_group, watch_category, first_seen, last_seen, messages,
	positions, min_altitude, max_altitude, max_speed, closest_dnm, closest_at, closest_altitude, matched_rules, receiver_sources`

// Page is one page of rows, newest first, and the cursor of the next ("" at the end).
func (l *Log) Page(ctx context.Context, f Filter) ([]Row, string, error) {
	limit := f.Limit
	if limit <= 0 {
		limit = DefaultLimit
	}
	limit = min(limit, MaxLimit)
	where, args := f.where()
	if f.Cursor != "" {
		seen, id, err := parseCursor(f.Cursor)
		if err != nil {
			return nil, "", err
		}
		where += " AND (first_seen < ? OR (first_seen = ? AND id < ?))"
		args = append(args, seen, seen, id)
	}
	rows, err := l.db.QueryContext(ctx, "SELECT "+columns+" FROM flights WHERE "+where+
		" ORDER BY first_seen DESC, id DESC LIMIT ?", append(args, limit+1)...)
	if err != nil {
		return nil, "", err
	}
	defer func() { _ = rows.Close() }()
	out := make([]Row, 0, limit)
	for rows.Next() {
		r, err := scanRow(rows)
		if err != nil {
			return nil, "", err
		}
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, "", err
	}
	next := ""
	if len(out) > limit {
		out = out[:limit]
		last := out[limit-1]
		next = cursor(last.FirstSeen.UnixMilli(), last.ID)
	}
	return out, next, nil
}

// Each calls fn with every row of the filter, newest first (the CSV export).
func (l *Log) Each(ctx context.Context, f Filter, fn func(*Row) error) error {
	where, args := f.where()
	rows, err := l.db.QueryContext(ctx, "SELECT "+columns+" FROM flights WHERE "+where+" ORDER BY first_seen DESC, id DESC", args...)
	if err != nil {
		return err
	}
	defer func() { _ = rows.Close() }()
	for rows.Next() {
		r, err := scanRow(rows)
		if err != nil {
			return err
		}
		if err := fn(&r); err != nil {
			return err
		}
	}
	return rows.Err()
}

// cursor is an opaque token of a row's place (first_seen, id).
func cursor(seen, id int64) string {
	return base64.RawURLEncoding.EncodeToString([]byte(strconv.FormatInt(seen, 10) + ":" + strconv.FormatInt(id, 10)))
}

// ErrCursor marks a cursor that no page gave.
var ErrCursor = fmt.Errorf("cursor is not one a page gave")

func parseCursor(c string) (int64, int64, error) {
	b, err := base64.RawURLEncoding.DecodeString(c)
	if err != nil {
		return 0, 0, ErrCursor
	}
	a, z, ok := strings.Cut(string(b), ":")
	seen, err1 := strconv.ParseInt(a, 10, 64)
	id, err2 := strconv.ParseInt(z, 10, 64)
	if !ok || err1 != nil || err2 != nil {
		return 0, 0, ErrCursor
	}
	return seen, id, nil
}

func scanRow(rows *sql.Rows) (Row, error) {
	var (
		r                                                                  Row
		ident, squawks, reg, typ, mdl, opCode, opName, origin, dest, owner sql.NullString
		wl, wg, wc, matched, sources                                       sql.NullString
		military                                                           int
		first, last                                                        int64
		minAlt, maxAlt, maxSpd, closest, closestAt, closestAlt             sql.NullInt64
	)
	if err := rows.Scan(&r.ID, &r.IcaoHex, &ident, &squawks, &reg, &typ, &mdl, &military, &opCode, &opName, &origin, &dest,
		&owner, &wl, &wg, &wc, &first, &last, &r.Messages, &r.Positions, &minAlt, &maxAlt, &maxSpd, &closest, &closestAt,
		&closestAlt, &matched, &sources); err != nil {
		return r, err
	}
	r.Ident, r.Registration, r.TypeDesignator, r.ManufacturerModel = ident.String, reg.String, typ.String, mdl.String
	r.Origin, r.Destination, r.Registrant, r.Military = origin.String, dest.String, owner.String, military != 0
	r.Squawks, r.ReceiverSources = split(squawks.String), split(sources.String)
	r.MatchedRules = split(strings.Trim(matched.String, ","))
	if opCode.Valid || opName.Valid {
		r.Operator = &Operator{AirlineDesignator: opCode.String, Name: opName.String}
	}
	if wl.Valid {
		r.Watchlist = &Watch{List: wl.String, Group: wg.String, Category: wc.String}
	}
	r.FirstSeen, r.LastSeen = time.UnixMilli(first).UTC(), time.UnixMilli(last).UTC()
	r.MinAltitude, r.MaxAltitude, r.MaxSpeed, r.ClosestAltitude = nullInt(minAlt), nullInt(maxAlt), nullInt(maxSpd), nullInt(closestAlt)
	if closest.Valid {
		nm := float64(closest.Int64) / 10
		r.ClosestNM = &nm
	}
	if closestAt.Valid {
		at := time.UnixMilli(closestAt.Int64).UTC()
		r.ClosestAt = &at
	}
	return r, nil
}

func nullInt(v sql.NullInt64) *int {
	if !v.Valid {
		return nil
	}
	n := int(v.Int64)
	return &n
}

func split(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, ",")
}
