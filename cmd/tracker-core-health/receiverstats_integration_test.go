//go:build integration

package main_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// freshStats serves the real stats.json capture as a live readsb would: its "now" is the
// present. down makes it answer 503.
type freshStats struct {
	mu   sync.Mutex
	doc  map[string]any
	down bool
}

func (f *freshStats) ServeHTTP(w http.ResponseWriter, _ *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.down {
		w.WriteHeader(http.StatusServiceUnavailable)
		return
	}
	f.doc["now"] = float64(time.Now().Unix())
	_ = json.NewEncoder(w).Encode(f.doc)
}

// The receiver's own health through the monitor binary, on real Mosquitto: discovery on the
// receiver's device with expire_after = 3 intervals, the last minute's values, and
// receiver_stats_connected False (values stopping) when the stats go away.
func TestReceiverStatsOnTheReceiversDevice(t *testing.T) {
	raw, err := os.ReadFile("../../stages/receiverstats/testdata/stats.json")
	require.NoError(t, err)
	f := &freshStats{}
	require.NoError(t, json.Unmarshal(raw, &f.doc))
	srv := httptest.NewServer(f)
	defer srv.Close()

	env := fresh(t)
	rec := env.Record(t, "Tracker/receiver/#", "homeassistant/#")
	startMonitor(t, env, map[string]string{"RECEIVER_STATS_URL": "rooftop=" + srv.URL + "/data/stats.json", "RECEIVER_STATS_INTERVAL": "1s"})

	cfgMsg := rec.WaitFor("homeassistant/sensor/Tracker_receiver_rooftop_signal_dbfs/config", 15*time.Second, nil)
	var cfg map[string]any
	require.NoError(t, json.Unmarshal([]byte(cfgMsg.Payload), &cfg))
	require.Equal(t, "Tracker/receiver/rooftop/statistic/signal_dbfs", cfg["state_topic"])
	require.Equal(t, "dBFS", cfg["unit_of_measurement"])
	require.Equal(t, 3.0, cfg["expire_after"])
	require.Equal(t, []any{"Tracker_receiver_rooftop"}, cfg["device"].(map[string]any)["identifiers"])
	conn := rec.WaitFor("homeassistant/binary_sensor/Tracker_receiver_rooftop_receiver_stats_connected/config", 5*time.Second, nil)
	require.Contains(t, conn.Payload, `"device_class":"connectivity"`)

	base := "Tracker/receiver/rooftop/statistic/"
	rec.WaitPayload(base+"receiver_stats_connected", "True", 10*time.Second)
	rec.WaitPayload(base+"signal_dbfs", "-4.1", 10*time.Second)
	rec.WaitPayload(base+"noise_dbfs", "-17.6", 10*time.Second)
	rec.WaitPayload(base+"messages_per_second", "14.2", 10*time.Second)
	rec.WaitPayload(base+"strong_signals_per_minute", "284.0", 10*time.Second)

	f.mu.Lock()
	f.down = true
	f.mu.Unlock()
	rec.WaitPayload(base+"receiver_stats_connected", "False", 10*time.Second)
}
