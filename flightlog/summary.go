package flightlog

import (
	"context"
	"database/sql"
	"encoding/binary"
	"slices"
	"time"
)

// The daily summaries of the rankings and records (CONTRACT.md 13.4): beside each complete
// day's flights and aircraft (day_stats), the writer keeps, per ranking (operator, type,
// route, registration), each key's flights, its name, its first flight of the day and its
// aircraft (their addresses, sorted and delta-coded: a few bytes each), and the day's record
// holders. The tops, the records and the first-time keys of a range read the summaries of its
// complete days and only the rest of it (today, a range's partial days) from the rows: 90 days
// of 1.8 M rows without reading them. A row written into a summarised day forgets the day's
// summaries (the trigger on day_stats' delete), as the day counts.

const (
	dayKeysSQL = "CREATE TABLE day_keys (start_ms INTEGER NOT NULL, end_ms INTEGER NOT NULL, kind TEXT NOT NULL, key TEXT NOT NULL, " +
		"name TEXT, flights INTEGER NOT NULL, first_ms INTEGER NOT NULL, first_id INTEGER NOT NULL, aircraft BLOB, " +
		"PRIMARY KEY (kind, start_ms, end_ms, key)) WITHOUT ROWID"
	dayKeysForgetSQL = "CREATE TRIGGER day_keys_forget AFTER DELETE ON day_stats BEGIN " +
		"DELETE FROM day_keys WHERE kind IN ('operator', 'type', 'route', 'record') AND start_ms = old.start_ms AND end_ms = old.end_ms; END"
)

// recordKind is the kind of day_keys' rows that hold a day's record holders (key: the record).
const recordKind = "record"

// summarisedKinds are the rankings the summaries hold: not the registrations, nearly one a
// flight (a day's summary would be about as large as its rows: docs/decisions.md).
var summarisedKinds = TopBy[:3]

// rankSQL is the SELECT of a day's rows for its summary, and for the live part of a range.
const rankSQL = "SELECT id, first_seen, icao, coalesce(operator_code, operator_name), operator_name, type_designator, manufacturer_model, " +
	"origin || '-' || destination, registration, closest_dnm, " + heightSQL + ", max_altitude, max_speed FROM flights "

// rankRow is one row as rankSQL reads it.
type rankRow struct {
	id, seen, icao int64
	keys, names    [4]sql.NullString // by TopBy: operator, type, route, registration
	values         [4]sql.NullInt64  // by recordNames
}

// recordNames are the records of a day's summary, each the least (closest, lowest) or the most.
var recordNames = [4]string{"closest", "lowest", "highest", "fastest"}

func (r *rankRow) scan(rows *sql.Rows) error {
	var opName, model sql.NullString
	err := rows.Scan(&r.id, &r.seen, &r.icao, &r.keys[0], &opName, &r.keys[1], &model, &r.keys[2], &r.keys[3],
		&r.values[0], &r.values[1], &r.values[2], &r.values[3])
	r.names = [4]sql.NullString{opName, model}
	return err
}

// keyStat is one key of a ranking over days: its flights, its name (the greatest, as SQL's
// max), its first flight, its aircraft.
type keyStat struct {
	name             string
	flights          int
	firstMS, firstID int64
	aircraft         map[int64]struct{}
	dayAircraft      []int64 // a day's, being summarised
	hasFirst         bool
}

func (k *keyStat) first(ms, id int64) {
	if !k.hasFirst || ms < k.firstMS || ms == k.firstMS && id < k.firstID {
		k.firstMS, k.firstID, k.hasFirst = ms, id, true
	}
}

// holder is a record's holder so far: its id, first_seen and value.
type holder struct {
	id, seen, value int64
	ok              bool
}

// better reports v (of a row first seen at seen, id) a better record than h: the least for
// closest and lowest, the most for the others, the earliest of equals.
func (h *holder) better(record int, v, seen, id int64) bool {
	if !h.ok {
		return true
	}
	if v != h.value {
		return (record < 2) == (v < h.value)
	}
	return seen < h.seen || seen == h.seen && id < h.id
}

// ranking is what the summaries and the rows say of a span of time.
type ranking struct {
	keys    [4]map[string]*keyStat
	records [4]holder
}

func newRanking() *ranking {
	r := &ranking{}
	for i := range r.keys {
		r.keys[i] = map[string]*keyStat{}
	}
	return r
}

// stat is key's entry in ranking i.
func (r *ranking) stat(i int, key string) *keyStat {
	k := r.keys[i][key]
	if k == nil {
		k = &keyStat{aircraft: map[int64]struct{}{}}
		r.keys[i][key] = k
	}
	return k
}

// add takes one row.
func (r *ranking) add(row *rankRow, aircraftSets bool) {
	for i := range r.keys {
		if !row.keys[i].Valid {
			continue
		}
		k := r.stat(i, row.keys[i].String)
		k.flights++
		k.first(row.seen, row.id)
		if row.names[i].Valid && row.names[i].String > k.name {
			k.name = row.names[i].String
		}
		if aircraftSets {
			k.aircraft[row.icao] = struct{}{}
		} else {
			k.dayAircraft = append(k.dayAircraft, row.icao)
		}
	}
	for i, v := range row.values {
		if v.Valid && r.records[i].better(i, v.Int64, row.seen, row.id) {
			r.records[i] = holder{id: row.id, seen: row.seen, value: v.Int64, ok: true}
		}
	}
}

// querier is the log's pool or a transaction of it.
type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// live adds the rows first seen in [from, to), read through q.
func (l *Log) live(ctx context.Context, q querier, r *ranking, from, to int64, aircraftSets bool) error {
	rows, err := q.QueryContext(ctx, rankSQL+"WHERE first_seen >= ? AND first_seen < ?", from, to)
	if err != nil {
		return l.readErr(err)
	}
	defer func() { _ = rows.Close() }()
	var row rankRow
	for rows.Next() {
		if err := row.scan(rows); err != nil {
			return l.readErr(err)
		}
		r.add(&row, aircraftSets)
	}
	return l.readErr(rows.Err())
}

// summariseDay stores the rankings and records of the day [from, to) in tx (its day_stats
// row already written).
func (l *Log) summariseDay(ctx context.Context, tx *sql.Tx, from, to int64) error {
	r := newRanking()
	if err := l.live(ctx, tx, r, from, to, false); err != nil {
		return err
	}
	st, err := tx.PrepareContext(ctx, "INSERT OR REPLACE INTO day_keys (start_ms, end_ms, kind, key, name, flights, first_ms, first_id, aircraft) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
	if err != nil {
		return err
	}
	defer func() { _ = st.Close() }()
	for i, by := range summarisedKinds {
		for key, k := range r.keys[i] {
			if _, err := st.ExecContext(ctx, from, to, by, key, orNull(k.name), k.flights, k.firstMS, k.firstID, packAddresses(k.dayAircraft)); err != nil {
				return err
			}
		}
	}
	for i, h := range r.records {
		if h.ok {
			if _, err := st.ExecContext(ctx, from, to, recordKind, recordNames[i], nil, h.value, h.seen, h.id, nil); err != nil {
				return err
			}
		}
	}
	return nil
}

// packAddresses is a set of addresses sorted, delta-coded as unsigned varints.
func packAddresses(a []int64) []byte {
	slices.Sort(a)
	a = slices.Compact(a)
	out := make([]byte, 0, 3*len(a))
	prev := int64(0)
	for _, v := range a {
		out = binary.AppendUvarint(out, uint64(v-prev))
		prev = v
	}
	return out
}

// unpackAddresses adds packAddresses' set to into.
func unpackAddresses(b []byte, into map[int64]struct{}) {
	prev := int64(0)
	for len(b) > 0 {
		d, n := binary.Uvarint(b)
		if n <= 0 {
			return
		}
		prev += int64(d)
		into[prev] = struct{}{}
		b = b[n:]
	}
}

// rank is what the summaries and the rows say of [from, to) in zone: the complete local days
// the writer summarised from their summaries (aircraft sets when aircraftSets), the rest from
// the rows. kinds are the rankings read (by TopBy's index) and records whether the records.
func (l *Log) rank(ctx context.Context, from, to time.Time, zone *time.Location, kinds []string, aircraftSets bool) (*ranking, error) {
	r := newRanking()
	periods, err := periodsOf(from, to, "day", zone)
	if err != nil {
		return nil, err
	}
	have, err := l.summaries(ctx, from, to)
	if err != nil {
		return nil, err
	}
	var spanFrom int64 = -1 // the live span being gathered
	flush := func(end int64) error {
		if spanFrom < 0 {
			return nil
		}
		err := l.live(ctx, l.db, r, spanFrom, end, aircraftSets)
		spanFrom = -1
		return err
	}
	var summarised [][2]int64
	for _, p := range periods {
		k := [2]int64{p.from.UnixMilli(), p.to.UnixMilli()}
		if _, ok := have[k]; ok {
			summarised = append(summarised, k)
			if err := flush(k[0]); err != nil {
				return nil, err
			}
			continue
		}
		if spanFrom < 0 {
			spanFrom = k[0]
		}
	}
	if err := flush(to.UnixMilli()); err != nil {
		return nil, err
	}
	return r, l.fromSummaries(ctx, r, summarised, kinds, aircraftSets)
}

// fromSummaries adds the summaries of the days (their bounds) of the kinds asked.
func (l *Log) fromSummaries(ctx context.Context, r *ranking, days [][2]int64, kinds []string, aircraftSets bool) error {
	if len(days) == 0 {
		return nil
	}
	want := map[[2]int64]bool{}
	for _, d := range days {
		want[d] = true
	}
	for _, kind := range kinds {
		i := slices.Index(TopBy, kind)
		cols := "start_ms, end_ms, key, name, flights, first_ms, first_id, NULL"
		if aircraftSets && i >= 0 {
			cols = "start_ms, end_ms, key, name, flights, first_ms, first_id, aircraft"
		}
		rows, err := l.db.QueryContext(ctx, "SELECT "+cols+" FROM day_keys WHERE kind = ? AND start_ms >= ? AND start_ms <= ?", kind, days[0][0], days[len(days)-1][0])
		if err != nil {
			return l.readErr(err)
		}
		if err := r.takeSummaries(rows, i, want); err != nil {
			return l.readErr(err)
		}
	}
	return nil
}

// takeSummaries adds day_keys rows of ranking i (-1: the records) of the days wanted.
func (r *ranking) takeSummaries(rows *sql.Rows, i int, want map[[2]int64]bool) error {
	defer func() { _ = rows.Close() }()
	for rows.Next() {
		var d [2]int64
		var key string
		var name sql.NullString
		var flights, firstMS, firstID int64
		var set []byte
		if err := rows.Scan(&d[0], &d[1], &key, &name, &flights, &firstMS, &firstID, &set); err != nil {
			return err
		}
		if !want[d] {
			continue
		}
		if i < 0 { // a record: flights holds its value
			j := slices.Index(recordNames[:], key)
			if j >= 0 && r.records[j].better(j, flights, firstMS, firstID) {
				r.records[j] = holder{id: firstID, seen: firstMS, value: flights, ok: true}
			}
			continue
		}
		k := r.stat(i, key)
		k.flights += int(flights)
		k.first(firstMS, firstID)
		if name.Valid && name.String > k.name {
			k.name = name.String
		}
		unpackAddresses(set, k.aircraft)
	}
	return rows.Err()
}
