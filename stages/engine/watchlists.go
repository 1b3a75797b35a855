package engine

import (
	"context"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/tracker-adsb/tracker-core-health/internal/fetch"
	"github.com/tracker-adsb/tracker-core-health/watchlist"
)

// watchlistFiles are the local files among --watchlist's ID=FILE_OR_URL (a changed one reloads
// a running watch).
func watchlistFiles(specs []string) []string {
	var out []string
	for _, v := range specs {
		if _, src, _ := strings.Cut(v, "="); !fetch.IsURL(src) {
			out = append(out, src)
		}
	}
	return out
}

// readWatchlists imports every --watchlist into one stored body (config:watchlists' format).
func readWatchlists(ctx context.Context, specs []string) ([]byte, error) {
	if len(specs) == 0 {
		return nil, nil
	}
	lists := watchlist.Lists{}
	for _, v := range specs {
		id, src, _ := strings.Cut(v, "=")
		l, _, err := ReadWatchlist(ctx, src, watchlist.JSONImport{})
		if err != nil {
			return nil, fmt.Errorf("--watchlist %s: %w", id, err)
		}
		if err := lists.Put(id, l); err != nil {
			return nil, fmt.Errorf("--watchlist %s: %w", id, err)
		}
	}
	return lists.Encode(), nil
}

// downloadTimeout bounds one download of a list.
const downloadTimeout = 2 * time.Minute

// ReadWatchlist reads a list from a file or an http(s) URL (CSV, or JSON when it starts with
// '{'), at most watchlist.MaxBody: --watchlist's, and tracker-rules watchlist import's.
func ReadWatchlist(ctx context.Context, src string, meta watchlist.JSONImport) (*watchlist.List, watchlist.Counts, error) {
	var body []byte
	var err error
	if fetch.IsURL(src) {
		// The command line fetches what its user asks: local addresses too.
		body, err = fetch.Get(ctx, fetch.NewClient(downloadTimeout, true), src, watchlist.MaxBody, "a watchlist")
	} else {
		body, err = readFile(src)
	}
	if err != nil {
		return nil, watchlist.Counts{}, err
	}
	return watchlist.Import(body, !watchlist.LooksLikeJSON(body), meta, time.Now())
}

func readFile(path string) ([]byte, error) {
	f, err := os.Open(path) //nolint:gosec // the user's file
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return fetch.ReadLimited(f, watchlist.MaxBody, "a watchlist")
}
