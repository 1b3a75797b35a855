//go:build integration

package main_test

import (
	"io"
	"net/http"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/internal/testenv"
)

// The second sink: the same readings as over MQTT, from the same polls, scraped by a real
// Prometheus; the exposition passes promtool's lint.
func TestMetricsMatchTheMQTTReadings(t *testing.T) {
	env := fresh(t)
	queue := "tracker-message-processor-prom"
	env.DeclareQueue(t, queue)
	t.Cleanup(func() { env.DeleteQueue(t, queue) })
	env.Publish(t, "amq.default", queue, 3)
	r := env.Redis(t)
	ctx := t.Context()
	require.NoError(t, r.Do(ctx, r.B().Flushdb().Build()).Error())
	require.NoError(t, r.Do(ctx, r.B().Set().Key("metrics:message_processor:prom:total_messages_processed:lifetime").Value("777").Build()).Error())

	rec := env.Record(t, "Tracker/#")
	mon := startMonitor(t, env, map[string]string{"METRICS_ADDR": "127.0.0.1:0"}) // the port it got is in its log
	port := mon.WaitAddr(t, "serving /metrics", 20*time.Second)
	ready := rec.WaitPayload("Tracker/core-health/message-processor/prom/statistic/messages_ready", "3", 30*time.Second)
	counter := rec.WaitPayload("Tracker/message-processor/prom/statistic/total_messages_processed_lifetime", "777", 10*time.Second)

	// promtool's lint on a real scrape.
	resp, err := http.Get("http://127.0.0.1:" + port + "/metrics")
	require.NoError(t, err)
	scrape, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	require.Equal(t, 200, resp.StatusCode)
	require.Contains(t, string(scrape), "tracker_core_health_start_time_seconds ")
	require.Contains(t, string(scrape), "go_goroutines ")
	require.Contains(t, string(scrape), "process_resident_memory_bytes ")
	lint := exec.Command("promtool", "check", "metrics")
	lint.Stdin = strings.NewReader(string(scrape))
	out, err := lint.CombinedOutput()
	require.NoError(t, err, "promtool check metrics:\n%s", out)
	require.Empty(t, strings.TrimSpace(string(out)), "no lint problems")

	// A real Prometheus sees the same values as the retained MQTT messages.
	prom := testenv.StartPrometheus(t, "127.0.0.1:"+port)
	want := map[string]string{
		`tracker_queue_messages_ready{queue="tracker-message-processor-prom",device="Tracker_message_processor_prom"}`: ready.Payload,
		`tracker_processor_messages_processed_total{processor="prom",window="lifetime"}`:                               counter.Payload,
		`count_over_time(tracker_broker_connected[1m]) >= 2`:                                                           "", // two scrapes at least
	}
	require.Eventually(t, func() bool {
		for q := range want {
			if _, ok := prom.Query(q); !ok {
				return false
			}
		}
		return true
	}, 30*time.Second, 250*time.Millisecond, "prometheus scraped the monitor twice")
	for q, mqtt := range want {
		if mqtt == "" {
			continue
		}
		v, ok := prom.Query(q)
		require.True(t, ok, q)
		m, err := strconv.ParseFloat(mqtt, 64)
		require.NoError(t, err)
		require.Equal(t, m, v, q)
	}
}
