//go:build integration

package main_test

import (
	"bufio"
	"compress/gzip"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	_ "modernc.org/sqlite"

	"github.com/tracker-adsb/tracker-core-health/internal/testenv"
)

// globalTraffic is the global snapshot as traffic lines (from-readsb, 3 rounds).
func globalTraffic(t *testing.T) string {
	t.Helper()
	f, err := os.Open("testdata/readsb_global_20220430.json.gz")
	require.NoError(t, err)
	defer f.Close()
	zr, err := gzip.NewReader(f)
	require.NoError(t, err)
	raw, err := io.ReadAll(zr)
	require.NoError(t, err)
	out, errOut, code := runCmd(t, nil, string(raw), "from-readsb", "--rounds", "3")
	require.Equal(t, 0, code, errOut)
	return out
}

type trafficLine struct {
	ReceivedAt time.Time `json:"received_at"`
	IcaoHex    string    `json:"icao_hex"`
	Altitude   *float64  `json:"altitude"`
	Latitude   *float64  `json:"latitude"`
	Longitude  *float64  `json:"longitude"`
}

// expectedFlight is a flight as an independent reading of the traffic finds it.
type expectedFlight struct {
	hex                 string
	first, last         time.Time
	minAlt, maxAlt      float64
	hasAlt, hasPosition bool
	closest             float64
	messages            int
}

// haversineNM is the great-circle distance, written here again (the test's own).
func haversineNM(lat1, lon1, lat2, lon2 float64) float64 {
	p1, p2 := lat1*math.Pi/180, lat2*math.Pi/180
	dp, dl := (lat2-lat1)*math.Pi/180, (lon2-lon1)*math.Pi/180
	h := math.Pow(math.Sin(dp/2), 2) + math.Cos(p1)*math.Cos(p2)*math.Pow(math.Sin(dl/2), 2)
	return 2 * 3440.065 * math.Asin(math.Sqrt(h))
}

// flightsOf splits each address's messages, in time order, at gaps over ttl.
func flightsOf(t *testing.T, traffic string, ttl time.Duration, homeLat, homeLon float64) []expectedFlight {
	t.Helper()
	byHex := map[string][]trafficLine{}
	sc := bufio.NewScanner(strings.NewReader(traffic))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var l trafficLine
		if json.Unmarshal(sc.Bytes(), &l) != nil || l.ReceivedAt.IsZero() || strings.TrimSpace(l.IcaoHex) == "" {
			continue
		}
		hex := strings.ToUpper(strings.TrimSpace(l.IcaoHex))
		byHex[hex] = append(byHex[hex], l)
	}
	var out []expectedFlight
	for hex, ls := range byHex {
		sort.SliceStable(ls, func(i, j int) bool { return ls[i].ReceivedAt.Before(ls[j].ReceivedAt) })
		var f *expectedFlight
		for _, l := range ls {
			if f == nil || l.ReceivedAt.Sub(f.last) > ttl {
				out = append(out, expectedFlight{hex: hex, first: l.ReceivedAt, closest: math.Inf(1)})
				f = &out[len(out)-1]
			}
			f.last, f.messages = l.ReceivedAt, f.messages+1
			if a := l.Altitude; a != nil {
				if !f.hasAlt || *a < f.minAlt {
					f.minAlt = *a
				}
				if !f.hasAlt || *a > f.maxAlt {
					f.maxAlt = *a
				}
				f.hasAlt = true
			}
			if l.Latitude != nil && l.Longitude != nil {
				f.hasPosition = true
				f.closest = math.Min(f.closest, haversineNM(homeLat, homeLon, *l.Latitude, *l.Longitude))
			}
		}
	}
	return out
}

type loggedRow struct {
	IcaoHex     string    `json:"icao_hex"`
	FirstSeen   time.Time `json:"first_seen"`
	Messages    int       `json:"messages"`
	MinAltitude *int      `json:"min_altitude"`
	MaxAltitude *int      `json:"max_altitude"`
	ClosestNM   *float64  `json:"closest_nm"`
}

// loggedRows reads a flight log through tracker-rules flights --json (every row).
func loggedRows(t *testing.T, file string) []loggedRow {
	t.Helper()
	out, errOut, code := runCmd(t, nil, "", "flights", "--log", file, "--from", "2000-01-01", "--to", "2100-01-01", "--json")
	require.Equal(t, 0, code, errOut)
	var rows []loggedRow
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if line == "" {
			continue
		}
		var r loggedRow
		require.NoError(t, json.Unmarshal([]byte(line), &r))
		rows = append(rows, r)
	}
	return rows
}

// Replay of the global traffic with --flight-log: one row per flight an independent count
// finds (addresses split by the flight TTL), each flight's altitudes and closest approach as
// computed here; replay's own output unchanged by the log.
func TestReplayFlightLogCountsEveryFlight(t *testing.T) {
	traffic := globalTraffic(t)
	const homeLat, homeLon = 51.4700, -0.4543 // Heathrow
	want := flightsOf(t, traffic, 300*time.Second, homeLat, homeLon)
	file := filepath.Join(t.TempDir(), "flights.db")
	rulesFile := writeFile(t, `[{"name":"Low","identifier":"low","enabled":true,"conditions":[{"type":"altitude","operator":"maximum","value":3000}]}]`)
	env := []string{"HOME_LAT=51.4700", "HOME_LON=-0.4543"}
	plain, _, code := runCmd(t, env, traffic, "replay", "--rules", rulesFile)
	require.Equal(t, 0, code)
	logged, errOut, code := runCmd(t, env, traffic, "replay", "--rules", rulesFile, "--flight-log", file)
	require.Equal(t, 0, code, errOut)
	require.Equal(t, plain, logged, "replay's output is the same with a flight log")
	require.Contains(t, errOut, "flight log: ")

	rows := loggedRows(t, file)
	require.Len(t, rows, len(want), "one row per flight")
	byKey := map[string]loggedRow{}
	for _, r := range rows {
		byKey[r.IcaoHex+r.FirstSeen.Format(time.RFC3339Nano)] = r
	}
	checked := 0
	for _, f := range want {
		r, ok := byKey[f.hex+f.first.UTC().Format(time.RFC3339Nano)]
		require.True(t, ok, "flight %s from %s logged", f.hex, f.first)
		require.Equal(t, f.messages, r.Messages, f.hex)
		if f.hasAlt {
			require.Equal(t, int(math.Round(f.minAlt)), *r.MinAltitude, f.hex)
			require.Equal(t, int(math.Round(f.maxAlt)), *r.MaxAltitude, f.hex)
		}
		if f.hasPosition {
			require.InDelta(t, f.closest, *r.ClosestNM, 0.051, "%s: closest approach, to 0.1 nm", f.hex)
			checked++
		}
	}
	require.Greater(t, checked, 1000, "the closest approach of every flight with a position checked")
}

// A watch killed with SIGKILL loses at most the last second of rows, and the file opens
// clean; a file from a newer version stops watch (exit 1) untouched.
func TestWatchFlightLogSurvivesSIGKILL(t *testing.T) {
	t.Parallel() // a feed and a log of its own, no MQTT
	feed, srv := newFakeReadsb(t)
	// Flights of the present: the recording's (July 2026) are past FLIGHT_LOG_DAYS, and
	// the retention's first pass would remove those written before it.
	feed.live = true
	dir := t.TempDir()
	file := filepath.Join(dir, "flights.db")
	rulesFile := writeFile(t, `[]`)
	// A poll's deadline (80 % of the interval) a loaded machine meets: at 200 ms a whole snapshot
	// timed out (160 ms) and watch saw fewer flights than the feed served.
	p := testenv.Start(t, bin(t), []string{"PATH=" + os.Getenv("PATH"), "FLIGHT_LOG=" + file, "LOG_LEVEL=info"},
		"watch", "--readsb", srv.URL+"/data/aircraft.json", "--rules", rulesFile, "--interval", "1s", "--flight-ttl", "3s")
	// Every aircraft in view, then the feed down: each flight ends after the TTL and is logged.
	feed.waitPolls(t, 3)
	feed.set("down")
	want := len(flying(t))
	require.Eventually(t, func() bool { return countRows(t, file) >= want }, 15*time.Second, 100*time.Millisecond)
	ended := countRows(t, file)
	require.NoError(t, p.Cmd.Process.Signal(syscall.SIGKILL))
	p.Wait(10 * time.Second)
	require.Equal(t, ended, countRows(t, file), "the rows written before the kill are all there")
	db, err := sql.Open("sqlite", "file:"+file)
	require.NoError(t, err)
	defer func() { _ = db.Close() }()
	var check string
	require.NoError(t, db.QueryRow("PRAGMA integrity_check").Scan(&check))
	require.Equal(t, "ok", check)

	_, err = db.Exec("PRAGMA user_version = 99")
	require.NoError(t, err)
	require.NoError(t, db.Close())
	before, err := os.ReadFile(file)
	require.NoError(t, err)
	out, errOut, code := runCmd(t, []string{"FLIGHT_LOG=" + file}, "", "watch", "--readsb", srv.URL+"/data/aircraft.json", "--rules", rulesFile)
	require.Equal(t, 1, code, out)
	require.Contains(t, errOut, "schema version 99")
	after, err := os.ReadFile(file)
	require.NoError(t, err)
	require.Equal(t, before, after, "the newer file untouched")
}

// countRows reads the log as another process would while watch writes it.
func countRows(t *testing.T, file string) int {
	t.Helper()
	if _, err := os.Stat(file); err != nil {
		return 0
	}
	db, err := sql.Open("sqlite", "file:"+file+"?mode=ro")
	require.NoError(t, err)
	defer func() { _ = db.Close() }()
	var n int
	if err := db.QueryRow("SELECT count(*) FROM flights").Scan(&n); err != nil {
		return 0
	}
	return n
}

// The flight log's sensors on MQTT, with their discovery on the watch's device: today's
// flights counted as the flights end, the closest approach with that flight's details.
func TestWatchPublishesTheFlightLogSensors(t *testing.T) {
	t.Parallel() // a Mosquitto of its own: nothing retained from another test
	env := testenv.Get(t).WithOwnMosquitto(t)
	// watch counts today by the wall clock, from the flights' first message to the closest
	// approach after they end: a day that ended in between would count them on yesterday.
	began := testenv.ClearOfMidnight(t, time.UTC, 3*time.Minute)
	feed, srv := newFakeReadsb(t)
	feed.live = true
	rec := env.Record(t, "Tracker/rules-watch/#", "homeassistant/sensor/#")
	mh, mp := testenv.Split(t, env.MQTTAddr)
	testenv.Start(t, bin(t), []string{"PATH=" + os.Getenv("PATH"), "MQTT_HOST=" + mh, "MQTT_PORT=" + mp, "HOME_LAT=51.47", "HOME_LON=-0.45",
		// A TTL of many polls: a poll slowed past its deadline on a loaded machine must not end
		// the flights (they would begin again and count twice).
		"NOTIFY_TIMEZONE=UTC"}, "watch", "--readsb", srv.URL+"/data/aircraft.json", "--rules", writeFile(t, `[]`), "--interval", "500ms", "--flight-ttl", "5s")
	cfg := rec.WaitFor("homeassistant/sensor/Tracker_rules_watch_closest_today_nm/config", 15*time.Second, nil)
	var c map[string]any
	require.NoError(t, json.Unmarshal([]byte(cfg.Payload), &c))
	require.Equal(t, "Tracker/rules-watch/statistic/closest_today_nm", c["state_topic"])
	require.Equal(t, "{{ value_json.nm }}", c["value_template"])
	require.Equal(t, c["state_topic"], c["json_attributes_topic"])
	// The daily counts: state_class total, their last reset (local midnight) in each state.
	daily := rec.WaitFor("homeassistant/sensor/Tracker_rules_watch_flights_today/config", 15*time.Second, nil)
	require.NoError(t, json.Unmarshal([]byte(daily.Payload), &c))
	require.Equal(t, "total", c["state_class"])
	require.Equal(t, "{{ value_json.count }}", c["value_template"])
	require.Equal(t, "{{ value_json.last_reset }}", c["last_reset_value_template"])
	midnight := began.UTC().Format("2006-01-02") + "T00:00:00Z"
	count := func(m testenv.Msg) int {
		var v struct {
			Count     int    `json:"count"`
			LastReset string `json:"last_reset"`
		}
		if json.Unmarshal([]byte(m.Payload), &v) != nil || v.LastReset != midnight {
			return -1
		}
		return v.Count
	}
	want := len(feed.snap["aircraft"].([]any))
	// Every flight counted as it begins (the day of its first_seen, as the page counts it).
	rec.WaitFor("Tracker/rules-watch/statistic/flights_today", 30*time.Second, func(m testenv.Msg) bool { return count(m) == want })
	feed.waitPolls(t, 3) // positions along each track
	feed.set("down")     // every flight ends after the TTL: the closest approach follows (sensors every 10 s)
	closest := rec.WaitFor("Tracker/rules-watch/statistic/closest_today_nm", 30*time.Second, func(m testenv.Msg) bool { return !strings.Contains(m.Payload, `"nm":null`) })
	var v struct {
		NM    float64 `json:"nm"`
		Ident string  `json:"ident"`
		Time  string  `json:"time"`
	}
	require.NoError(t, json.Unmarshal([]byte(closest.Payload), &v))
	require.Positive(t, v.NM)
	require.NotEmpty(t, v.Time)
}

// watch's /metrics (METRICS_ADDR): the flight log's rows and drops, and its write time.
func TestWatchServesTheFlightLogMetrics(t *testing.T) {
	t.Parallel() // a feed and a log of its own, no MQTT
	feed, srv := newFakeReadsb(t)
	// A TTL of many polls: a poll slowed past its deadline on a loaded machine must not end the
	// flights (they would begin again, and be two rows each).
	p := testenv.Start(t, bin(t), []string{"PATH=" + os.Getenv("PATH"), "METRICS_ADDR=127.0.0.1:0", "LOG_LEVEL=info"},
		"watch", "--readsb", srv.URL+"/data/aircraft.json", "--rules", writeFile(t, `[]`), "--interval", "500ms", "--flight-ttl", "5s")
	port := p.WaitAddr(t, "serving /metrics", 15*time.Second)
	feed.waitPolls(t, 3) // every aircraft in view
	feed.set("down")
	want := len(feed.snap["aircraft"].([]any))
	var scrape string
	require.Eventually(t, func() bool {
		resp, err := http.Get("http://127.0.0.1:" + port + "/metrics")
		if err != nil {
			return false
		}
		b, _ := io.ReadAll(resp.Body)
		_ = resp.Body.Close()
		scrape = string(b)
		return strings.Contains(scrape, fmt.Sprintf("flight_log_rows_total %d\n", want))
	}, 30*time.Second, 200*time.Millisecond, "the rows of every flight ended")
	require.Contains(t, scrape, "flight_log_dropped_total 0\n")
	require.Contains(t, scrape, "# TYPE flight_log_write_seconds gauge")
}

// low_flights_today is declared only with LOW_NM and LOW_FT both set; a start without them
// withdraws the entity an earlier start declared (its retained discovery cleared), so that
// Home Assistant never shows a count that nothing updates.
func TestWatchWithdrawsTheLowFlightsSensorWhenItsThresholdsGo(t *testing.T) {
	t.Parallel()
	env := testenv.Get(t).WithOwnMosquitto(t)
	_, srv := newFakeReadsb(t)
	rec := env.Record(t, "homeassistant/sensor/Tracker_rules_watch_low_flights_today/config")
	mh, mp := testenv.Split(t, env.MQTTAddr)
	base := []string{"PATH=" + os.Getenv("PATH"), "MQTT_HOST=" + mh, "MQTT_PORT=" + mp, "HOME_LAT=51.47", "HOME_LON=-0.45", "NOTIFY_TIMEZONE=UTC"}
	args := []string{"watch", "--readsb", srv.URL + "/data/aircraft.json", "--rules", writeFile(t, `[]`), "--interval", "500ms"}
	const topic = "homeassistant/sensor/Tracker_rules_watch_low_flights_today/config"
	first := testenv.Start(t, bin(t), append(base, "LOW_NM=2", "LOW_FT=3000"), args...)
	rec.WaitFor(topic, 20*time.Second, func(m testenv.Msg) bool { return strings.Contains(m.Payload, `"state_class":"total"`) })
	require.NoError(t, first.Cmd.Process.Signal(syscall.SIGTERM))
	require.Zero(t, first.Wait(15*time.Second))

	testenv.Start(t, bin(t), append(base, "LOW_NM=2"), args...) // LOW_FT gone
	rec.WaitFor(topic, 20*time.Second, func(m testenv.Msg) bool { return m.Payload == "" })
}
