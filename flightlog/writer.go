package flightlog

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// The writer's bounds (CONTRACT.md 13.2).
const (
	QueueSize      = 10000       // flights waiting to be written
	FlushEvery     = time.Second // at most one transaction a second
	warnEvery      = time.Minute // a warning about drops, at most
	retentionEvery = 24 * time.Hour
	summariseEvery = time.Minute
	// keepBudget bounds the housekeeping done between two batches (retention, summaries).
	keepBudget = 200 * time.Millisecond
)

// Counters are the writer's numbers, for the metrics (flight_log_rows_total,
// flight_log_dropped_total, the write latency).
type Counters struct {
	Rows, Dropped, Writes atomic.Int64
	WriteNanos            atomic.Int64 // summed over Writes
}

// WriterOptions say what a writer keeps.
type WriterOptions struct {
	// Days (FLIGHT_LOG_DAYS): rows whose first_seen is older are removed, at start and daily,
	// in batches; 0 removes none (replay --flight-log appends: retention is watch's).
	Days int
	// Zone (NOTIFY_TIMEZONE; nil: UTC) is the clock of the daily summaries.
	Zone *time.Location
	// MaxBatch, when set, writes a batch as soon as it holds this many rows, besides every
	// second (replay, which has no alert to keep waiting and wants its rows out fast).
	MaxBatch int
}

// Writer writes rows in batches from a bounded queue: Add never blocks (a full queue drops and
// counts), a failing write (a full or read-only disk) drops its batch and counts, warning at
// most once a minute; a damaged file is moved aside and a new one started (Log.recover) and the
// batch written there; alerts never wait for the log.
type Writer struct {
	log      *Log
	queue    chan Row
	o        WriterOptions
	now      func() time.Time
	logger   zerolog.Logger
	lastWarn atomic.Int64
	closed   chan struct{}
	once     sync.Once
	C        Counters
	// The housekeeping's state: the retention's cut while it runs, when it is next due, and
	// when the summaries were last brought up to date.
	cut             time.Time
	pruneDue, sumAt time.Time
}

// NewWriter writes to l.
func NewWriter(l *Log, o WriterOptions, logger zerolog.Logger) *Writer {
	o.Zone = model.Zone(o.Zone)
	return &Writer{log: l, queue: make(chan Row, QueueSize), o: o, now: time.Now, logger: logger, closed: make(chan struct{})}
}

// Close makes Run write what is queued and return (watch, after the flights in progress were
// added at a clean stop).
func (w *Writer) Close() { w.once.Do(func() { close(w.closed) }) }

// Add queues a flight's row (never blocks).
func (w *Writer) Add(r Row) {
	select {
	case w.queue <- r:
	default:
		w.dropped(1, "the flight log's queue is full (the disk is slow): rows dropped")
	}
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

func (w *Writer) dropped(n int, why string) {
	w.C.Dropped.Add(int64(n))
	now := w.now().UnixNano()
	last := w.lastWarn.Load()
	if now-last >= int64(warnEvery) && w.lastWarn.CompareAndSwap(last, now) {
		w.logger.Warn().Int64("dropped_total", w.C.Dropped.Load()).Msg(why)
	}
}

// Run writes until ctx ends or Close, then writes what is queued and returns: one
// transaction per FlushEvery at most, and between them the housekeeping.
func (w *Writer) Run(ctx context.Context) error {
	tick := time.NewTicker(FlushEvery)
	defer tick.Stop()
	w.pruneDue = w.now()
	batch := make([]Row, 0, max(512, w.o.MaxBatch))
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
			if w.o.MaxBatch > 0 && len(batch) >= w.o.MaxBatch {
				batch = w.write(ctx, batch)
			}
		case <-tick.C:
			batch = w.write(ctx, batch)
			w.keep(ctx)
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

// write inserts batch in one transaction (in a new file when the file is found damaged); the
// batch's slice is returned emptied.
func (w *Writer) write(ctx context.Context, batch []Row) []Row {
	if len(batch) == 0 {
		return batch
	}
	start := time.Now()
	err := w.log.Insert(ctx, batch)
	if isCorrupt(err) {
		if err = w.log.recover(ctx, err); err == nil {
			err = w.log.Insert(ctx, batch)
		}
	}
	if err != nil {
		w.dropped(len(batch), "the flight log cannot be written ("+err.Error()+"): rows dropped; alerts go on")
		return batch[:0]
	}
	w.C.Rows.Add(int64(len(batch)))
	w.C.Writes.Add(1)
	w.C.WriteNanos.Add(int64(time.Since(start)))
	return batch[:0]
}

// keep does the housekeeping that is due, within keepBudget: the retention (a batch of old
// rows at a time, then the freed pages returned), then the daily summaries.
func (w *Writer) keep(ctx context.Context) {
	err := w.housekeeping(ctx)
	if isCorrupt(err) {
		err = w.log.recover(ctx, err)
	}
	if err != nil && ctx.Err() == nil {
		w.logger.Warn().Err(err).Msg("the flight log's housekeeping failed; it is tried again")
	}
}

func (w *Writer) housekeeping(ctx context.Context) error {
	start, now := time.Now(), w.now()
	if w.o.Days > 0 && w.cut.IsZero() && !now.Before(w.pruneDue) {
		w.cut = now.Add(-time.Duration(w.o.Days) * 24 * time.Hour)
	}
	for !w.cut.IsZero() {
		if time.Since(start) > keepBudget {
			return nil
		}
		n, err := w.log.pruneStep(ctx, w.cut)
		if err != nil {
			return err
		}
		if n < pruneBatch {
			if err := w.log.reclaim(ctx, w.cut); err != nil {
				return err
			}
			w.cut, w.pruneDue = time.Time{}, now.Add(retentionEvery)
		}
	}
	if left := keepBudget - time.Since(start); left > 0 && now.Sub(w.sumAt) >= summariseEvery {
		done, err := w.log.Summarise(ctx, w.o.Zone, now, left)
		if err != nil {
			return err
		}
		if done == 0 {
			w.sumAt = now // every day summarised: again in a minute
		}
	}
	return nil
}
