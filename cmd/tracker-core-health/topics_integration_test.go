//go:build integration

package main_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// Queue names, processor ids and receiver names are data we did not choose: one that would
// make an invalid MQTT topic ('#', '+', a control character) is skipped with one error log
// naming it, and everything else carries on: no protocol error at Mosquitto, every other
// queue's and receiver's readings published every cycle.
func TestHostileNamesNeverReachATopic(t *testing.T) {
	env := fresh(t)
	mosq := env.MosquittoLogMark(t)
	for _, q := range []string{"tracker-message-processor-a#b", "tracker-message-processor-c+d", "tracker-message-processor-tab\tid", "tracker-message-processor-good"} {
		env.DeclareQueue(t, q)
	}
	r := env.Redis(t)
	ctx := t.Context()
	require.NoError(t, r.Do(ctx, r.B().Flushdb().Build()).Error())
	for k, v := range map[string]string{
		"receiver:registration:rx#1":                          `[{"host":"10.0.0.7","port":30005}]`,
		"receiver:registration:rx-ok":                         `[{"host":"10.0.0.8","port":30005}]`,
		"metrics:receiver:rx-ok:10-0-0-8_30005:messages:hour": "9",
	} {
		require.NoError(t, r.Do(ctx, r.B().Set().Key(k).Value(v).Build()).Error())
	}
	require.NoError(t, r.Do(ctx, r.B().Sadd().Key("receiver:index").Member("rx#1", "rx-ok").Build()).Error())

	rec := env.Record(t, "Tracker/#", "homeassistant/#")
	p := startMonitor(t, env, nil)
	rec.WaitPayload("Tracker/core-health/message-processor/good/statistic/consumers", "0", 20*time.Second)
	rec.WaitPayload("Tracker/receiver/rx-ok/statistic/messages_10-0-0-8_30005_total_hour", "9", 10*time.Second)
	rec.WaitPayload("Tracker/message-processor/good/statistic/total_messages_processed_lifetime", "0", 10*time.Second)
	p.WaitMore(t, "broker poll ok", 3) // several more cycles
	rec.Sync()

	// Every cycle came through: the connection never dropped.
	require.Equal(t, 1, rec.Count(statusTopic), "ONLINE once: the connection was never lost")
	require.GreaterOrEqual(t, rec.Count("Tracker/core-health/message-processor/good/statistic/messages_ready"), 3)
	for _, m := range rec.All() {
		for _, bad := range []string{"a#b", "c+d", "tab", "rx#1"} {
			require.NotContains(t, m.Topic, bad)
		}
	}
	require.Empty(t, mosq.ProtocolErrors())
	out := p.Output()
	for _, name := range []string{"tracker-message-processor-a#b", "tracker-message-processor-c+d", `tracker-message-processor-tab\tid`} {
		require.Equal(t, 1, strings.Count(out, `"queue":"`+name+`"`), "one error naming %s:\n%s", name, out)
	}
	require.Equal(t, 1, strings.Count(out, `"receiver":"rx#1"`), out)
	for _, line := range strings.Split(out, "\n") {
		if strings.Contains(line, `"queue":"tracker-message-processor-a#b"`) || strings.Contains(line, `"receiver":"rx#1"`) {
			var e map[string]any
			require.NoError(t, json.Unmarshal([]byte(line), &e))
			require.Equal(t, "error", e["level"])
		}
	}
}
