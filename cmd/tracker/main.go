// Command tracker is the three commands in one binary, chosen by the name it is run as:
// tracker-core-health, tracker-rules or tracker-config-api (links to it), and tracker-addon,
// the Home Assistant add-on's entry that runs the others (cmd/internal/cli/addon). The container
// image carries this one binary and the names: the libraries the commands share are in it
// once, which halves the image.
//
//	tracker tracker-rules replay …   the same as tracker-rules replay …
package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/tracker-adsb/tracker-core-health/cmd/internal/cli/addon"
	"github.com/tracker-adsb/tracker-core-health/cmd/internal/cli/configapi"
	"github.com/tracker-adsb/tracker-core-health/cmd/internal/cli/monitor"
	"github.com/tracker-adsb/tracker-core-health/cmd/internal/cli/rulescli"
)

var commands = map[string]func() int{
	"tracker-core-health": monitor.Main,
	"tracker-rules":       rulescli.Main,
	"tracker-config-api":  configapi.Main,
	"tracker-addon":       addon.Main,
}

func main() {
	name := filepath.Base(os.Args[0])
	if _, ok := commands[name]; !ok && len(os.Args) > 1 {
		name = os.Args[1] // tracker tracker-rules …
		os.Args = os.Args[1:]
	}
	run, ok := commands[name]
	if !ok {
		fmt.Fprintln(os.Stderr, "usage: tracker-core-health | tracker-rules | tracker-config-api | tracker-addon (run as that name, or tracker NAME …)")
		os.Exit(2)
	}
	os.Exit(run())
}
