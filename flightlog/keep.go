package flightlog

import (
	"context"
	"database/sql"
	"strconv"
	"time"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// The writer's housekeeping, each part a short transaction between the batches of rows: the
// retention (old rows removed in batches, their bytes zeroed by secure_delete and the freed
// pages returned to the file system), and the daily summaries.

// pruneBatch is how many rows one retention transaction removes: lowering FLIGHT_LOG_DAYS
// never needs a WAL the size of the file.
const pruneBatch = 2000

// pruneStep removes at most pruneBatch rows whose first_seen is before cut; n is how many.
func (l *Log) pruneStep(ctx context.Context, cut time.Time) (int64, error) {
	res, err := l.db.ExecContext(ctx, "DELETE FROM flights WHERE id IN (SELECT id FROM flights WHERE first_seen < ? ORDER BY first_seen LIMIT ?)",
		cut.UnixMilli(), pruneBatch)
	if err != nil {
		return 0, l.readErr(err)
	}
	return res.RowsAffected()
}

// vacuumPages is how many free pages one incremental vacuum returns to the file system.
const vacuumPages = 2000

// reclaim ends a retention: the summaries of the days it cut forgotten, the free pages given
// back (incremental vacuum, a bounded step at a time) and the WAL folded in and truncated, so
// that the rows removed are gone from the file's bytes.
func (l *Log) reclaim(ctx context.Context, cut time.Time) error {
	for _, table := range []string{"day_stats", "reach_days"} {
		if _, err := l.db.ExecContext(ctx, "DELETE FROM "+table+" WHERE start_ms < ?", cut.UnixMilli()); err != nil {
			return l.readErr(err)
		}
	}
	for {
		var free int
		if err := l.db.QueryRowContext(ctx, "PRAGMA freelist_count").Scan(&free); err != nil {
			return l.readErr(err)
		}
		if free == 0 {
			break
		}
		if _, err := l.db.ExecContext(ctx, "PRAGMA incremental_vacuum("+strconv.Itoa(vacuumPages)+")"); err != nil {
			return l.readErr(err)
		}
		if free <= vacuumPages {
			break
		}
	}
	_, err := l.db.ExecContext(ctx, "PRAGMA wal_checkpoint(TRUNCATE)")
	return l.readErr(err)
}

// Summarise stores the flights and distinct aircraft of each local day in zone that ended
// before now, from the first row's on, that has no summary yet, until budget is spent (0: all);
// n is how many it stored. A row written later into a summarised day removes its summary (in
// the insert's transaction), and the next pass stores it again.
func (l *Log) Summarise(ctx context.Context, zone *time.Location, now time.Time, budget time.Duration) (int, error) {
	zone = model.Zone(zone)
	start := time.Now()
	first, ok, err := l.first(ctx)
	if err != nil || !ok {
		return 0, err
	}
	today := DayStart(now, zone)
	have, err := l.summaries(ctx, DayStart(first, zone), today)
	if err != nil {
		return 0, err
	}
	n := 0
	for d := DayStart(first, zone); d.Before(today); d = NextDay(d, zone) {
		next := NextDay(d, zone)
		k := [2]int64{d.UnixMilli(), next.UnixMilli()}
		if _, ok := have[k]; ok {
			continue
		}
		if budget > 0 && time.Since(start) > budget {
			break
		}
		if err := l.summariseStats(ctx, k); err != nil {
			return n, l.readErr(err)
		}
		n++
	}
	return n, nil
}

// summariseStats stores a day's summaries in one transaction: its flights and aircraft, then
// its rankings and records (summariseDay).
func (l *Log) summariseStats(ctx context.Context, k [2]int64) error {
	tx, err := l.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	var s Stat
	err = tx.QueryRowContext(ctx, "SELECT count(*), count(DISTINCT icao) FROM flights WHERE first_seen >= ? AND first_seen < ?",
		k[0], k[1]).Scan(&s.Flights, &s.Aircraft)
	if err == nil {
		_, err = tx.ExecContext(ctx, "INSERT OR REPLACE INTO day_stats (start_ms, end_ms, flights, aircraft) VALUES (?, ?, ?, ?)",
			k[0], k[1], s.Flights, s.Aircraft)
	}
	if err == nil {
		err = l.summariseDay(ctx, tx, k[0], k[1])
	}
	if err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}

// count is the number of rows (tests, salvage).
func (l *Log) count(ctx context.Context) (int, error) {
	var n sql.NullInt64
	err := l.db.QueryRowContext(ctx, "SELECT count(*) FROM flights").Scan(&n)
	return int(n.Int64), l.readErr(err)
}
