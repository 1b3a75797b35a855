package rulescli

import (
	"context"
	"time"

	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/rules"
	"github.com/tracker-adsb/tracker-core-health/stages/notify"
)

// saveEvery is the most often watch's state is kept (CONTRACT.md 10.8): a crash loses at
// most this much.
const saveEvery = 10 * time.Second

// saveTimeout bounds one save, and the last one at a clean stop.
const saveTimeout = 3 * time.Second

// stateKeeper keeps watch's state across restarts (CONTRACT.md 10.8): it reads it back at
// start, takes it from the engine stage at most every saveEvery (latest wins) and writes it
// on its own goroutine, and once more at a clean stop.
type stateKeeper struct {
	keeper   notify.Keeper
	log      zerolog.Logger
	lastKept time.Time
	saves    chan []byte
	failing  bool
}

func newStateKeeper(k notify.Keeper, log zerolog.Logger) *stateKeeper {
	return &stateKeeper{keeper: k, log: log, saves: make(chan []byte, 1)}
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

// keep hands the state to the saver when saveEvery has passed since the last (the engine
// stage calls it after each cycle: it owns the engine and the notify stage).
func (k *stateKeeper) keep(n *notify.Stage, e *rules.Engine, now time.Time) {
	if now.Sub(k.lastKept) < saveEvery {
		return
	}
	k.lastKept = now
	b := n.State(e, now).Encode()
	select {
	case <-k.saves: // an older one not yet written: the newer wins
	default:
	}
	k.saves <- b
}

// run writes the states keep hands over until ctx ends.
func (k *stateKeeper) run(ctx context.Context) error {
	for {
		select {
		case <-ctx.Done():
			return nil
		case b := <-k.saves:
			k.save(ctx, b)
		}
	}
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

// saveLast keeps the state at a clean stop, once the engine stage has ended.
func (k *stateKeeper) saveLast(ctx context.Context, n *notify.Stage, e *rules.Engine) {
	k.save(context.WithoutCancel(ctx), n.State(e, time.Now()).Encode())
	k.log.Info().Str("state", k.keeper.Where()).Msg("state kept for the next start")
}
