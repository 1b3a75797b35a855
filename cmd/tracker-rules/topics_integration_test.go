//go:build integration

package main_test

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/internal/testenv"
	"github.com/tracker-adsb/tracker-core-health/model"
)

// hostileRules holds an ordinary rule next to rules whose identifiers are no valid topic level:
// all of them match every flying aircraft.
const hostileRules = `[
 {"identifier":"x/#","name":"Typo","enabled":true,"conditions":[{"type":"altitude","operator":"minimum","value":0}]},
 {"identifier":"y+","enabled":true,"conditions":[{"type":"altitude","operator":"minimum","value":0}]},
 {"identifier":"ok","name":"Fine","enabled":true,"conditions":[{"type":"altitude","operator":"minimum","value":0}]}]`

// One bad rule name must not silence every alert: `watch` never publishes on a topic that is
// not a valid MQTT topic name, logs it once per rule as an error naming the rule, and the
// connection and every other rule's notifications carry on (no protocol error at Mosquitto).
func TestWatchNeverPublishesAnInvalidTopic(t *testing.T) {
	env := testenv.Get(t)
	env.ClearRetained(t, "Tracker/#", "homeassistant/#")
	mosq := env.MosquittoLogMark(t)
	feed, srv := newFakeReadsb(t)
	rec := env.Record(t, "Tracker/rule/#", "Tracker/rules-watch/#", "homeassistant/event/#")
	mh, mp := testenv.Split(t, env.MQTTAddr)
	// No digest: at DIGEST_TIME (08:00 by default) watch publishes one, a topic more for a run
	// across it.
	p := testenv.Start(t, bin(t), []string{"PATH=" + os.Getenv("PATH"), "MQTT_HOST=" + mh, "MQTT_PORT=" + mp, "DIGEST_TIME=off"},
		"watch", "--readsb", srv.URL+"/data/aircraft.json", "--rules", writeFile(t, hostileRules), "--interval", "300ms")
	rec.WaitPayload("Tracker/rules-watch/status", "ONLINE", 15*time.Second)

	want := flying(t)
	require.Eventually(t, func() bool { return rec.Count("Tracker/rule/ok") >= len(want) }, 20*time.Second, 100*time.Millisecond,
		"every flying aircraft notifies on the good rule")
	feed.waitPolls(t, 5) // several more polls
	rec.Sync()
	require.Equal(t, len(want), rec.Count("Tracker/rule/ok"), "once per flight: the connection never dropped, nothing was lost or sent twice")
	for _, m := range rec.All() {
		if strings.HasPrefix(m.Topic, model.WatchStatisticRoot) { // the flight log's sensors (CONTRACT.md 13.3)
			continue
		}
		require.Contains(t, []string{"Tracker/rule/ok", "Tracker/rules-watch/status", "homeassistant/event/Tracker_rule_ok/config"}, m.Topic,
			"nothing else is published (no event entity for a rule that can never notify)")
	}
	require.Empty(t, mosq.ProtocolErrors(), "Mosquitto never closed a client for a bad packet")
	require.Equal(t, 1, strings.Count(p.Output(), `"rule":"x/#"`), "one error line for the rule, however many notifications:\n%s", p.Output())
	require.Equal(t, 1, strings.Count(p.Output(), `"rule":"y+"`), p.Output())
	for _, line := range strings.Split(p.Output(), "\n") {
		if strings.Contains(line, `"rule":"x/#"`) {
			var e map[string]any
			require.NoError(t, json.Unmarshal([]byte(line), &e))
			require.Equal(t, "error", e["level"])
			require.Contains(t, e["problem"], "'#'")
		}
	}
	require.NoError(t, p.Cmd.Process.Signal(syscall.SIGTERM))
	require.Equal(t, 0, p.Wait(8*time.Second))
}

// `replay --mqtt` keeps the same guard, and its summary says how many notifications a rule
// could never publish.
func TestReplayMQTTNeverPublishesAnInvalidTopic(t *testing.T) {
	env := testenv.Get(t)
	mosq := env.MosquittoLogMark(t)
	traffic, err := os.ReadFile("../../examples/traffic.jsonl")
	require.NoError(t, err)
	rec := env.Record(t, "Tracker/rule/#")
	mh, mp := testenv.Split(t, env.MQTTAddr)
	rulesFile := writeFile(t, hostileRules)
	// The recording's messages are hours old by now: the lag rule is judged on the replay's
	// own clock, so they still publish.
	_, errOut, code := runCmd(t, []string{"MQTT_HOST=" + mh, "MQTT_PORT=" + mp}, string(traffic), "replay", "--mqtt", "--rules", rulesFile)
	require.Equal(t, 0, code, errOut)
	okLine, badLine := "", ""
	for _, l := range strings.Split(errOut, "\n") {
		if strings.HasPrefix(l, "rule ok:") {
			okLine = l
		}
		if strings.HasPrefix(l, "rule x/#:") {
			badLine = l
		}
	}
	var matched, sent, held, suppressed int
	_, err = fmt.Sscanf(okLine, "rule ok: %d matches, %d sent, %d held, %d suppressed", &matched, &sent, &held, &suppressed)
	require.NoError(t, err, okLine)
	require.Positive(t, sent)
	require.Contains(t, badLine, "never published (the identifier is not a valid MQTT topic level)")
	require.Eventually(t, func() bool { return rec.Count("Tracker/rule/ok") == sent }, 10*time.Second, 50*time.Millisecond,
		"every notification of the good rule arrived (%d of %d)", rec.Count("Tracker/rule/ok"), sent)
	for _, m := range rec.All() {
		require.Equal(t, "Tracker/rule/ok", m.Topic)
	}
	require.Empty(t, mosq.ProtocolErrors())
	require.Equal(t, 1, strings.Count(errOut, `"rule":"x/#"`), errOut)
}
