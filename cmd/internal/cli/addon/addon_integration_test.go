//go:build integration

package addon_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/internal/testenv"
)

// The add-on started as the Supervisor starts it: root, an options.json like the one the
// Supervisor writes (every option with a default, the optional ones the user set, numbers as
// numbers), MQTT left to the Supervisor's service, and SUPERVISOR_TOKEN in the environment.
// It runs the API (HA_INGRESS: this test's requests come from 127.0.0.1, not the Supervisor,
// so they need the token), watch on the receiver and the monitor with those settings, as the
// image's user, with /data that user's and its files private; SIGTERM stops them all.
func TestAddonRunsWhatItsOptionsAsk(t *testing.T) {
	e := testenv.Get(t).WithOwnMosquitto(t)
	rec := e.Record(t, "Tracker/rules-watch/status", "Tracker/core-health/status")
	root, err := os.MkdirTemp("", "tracker-addon-test-") // the image's user must reach the binary and /data
	require.NoError(t, err)
	t.Cleanup(func() { _ = os.RemoveAll(root) })
	require.NoError(t, os.Chmod(root, 0o755))
	bin := filepath.Join(root, "bin")
	data := filepath.Join(root, "data")
	tmp := filepath.Join(root, "tmp")
	for _, d := range []string{bin, data, tmp} {
		require.NoError(t, os.Mkdir(d, 0o755))
	}
	require.NoError(t, os.Chmod(tmp, 0o1777))
	self, err := os.ReadFile(testenv.Binary(t, "tracker"))
	require.NoError(t, err)
	tracker := filepath.Join(bin, "tracker")
	require.NoError(t, os.WriteFile(tracker, self, 0o755)) //nolint:gosec // the image's binary, run by its user

	feed, err := os.ReadFile("../../../../examples/readsb-london.json")
	require.NoError(t, err)
	var polls atomic.Int32
	receiver := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		polls.Add(1)
		_, _ = w.Write(feed)
	}))
	t.Cleanup(receiver.Close)
	mh, mp := testenv.Split(t, e.MQTTAddr)
	var asked atomic.Int32
	supervisor := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/services/mqtt" || r.Header.Get("Authorization") != "Bearer supervisor-secret" {
			http.Error(w, "no", http.StatusUnauthorized)
			return
		}
		asked.Add(1)
		port, _ := strconv.Atoi(mp)
		_ = json.NewEncoder(w).Encode(map[string]any{"result": "ok", "data": map[string]any{
			"host": mh, "port": port, "ssl": false, "protocol": "3.1.1", "username": "", "password": ""}})
	}))
	t.Cleanup(supervisor.Close)

	rh, rp := testenv.Split(t, e.RedisAddr)
	brokerPort, _ := strconv.Atoi(strings.TrimPrefix(e.MgmtPort, ":"))
	storePort, _ := strconv.Atoi(rp)
	options := map[string]any{ // as the Supervisor writes it: defaults, and what the user set
		"log_level": "info", "store_host": rh, "store_port": storePort, "store_password": e.RedisPassword,
		"registrant_detail": "standard", "flight_log_days": 30, "broker_management_port": brokerPort,
		"readsb_url": receiver.URL + "/data/aircraft.json", "home_lat": 51.47, "home_lon": -0.45,
		"broker_host": "127.0.0.1", "broker_monitoring_username": e.MonitorUser, "broker_monitoring_password": e.MonitorPasswd,
	}
	raw, err := json.Marshal(options)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(data, "options.json"), raw, 0o600))

	p := testenv.Start(t, tracker, []string{"PATH=" + os.Getenv("PATH"), "TMPDIR=" + tmp, "ADDON_DATA=" + data,
		"CONFIG_API_ADDR=127.0.0.1:0", "SUPERVISOR_URL=" + supervisor.URL, "SUPERVISOR_TOKEN=supervisor-secret"}, "tracker-addon")
	base := "http://127.0.0.1:" + p.WaitAddr(t, "listening", 30*time.Second)
	// The API listens first (the store need not answer), then says who gets in.
	require.Eventually(t, func() bool { return strings.Contains(p.Output(), "HA_INGRESS") }, 30*time.Second, 20*time.Millisecond)

	// The API: /healthz open; anything else from an address that is not the Supervisor's
	// needs the token the log shows.
	get := func(path, token string) int {
		req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, base+path, nil)
		require.NoError(t, err)
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp.StatusCode
	}
	require.Equal(t, http.StatusOK, get("/healthz", ""))
	for _, path := range []string{"/", "/api/rules", "/api/flights", "/ui/config.json"} {
		require.Equal(t, http.StatusUnauthorized, get(path, ""), "%s from another address than the Supervisor's", path)
	}
	m := regexp.MustCompile(`\?token=([A-Za-z0-9_-]+)"`).FindStringSubmatch(p.Output())
	require.NotNil(t, m, p.Output())
	require.Equal(t, http.StatusOK, get("/api/rules", m[1]))

	// watch on the receiver, and the monitor, with MQTT from the Supervisor's service.
	rec.WaitPayload("Tracker/rules-watch/status", "ONLINE", 30*time.Second)
	rec.WaitPayload("Tracker/core-health/status", "ONLINE", 30*time.Second)
	require.Positive(t, asked.Load(), "MQTT asked of the Supervisor")
	require.Eventually(t, func() bool { return polls.Load() > 0 }, 15*time.Second, 50*time.Millisecond, "watch reads the receiver")

	// As the image's user, without the Supervisor's token.
	pids := regexp.MustCompile(`"program":"([a-z-]+)".*?"pid":(\d+)`).FindAllStringSubmatch(p.Output(), -1)
	require.Len(t, pids, 3, p.Output())
	for _, pid := range pids {
		status, err := os.ReadFile("/proc/" + pid[2] + "/status")
		require.NoError(t, err)
		require.Regexp(t, `(?m)^Uid:\s+65532\s`, string(status), pid[1])
		environ, err := os.ReadFile("/proc/" + pid[2] + "/environ")
		require.NoError(t, err)
		require.NotContains(t, string(environ), "supervisor-secret", pid[1])
	}
	for _, want := range []string{"FLIGHT_LOG_DAYS=30", "HOME_LAT=51.47", "WATCH_STATE=" + filepath.Join(data, "watch-state.json"),
		"FLIGHT_LOG=" + filepath.Join(data, "flights.db"), "CONFIG_BACKUP_DIR=" + filepath.Join(data, "backups"), "HA_INGRESS=true"} {
		found := false
		for _, pid := range pids {
			environ, _ := os.ReadFile("/proc/" + pid[2] + "/environ")
			found = found || strings.Contains(string(environ), want+"\x00")
		}
		require.True(t, found, "a program has %s", want)
	}

	// /data is the image user's; its files private.
	require.NoError(t, p.Cmd.Process.Signal(syscall.SIGTERM))
	require.Equal(t, 0, p.Wait(15*time.Second), p.Output())
	fi, err := os.Stat(data)
	require.NoError(t, err)
	require.Equal(t, uint32(65532), fi.Sys().(*syscall.Stat_t).Uid)
	require.Equal(t, os.FileMode(0o700), fi.Mode().Perm())
	for name, mode := range map[string]os.FileMode{"api-token": 0o600, "backups": 0o700 | os.ModeDir} {
		fi, err := os.Stat(filepath.Join(data, name))
		require.NoError(t, err, name)
		require.Equal(t, mode, fi.Mode()&(os.ModeDir|os.ModePerm), name)
		require.Equal(t, uint32(65532), fi.Sys().(*syscall.Stat_t).Uid, name)
	}
	fi, err = os.Stat(filepath.Join(data, "options.json"))
	require.NoError(t, err)
	require.Equal(t, uint32(0), fi.Sys().(*syscall.Stat_t).Uid, "the Supervisor's options stay root's")
}

// An options.json without the data store stops the add-on at once, naming the option.
func TestAddonNamesAMissingOption(t *testing.T) {
	data := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(data, "options.json"), []byte(`{"log_level":"info","store_port":6379}`), 0o600))
	p := testenv.Start(t, testenv.Binary(t, "tracker"), []string{"PATH=" + os.Getenv("PATH"), "ADDON_DATA=" + data}, "tracker-addon")
	require.Equal(t, 2, p.Wait(10*time.Second), p.Output())
	require.Contains(t, p.Output(), "store_host")
}
