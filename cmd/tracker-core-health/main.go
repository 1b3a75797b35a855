// Command tracker-core-health is the always-on health monitor (cmd/internal/cli/monitor):
//
//	tracker-core-health                      run the monitor
//	tracker-core-health healthcheck          exit 0 when the heartbeat is fresh, else 1
//	tracker-core-health print-queue-pattern  print the queue ownership pattern
//	tracker-core-health --version            print the build version
package main

import (
	"os"

	"github.com/tracker-adsb/tracker-core-health/cmd/internal/cli/monitor"
)

func main() { os.Exit(monitor.Main()) }
