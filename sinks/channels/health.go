package channels

import (
	"context"
	"time"

	"github.com/tracker-adsb/tracker-core-health/catalog"
	"github.com/tracker-adsb/tracker-core-health/model"
)

// healthEvery is the most often the channels' health is published.
const healthEvery = time.Second

// States is every channel's health now as readings of its entities (ents, in the order of
// Channels): ok only once a delivery was tried.
func (s *Set) States(ents []catalog.ChannelEntities) model.Batch {
	var b model.Batch
	for i, c := range s.Channels() {
		h, e := c.Health(), ents[i]
		if h.Tried {
			b = append(b, model.BoolState(e.OK, h.OK))
		}
		b = append(b, model.IntState(e.Sent, h.Sent), model.IntState(e.Failed, h.Failed), model.IntState(e.Dropped, h.Dropped))
	}
	return b
}

// Report publishes the channels' health (CONTRACT.md 10.4 "Health") at start and, after a
// change, at most once a second, until ctx ends; once more at the end, so the drops of a
// stop are counted where they show.
func (s *Set) Report(ctx context.Context, ents []catalog.ChannelEntities, publish func(model.Batch)) {
	if s == nil || len(s.channels) == 0 {
		return
	}
	publish(s.States(ents))
	for {
		select {
		case <-ctx.Done():
			return
		case <-s.Changed():
		}
		publish(s.States(ents))
		select { // coalesce a burst of changes
		case <-ctx.Done():
			return
		case <-time.After(healthEvery):
		}
	}
}

// Entities are the health entities of the set's channels, in the order of Channels, made by
// build (catalog.NewChannelEntities for watch, catalog.MonitorChannelEntities for the monitor).
func (s *Set) Entities(build func(name string) catalog.ChannelEntities) []catalog.ChannelEntities {
	out := make([]catalog.ChannelEntities, 0, len(s.Channels()))
	for _, c := range s.Channels() {
		out = append(out, build(c.Name))
	}
	return out
}
