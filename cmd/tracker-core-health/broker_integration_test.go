//go:build integration

package main_test

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/internal/testenv"
	"github.com/tracker-adsb/tracker-core-health/rules"
)

func TestBrokerTelemetryOverMQTT(t *testing.T) {
	env := fresh(t)
	env.DeleteQueue(t, "tracker-archive")
	for _, q := range []string{"tracker-message-processor-a", "tracker-message-processor-b-2", "tracker-adsb-unroutable", "someone-elses-queue"} {
		env.DeclareQueue(t, q)
	}
	env.Mgmt(t, http.MethodPut, "/api/exchanges/%2F/tracker-adsb", map[string]any{"type": "fanout", "durable": true})
	t.Cleanup(func() { env.Mgmt(t, http.MethodDelete, "/api/exchanges/%2F/tracker-adsb", nil) })
	env.Mgmt(t, http.MethodPost, "/api/bindings/%2F/e/tracker-adsb/q/tracker-message-processor-a", map[string]any{"routing_key": "1"})
	env.Publish(t, "tracker-adsb", "1", 5)
	env.Publish(t, "amq.default", "someone-elses-queue", 3)

	rec := env.Record(t, "Tracker/core-health/#", "homeassistant/#")
	startMonitor(t, env, nil)

	mpA := "Tracker/core-health/message-processor/a/statistic/"
	rec.WaitPayload(mpA+"messages_ready", "5", 20*time.Second)
	rec.WaitPayload(mpA+"state", "Running", 5*time.Second)
	rec.WaitPayload(mpA+"consumers", "0", 5*time.Second)
	rate := rec.WaitFor(mpA+"publish_rate", 5*time.Second, nil)
	_, err := strconv.ParseFloat(rate.Payload, 64)
	require.NoError(t, err)
	require.Contains(t, rate.Payload, ".")

	cfg := rec.WaitFor("homeassistant/sensor/Tracker_message_processor_b-2_queue_consumers/config", 10*time.Second, nil)
	var c map[string]any
	require.NoError(t, json.Unmarshal([]byte(cfg.Payload), &c))
	require.Equal(t, []any{"Tracker_message_processor_b-2"}, c["device"].(map[string]any)["identifiers"])
	require.Equal(t, "Tracker/core-health/message-processor/b-2/statistic/consumers", c["state_topic"])
	require.Equal(t, 3.0, c["expire_after"])

	un := rec.WaitFor("homeassistant/sensor/Tracker_core_health_queue_tracker-adsb-unroutable_messages_ready/config", 10*time.Second, nil)
	require.Contains(t, un.Payload, `"identifiers":["Tracker_Core"]`)
	rec.WaitPayload("Tracker/core-health/broker/statistic/archive_queue_missing", "True", 10*time.Second)
	rec.WaitFor("Tracker/core-health/broker/statistic/connections_total", 10*time.Second, nil)
	rec.WaitPayload("Tracker/core-health/broker/statistic/memory_alarm", "False", 10*time.Second)

	env.DeclareQueue(t, "tracker-archive")
	missing := "Tracker/core-health/broker/statistic/archive_queue_missing"
	// Two 1 s cycles plus the management database's own statistics interval (1 s here).
	rec.WaitPayload(missing, "False", 6*time.Second)
	rec.WaitFor("Tracker/core-health/archive/statistic/consumers", 5*time.Second, nil)
	env.DeleteQueue(t, "tracker-archive")
	rec.WaitPayload(missing, "True", 6*time.Second)

	for _, m := range rec.All() {
		require.NotContains(t, m.Topic, "someone-elses-queue")
		require.False(t, strings.Contains(m.Payload, "someone-elses-queue"), m.Topic)
	}
}

func TestCountersRepublishedOverMQTT(t *testing.T) {
	env := fresh(t)
	env.DeclareQueue(t, "tracker-message-processor-mp-1")
	r := env.Redis(t)
	ctx := t.Context()
	require.NoError(t, r.Do(ctx, r.B().Flushdb().Build()).Error())
	for k, v := range map[string]string{
		"metrics:message_processor:mp-1:total_messages_processed:lifetime": "4242",
		"receiver:registration:rx1":                                        `[{"host":"10.0.0.7","port":30005,"source":"1090"}]`,
		"metrics:receiver:rx1:10-0-0-7_30005:messages:hour":                "17",
		"config:areas:version":                                             "ffffffffffffffffffffffffffffffffffffffffffffffffffffffff0badcafe",
	} {
		require.NoError(t, r.Do(ctx, r.B().Set().Key(k).Value(v).Build()).Error())
	}
	require.NoError(t, r.Do(ctx, r.B().Sadd().Key("receiver:index").Member("rx1").Build()).Error())

	rec := env.Record(t, "Tracker/#", "homeassistant/#")
	startMonitor(t, env, nil)
	rec.WaitPayload("Tracker/message-processor/mp-1/statistic/total_messages_processed_lifetime", "4242", 15*time.Second)
	rec.WaitPayload("Tracker/message-processor/mp-1/statistic/operator_misses_today", "0", 5*time.Second)
	rec.WaitPayload("Tracker/receiver/rx1/statistic/messages_10-0-0-7_30005_total_hour", "17", 5*time.Second)
	rec.WaitPayload("Tracker/receiver/rx1/statistic/messages_10-0-0-7_30005_total_today", "0", 5*time.Second)
	rec.WaitPayload("Tracker/core-health/statistic/areas_version", "0badcafe", 5*time.Second)
	cfg := rec.WaitFor("homeassistant/sensor/Tracker_receiver_rx1_messages_10-0-0-7_30005_total_hour/config", 5*time.Second, nil)
	var c map[string]any
	require.NoError(t, json.Unmarshal([]byte(cfg.Payload), &c))
	require.NotContains(t, c, "origin", "republished counters carry exactly what their owner sends")
	require.Equal(t, "total_increasing", c["state_class"])
	require.Equal(t, "10.0.0.7:30005 Messages Total (Hour)", c["name"])
	for _, m := range rec.All() {
		require.NotContains(t, m.Topic, "_total_lifetime", "the receiver's lifetime counter is its own")
	}
}

func TestPrintQueuePattern(t *testing.T) {
	p := testenv.Start(t, testenv.Binary(t, "tracker-core-health"), nil, "print-queue-pattern")
	require.Equal(t, 0, p.Wait(5*time.Second))
	require.Equal(t, `^(tracker-adsb.*|tracker-message-processor-.*|tracker-archive|tracker-archive-raw-frames|amq\.default)$`, strings.TrimSpace(p.Output()))
	v := testenv.Start(t, testenv.Binary(t, "tracker-core-health"), nil, "--version")
	require.Equal(t, 0, v.Wait(5*time.Second))
	require.Equal(t, "9.9.9-test", strings.TrimSpace(v.Output()))
}

// CONTRACT.md 4.1: a queue or receiver that vanished is never announced again, neither on a
// live Home Assistant birth message nor after a reconnect to the MQTT broker: once the user
// deleted its entity in Home Assistant (an empty retained config), it stays deleted.
func TestVanishedQueueAndReceiverAreNotBroughtBack(t *testing.T) {
	env := fresh(t)
	for _, q := range []string{"tracker-message-processor-keep", "tracker-message-processor-gone"} {
		env.DeclareQueue(t, q)
	}
	t.Cleanup(func() { env.DeleteQueue(t, "tracker-message-processor-keep") })
	r := env.Redis(t)
	ctx := t.Context()
	require.NoError(t, r.Do(ctx, r.B().Flushdb().Build()).Error())
	require.NoError(t, r.Do(ctx, r.B().Set().Key("receiver:registration:rx-gone").Value(`[{"host":"10.0.0.9","port":30002,"source":"1090"}]`).Build()).Error())
	require.NoError(t, r.Do(ctx, r.B().Sadd().Key("receiver:index").Member("rx-gone").Build()).Error())

	goneCfg := "homeassistant/sensor/Tracker_message_processor_gone_queue_messages_ready/config"
	goneCounterCfg := "homeassistant/sensor/Tracker_message_processor_gone_total_messages_processed_hour/config"
	rxCfg := "homeassistant/sensor/Tracker_receiver_rx-gone_messages_10-0-0-9_30002_total_hour/config"
	keepCfg := "homeassistant/sensor/Tracker_message_processor_keep_queue_messages_ready/config"
	rec := env.Record(t, "homeassistant/#", "Tracker/#")
	startMonitor(t, env, nil)
	for _, topic := range []string{goneCfg, goneCounterCfg, rxCfg, keepCfg} {
		rec.WaitFor(topic, 20*time.Second, nil)
	}

	// The queue is deleted and the receiver's registration expires.
	env.DeleteQueue(t, "tracker-message-processor-gone")
	require.NoError(t, r.Do(ctx, r.B().Del().Key("receiver:registration:rx-gone").Build()).Error())
	// Wait until two cycles have run without them.
	for range 2 {
		rec.Reset()
		rec.WaitFor("Tracker/core-health/message-processor/keep/statistic/messages_ready", 10*time.Second, nil)
	}
	// The user deletes the entities in Home Assistant: their retained configs are cleared.
	var cleared []string
	for _, m := range env.Retained(t, "homeassistant/sensor/#") {
		if strings.Contains(m.Topic, "Tracker_message_processor_gone_") || strings.Contains(m.Topic, "Tracker_receiver_rx-gone_") {
			rec.Publish(m.Topic, "", true)
			cleared = append(cleared, m.Topic)
		}
	}
	// 10 queue configs, 8 processor counters, 2 receiver counters; on a loaded machine the
	// management API has once answered with a statistic more for the queue in its last cycle.
	require.GreaterOrEqual(t, len(cleared), 10+8+2, "%v", cleared)
	for _, want := range []string{goneCfg, goneCounterCfg, rxCfg} {
		require.Contains(t, cleared, want)
	}

	// A live birth message: the current entities are announced again, the vanished ones not.
	rec.Reset()
	rec.Publish("homeassistant/status", "online", false)
	rec.WaitFor(keepCfg, 10*time.Second, nil)

	// A reconnect (Mosquitto restarted, no persistence): the same.
	env.Service(t, "stop-mosquitto")
	env.Service(t, "start-mosquitto")
	after := env.Record(t, "homeassistant/#", "Tracker/#")
	after.WaitPayload(statusTopic, "ONLINE", 30*time.Second)
	after.WaitFor(keepCfg, 10*time.Second, nil)
	after.WaitFor("Tracker/core-health/message-processor/keep/statistic/messages_ready", 10*time.Second, nil)

	for _, m := range append(rec.All(), after.All()...) {
		for _, gone := range []string{"Tracker_message_processor_gone_", "Tracker_receiver_rx-gone_"} {
			if strings.Contains(m.Topic, gone) && m.Payload != "" {
				t.Errorf("%s announced again after it vanished: %s", gone, m.Topic)
			}
		}
	}
}

// Rule matches as event entities: the monitor announces one per enabled stored rule, reads
// config:rules again only when its version changes, and removes those deleted or disabled.
func TestMonitorAnnouncesRuleEventEntities(t *testing.T) {
	env := fresh(t)
	r := env.Redis(t)
	ctx := t.Context()
	require.NoError(t, r.Do(ctx, r.B().Flushdb().Build()).Error())
	setRules := func(body string) {
		require.NoError(t, r.Do(ctx, r.B().Set().Key("config:rules").Value(body).Build()).Error())
		require.NoError(t, r.Do(ctx, r.B().Set().Key("config:rules:version").Value(rules.Version([]byte(body))).Build()).Error())
	}
	setRules(`[{"identifier":"emergency","name":"Emergency squawk","enabled":true,"conditions":[{"type":"squawk","operator":"equals","value":"7700"}]},
	 {"identifier":"military","name":"Military","enabled":true,"conditions":[{"type":"military","operator":"equals","value":true}]},
	 {"identifier":"old","name":"Old","enabled":false,"conditions":[{"type":"squawk","operator":"equals","value":"7600"}]}]`)
	rec := env.Record(t, "homeassistant/event/#")
	mon := startMonitor(t, env, nil)
	cfg := rec.WaitFor("homeassistant/event/Tracker_rule_emergency/config", 20*time.Second, nil)
	var c map[string]any
	require.NoError(t, json.Unmarshal([]byte(cfg.Payload), &c))
	require.Equal(t, "Emergency squawk", c["name"])
	require.Equal(t, []any{"matched"}, c["event_types"])
	require.Equal(t, "Tracker/rule/emergency", c["state_topic"])
	rec.WaitFor("homeassistant/event/Tracker_rule_military/config", 5*time.Second, nil)
	mon.WaitMore(t, "store poll ok", 2) // config:rules's version read again, unchanged
	rec.Sync()
	require.Zero(t, rec.Count("homeassistant/event/Tracker_rule_old/config"), "a disabled rule has no entity")
	require.Equal(t, 1, rec.Count("homeassistant/event/Tracker_rule_emergency/config"), "config:rules is read again only when its version changes")

	setRules(`[{"identifier":"emergency","name":"Mayday","enabled":true,"conditions":[{"type":"squawk","operator":"equals","value":"7700"}]},
	 {"identifier":"military","name":"Military","enabled":false,"conditions":[{"type":"military","operator":"equals","value":true}]}]`)
	rec.WaitPayload("homeassistant/event/Tracker_rule_military/config", "", 10*time.Second)
	rec.WaitFor("homeassistant/event/Tracker_rule_emergency/config", 10*time.Second, func(m testenv.Msg) bool { return strings.Contains(m.Payload, "Mayday") })
}
