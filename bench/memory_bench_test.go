package bench

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tracker-adsb/tracker-core-health/aircraftdb"
	"github.com/tracker-adsb/tracker-core-health/internal/testenv"
	"github.com/tracker-adsb/tracker-core-health/model"
)

// The memory a user's machine pays for the registers (issue 51): what db build and db update
// reach at their peak with the full upstream files, what a running program grows by when it
// loads a database with ≈ 350,000 registrants, and the lookup over every one of them. Each
// runs the built command, as a user does, and reads the kernel's account of its memory.

// trackerRules builds the command once per benchmark into a temporary folder.
func trackerRules(b *testing.B) string {
	b.Helper()
	bin := filepath.Join(b.TempDir(), "tracker-rules")
	out, err := exec.Command("go", "build", "-o", bin, "../cmd/tracker-rules").CombinedOutput()
	if err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// run runs the command and returns its peak resident memory in MB (its own VmHWM:
// testenv.RunPeak says why not getrusage).
func run(b *testing.B, bin string, env []string, args ...string) float64 {
	b.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), env...)
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	peak, err := testenv.RunPeak(cmd)
	if err != nil {
		b.Fatalf("%s %v: %v\n%s", bin, args, err, out.String())
	}
	return peak
}

// BenchmarkDBBuildPeakRSS: tracker-rules db build, as a user runs it, with the upstream files
// (the full ones beside the repository when there) alone, with a full-size FAA register
// (300,000 generated rows in its layout, ≈ 215 MB) and with the three registers' sizes
// (350,700 rows): the peak resident memory of the process (target ≤ 150 MB) and seconds a build.
func BenchmarkDBBuildPeakRSS(b *testing.B) {
	bin := trackerRules(b)
	mic, sd, which := upstream()
	faa, all := faaMaster(b, 300000), faaMaster(b, 350700)
	for _, c := range []struct{ name, master string }{{"upstream-" + which, ""}, {"upstream-" + which + "+faa", faa},
		{"upstream-" + which + "+registers", all}} {
		b.Run(c.name, func(b *testing.B) {
			args := []string{"db", "build", "--mictronics", mic, "--standing-data", sd, "-o", filepath.Join(b.TempDir(), "aircraft.db")}
			if c.master != "" {
				args = append(args, "--faa", c.master)
			}
			peak := 0.0
			for b.Loop() {
				peak = max(peak, run(b, bin, nil, args...))
			}
			b.ReportMetric(peak, "MB-peak-RSS")
			b.ReportMetric(b.Elapsed().Seconds()/float64(b.N), "s/build")
		})
	}
}

// BenchmarkDBProcessGrowth: tracker-rules watch on the global snapshot (8,400 aircraft, polled
// every 100 ms, so that its collector runs as a long-lived program's does) with no database,
// with the database of the upstream files, and with the same and 350,700 registrants: its
// resident memory after a while, and the growth each database costs against its file's size
// (target: the registrants' database grows a process by no more than its file).
func BenchmarkDBProcessGrowth(b *testing.B) {
	const feed = "../../shared/data/readsb/readsb_global_20220430.json"
	if _, err := os.Stat(feed); err != nil {
		b.Skipf("skipped: the global snapshot (%s) is not beside the repository", feed)
	}
	bin := trackerRules(b)
	with, without := registrantsDB(b)
	rulesFile := filepath.Join(b.TempDir(), "rules.json")
	areas := filepath.Join(b.TempDir(), "areas.json")
	if err := os.WriteFile(rulesFile, []byte(`[{"identifier":"high","enabled":true,"conditions":[{"type":"altitude","operator":"minimum","value":45000}]}]`), 0o600); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(areas, []byte(`{"type":"FeatureCollection","features":[]}`), 0o600); err != nil {
		b.Fatal(err)
	}
	rss := map[string]float64{}
	for _, db := range []struct{ name, path string }{{"none", "none"}, {"without", without}, {"with", with}} {
		b.Run(db.name, func(b *testing.B) {
			for b.Loop() {
				rss[db.name] = watchRSS(b, bin, db.path, feed, rulesFile, areas)
			}
			b.ReportMetric(rss[db.name], "MB-RSS")
			if db.path != "none" {
				st, _ := os.Stat(db.path)
				file := float64(st.Size()) / (1 << 20)
				b.ReportMetric(file, "MB-file")
				b.ReportMetric((rss[db.name]-rss["none"])/file, "growth/file")
			}
		})
	}
}

// watchRSS runs watch for 16 s and returns its mean resident memory over the last 8 (VmRSS,
// MB, sampled every half second: the heap breathes with each collection).
func watchRSS(b *testing.B, bin, db, feed, rulesFile, areas string) float64 {
	b.Helper()
	ctx, cancel := context.WithTimeout(b.Context(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "watch", "--readsb", feed, "--rules", rulesFile, "--areas", areas, "--interval", "100ms")
	cmd.Env = append(os.Environ(), "AIRCRAFT_DB="+db, "FLIGHT_LOG=none", "MQTT_HOST=", "LOG_LEVEL=error")
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()
	time.Sleep(8 * time.Second) // a benchmark's measurement: memory once it has settled
	sum, n := 0.0, 0
	for range 16 {
		time.Sleep(500 * time.Millisecond)
		raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", cmd.Process.Pid))
		if err != nil {
			b.Fatal(err)
		}
		for _, l := range strings.Split(string(raw), "\n") {
			if rest, ok := strings.CutPrefix(l, "VmRSS:"); ok {
				kb, _ := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 64)
				sum, n = sum+kb/1024, n+1
			}
		}
	}
	if n == 0 {
		b.Fatal("watch stopped: no VmRSS")
	}
	return sum / float64(n)
}

// BenchmarkRegistrantLookupSpread: every one of the 350,700 registrants' addresses, in a
// random order (each lookup a cold one, as a live feed's aircraft are), beside the hot 4,096
// of BenchmarkRegistrantLookup: ns a lookup with the standard view (target ≤ 300), 0 allocations.
func BenchmarkRegistrantLookupSpread(b *testing.B) {
	with, _ := registrantsDB(b)
	db, err := aircraftdb.Open(with)
	if err != nil {
		b.Fatal(err)
	}
	addrs := make([]uint32, 350700)
	for i := range addrs {
		addrs[i] = addrOf(i)
	}
	rand.New(rand.NewPCG(1, 2)).Shuffle(len(addrs), func(i, j int) { addrs[i], addrs[j] = addrs[j], addrs[i] })
	for _, c := range []struct {
		name string
		n    int
	}{{"hot-4096", 4096}, {"spread-350700", len(addrs)}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			var r model.Registrant // a flight's, as the enrichment fills it
			i := 0
			for b.Loop() {
				if !db.RegistrantTo(addrs[i%c.n], &r) {
					b.Fatal("miss")
				}
				if !r.Limit(model.DetailStandard) {
					b.Fatal("nothing shown")
				}
				i++
			}
		})
	}
}
