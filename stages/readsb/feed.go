package readsb

import (
	"bytes"
	"context"
	"net/http"
	"time"

	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/internal/fetch"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/pipeline"
)

// MaxDocument is the largest aircraft.json read from a feed: a busy global feed is a few MB,
// a home receiver's a few hundred KB. A larger answer is refused whole (an error naming the
// limit), and the feed is polled again next time.
const MaxDocument = 64 << 20

// Feed polls a readsb/tar1090 aircraft.json, an http(s) URL or a file path, and turns each
// snapshot into traffic messages: only the aircraft updated since the previous poll (a
// snapshot repeats the aircraft not heard from since). A failure is logged once, when the feed
// goes down, and once when it is back. tracker-rules watch and tracker-config-api share it.
type Feed struct {
	src     string
	client  *http.Client
	log     zerolog.Logger
	outcome *pipeline.Outcome
	err     error
	seen    map[string]time.Time // hex → received time of its latest message
}

// NewFeed polls src with the given timeout for one fetch.
func NewFeed(src string, timeout time.Duration, log zerolog.Logger) *Feed {
	log = log.With().Str("feed", fetch.Redacted(src)).Logger() // a password in the URL never logged
	return &Feed{src: src, client: &http.Client{Timeout: timeout}, log: log, seen: map[string]time.Time{},
		outcome: pipeline.NewOutcome("", log, nil, nil).Says("readsb feed unusable; retrying every interval", "readsb feed back")}
}

// Source is what the feed reads.
func (f *Feed) Source() string { return f.src }

// Err is the latest poll's error (nil: the feed answered).
func (f *Feed) Err() error { return f.err }

func (f *Feed) fetch(ctx context.Context) (*Snapshot, error) {
	body, err := fetch.Document(ctx, f.client, f.src, MaxDocument, "the document")
	if err != nil {
		return nil, err
	}
	return Parse(bytes.NewReader(body))
}

// Poll fetches once and returns the snapshot (nil when the feed failed) and its messages: the
// aircraft updated since the previous poll.
func (f *Feed) Poll(ctx context.Context) (*Snapshot, []model.AircraftMessage) {
	snap, err := f.fetch(ctx)
	f.outcome.Record(err)
	f.err = err
	if snap == nil {
		return nil, nil
	}
	msgs := snap.Messages(func(hex string, at time.Time) bool {
		if prev, ok := f.seen[hex]; ok && !at.After(prev) {
			return false // not updated since the previous poll
		}
		f.seen[hex] = at
		return true
	})
	return snap, msgs
}

// Forget drops the aircraft last heard from before cutoff (memory stays bounded: a busy feed
// sees thousands of aircraft a day).
func (f *Feed) Forget(cutoff time.Time) {
	for hex, at := range f.seen {
		if at.Before(cutoff) {
			delete(f.seen, hex)
		}
	}
}
