//go:build integration

package main_test

import (
	"encoding/json"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/internal/testenv"
)

const (
	statusTopic = "Tracker/core-health/status"
	generalBase = "Tracker/core-health/statistic/"
)

var generalConfigs = map[string]string{
	"started_at":       "homeassistant/sensor/Tracker_core_health_started_at/config",
	"broker_connected": "homeassistant/binary_sensor/Tracker_core_health_broker_connected/config",
	"store_connected":  "homeassistant/binary_sensor/Tracker_core_health_store_connected/config",
}

// fresh returns the services with every retained Tracker and discovery message cleared, so
// that the test sees only what its own monitor publishes.
func fresh(t *testing.T) *testenv.Env {
	env := testenv.Get(t)
	env.ClearRetained(t, "Tracker/#", "homeassistant/#")
	return env
}

func startMonitor(t *testing.T, env *testenv.Env, extra map[string]string) *testenv.Process {
	t.Helper()
	return testenv.Start(t, testenv.Binary(t, "tracker-core-health"), env.MonitorEnv(t, extra))
}

func TestMonitorPublishesGeneralStatisticsOnTheCoreDevice(t *testing.T) {
	env := fresh(t)
	rec := env.Record(t, "Tracker/core-health/#", "homeassistant/#")
	startMonitor(t, env, nil)

	rec.WaitPayload(statusTopic, "ONLINE", 15*time.Second)
	for field, topic := range generalConfigs {
		m := rec.WaitFor(topic, 10*time.Second, nil)
		var cfg map[string]any
		require.NoError(t, json.Unmarshal([]byte(m.Payload), &cfg), field)
		require.Equal(t, "Tracker_core_health_"+field, cfg["unique_id"])
		require.Equal(t, generalBase+field, cfg["state_topic"])
		require.Equal(t, statusTopic, cfg["availability_topic"])
		require.Equal(t, "ONLINE", cfg["payload_available"])
		require.Equal(t, "OFFLINE", cfg["payload_not_available"])
		require.Equal(t, true, cfg["has_entity_name"])
		dev := cfg["device"].(map[string]any)
		require.Equal(t, []any{"Tracker_Core"}, dev["identifiers"])
		require.Equal(t, "Tracker Core", dev["name"])
		require.Equal(t, "9.9.9-test", dev["sw_version"])
		require.Equal(t, map[string]any{"name": "tracker-core-health", "sw_version": "9.9.9-test"}, cfg["origin"])
		require.NotContains(t, cfg, "expire_after", "general statistics never expire")
	}
	started := rec.WaitFor(generalBase+"started_at", 10*time.Second, nil)
	require.Regexp(t, regexp.MustCompile(`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+00:00$`), started.Payload)
	rec.WaitPayload(generalBase+"broker_connected", "True", 10*time.Second)
	rec.WaitPayload(generalBase+"store_connected", "True", 10*time.Second)

	// Everything lands retained: a late subscriber gets it.
	late := env.Record(t, statusTopic, generalBase+"broker_connected", generalConfigs["started_at"])
	require.True(t, late.WaitPayload(statusTopic, "ONLINE", 5*time.Second).Retained)
	require.True(t, late.WaitPayload(generalBase+"broker_connected", "True", 5*time.Second).Retained)
	require.True(t, late.WaitFor(generalConfigs["started_at"], 5*time.Second, nil).Retained)
}

func TestSIGKILLLeavesRetainedOffline(t *testing.T) {
	env := fresh(t)
	rec := env.Record(t, statusTopic)
	p := startMonitor(t, env, nil)
	rec.WaitPayload(statusTopic, "ONLINE", 15*time.Second)

	require.NoError(t, p.Cmd.Process.Signal(syscall.SIGKILL))
	rec.WaitPayload(statusTopic, "OFFLINE", 10*time.Second)
	late := env.Record(t, statusTopic)
	m := late.WaitFor(statusTopic, 5*time.Second, nil)
	require.Equal(t, "OFFLINE", m.Payload)
	require.True(t, m.Retained, "the last will is retained")
}

func TestSIGTERMPublishesOfflineAndExitsZeroWithinFiveSeconds(t *testing.T) {
	env := fresh(t)
	rec := env.Record(t, statusTopic)
	p := startMonitor(t, env, nil)
	rec.WaitPayload(statusTopic, "ONLINE", 15*time.Second)
	p.WaitMore(t, "broker poll ok", 2) // let a few cycles run

	require.NoError(t, p.Cmd.Process.Signal(syscall.SIGTERM))
	start := time.Now()
	code := p.Wait(5 * time.Second)
	require.Equal(t, 0, code, "exit code after SIGTERM (took %s)", time.Since(start))
	rec.WaitPayload(statusTopic, "OFFLINE", 2*time.Second)
}

func TestMosquittoRestartRepublishesOnlineAndDiscovery(t *testing.T) {
	env := fresh(t)
	rec := env.Record(t, statusTopic)
	startMonitor(t, env, nil)
	rec.WaitPayload(statusTopic, "ONLINE", 15*time.Second)

	env.Service(t, "stop-mosquitto")
	env.Service(t, "start-mosquitto") // no persistence: every retained message is gone
	after := env.Record(t, statusTopic, "homeassistant/#", generalBase+"#")
	after.WaitPayload(statusTopic, "ONLINE", 30*time.Second)
	for _, topic := range generalConfigs {
		after.WaitFor(topic, 10*time.Second, nil)
	}
	after.WaitPayload(generalBase+"broker_connected", "True", 10*time.Second)
}

func TestBrokerConnectedTurnsTrueWhenBackendsComeUpLate(t *testing.T) {
	env := testenv.Get(t)
	mgmtPort, storePort := testenv.Reserve(t), testenv.Reserve(t) // refused until the proxies listen there
	rec := env.Record(t, generalBase+"#")
	p := startMonitor(t, env, map[string]string{"BROKER_MANAGEMENT_PORT": mgmtPort.Port, "STORE_PORT": storePort.Port})
	rec.WaitPayload(generalBase+"broker_connected", "False", 15*time.Second)
	rec.WaitPayload(generalBase+"store_connected", "False", 15*time.Second)

	_, realMgmt := testenv.Split(t, strings.TrimPrefix(env.MgmtURL, "http://"))
	testenv.StartProxy(t, mgmtPort, "127.0.0.1:"+realMgmt)
	testenv.StartProxy(t, storePort, env.RedisAddr)
	rec.WaitPayload(generalBase+"broker_connected", "True", 15*time.Second)
	rec.WaitPayload(generalBase+"store_connected", "True", 15*time.Second)
	require.NotContains(t, p.Output(), env.MonitorPasswd, "passwords never reach the log")
	require.NotContains(t, p.Output(), env.RedisPassword, "passwords never reach the log")
}

func TestWithoutMQTTHostItPollsAndPublishesNothing(t *testing.T) {
	env := fresh(t)
	rec := env.Record(t, "Tracker/#", "homeassistant/#")
	p := startMonitor(t, env, map[string]string{"MQTT_HOST": ""})
	deadline := time.Now().Add(15 * time.Second)
	for !strings.Contains(p.Output(), "broker poll ok") || !strings.Contains(p.Output(), "store poll ok") {
		require.True(t, time.Now().Before(deadline), "no successful polls logged:\n%s", p.Output())
		time.Sleep(200 * time.Millisecond)
	}
	p.WaitMore(t, "broker poll ok", 2) // a few more cycles
	rec.Sync()
	for _, m := range rec.All() {
		require.True(t, m.Retained, "nothing live may be published with MQTT disabled, got %s %q", m.Topic, m.Payload)
	}
}

func TestStartupConfigurationErrors(t *testing.T) {
	env := testenv.Get(t)
	bin := testenv.Binary(t, "tracker-core-health")
	cases := []struct {
		name, unset, set, value, want string
	}{
		{name: "missing BROKER_HOST", unset: "BROKER_HOST", want: "BROKER_HOST"},
		{name: "missing STORE_PASSWORD", unset: "STORE_PASSWORD", want: "STORE_PASSWORD"},
		{name: "bad interval", set: "BROKER_POLL_INTERVAL", value: "ten seconds", want: "BROKER_POLL_INTERVAL"},
		{name: "bad port", set: "STORE_PORT", value: "99999", want: "STORE_PORT"},
		{name: "bad log level", set: "LOG_LEVEL", value: "loud", want: "LOG_LEVEL"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			extra := map[string]string{}
			if tc.set != "" {
				extra[tc.set] = tc.value
			}
			vars := env.MonitorEnv(t, extra)
			if tc.unset != "" {
				kept := vars[:0]
				for _, v := range vars {
					if !strings.HasPrefix(v, tc.unset+"=") {
						kept = append(kept, v)
					}
				}
				vars = kept
			}
			p := testenv.Start(t, bin, vars)
			require.Equal(t, 2, p.Wait(5*time.Second))
			out := strings.TrimSpace(p.Output())
			require.Contains(t, out, tc.want)
			require.Len(t, strings.Split(out, "\n"), 1, "one clear line: %s", out)
		})
	}
}

func TestHealthcheckFollowsTheHeartbeat(t *testing.T) {
	env := testenv.Get(t)
	bin := testenv.Binary(t, "tracker-core-health")
	hb := t.TempDir() + "/hb/heartbeat"
	vars := env.MonitorEnv(t, map[string]string{"HEARTBEAT_PATH": hb})

	check := func() int { return testenv.Start(t, bin, vars, "healthcheck").Wait(5 * time.Second) }
	require.Equal(t, 1, check(), "no heartbeat yet")
	startMonitor(t, env, map[string]string{"HEARTBEAT_PATH": hb})
	deadline := time.Now().Add(15 * time.Second)
	for check() != 0 {
		require.True(t, time.Now().Before(deadline), "heartbeat never became fresh")
		time.Sleep(300 * time.Millisecond)
	}
}
