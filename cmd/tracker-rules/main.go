// Command tracker-rules validates rule and area files, replays recorded traffic through the
// rule engine, watches a live readsb feed, and keeps the aircraft database and the watchlists
// (cmd/internal/cli/rulescli; tracker-rules with no argument prints its usage).
package main

import (
	"os"

	"github.com/tracker-adsb/tracker-core-health/cmd/internal/cli/rulescli"
)

func main() { os.Exit(rulescli.Main()) }
