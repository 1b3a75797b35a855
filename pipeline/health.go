package pipeline

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"github.com/rs/zerolog"
)

// Health records the outcome of the latest poll of each loop the wiring marks essential (the
// monitor's: broker and store). The heartbeat reads it; each essential loop writes its own
// flag (one atomic flag a loop). Beside it, the stages share only the device directory
// (DeviceDirectory), replaced whole.
type Health struct {
	mu    sync.Mutex
	flags []*atomic.Bool
}

// Essential marks a loop as one that keeps the heartbeat and returns how the loop reports the
// outcome of each poll.
func (h *Health) Essential() func(ok bool) {
	f := &atomic.Bool{}
	h.mu.Lock()
	h.flags = append(h.flags, f)
	h.mu.Unlock()
	return f.Store
}

// Healthy is true while the latest poll of any essential loop succeeded.
func (h *Health) Healthy() bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, f := range h.flags {
		if f.Load() {
			return true
		}
	}
	return false
}

// Heartbeat touches path every interval while h is healthy, so that the container health
// check can tell a live monitor from a stuck one.
func Heartbeat(ctx context.Context, log zerolog.Logger, h *Health, path string, interval time.Duration) error {
	t := time.NewTicker(interval)
	defer t.Stop()
	return HeartbeatTicks(ctx, log, h, path, t.C)
}

// HeartbeatTicks is Heartbeat on the given ticks (a clock of the caller's: the tests'): the
// file is touched at once and after each tick, while h is healthy.
func HeartbeatTicks(ctx context.Context, log zerolog.Logger, h *Health, path string, ticks <-chan time.Time) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		log.Warn().Err(err).Str("path", path).Msg("cannot create heartbeat directory")
	}
	touched := NewOutcome("", log.With().Str("path", path).Logger(), nil, nil).Says("cannot touch heartbeat file", "heartbeat file touched again")
	for {
		if h.Healthy() {
			touched.Record(Touch(path))
		}
		select {
		case <-ctx.Done():
			return nil
		case <-ticks:
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
