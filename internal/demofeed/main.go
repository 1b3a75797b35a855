// Command demofeed is make demo's receiver: it writes a real readsb stats.json (the capture
// in stages/receiverstats/testdata) to a file every 10 s with its "now" set to the present, as
// a running readsb rewrites its own, so that the monitor's receiver entities show live values;
// with -aircraft, it also keeps an aircraft.json of the London recording fresh, a rotating part
// of its aircraft in view each time, so that flights come and go (and end in the flight log
// from the first minute on).
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
	acFrom := flag.String("aircraft-from", "examples/readsb-london.json", "the aircraft.json recording")
	acTo := flag.String("aircraft", "", "an aircraft.json to keep fresh (empty: none)")
	every := flag.Duration("every", 10*time.Second, "how often it is rewritten")
	flag.Parse()
	doc, err := readJSON(*from)
	if err != nil || *to == "" {
		fmt.Fprintln(os.Stderr, "demofeed: needs -o FILE and a JSON stats.json:", err)
		os.Exit(2)
	}
	var ac map[string]any
	if *acTo != "" {
		if ac, err = readJSON(*acFrom); err != nil {
			fmt.Fprintln(os.Stderr, "demofeed:", err)
			os.Exit(2)
		}
	}
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, syscall.SIGTERM, syscall.SIGINT)
	t := time.NewTicker(*every)
	defer t.Stop()
	for round := 0; ; round++ {
		doc["now"] = float64(time.Now().Unix())
		write(*to, doc)
		if ac != nil {
			write(*acTo, inView(ac, round))
		}
		select {
		case <-stop:
			return
		case <-t.C:
		}
	}
}

// Each aircraft of the recording is in view for inRounds rounds, then out of it for
// outRounds (long enough for its flight to end: make demo's TTL is 25 s), each at its own
// phase, so that a ninth of them leave every round: whenever watch starts, flights it saw end,
// and are logged, within its first minute (issue 54: a demo whose flights all left together
// logged none before 85 s).
const (
	inRounds  = 6
	outRounds = 3
)

// visible reports aircraft i of the recording in view at round.
func visible(i, round int) bool { return (i+round)%(inRounds+outRounds) < inRounds }

// inView is the recording at the present, each aircraft in view just heard (as a live receiver
// lists the aircraft in view).
func inView(rec map[string]any, round int) map[string]any {
	out := map[string]any{"now": float64(time.Now().Unix()), "messages": rec["messages"]}
	var acs []any
	all, _ := rec["aircraft"].([]any)
	for i, a := range all {
		if !visible(i, round) {
			continue
		}
		ac := map[string]any{}
		for k, v := range a.(map[string]any) {
			ac[k] = v
		}
		ac["seen"] = 0.5
		if _, ok := ac["seen_pos"]; ok {
			ac["seen_pos"] = 0.5
		}
		acs = append(acs, ac)
	}
	out["aircraft"] = acs
	return out
}

func readJSON(path string) (map[string]any, error) {
	raw, err := os.ReadFile(path) //nolint:gosec // make demo's own files
	if err != nil {
		return nil, err
	}
	var doc map[string]any
	return doc, json.Unmarshal(raw, &doc)
}

// write replaces the file whole (a reader never sees half of it).
func write(to string, doc map[string]any) {
	b, _ := json.Marshal(doc)
	tmp := filepath.Join(filepath.Dir(to), "."+filepath.Base(to)+".tmp")
	if err := os.WriteFile(tmp, b, 0o644); err == nil { //nolint:gosec // read by the monitor and watch
		_ = os.Rename(tmp, to)
	}
}
