// Command demofeed is make demo's receiver: it writes a real readsb stats.json (the capture
// in stages/receiverstats/testdata) to a file every 10 s with its "now" set to the present, as
// a running readsb rewrites its own, so that the monitor's receiver entities show live values.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"
)

func main() {
	from := flag.String("stats", "stages/receiverstats/testdata/stats.json", "the stats.json to serve")
	to := flag.String("o", "", "the file to keep fresh")
	every := flag.Duration("every", 10*time.Second, "how often it is rewritten")
	flag.Parse()
	raw, err := os.ReadFile(*from)
	if err != nil {
		fmt.Fprintln(os.Stderr, "demofeed:", err)
		os.Exit(1)
	}
	var doc map[string]any
	if err := json.Unmarshal(raw, &doc); err != nil || *to == "" {
		fmt.Fprintln(os.Stderr, "demofeed: needs -o FILE and a JSON stats.json:", err)
		os.Exit(2)
	}
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, syscall.SIGTERM, syscall.SIGINT)
	t := time.NewTicker(*every)
	defer t.Stop()
	for {
		doc["now"] = float64(time.Now().Unix())
		b, _ := json.Marshal(doc)
		tmp := filepath.Join(filepath.Dir(*to), ".stats.json.tmp")
		if err := os.WriteFile(tmp, b, 0o644); err == nil { //nolint:gosec // read by the monitor
			_ = os.Rename(tmp, *to)
		}
		select {
		case <-stop:
			return
		case <-t.C:
		}
	}
}
