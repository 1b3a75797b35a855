package watch

import (
	"context"
	"sync"
	"time"

	"github.com/redis/rueidis"
	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/delivery"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/pipeline"
	"github.com/tracker-adsb/tracker-core-health/stages/notify"
)

// muter keeps watch's mutes (CONTRACT.md 10.5): the commands from MQTT, and the data store's
// hash when there is a store (also with --rules FILE), so the API's mutes and a restart find
// them.
type muter struct {
	set   *delivery.MuteSet
	store rueidis.Client // nil: mutes live in memory only
	known func(rule string) bool
	now   func() time.Time
	log   zerolog.Logger
	// pending are mutes applied here and not yet stored (the store was away): written, in
	// order, before the store's hash is read again, so none is lost to that read.
	mu      sync.Mutex
	pending []delivery.Mute
}

// storeTimeout bounds one read or write of the mutes (a store that hangs never holds a mute
// command, or the reads, for longer).
const storeTimeout = 3 * time.Second

// mutesEvery is how often the store's mutes are read (a mute set through the API, without MQTT,
// holds within this).
const mutesEvery = 5 * time.Second

// command applies a mute command from MQTT; bad JSON or values, or a rule that is not loaded
// (other than "*"; identifiers are case-sensitive): one warning naming the field or the rule,
// nothing changes. With a store it is written there too; when the store is away it is kept and
// written when it answers again.
func (m *muter) command(ctx context.Context, payload []byte) {
	c, probs := delivery.ParseCommand(payload)
	if probs != nil {
		msgs := make([]string, 0, len(probs))
		for _, p := range probs {
			msgs = append(msgs, delivery.ProblemText(p))
		}
		m.log.Warn().Strs("problems", msgs).Msg("mute command ignored")
		return
	}
	if c.Rule != delivery.AllRules && !m.known(c.Rule) {
		m.log.Warn().Str("rule", c.Rule).Msg("mute command ignored: no loaded rule has this identifier (identifiers are case-sensitive)")
		return
	}
	mute := m.set.Apply(c, m.now())
	ev := m.log.Info().Str("rule", mute.Rule).Str("icao_hex", mute.IcaoHex)
	if mute.Until.IsZero() {
		ev.Msg("mute lifted")
	} else {
		ev.Time("until", mute.Until).Msg("muted")
	}
	if m.store != nil {
		m.mu.Lock()
		m.pending = append(m.pending, mute)
		m.mu.Unlock()
		m.flush(ctx)
	}
}

// flush writes the pending mutes to the store, in order; it reports whether none is left.
func (m *muter) flush(ctx context.Context) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	for len(m.pending) > 0 {
		wctx, cancel := context.WithTimeout(ctx, storeTimeout)
		err := notify.WriteMute(wctx, m.store, m.pending[0])
		cancel()
		if err != nil {
			m.log.Warn().Err(err).Int("waiting", len(m.pending)).Msg("the mute holds here but is not stored yet; it is written when the store answers")
			return false
		}
		m.pending = m.pending[1:]
	}
	m.pending = nil
	return true
}

// read makes the mutes the store's hash (nothing without a store), once the mutes set here
// are written; a failed read, or mutes still waiting to be written, keep the current ones.
func (m *muter) read(ctx context.Context) {
	if m.store == nil || !m.flush(ctx) {
		return
	}
	rctx, cancel := context.WithTimeout(ctx, storeTimeout)
	defer cancel()
	mutes, err := notify.ReadMutes(rctx, m.store, m.now())
	if err != nil {
		m.log.Warn().Err(err).Msg("mutes not read; the previous ones hold")
		return
	}
	m.set.Replace(mutes)
	m.log.Debug().Msg("mutes read from the store") // each read, for who reads debug logs (and the tests)
}

// start runs, as sources of w, the reads of the store's mutes (every mutesEvery) and the
// commands from MQTT (and the test's).
func (m *muter) start(w *watcher) {
	if m.store != nil {
		w.source("mutes", func(ctx context.Context) error { pipeline.Every(ctx, mutesEvery, m.read); return nil })
	}
	if w.sink != nil {
		w.source("mute-commands", func(ctx context.Context) error { m.commands(ctx, w.sink.Received()); return nil })
	}
	if w.h.commands != nil {
		w.source("mute-commands", func(ctx context.Context) error { m.commands(ctx, w.h.commands); return nil })
	}
}

// commands applies the mute commands that arrive on in, until it closes or ctx ends.
func (m *muter) commands(ctx context.Context, in <-chan model.Message) {
	for {
		select {
		case <-ctx.Done():
			return
		case msg, ok := <-in:
			if !ok {
				return
			}
			if msg.Topic == model.MuteTopic {
				m.command(ctx, msg.Payload)
			}
		}
	}
}
