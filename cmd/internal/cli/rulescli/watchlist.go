package rulescli

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/tracker-adsb/tracker-core-health/internal/fetch"
	"github.com/tracker-adsb/tracker-core-health/rules"
	"github.com/tracker-adsb/tracker-core-health/stages/engine"
	"github.com/tracker-adsb/tracker-core-health/watchlist"
)

// watchlistFlags is --watchlist ID=FILE_OR_URL, repeatable.
type watchlistFlags []string

func (w *watchlistFlags) String() string { return strings.Join(*w, " ") }

func (w *watchlistFlags) Set(v string) error {
	id, src, ok := strings.Cut(v, "=")
	if !ok || src == "" {
		return errors.New("expected ID=FILE_OR_URL")
	}
	if !watchlist.IDPattern.MatchString(id) {
		return fmt.Errorf("'%s' is no watchlist id (1 to 32 of a-z, 0-9, '_' and '-')", id)
	}
	*w = append(*w, v)
	return nil
}

const watchlistUsage = "usage: tracker-rules watchlist import --id ID [--name NAME] [--source SOURCE] [--licence LICENCE] FILE_OR_URL"

// watchlistCommand is tracker-rules watchlist import: a list from a file or a URL written to
// the data store as PUT /api/watchlists/{id} does, in one guarded write. Anything that fails
// (the download, the file, no address column) leaves the stored list as it was.
func watchlistCommand(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && isHelp(args[0]) {
		fmt.Fprintln(stdout, watchlistUsage)
		return 0
	}
	if len(args) == 0 || args[0] != "import" {
		fmt.Fprintln(stderr, watchlistUsage)
		return 2
	}
	fs := flag.NewFlagSet("watchlist import", flag.ContinueOnError)
	fs.SetOutput(stderr)
	id := fs.String("id", "", "the list's id")
	var meta watchlist.JSONImport
	fs.StringVar(&meta.Name, "name", "", "the list's name (default: kept, else the id)")
	fs.StringVar(&meta.Source, "source", "", "where the list comes from (shown with its entries)")
	fs.StringVar(&meta.Licence, "licence", "", "the list's licence (shown with its entries)")
	if code, done := parseFlags(fs, args[1:], watchlistUsage, stdout); done {
		return code
	}
	if fs.NArg() != 1 || *id == "" {
		fmt.Fprintln(stderr, watchlistUsage)
		return 2
	}
	if !watchlist.IDPattern.MatchString(*id) {
		fmt.Fprintf(stderr, "'%s' is no watchlist id: 1 to 32 of a-z, 0-9, '_' and '-', starting with a letter or digit\n", *id)
		return 2
	}
	src := fs.Arg(0)
	l, counts, err := engine.ReadWatchlist(ctx, src, meta)
	if err != nil {
		fmt.Fprintf(stderr, "watchlist %s not imported (the stored list is unchanged): %v\n", *id, err)
		return 1
	}
	c, err := storeClient("watchlist import")
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	defer c.Close()
	if err := rules.PutWatchlist(ctx, c, *id, l); err != nil {
		fmt.Fprintf(stderr, "watchlist %s not imported (the stored list is unchanged): %v\n", *id, err)
		return 1
	}
	answer, _ := json.Marshal(struct {
		ID string `json:"id"`
		watchlist.Counts
	}{*id, counts})
	fmt.Fprintf(stdout, "%s\n", answer)
	fmt.Fprintf(stderr, "watchlist %s (%s): %d aircraft imported from %s, %d repaired, %d skipped, %d duplicates\n",
		*id, l.Name, counts.Count, fetch.Redacted(src), counts.Repaired, counts.Skipped, counts.Duplicates)
	return 0
}
