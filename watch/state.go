package watch

import (
	"context"
	"time"

	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/rules"
	"github.com/tracker-adsb/tracker-core-health/stages/notify"
)

// saveTimeout bounds one save, and the last one at a clean stop.
const saveTimeout = 3 * time.Second

// stateKeeper keeps watch's state across restarts (CONTRACT.md 10.8): it reads it back at
// start, and writes what the engine stage hands it (at most every saveEvery, latest wins, and
// once more at a clean stop) on its own goroutine.
type stateKeeper struct {
	keeper  notify.Keeper
	log     zerolog.Logger
	failing bool
}

// restore reads the kept state back into the notify stage and the engine, before the first
// message; a missing or an unreadable state starts empty with one warning.
func (k *stateKeeper) restore(ctx context.Context, n *notify.Stage, e *rules.Engine) {
	lctx, cancel := context.WithTimeout(ctx, saveTimeout)
	defer cancel()
	b, err := k.keeper.Load(lctx)
	if err == nil && b == nil { // CONTRACT.md 10.8: missing or unreadable, one warning
		k.log.Warn().Str("state", k.keeper.Where()).Msg("no kept state: starting empty (a first start, or the state was removed)")
		return
	}
	var s notify.State
	if err == nil {
		s, err = notify.DecodeState(b)
	}
	if err != nil {
		k.log.Warn().Err(err).Str("state", k.keeper.Where()).Msg("the kept state is unreadable: starting empty")
		return
	}
	n.Restore(e, s)
	k.log.Info().Str("state", k.keeper.Where()).Time("saved_at", s.SavedAt).Int("flights", len(s.Flights)).
		Int("digest_events", len(s.Digest)).Msg("kept state read back")
}

// run is the saver: it writes each state handed over until saves closes (the engine stage
// has handed over the last one, at a clean stop).
func (k *stateKeeper) run(ctx context.Context, saves <-chan []byte) error {
	for b := range saves {
		k.save(ctx, b)
	}
	k.log.Info().Str("state", k.keeper.Where()).Msg("state kept for the next start")
	return nil
}

func (k *stateKeeper) save(ctx context.Context, b []byte) {
	sctx, cancel := context.WithTimeout(ctx, saveTimeout)
	defer cancel()
	if err := k.keeper.Save(sctx, b); err != nil {
		if !k.failing {
			k.log.Warn().Err(err).Str("state", k.keeper.Where()).Msg("state not kept; a restart now would tell again what was told since the last save")
		}
		k.failing = true
		return
	}
	if k.failing {
		k.log.Info().Str("state", k.keeper.Where()).Msg("state kept again")
	}
	k.failing = false
	k.log.Debug().Int("bytes", len(b)).Msg("state kept")
}
