package keeper

import (
	"context"
	"time"

	"github.com/redis/rueidis"

	"github.com/tracker-adsb/tracker-core-health/pipeline"
	"github.com/tracker-adsb/tracker-core-health/watchlist"
)

// WatchlistsEvery is how often the API looks at config:watchlists:version for the traffic.
const WatchlistsEvery = 5 * time.Second

// FollowWatchlists keeps the traffic's aircraft looked up in the stored watchlists: read at
// start and again whenever the version key changes (an import by the API or by tracker-rules
// watchlist import), until g's context ends. A body that cannot be read keeps the lists
// already in use.
func (t *Traffic) FollowWatchlists(g *pipeline.Group, c rueidis.Client) {
	version := ""
	outcome := pipeline.NewOutcome("", t.log, nil, nil).Says("watchlists not read; the traffic keeps the lists it has", "watchlists read again")
	check := func(ctx context.Context) {
		v, err := c.Do(ctx, c.B().Get().Key(watchlist.VersionKey).Build()).ToString()
		if err != nil && !rueidis.IsRedisNil(err) {
			outcome.Record(err)
			return
		}
		if v == version {
			outcome.Record(nil)
			return
		}
		body, err := c.Do(ctx, c.B().Get().Key(watchlist.Key).Build()).AsBytes()
		if err != nil && !rueidis.IsRedisNil(err) {
			outcome.Record(err)
			return
		}
		lists, err := watchlist.Decode(body)
		if err != nil {
			outcome.Record(err)
			version = v // the same broken body is not read again and again
			return
		}
		outcome.Record(nil)
		version = v
		t.Watch(watchlist.Compile(lists))
		t.log.Info().Int("lists", len(lists)).Msg("traffic follows the watchlists")
	}
	g.Go("watchlists", func(ctx context.Context) error {
		check(ctx)
		pipeline.Every(ctx, WatchlistsEvery, check)
		return nil
	})
}
