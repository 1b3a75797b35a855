package rulescli

import (
	"context"
	"time"

	"github.com/tracker-adsb/tracker-core-health/rules"
	"github.com/tracker-adsb/tracker-core-health/stages/notify"
)

// saveEvery is the most often watch's state is kept (CONTRACT.md 10.8): a crash loses at
// most this much.
const saveEvery = 10 * time.Second

// saveTimeout bounds one save, and the last one at a clean stop.
const saveTimeout = 3 * time.Second

// restore reads the kept state back into the engine, the decider and the digest, before the
// first message; a missing state starts empty, an unreadable one starts empty with one warning.
func (t *teller) restore(ctx context.Context, e *rules.Engine) {
	if t.keeper == nil {
		return
	}
	lctx, cancel := context.WithTimeout(ctx, saveTimeout)
	defer cancel()
	b, err := t.keeper.Load(lctx)
	if err == nil && b == nil {
		t.log.Info().Str("state", t.keeper.Where()).Msg("no kept state: starting empty")
		return
	}
	var s notify.State
	if err == nil {
		s, err = notify.DecodeState(b)
	}
	if err != nil {
		t.log.Warn().Err(err).Str("state", t.keeper.Where()).Msg("the kept state is unreadable: starting empty")
		return
	}
	e.Restore(s.Flights)
	t.decider.Restore(s.Delivery)
	t.digest.Restore(s.Digest)
	if !s.NextDigest.IsZero() && s.NextDigest.Before(t.next) { // a digest fell due while watch was away
		t.next = s.NextDigest
	}
	t.log.Info().Str("state", t.keeper.Where()).Time("saved_at", s.SavedAt).Int("flights", len(s.Flights)).
		Int("digest_events", len(s.Digest)).Msg("kept state read back")
}

// snapshot is the state now (the watch cycle's goroutine: it owns the engine, the decider and
// the digest).
func (t *teller) snapshot(e *rules.Engine, now time.Time) []byte {
	return notify.State{SavedAt: now.UTC(), Flights: e.Memory(), Delivery: t.decider.Memory(now), Digest: t.digest.Events(now),
		NextDigest: t.next}.Encode()
}

// keep hands the state to the saver when saveEvery has passed since the last (the watch cycle
// calls it after each poll; a save in progress is replaced by the newer state).
func (t *teller) keep(e *rules.Engine, now time.Time) {
	if t.keeper == nil || now.Sub(t.lastKept) < saveEvery {
		return
	}
	t.lastKept = now
	b := t.snapshot(e, now)
	select {
	case <-t.saves: // an older one not yet written: the newer wins
	default:
	}
	t.saves <- b
}

// runSaver writes the states keep hands over until ctx ends.
func (t *teller) runSaver(ctx context.Context) {
	if t.keeper == nil {
		return
	}
	for {
		select {
		case <-ctx.Done():
			return
		case b := <-t.saves:
			t.save(ctx, b)
		}
	}
}

func (t *teller) save(ctx context.Context, b []byte) {
	sctx, cancel := context.WithTimeout(ctx, saveTimeout)
	defer cancel()
	if err := t.keeper.Save(sctx, b); err != nil {
		if !t.saveFailing {
			t.log.Warn().Err(err).Str("state", t.keeper.Where()).Msg("state not kept; a restart now would tell again what was told since the last save")
		}
		t.saveFailing = true
		return
	}
	if t.saveFailing {
		t.log.Info().Str("state", t.keeper.Where()).Msg("state kept again")
	}
	t.saveFailing = false
	t.log.Debug().Int("bytes", len(b)).Msg("state kept")
}

// saveLast keeps the state at a clean stop, after the cycle has ended.
func (t *teller) saveLast(ctx context.Context, e *rules.Engine) {
	if t.keeper == nil {
		return
	}
	t.save(context.WithoutCancel(ctx), t.snapshot(e, time.Now()))
	t.log.Info().Str("state", t.keeper.Where()).Msg("state kept for the next start")
}
