//go:build integration

package main_test

import (
	"bufio"
	"fmt"
	"net/http"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/config"
	"github.com/tracker-adsb/tracker-core-health/internal/testenv"
)

// interval is the broker's and the store's poll interval in the fault tests.
const interval = 2 * time.Second

// fault is one way a network goes bad, as toxiproxy toxics.
type fault struct {
	name   string
	toxics []string
}

var faults = []fault{
	{"slow", []string{`{"name":"slow","type":"latency","stream":"downstream","attributes":{"latency":5000}}`}},
	{"trickle", []string{`{"name":"trickle","type":"bandwidth","stream":"downstream","attributes":{"rate":1}}`}},
	{"black hole", []string{`{"name":"hole","type":"timeout","stream":"upstream","attributes":{"timeout":0}}`}},
	{"cut mid-reply", []string{`{"name":"cut","type":"limit_data","stream":"downstream","attributes":{"bytes":200}}`}},
	{"half-open", []string{`{"name":"slices","type":"slicer","stream":"upstream","attributes":{"average_size":8,"size_variation":4,"delay":20000}}`,
		`{"name":"mute","type":"timeout","stream":"downstream","attributes":{"timeout":0}}`}},
}

// faultRig is the monitor behind three toxiproxies, one per backend, with its metrics served
// (the connected flags, go_goroutines, process_open_fds) and its debug log (one line per poll).
type faultRig struct {
	t         *testing.T
	env       *testenv.Env
	toxi      *testenv.Toxi
	proc      *testenv.Process
	metrics   string
	heartbeat string
	rec       *testenv.Recorder
}

// declareFaultQueues declares owned queues enough for a queues answer of several KB: a
// trickle cannot deliver it within a poll's time.
func declareFaultQueues(t *testing.T, env *testenv.Env) {
	for i := range 12 {
		env.DeclareQueue(t, fmt.Sprintf("tracker-message-processor-fault-%02d", i))
	}
}

func newFaultRig(t *testing.T) *faultRig {
	return newFaultRigMQTT(t, testenv.Get(t).WithOwnMosquitto(t), "")
}

// newFaultRigMQTT is the rig on env (a Mosquitto of the test's own: the fault tests run in
// parallel, each monitor publishing the same topics) with the monitor's MQTT server at
// mqttPort instead of behind a toxiproxy ("": the proxy); the recorder reads the real
// Mosquitto either way.
func newFaultRigMQTT(t *testing.T, env *testenv.Env, mqttPort string) *faultRig {
	start := time.Now()
	x := testenv.NewToxi(t)
	mgmt := strings.TrimPrefix(env.MgmtURL, "http://")
	rig := &faultRig{t: t, env: env, toxi: x, heartbeat: t.TempDir() + "/heartbeat"}
	rig.rec = env.Record(t, "Tracker/core-health/#")
	online := mqttPort == ""
	if online {
		mqttPort = x.Proxy(t, "mqtt", env.MQTTAddr)
	}
	rig.proc = startMonitor(t, env, map[string]string{
		"BROKER_MANAGEMENT_PORT": x.Proxy(t, "broker", mgmt), "BROKER_HOST": "127.0.0.1",
		"STORE_PORT": x.Proxy(t, "store", env.RedisAddr), "STORE_HOST": "127.0.0.1",
		"MQTT_PORT": mqttPort, "MQTT_HOST": "127.0.0.1",
		"BROKER_POLL_INTERVAL": interval.String(), "STORE_POLL_INTERVAL": interval.String(),
		"METRICS_ADDR": "127.0.0.1:0", "HEARTBEAT_PATH": rig.heartbeat,
	})
	rig.metrics = "http://127.0.0.1:" + rig.proc.WaitAddr(t, "serving /metrics", 20*time.Second) + "/metrics"
	if online {
		rig.rec.WaitPayload(statusTopic, "ONLINE", 20*time.Second)
	}
	rig.waitMetric("tracker_broker_connected", 1, 20*time.Second)
	rig.waitMetric("tracker_store_connected", 1, 20*time.Second)
	t.Logf("monitor up behind the proxies in %s", time.Since(start).Round(100*time.Millisecond))
	return rig
}

// scrapeClient bounds one scrape: a scrape that cannot finish is an error to report, not a
// zero to compare.
var scrapeClient = &http.Client{Timeout: 10 * time.Second}

// scrape reads the monitor's /metrics: unlabelled series by name.
func (r *faultRig) scrape() (map[string]float64, error) {
	resp, err := scrapeClient.Get(r.metrics)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("GET /metrics: %s", resp.Status)
	}
	out := map[string]float64{}
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 64<<10), 4<<20)
	for sc.Scan() {
		name, v, ok := strings.Cut(sc.Text(), " ")
		if !ok || strings.HasPrefix(name, "#") {
			continue
		}
		if f, err := strconv.ParseFloat(v, 64); err == nil {
			out[name] = f
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("reading /metrics: %w", err)
	}
	return out, nil
}

// mustScrape is a whole scrape, tried three times; the test fails naming why when none
// succeeds (on the test's goroutine only).
func (r *faultRig) mustScrape() map[string]float64 {
	r.t.Helper()
	var err error
	for range 3 {
		var m map[string]float64
		if m, err = r.scrape(); err == nil {
			return m
		}
		time.Sleep(200 * time.Millisecond)
	}
	r.t.Fatalf("scraping the monitor's /metrics: %v", err)
	return nil
}

// flag is a connected flag's value from a whole scrape; absent fails the test.
func (r *faultRig) flag(name string) float64 {
	r.t.Helper()
	v, ok := r.mustScrape()[name]
	require.True(r.t, ok, "%s is not in /metrics", name)
	return v
}

// waitMetric waits until the metric has the value; it returns how long that took.
func (r *faultRig) waitMetric(name string, want float64, within time.Duration) time.Duration {
	r.t.Helper()
	start := time.Now()
	var last string
	for {
		m, err := r.scrape()
		if v, ok := m[name]; err == nil && ok && v == want {
			return time.Since(start)
		}
		last = fmt.Sprintf("%v (scrape error: %v)", m[name], err)
		if time.Since(start) > within {
			r.t.Fatalf("%s not %v in %s: last seen %s; monitor log tail:\n%s", name, want, within, last, tail(r.proc.Output(), 15))
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// levels are the process's goroutines and open file descriptors; ok is false when the scrape
// failed (never read as "back to level").
func (r *faultRig) levels() (goroutines, fds float64, ok bool) {
	m, err := r.scrape()
	if err != nil {
		return 0, 0, false
	}
	return m["go_goroutines"], m["process_open_fds"], true
}

// backToLevels waits until the goroutines and open file descriptors are back to within two of
// their level before a fault; it fails naming what it saw last.
func (r *faultRig) backToLevels(g0, fd0 float64, within time.Duration) {
	r.t.Helper()
	var g, fd float64
	var err error
	for end := time.Now().Add(within); ; time.Sleep(200 * time.Millisecond) {
		var m map[string]float64
		if m, err = r.scrape(); err == nil {
			g, fd = m["go_goroutines"], m["process_open_fds"]
			if g <= g0+2 && fd <= fd0+2 {
				return
			}
		}
		if time.Now().After(end) {
			break
		}
	}
	r.t.Fatalf("goroutines and FDs not back to their level (%v, %v) in %s: last seen %v, %v (scrape error: %v)", g0, fd0, within, g, fd, err)
}

// fewestGoroutines is the fewest goroutines seen over a while: an attempt in flight at one
// sample is not a pile-up, a pile-up raises even the fewest.
func (r *faultRig) fewestGoroutines(over time.Duration) float64 {
	fewest := -1.0
	for end := time.Now().Add(over); time.Now().Before(end); time.Sleep(over / 8) {
		if g, _, ok := r.levels(); ok && g > 0 && (fewest < 0 || g < fewest) {
			fewest = g
		}
	}
	return fewest
}

// polls counts the successful polls of a loop ("broker poll ok") logged so far.
func (r *faultRig) polls(loop string) int {
	return strings.Count(r.proc.Output(), loop+" poll ok")
}

// waitPolls waits until the loop has polled successfully n more times: time passing for the
// monitor, counted in its own cycles (a fixed sleep may hold none on a loaded machine).
func (r *faultRig) waitPolls(loop string, n int) {
	r.t.Helper()
	r.proc.WaitMore(r.t, loop+" poll ok", n)
}

// warm waits until both loops have polled twice: connections opened, pools warm.
func (r *faultRig) warm() {
	r.t.Helper()
	for _, loop := range []string{"broker", "store"} {
		require.Eventually(r.t, func() bool { return r.polls(loop) >= 2 }, 60*time.Second, 20*time.Millisecond, "%s: two polls", loop)
	}
}

func (r *faultRig) heartbeatAge() time.Duration {
	st, err := os.Stat(r.heartbeat)
	require.NoError(r.t, err)
	return time.Since(st.ModTime())
}

func tail(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}

// statePrefix is where a loop's readings go: none may be published while its backend is
// unreachable (what was published last ages out through expire_after).
var statePrefix = map[string][]string{
	"broker": {"Tracker/core-health/broker/", "Tracker/core-health/message-processor/"},
	"store":  {"Tracker/core-health/store/"},
}

var other = map[string]string{"broker": "store", "store": "broker"}

// flagWithin bounds the wait for a connected flag to change after a fault starts or clears:
// the monitor changes it within two intervals (a poll due, then its timeout); one interval and
// a half more is for seeing it through /metrics on a loaded machine, where a scrape beside the
// browser tests and eight other monitors has taken seconds. The time taken is logged.
const flagWithin = 3*interval + 1500*time.Millisecond

// stopWithin bounds the exit after SIGTERM, whatever a backend does: before `docker stop`'s
// SIGKILL at 10 s (the monitor's own shutdown needs at most a poll's timeout and the MQTT
// drain, ≈ 3.5 s; 5 s was overrun beside the browser tests).
const stopWithin = 8 * time.Second

// Each fault between the monitor and the broker's management API, then the store: the
// affected loop's connected flag goes False within two intervals and back to True within two
// intervals of the fault clearing; the other loop keeps its cadence; the heartbeat stays
// fresh; nothing of the affected loop is published as if fresh; goroutines and open file
// descriptors come back to their level; and SIGTERM in the middle of a black hole still exits
// within stopWithin with OFFLINE published.
func TestBackendFaults(t *testing.T) {
	t.Parallel()
	declareFaultQueues(t, testenv.Get(t))
	for _, backend := range []string{"broker", "store"} {
		flag := "tracker_" + backend + "_connected"
		for _, f := range faults {
			t.Run(backend+"/"+f.name, func(t *testing.T) {
				t.Parallel()
				r := newFaultRig(t)
				r.warm()
				g0, fd0, _ := r.levels()
				require.Positive(t, g0)
				require.Positive(t, fd0)
				before := r.polls(other[backend])
				for _, tx := range f.toxics {
					r.toxi.Add(t, backend, tx)
				}
				down := r.waitMetric(flag, 0, flagWithin)
				t.Logf("%s: %s down after %s", f.name, flag, down.Round(100*time.Millisecond))
				mark := len(r.rec.All())
				held := time.Now()
				r.waitPolls(other[backend], 2) // two intervals into the fault
				r.rec.Sync()
				heldFor := time.Since(held)
				for _, m := range r.rec.All()[mark:] {
					for _, p := range statePrefix[backend] {
						require.False(t, strings.HasPrefix(m.Topic, p), "%s published during the fault: %s = %q", backend, m.Topic, m.Payload)
					}
				}
				require.Less(t, r.heartbeatAge(), config.HeartbeatMaxAge(interval), "the heartbeat is fresh: the container is not restarted for a backend's fault")
				require.Equal(t, 1.0, r.flag("tracker_"+other[backend]+"_connected"), "the other loop is unaffected")

				r.toxi.Clear(backend)
				up := r.waitMetric(flag, 1, flagWithin)
				t.Logf("%s: %s back after %s", f.name, flag, up.Round(100*time.Millisecond))
				during := r.polls(other[backend]) - before
				elapsed := down + heldFor + up
				// A loop held up by the fault would poll once or not at all; a loaded machine
				// drops a tick now and then (a tick due while a cycle runs), and the counts are
				// read from /metrics, a poll behind at either end.
				require.GreaterOrEqual(t, during, int(elapsed/interval)-2, "the %s loop kept its cadence: %d polls in %s", other[backend], during, elapsed)

				r.backToLevels(g0, fd0, 5*interval)
				// A loop whose backend hangs logs its skipped ticks once when skipping starts.
				require.LessOrEqual(t, strings.Count(r.proc.Output(), "previous cycle still running"), 1)
			})
		}
		// SIGTERM while the backend is a black hole: out within stopWithin, OFFLINE published.
		t.Run(backend+"/SIGTERM in a black hole", func(t *testing.T) {
			t.Parallel()
			r := newFaultRig(t)
			r.toxi.Add(t, backend, faults[2].toxics[0])
			r.waitMetric(flag, 0, flagWithin)
			time.Sleep(interval / 2) // a poll in flight
			require.NoError(t, r.proc.Cmd.Process.Signal(syscall.SIGTERM))
			start := time.Now()
			require.Equal(t, 0, r.proc.Wait(stopWithin), "exit after SIGTERM (took %s)", time.Since(start))
			t.Logf("SIGTERM during a black hole: exited in %s", time.Since(start).Round(10*time.Millisecond))
			r.rec.WaitPayload(statusTopic, "OFFLINE", 2*time.Second)
		})
	}
}

// Each fault between the monitor and Mosquitto: both polling loops keep their cadence and
// their connected flags, the heartbeat stays fresh, and once the fault clears the monitor's
// readings reach Mosquitto again; goroutines and file descriptors come back to their level.
func TestMQTTFaults(t *testing.T) {
	t.Parallel()
	for _, f := range faults {
		t.Run(f.name, func(t *testing.T) {
			t.Parallel()
			r := newFaultRig(t)
			r.warm()
			g0, fd0, _ := r.levels()
			require.Positive(t, g0)
			require.Positive(t, fd0)
			broker, store := r.polls("broker"), r.polls("store")
			for _, tx := range f.toxics {
				r.toxi.Add(t, "mqtt", tx)
			}
			for range 3 { // three intervals, counted in the store loop's polls
				r.waitPolls("store", 1)
				for _, flag := range []string{"tracker_broker_connected", "tracker_store_connected"} {
					require.Equal(t, 1.0, r.flag(flag), "%s while MQTT is bad", flag)
				}
				require.Less(t, r.heartbeatAge(), config.HeartbeatMaxAge(interval))
			}
			require.GreaterOrEqual(t, r.polls("broker")-broker, 2, "the broker loop kept its cadence")
			require.GreaterOrEqual(t, r.polls("store")-store, 2, "the store loop kept its cadence")

			r.toxi.Clear("mqtt")
			cleared := time.Now()
			require.Eventually(t, func() bool {
				for _, m := range r.rec.All() {
					if m.At.After(cleared) && strings.HasPrefix(m.Topic, "Tracker/core-health/store/statistic/") {
						return true
					}
				}
				return false
			}, 30*time.Second, 100*time.Millisecond, "readings reach Mosquitto again after %s", f.name)
			var back time.Time
			for _, m := range r.rec.All() {
				if m.At.After(cleared) && strings.HasPrefix(m.Topic, "Tracker/core-health/store/statistic/") {
					back = m.At
					break
				}
			}
			t.Logf("%s: readings at Mosquitto again %s after the fault cleared", f.name, back.Sub(cleared).Round(100*time.Millisecond))
			r.backToLevels(g0, fd0, 5*interval)
		})
	}
}

// An MQTT server that takes the connection and never sends CONNACK, and one that stops
// reading: the polls go on (connected flags, heartbeat), goroutines do not pile up with the
// reconnection attempts, the sink's memory stays bounded while nothing can be written, and
// SIGTERM still exits within stopWithin.
func TestMQTTServerThatNeverAnswersOrStopsReading(t *testing.T) {
	t.Parallel()
	t.Run("never CONNACK", func(t *testing.T) {
		t.Parallel()
		r := newFaultRigMQTT(t, testenv.Get(t).WithOwnMosquitto(t), testenv.Mute(t))
		r.warm()
		g0 := r.fewestGoroutines(interval)
		r.waitPolls("broker", 4) // four intervals of attempts
		g1 := r.fewestGoroutines(interval)
		require.LessOrEqual(t, g1, g0+3, "no goroutine piles up with the attempts")
		r.pollsGoOnAndStopsOnSIGTERM()
	})
	t.Run("stops reading", func(t *testing.T) {
		t.Parallel()
		env := testenv.Get(t).WithOwnMosquitto(t)
		stall, port := testenv.StartStallProxy(t, env.MQTTAddr)
		r := newFaultRigMQTT(t, env, port)
		r.rec.WaitPayload(statusTopic, "ONLINE", 20*time.Second)
		r.warm()
		stall.Stall()
		broker := r.polls("broker")
		r.waitPolls("store", 2)
		heap0 := r.mustScrape()["go_memstats_heap_inuse_bytes"]
		r.waitPolls("store", 6) // six intervals with nothing written, counted in the other loop
		heap1 := r.mustScrape()["go_memstats_heap_inuse_bytes"]
		require.Less(t, heap1, heap0+4<<20, "the sink's queue stays bounded while nothing can be written (%.1f MB → %.1f MB)", heap0/(1<<20), heap1/(1<<20))
		require.GreaterOrEqual(t, r.polls("broker")-broker, 6, "the polls go on")
		r.pollsGoOnAndStopsOnSIGTERM()
		t.Logf("heap in use %.1f MB → %.1f MB over %s with the server not reading", heap0/(1<<20), heap1/(1<<20), 6*interval)
	})
}

// pollsGoOnAndStopsOnSIGTERM: while MQTT is unusable, both loops are connected and the
// heartbeat is fresh; SIGTERM still ends the monitor within stopWithin, exit code 0.
func (r *faultRig) pollsGoOnAndStopsOnSIGTERM() {
	t := r.t
	t.Helper()
	for _, flag := range []string{"tracker_broker_connected", "tracker_store_connected"} {
		require.Equal(t, 1.0, r.flag(flag), flag)
	}
	require.Less(t, r.heartbeatAge(), config.HeartbeatMaxAge(interval))
	require.NoError(t, r.proc.Cmd.Process.Signal(syscall.SIGTERM))
	start := time.Now()
	require.Equal(t, 0, r.proc.Wait(stopWithin), "exit after SIGTERM (took %s)", time.Since(start))
	t.Logf("SIGTERM exit in %s", time.Since(start).Round(10*time.Millisecond))
}
