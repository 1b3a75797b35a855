package flightlog

import (
	"context"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// The writer's bounds (CONTRACT.md 13.2).
const (
	QueueSize     = 10000       // flights waiting to be written
	FlushEvery    = time.Second // at most one transaction a second
	DefaultDays   = 90          // FLIGHT_LOG_DAYS
	warnEvery     = time.Minute // a warning about drops, at most
	retentionTick = 24 * time.Hour
)

// Counters are the writer's numbers, for the metrics (flight_log_rows_total,
// flight_log_dropped_total, the write latency).
type Counters struct {
	Rows, Dropped, Writes atomic.Int64
	WriteNanos            atomic.Int64 // summed over Writes
}

// Writer writes rows in batches from a bounded queue: Add never blocks (a full queue drops and
// counts), a failing write (a full or read-only disk) drops its batch and counts, warning at
// most once a minute; alerts never wait for the log.
type Writer struct {
	log      *Log
	queue    chan Row
	days     int
	now      func() time.Time
	logger   zerolog.Logger
	lastWarn atomic.Int64
	closed   chan struct{}
	once     sync.Once
	C        Counters
	// MaxBatch, when set, writes a batch as soon as it holds this many rows, besides every
	// second (replay, which has no alert to keep waiting and wants its rows out fast).
	MaxBatch int
}

// Close makes Run write what is queued and return (watch, after the flights in progress were
// added at a clean stop).
func (w *Writer) Close() { w.once.Do(func() { close(w.closed) }) }

// NewWriter writes to l, keeping days of rows (0: DefaultDays).
func NewWriter(l *Log, days int, logger zerolog.Logger) *Writer {
	if days <= 0 {
		days = DefaultDays
	}
	return &Writer{log: l, queue: make(chan Row, QueueSize), days: days, now: time.Now, logger: logger, closed: make(chan struct{})}
}

// Add queues a flight's row (never blocks).
func (w *Writer) Add(r Row) {
	select {
	case w.queue <- r:
	default:
		w.dropped(1, "the flight log's queue is full (the disk is slow): rows dropped")
	}
}

// Ended is rules.Engine.TrackFlights' ended: the flight's row queued.
func (w *Writer) Ended(f *model.Flight) { w.Add(RowOf(f)) }

func (w *Writer) dropped(n int, why string) {
	w.C.Dropped.Add(int64(n))
	now := w.now().UnixNano()
	last := w.lastWarn.Load()
	if now-last >= int64(warnEvery) && w.lastWarn.CompareAndSwap(last, now) {
		w.logger.Warn().Int64("dropped_total", w.C.Dropped.Load()).Msg(why)
	}
}

// Run writes until ctx ends, then writes what is queued and returns: one transaction per
// FlushEvery at most, the rows older than the retention removed at start and daily.
func (w *Writer) Run(ctx context.Context) error {
	tick := time.NewTicker(FlushEvery)
	defer tick.Stop()
	w.prune(ctx)
	lastPrune := w.now()
	batch := make([]Row, 0, 512)
	for {
		select {
		case <-ctx.Done():
			w.write(context.WithoutCancel(ctx), w.drain(batch))
			return nil
		case <-w.closed:
			w.write(ctx, w.drain(batch))
			return nil
		case r := <-w.queue:
			batch = append(batch, r)
			if w.MaxBatch > 0 && len(batch) >= w.MaxBatch {
				batch = w.write(ctx, batch)
			}
		case <-tick.C:
			batch = w.write(ctx, batch)
			if w.now().Sub(lastPrune) >= retentionTick {
				w.prune(ctx)
				lastPrune = w.now()
			}
		}
	}
}

// drain appends every queued row to batch.
func (w *Writer) drain(batch []Row) []Row {
	for {
		select {
		case r := <-w.queue:
			batch = append(batch, r)
		default:
			return batch
		}
	}
}

// write inserts batch in one transaction; the batch's slice is returned emptied.
func (w *Writer) write(ctx context.Context, batch []Row) []Row {
	if len(batch) == 0 {
		return batch
	}
	start := time.Now()
	if err := w.log.Insert(ctx, batch); err != nil {
		w.dropped(len(batch), "the flight log cannot be written ("+err.Error()+"): rows dropped; alerts go on")
		return batch[:0]
	}
	w.C.Rows.Add(int64(len(batch)))
	w.C.Writes.Add(1)
	w.C.WriteNanos.Add(int64(time.Since(start)))
	return batch[:0]
}

// prune removes the rows older than the retention.
func (w *Writer) prune(ctx context.Context) {
	cut := w.now().Add(-time.Duration(w.days) * 24 * time.Hour).UnixMilli()
	if _, err := w.log.db.ExecContext(ctx, "DELETE FROM flights WHERE first_seen < ?", cut); err != nil && ctx.Err() == nil {
		w.logger.Warn().Err(err).Msg("the flight log's old rows could not be removed")
	}
}

const insertSQL = `INSERT INTO flights (icao, icao_hex, ident, squawks, registration, type_designator, manufacturer_model,
	military, emergency, operator_code, operator_name, origin, destination, registrant, watch_list, watch_group, watch_category,
	first_seen, last_seen, messages, positions, min_altitude, max_altitude, max_speed, closest_dnm, closest_at, closest_altitude,
	matched_rules, receiver_sources) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`

// insertRows is how many rows one INSERT statement carries: the driver's cost is per
// statement far more than per value (BenchmarkFlightLogWrite: 9 µs a row one at a time).
const insertRows = 64

// multiInsertSQL is insertSQL with n rows of values.
func multiInsertSQL(n int) string {
	one := "(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)"
	return insertSQL + strings.Repeat(","+one, n-1)
}

// Insert writes rows in one transaction.
func (l *Log) Insert(ctx context.Context, rows []Row) error {
	tx, err := l.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	full, err := tx.PrepareContext(ctx, multiInsertSQL(insertRows))
	if err != nil {
		_ = tx.Rollback()
		return err
	}
	defer func() { _ = full.Close() }()
	args := make([]any, 0, insertRows*29)
	for len(rows) > 0 {
		n := min(len(rows), insertRows)
		args = args[:0]
		for i := range n {
			args = append(args, rowArgs(&rows[i])...)
		}
		st := full
		if n < insertRows {
			if st, err = tx.PrepareContext(ctx, multiInsertSQL(n)); err != nil {
				_ = tx.Rollback()
				return err
			}
		}
		_, err = st.ExecContext(ctx, args...)
		if st != full {
			_ = st.Close()
		}
		if err != nil {
			_ = tx.Rollback()
			return err
		}
		rows = rows[n:]
	}
	return tx.Commit()
}

func rowArgs(r *Row) []any {
	addr, _ := model.ParseAddress(strings.TrimPrefix(r.IcaoHex, model.NonICAOPrefix))
	var opCode, opName, wl, wg, wc any
	if r.Operator != nil {
		opCode, opName = text(r.Operator.AirlineDesignator), text(r.Operator.Name)
	}
	if r.Watchlist != nil {
		wl, wg, wc = text(r.Watchlist.List), text(r.Watchlist.Group), text(r.Watchlist.Category)
	}
	var closest, closestAt any
	if r.ClosestNM != nil {
		closest = int64(*r.ClosestNM*10 + 0.5)
	}
	if r.ClosestAt != nil {
		closestAt = r.ClosestAt.UnixMilli()
	}
	return []any{int64(addr), r.IcaoHex, text(r.Ident), list(r.Squawks), text(r.Registration), text(r.TypeDesignator),
		text(r.ManufacturerModel), flag(r.Military), flag(r.Emergency()), opCode, opName, text(r.Origin), text(r.Destination),
		text(r.Registrant), wl, wg, wc, r.FirstSeen.UnixMilli(), r.LastSeen.UnixMilli(), r.Messages, r.Positions,
		intp(r.MinAltitude), intp(r.MaxAltitude), intp(r.MaxSpeed), closest, closestAt, intp(r.ClosestAltitude),
		rules(r.MatchedRules), list(r.ReceiverSources)}
}

// text is NULL for "": an absent field stays absent.
func text(s string) any {
	if s == "" {
		return nil
	}
	return s
}

func intp(p *int) any {
	if p == nil {
		return nil
	}
	return int64(*p)
}

func flag(b bool) int {
	if b {
		return 1
	}
	return 0
}

// list is a comma-separated list (squawks, receiver sources: no commas inside).
func list(s []string) any {
	if len(s) == 0 {
		return nil
	}
	return strings.Join(s, ",")
}

// rules is ",a,b,": a rule is found by LIKE '%,id,%' (identifiers have no commas).
func rules(s []string) any {
	if len(s) == 0 {
		return nil
	}
	return "," + strings.Join(s, ",") + ","
}

// AddWait queues a row, waiting while the queue is full (replay: no row is dropped, the
// replay waits for the disk instead).
func (w *Writer) AddWait(ctx context.Context, r Row) {
	select {
	case w.queue <- r:
	case <-ctx.Done():
		w.dropped(1, "the replay stopped before the flight log was written")
	}
}
