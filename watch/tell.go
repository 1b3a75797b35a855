package watch

import (
	"context"
	"fmt"

	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/sinks/channels"
	"github.com/tracker-adsb/tracker-core-health/stages/notify"
)

// tell is the sink of the notify stage, until its output closes: each notification on
// Tracker/rule/{identifier} (or printed on Out), the digest retained through digests (or
// printed), what is sent to the channels.
func (w *watcher) tell(ctx context.Context, notes <-chan notify.Out, digests outlet) error {
	for o := range notes {
		switch {
		case o.Digest && w.sink != nil:
			digests.send(ctx, model.Batch{model.NewStickyMessage(model.DigestTopic, string(o.Payload))})
		case o.Digest:
			_, _ = fmt.Fprintf(w.s.Out, "{\"digest\":%s}\n", o.Payload)
		case w.sink != nil:
			w.notifier.Publish(ctx, o.Rule, o.Payload)
		default:
			_, _ = w.s.Out.Write(append(o.Payload, '\n'))
		}
		if o.Message != nil && w.channels != nil {
			w.channels.Send(channels.Message{Title: o.Message.Title, Text: o.Message.Text}, o.Message.Channels)
		}
	}
	return nil
}
