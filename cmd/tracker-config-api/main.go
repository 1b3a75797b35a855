// Command tracker-config-api serves the management HTTP API and the browser UI for areas,
// rules and watchlists over the data store (cmd/internal/cli/configapi; CONFIG_API_ADDR, default
// :8080).
package main

import (
	"os"

	"github.com/tracker-adsb/tracker-core-health/cmd/internal/cli/configapi"
)

func main() { os.Exit(configapi.Main()) }
