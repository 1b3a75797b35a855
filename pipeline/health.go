package pipeline

import (
	"context"
	"os"
	"path/filepath"
	"sync/atomic"
	"time"

	"github.com/rs/zerolog"
)

// Health records the outcome of the latest poll of each backend loop. The heartbeat reads it;
// the broker and store stages write it. It is the one piece of state shared across stages,
// and it is two atomic flags.
type Health struct {
	broker atomic.Bool
	store  atomic.Bool
}

// SetBroker records the latest broker poll outcome.
func (h *Health) SetBroker(ok bool) { h.broker.Store(ok) }

// SetStore records the latest store poll outcome.
func (h *Health) SetStore(ok bool) { h.store.Store(ok) }

// Healthy is true while the latest broker or store poll succeeded.
func (h *Health) Healthy() bool { return h.broker.Load() || h.store.Load() }

// Heartbeat touches path every interval while h is healthy, so that the container health
// check can tell a live monitor from a stuck one.
func Heartbeat(ctx context.Context, log zerolog.Logger, h *Health, path string, interval time.Duration) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		log.Warn().Err(err).Str("path", path).Msg("cannot create heartbeat directory")
	}
	t := time.NewTicker(interval)
	defer t.Stop()
	failing := false
	for {
		if h.Healthy() {
			if err := Touch(path); err != nil {
				if !failing {
					log.Warn().Err(err).Str("path", path).Msg("cannot touch heartbeat file")
				}
				failing = true
			} else {
				failing = false
			}
		}
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
	}
}

// Touch creates path or updates its modification time.
func Touch(path string) error {
	now := time.Now()
	if err := os.Chtimes(path, now, now); err == nil {
		return nil
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	return f.Close()
}

// HeartbeatFresh reports whether the heartbeat at path was touched less than maxAge ago.
func HeartbeatFresh(path string, maxAge time.Duration, now time.Time) bool {
	st, err := os.Stat(path)
	if err != nil {
		return false
	}
	return now.Sub(st.ModTime()) < maxAge
}
