//go:build integration

package main_test

import (
	"bufio"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/require"
	_ "modernc.org/sqlite"

	"github.com/tracker-adsb/tracker-core-health/flightlog"
	"github.com/tracker-adsb/tracker-core-health/internal/testenv"
)

// homeAssistantDB is another program's SQLite database (Home Assistant's recorder: WAL, its
// own tables, no mark), closed, and its bytes.
func homeAssistantDB(t *testing.T) (string, []byte) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "home-assistant_v2.db")
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=journal_mode(WAL)")
	require.NoError(t, err)
	for _, s := range []string{"CREATE TABLE states (state_id INTEGER PRIMARY KEY, entity_id TEXT, state TEXT)",
		"CREATE TABLE schema_changes (change_id INTEGER PRIMARY KEY, schema_version INTEGER)",
		"INSERT INTO states (entity_id, state) VALUES ('sensor.flights_today', '12')"} {
		_, err := db.Exec(s)
		require.NoError(t, err)
	}
	require.NoError(t, db.Close())
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return path, b
}

// FLIGHT_LOG pointed by mistake at another program's database: watch, replay and flights all
// refuse it (exit 1, naming it), and its bytes are unchanged: never renamed, never "migrated".
func TestAnotherProgramsDatabaseIsRefused(t *testing.T) {
	path, before := homeAssistantDB(t)
	_, srv := newFakeReadsb(t)
	for _, args := range [][]string{
		{"watch", "--readsb", srv.URL + "/data/aircraft.json", "--rules", writeFile(t, `[]`)},
		{"replay", "--rules", writeFile(t, `[]`), "--flight-log", path},
		{"flights", "--log", path},
	} {
		t.Run(args[0], func(t *testing.T) {
			errOut, code := runWithin(t, 30*time.Second, []string{"FLIGHT_LOG=" + path}, args...)
			require.Equal(t, 1, code, errOut)
			require.Contains(t, errOut, "not a flight log")
			require.Contains(t, errOut, path)
			require.NotContains(t, errOut, "migrate")
			after, err := os.ReadFile(path)
			require.NoError(t, err)
			require.Equal(t, before, after, "the file's bytes unchanged")
			aside, _ := filepath.Glob(path + ".corrupt-*")
			require.Empty(t, aside, "never moved aside")
		})
	}
}

// replay --flight-log into an existing file appends: a second run of the same (old) recording
// keeps the first run's rows, and the ids go on.
func TestReplayTwiceIntoOneFileKeepsBothRuns(t *testing.T) {
	traffic := globalTraffic(t) // recorded in 2022: older than any retention
	file := filepath.Join(t.TempDir(), "flights.db")
	rulesFile := writeFile(t, `[]`)
	_, errOut, code := runCmd(t, nil, traffic, "replay", "--rules", rulesFile, "--flight-log", file)
	require.Equal(t, 0, code, errOut)
	first := loggedRows(t, file)
	require.NotEmpty(t, first)
	_, errOut, code = runCmd(t, nil, traffic, "replay", "--rules", rulesFile, "--flight-log", file)
	require.Equal(t, 0, code, errOut)
	both := loggedRows(t, file)
	require.Equal(t, 2*len(first), len(both), "both runs' rows")
	ids := map[int64]bool{}
	for _, r := range idsOf(t, file) {
		require.False(t, ids[r], "id %d twice", r)
		ids[r] = true
	}
}

// runWithin runs the command with no input and returns its stderr and exit code; one still
// running after d (a watch that took the file) is killed: code -1.
func runWithin(t *testing.T, d time.Duration, env []string, args ...string) (string, int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), d)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin(t), args...)
	cmd.Env = append(append(os.Environ(), "WATCH_STATE="+filepath.Join(t.TempDir(), "watch-state.json")), env...)
	var errb strings.Builder
	cmd.Stderr = &errb
	err := cmd.Run()
	if ctx.Err() != nil {
		return errb.String(), -1
	}
	if ee, ok := err.(*exec.ExitError); ok {
		return errb.String(), ee.ExitCode()
	}
	require.NoError(t, err)
	return errb.String(), 0
}

func idsOf(t *testing.T, file string) []int64 {
	t.Helper()
	out, errOut, code := runCmd(t, nil, "", "flights", "--log", file, "--to", "2100-01-01", "--json")
	require.Equal(t, 0, code, errOut)
	var ids []int64
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var r struct {
			ID int64 `json:"id"`
		}
		require.NoError(t, json.Unmarshal([]byte(line), &r))
		ids = append(ids, r.ID)
	}
	return ids
}

// bigLog writes n flights, a second apart from 2026-11-01, one ident an escape sequence.
func bigLog(t *testing.T, n int) string {
	t.Helper()
	file := filepath.Join(t.TempDir(), "flights.db")
	l, err := flightlog.Open(t.Context(), file, zerolog.Nop())
	require.NoError(t, err)
	start := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	batch := make([]flightlog.Row, 0, 10000)
	for i := range n {
		nm := float64(i%400) / 10
		r := flightlog.Row{IcaoHex: fmt.Sprintf("%06X", 0x400000+i%5000), Ident: fmt.Sprintf("EZY%d", i%9000), Registration: "G-EZAA",
			TypeDesignator: "A320", Operator: &flightlog.Operator{AirlineDesignator: "EZY", Name: "easyJet"}, Origin: "EGLL", Destination: "LEPA",
			FirstSeen: start.Add(time.Duration(i) * time.Second), Messages: 40, Positions: 20, ClosestNM: &nm}
		r.LastSeen = r.FirstSeen.Add(5 * time.Minute)
		if i == n/2 {
			r.Ident = "\x1b[2J\x1b]0;pwned\x07X"
			r.Registrant, r.RegistrantType = "ACME\u009b31m LTD", "Corporation"
		}
		if batch = append(batch, r); len(batch) == cap(batch) || i == n-1 {
			require.NoError(t, l.Insert(t.Context(), batch))
			batch = batch[:0]
		}
	}
	require.NoError(t, l.Close())
	return file
}

// replayedLog is a flight log of n flights, written by the binary itself (replay
// --flight-log of one aircraft a second, each as full as a real row): inserting them from the
// test, under the race detector, took a minute of CPU a run. The one in the middle names its
// registrant, and carries control characters in its ident.
func replayedLog(t *testing.T, n int) string {
	t.Helper()
	file := filepath.Join(t.TempDir(), "flights.db")
	start := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	const rest = `,"altitude":3000,"latitude":51.5,"longitude":-0.1,"aircraft":{"registration":"G-EZAA","type_designator":"A320"},` +
		`"operator":{"airline_designator":"EZY","name":"easyJet"},"origin":{"icao_code":"EGLL"},"destination":{"icao_code":"LEPA"}`
	traffic := make([]byte, 0, n*300)
	for i := range n {
		traffic = append(traffic, `{"received_at":"`...)
		traffic = start.Add(time.Duration(i)*time.Second).AppendFormat(traffic, time.RFC3339)
		traffic = append(traffic, `","icao_hex":"`...)
		traffic = strconv.AppendUint(traffic, uint64(0x400000+i), 16)
		if i == n/2 {
			// (A registrant's text is cleaned as it comes in: the ident carries them, C0 and C1
			// within the column's eight characters.)
			traffic = append(traffic, `","ident":"\u001b[2J\u009b31m\u0007X","registrant":{"names":["ACME LTD"],"type":"Corporation"}`...)
		} else {
			traffic = strconv.AppendInt(append(traffic, `","ident":"EZY`...), int64(i%9000), 10)
			traffic = append(traffic, '"')
		}
		traffic = append(append(traffic, rest...), "}\n"...)
	}
	_, errOut, code := runCmd(t, []string{"AIRCRAFT_DB=none", "HOME_LAT=51.47", "HOME_LON=-0.45", "REGISTRANT_DETAIL=full"}, string(traffic),
		"replay", "--rules", writeFile(t, `[]`), "--flight-log", file)
	require.Equal(t, 0, code, errOut)
	return file
}

// The terminal table prints as it reads: 200,000 rows in under 100 MB of memory (the whole
// process's peak), every row there, and no control character from the feed.
func TestFlightsTableStreamsInBoundedMemoryAndShowsNoControlCharacter(t *testing.T) {
	t.Parallel() // files of its own
	file := replayedLog(t, 200000)
	cmd := exec.Command(bin(t), "flights", "--log", file, "--from", "2026-11-01", "--to", "2026-11-30")
	cmd.Env = append(os.Environ(), "NOTIFY_TIMEZONE=UTC", "REGISTRANT_DETAIL=full")
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	lines, escapes := 0, 0
	var peak int64 // VmHWM, the process's own high-water mark (a rusage's maxrss keeps the parent's from before exec)
	sample := func() {
		b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", cmd.Process.Pid))
		if err != nil {
			return
		}
		for _, l := range strings.Split(string(b), "\n") {
			if f := strings.Fields(l); len(f) >= 2 && f[0] == "VmHWM:" {
				kb, _ := strconv.ParseInt(f[1], 10, 64)
				peak = max(peak, kb*1024)
			}
		}
	}
	sc := bufio.NewScanner(stdout)
	var last string
	for sc.Scan() {
		if lines++; lines%10000 == 0 {
			sample()
		}
		last = sc.Text()
		for _, c := range last {
			if c < 0x20 || (c >= 0x7f && c <= 0x9f) {
				escapes++
			}
		}
	}
	require.NoError(t, cmd.Wait())
	require.Equal(t, 1+200000+1, lines, "the header, every row, the count")
	require.Equal(t, "200000 flights (times in UTC)", last)
	require.Zero(t, escapes, "no control character printed")
	t.Logf("peak RSS %.1f MB", float64(peak)/1e6)
	require.Positive(t, peak, "/proc read")
	require.Less(t, peak, int64(100e6), "memory bounded whatever the range")
}

// FLIGHT_LOG=none: flights says the log is off; --to alone is every day up to it.
func TestFlightsCommandSaysTheLogIsOffAndReadsUpToTo(t *testing.T) {
	_, errOut, code := runCmd(t, []string{"FLIGHT_LOG=none"}, "", "flights")
	require.Equal(t, 1, code)
	require.Contains(t, errOut, "the flight log is off (FLIGHT_LOG=none)")

	file := bigLog(t, 3)
	out, errOut, code := runCmd(t, []string{"NOTIFY_TIMEZONE=UTC"}, "", "flights", "--log", file, "--to", "2026-11-02", "--json")
	require.Equal(t, 0, code, errOut)
	require.Len(t, strings.Split(strings.TrimSpace(out), "\n"), 3, "the days up to it, not today only")
}

// A closed log on a read-only mount (a backup, a volume mounted read-only into another
// container) is read.
func TestFlightsReadsFromAReadOnlyMount(t *testing.T) {
	if _, err := exec.LookPath("unshare"); err != nil {
		t.Skip("no unshare(1) here to make a read-only bind mount")
	}
	file := bigLog(t, 5)
	dir := filepath.Dir(file)
	ro := t.TempDir()
	probe := exec.Command("unshare", "-rm", "sh", "-c", `mount --bind -o ro "$0" "$1" && ! touch "$1/x" 2>/dev/null`, dir, ro)
	if out, err := probe.CombinedOutput(); err != nil {
		t.Skipf("a read-only bind mount cannot be made here (user namespaces off?): %v %s", err, out)
	}
	cmd := exec.Command("unshare", "-rm", "sh", "-c", `mount --bind -o ro "$0" "$1" && exec "$2" flights --log "$1/flights.db" --from 2026-11-01 --json`,
		dir, ro, bin(t))
	cmd.Env = append(os.Environ(), "NOTIFY_TIMEZONE=UTC")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, string(out))
	require.Len(t, strings.Split(strings.TrimSpace(string(out)), "\n"), 5, string(out))
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	require.Len(t, entries, 2, "nothing made beside it (the file and its writer's lock)")
}

// One writer a file: while watch writes it, a second watch and a replay into it are refused at
// start (exit 1), naming the holder; readers go on.
func TestASecondWriterIsRefusedNamingTheHolder(t *testing.T) {
	_, srv := newFakeReadsb(t)
	file := filepath.Join(t.TempDir(), "flights.db")
	p := testenv.Start(t, bin(t), []string{"PATH=" + os.Getenv("PATH"), "FLIGHT_LOG=" + file, "LOG_LEVEL=info"},
		"watch", "--readsb", srv.URL+"/data/aircraft.json", "--rules", writeFile(t, `[]`), "--interval", "200ms")
	require.Eventually(t, func() bool { return strings.Contains(p.Output(), "watching") }, 15*time.Second, 50*time.Millisecond)
	holder := fmt.Sprintf("tracker-rules watch (pid %d on ", p.Cmd.Process.Pid)
	for _, args := range [][]string{
		{"watch", "--readsb", srv.URL + "/data/aircraft.json", "--rules", writeFile(t, `[]`)},
		{"replay", "--rules", writeFile(t, `[]`), "--flight-log", file},
	} {
		errOut, code := runWithin(t, 30*time.Second, []string{"FLIGHT_LOG=" + file}, args...)
		require.Equal(t, 1, code, errOut)
		require.Contains(t, errOut, holder, args[0])
		require.Contains(t, errOut, "one writer a file")
	}
	_, errOut, code := runCmd(t, nil, "", "flights", "--log", file)
	require.Equal(t, 0, code, errOut)
}
