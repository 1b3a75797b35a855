//go:build integration

package main_test

import (
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/internal/testenv"
)

// CONTRACT.md 10.8: a restart of watch tells nobody anything twice. 13 aircraft in view, each
// told once on the channel; watch stopped (SIGTERM, then SIGKILL after a save) and started
// again on the same feed: zero new channel messages and no new notification for them; an
// aircraft that arrives after the restart is told. Without a data store, in WATCH_STATE. (The
// clean stop's restart is also shown in process: watch/watch_test.go.)
func TestRestartTellsNothingTwice(t *testing.T) {
	t.Parallel()
	for _, stop := range []string{"SIGKILL"} { // SIGTERM: in process, watch/watch_test.go
		t.Run(stop, func(t *testing.T) {
			env := testenv.Get(t).WithOwnMosquitto(t)
			hook := &webhook{}
			hookSrv := httptest.NewServer(hook)
			t.Cleanup(hookSrv.Close)
			feed, srv := newFakeReadsb(t)
			rulesFile := writeFile(t, `[{"identifier":"mine","name":"Mine","enabled":true,"conditions":[{"type":"squawk","operator":"equals","value":"4321"}],
				"notify":{"cooldown_minutes":60}}]`)
			for i := range 13 {
				feed.add(map[string]any{"hex": fmt.Sprintf("ccc%03d", i), "alt_baro": 3000.0, "lat": 51.5, "lon": -0.1, "seen": 0.1, "squawk": "4321"})
			}
			state := filepath.Join(t.TempDir(), "watch-state.json")
			rec := env.Record(t, "Tracker/rule/#")
			mh, mp := testenv.Split(t, env.MQTTAddr)
			// No digest: at DIGEST_TIME (08:00 by default) watch sends one to the channel, a
			// message more for a run across it.
			procEnv := []string{"PATH=" + os.Getenv("PATH"), "MQTT_HOST=" + mh, "MQTT_PORT=" + mp, "LOG_LEVEL=debug", "WATCH_STATE=" + state,
				"NOTIFY_URLS=hook=generic://" + strings.TrimPrefix(hookSrv.URL, "http://") + "/in?template=json&disabletls=yes", "AIRCRAFT_DB=none", "DIGEST_TIME=off"}
			start := func() *testenv.Process {
				return testenv.Start(t, bin(t), procEnv, "watch", "--readsb", srv.URL+"/data/aircraft.json", "--rules", rulesFile, "--interval", "300ms", "--db", "none")
			}
			p := start()
			require.Eventually(t, func() bool { return len(hook.got()) == 13 }, 20*time.Second, 50*time.Millisecond, "each told once")
			require.Eventually(t, func() bool { return rec.Count("Tracker/rule/mine") == 13 }, 10*time.Second, 50*time.Millisecond,
				"13 notifications on MQTT (they may arrive after the channel's)")
			switch stop {
			case "SIGTERM":
				require.NoError(t, p.Cmd.Process.Signal(syscall.SIGTERM))
				require.Equal(t, 0, p.Wait(8*time.Second))
				require.Contains(t, p.Output(), "state kept for the next start")
				fi, err := os.Stat(state)
				require.NoError(t, err)
				require.Equal(t, os.FileMode(0o600), fi.Mode().Perm(), "the state names the aircraft told about: private")
			case "SIGKILL": // after a periodic save (every 10 s) that follows the 13: a crash loses at most that
				saved := strings.Count(p.Output(), `"message":"state kept"`)
				require.Eventually(t, func() bool { return strings.Count(p.Output(), `"message":"state kept"`) > saved }, 20*time.Second, 100*time.Millisecond)
				require.NoError(t, p.Cmd.Process.Kill())
				p.Wait(8 * time.Second)
			}
			p = start()
			require.Eventually(t, func() bool { return strings.Contains(p.Output(), "kept state read back") }, 15*time.Second, 50*time.Millisecond)
			require.Contains(t, p.Output(), `"flights":13`)
			feed.add(map[string]any{"hex": "ddd001", "alt_baro": 3000.0, "lat": 51.5, "lon": -0.1, "seen": 0.1, "squawk": "4321"})
			require.Eventually(t, func() bool { return len(hook.got()) >= 14 }, 20*time.Second, 50*time.Millisecond, "the new aircraft is told")
			feed.waitPolls(t, 5) // a few more polls of the same 14 aircraft
			rec.Sync()
			require.Len(t, hook.got(), 14, "zero new channel messages for the aircraft in view before the restart")
			require.Equal(t, 14, rec.Count("Tracker/rule/mine"), "and no new notification")
			require.Contains(t, hook.got()[13]["message"], "DDD001")
			require.NoError(t, p.Cmd.Process.Signal(syscall.SIGTERM))
			require.Equal(t, 0, p.Wait(8*time.Second))
		})
	}
}
