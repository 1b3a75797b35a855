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
	// CheckEvery is how often the writer checks its file (PRAGMA quick_check, on a read-only
	// connection of its own beside the writes, which go on meanwhile; and after each
	// retention): damage done to the file under a running watch is found within this and the
	// check's own time (about 1 s for 1.8 M rows on a server's core; docs/decisions.md).
	CheckEvery = 5 * time.Minute
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
	// TrackDays (FLIGHT_LOG_TRACK_DAYS): rows whose first_seen is older lose their track (the
	// rest kept), in the same passes as Days; 0 keeps every track (with Days 0, as replay).
	TrackDays int
	// Zone (NOTIFY_TIMEZONE; nil: UTC) is the clock of the daily summaries.
	Zone *time.Location
	// Home (HOME_LAT, HOME_LON; nil: none) is where the days' reach is summarised from
	// (coverage: an API with the same home reads complete days from the summaries).
	Home *model.Home
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
	cut, trackCut   time.Time
	rowsPruned      bool
	pruneDue, sumAt time.Time
	// The check of the file: when the next is due, the running one's end (nil: none runs) and
	// its finding.
	checkDue  time.Time
	stopCheck context.CancelFunc
	checked   chan checkResult
}

// checkResult is a check's finding (nil: the file is whole) on the file of generation gen
// (Log.gen: a file replaced since is not the one checked).
type checkResult struct {
	err error
	gen int
}

// NewWriter writes to l.
func NewWriter(l *Log, o WriterOptions, logger zerolog.Logger) *Writer {
	o.Zone = model.Zone(o.Zone)
	return &Writer{log: l, queue: make(chan Row, QueueSize), o: o, now: time.Now, logger: logger, closed: make(chan struct{}),
		checked: make(chan checkResult, 1)}
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
// transaction per FlushEvery at most, and between them the housekeeping and, every
// CheckEvery, a check of the file beside the writes.
func (w *Writer) Run(ctx context.Context) error {
	tick := time.NewTicker(FlushEvery)
	defer tick.Stop()
	defer w.endCheck()
	w.pruneDue = w.now()
	w.checkDue = w.now().Add(CheckEvery) // checked at open
	batch := make([]Row, 0, max(512, w.o.MaxBatch))
	for {
		select {
		case <-ctx.Done():
			w.endCheck()
			w.write(context.WithoutCancel(ctx), w.drain(batch))
			return nil
		case <-w.closed:
			w.endCheck()
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
			w.startCheck(ctx)
		case res := <-w.checked:
			w.stopCheck()
			w.stopCheck = nil
			w.found(ctx, res)
		}
	}
}

// startCheck starts a check of the file when one is due: PRAGMA quick_check on a read-only
// connection of its own (Log.checkBeside), so that the pages are read from the file (the
// writer's connection keeps those it read in its cache, and would write on past damage done
// to the file since) and the writes go on meanwhile (WAL: a reader never blocks the writer).
func (w *Writer) startCheck(ctx context.Context) {
	now := w.now()
	if w.stopCheck != nil || now.Before(w.checkDue) {
		return
	}
	w.checkDue = now.Add(CheckEvery)
	cctx, cancel := context.WithCancel(ctx)
	w.stopCheck = cancel
	gen := w.log.gen
	go func() { w.checked <- checkResult{w.log.checkBeside(cctx), gen} }()
}

// endCheck stops a running check and waits for it (its connection closed: the file can be
// moved, the writer closed).
func (w *Writer) endCheck() {
	if w.stopCheck == nil {
		return
	}
	w.stopCheck()
	<-w.checked
	w.stopCheck = nil
}

// found acts on a check's finding: damage moves the file aside and starts a new one.
func (w *Writer) found(ctx context.Context, res checkResult) {
	switch {
	case res.gen != w.log.gen: // the file checked was replaced meanwhile
	case isCorrupt(res.err):
		if err := w.recover(ctx, res.err); err != nil {
			w.logger.Error().Err(err).Msg("the flight log is damaged and could not be replaced")
		}
	case res.err != nil && ctx.Err() == nil:
		w.logger.Warn().Err(res.err).Msg("the flight log could not be checked; it is tried again")
	}
}

// recover replaces a damaged file (Log.recover), no check running on it.
func (w *Writer) recover(ctx context.Context, cause error) error {
	w.endCheck()
	return w.log.recover(ctx, cause)
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
		if err = w.recover(ctx, err); err == nil {
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

// retain is one batch of the retention: old rows removed, then old tracks dropped; done when
// neither has more.
func (w *Writer) retain(ctx context.Context) (bool, error) {
	if !w.rowsPruned {
		n, err := w.log.pruneStep(ctx, w.cut)
		w.rowsPruned = err == nil && n < pruneBatch
		return false, err
	}
	if w.trackCut.IsZero() {
		return true, nil
	}
	n, err := w.log.ageTracks(ctx, w.trackCut)
	if err == nil && n < pruneBatch { // the days' reach made again from the tracks kept
		_, err = w.log.db.ExecContext(ctx, "DELETE FROM reach_days WHERE start_ms < ?", w.trackCut.UnixMilli())
		w.trackCut = time.Time{}
	}
	return false, w.log.readErr(err)
}

// keep does the housekeeping that is due, within keepBudget: the retention (a batch of old
// rows at a time, then the freed pages returned), then the daily summaries.
func (w *Writer) keep(ctx context.Context) {
	err := w.housekeeping(ctx)
	if isCorrupt(err) {
		err = w.recover(ctx, err)
	}
	if err != nil && ctx.Err() == nil {
		w.logger.Warn().Err(err).Msg("the flight log's housekeeping failed; it is tried again")
	}
}

func (w *Writer) housekeeping(ctx context.Context) error {
	start, now := time.Now(), w.now()
	if w.o.Days > 0 && w.cut.IsZero() && !now.Before(w.pruneDue) {
		w.cut = now.Add(-time.Duration(w.o.Days) * 24 * time.Hour)
		if w.o.TrackDays > 0 {
			w.trackCut = now.Add(-time.Duration(w.o.TrackDays) * 24 * time.Hour)
		}
	}
	for !w.cut.IsZero() {
		if time.Since(start) > keepBudget {
			return nil
		}
		done, err := w.retain(ctx)
		if err != nil {
			return err
		}
		if done {
			if err := w.log.reclaim(ctx, w.cut); err != nil {
				return err
			}
			w.cut, w.rowsPruned, w.pruneDue = time.Time{}, false, now.Add(retentionEvery)
			w.checkDue = now // and the file checked after it
		}
	}
	if left := keepBudget - time.Since(start); left > 0 && now.Sub(w.sumAt) >= summariseEvery {
		done, err := w.log.Summarise(ctx, w.o.Zone, now, left)
		if err != nil {
			return err
		}
		if left := keepBudget - time.Since(start); w.o.Home != nil && left > 0 {
			n, err := w.log.SummariseReach(ctx, w.o.Zone, now, *w.o.Home, left)
			if err != nil {
				return err
			}
			done += n
		}
		if done == 0 {
			w.sumAt = now // every day summarised: again in a minute
		}
	}
	return nil
}
