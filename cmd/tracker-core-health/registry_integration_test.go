//go:build integration

package main_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/internal/testenv"
)

func registration(image, deviceID, name, sw string) string {
	b, _ := json.Marshal(map[string]any{"image": image, "device": map[string]any{
		"identifiers": []string{deviceID}, "name": name, "sw_version": sw, "manufacturer": "Tracker"}})
	return string(b)
}

func TestUpdateEntitiesFromRegistrationsAndTheRegistry(t *testing.T) {
	env := fresh(t)
	reg := testenv.NewFakeRegistry(t)
	reg.Set(func(f *testenv.FakeRegistry) {
		f.Tags["tracker-message-processor"] = []string{"2026.09.9", "2026.09.10", "latest"}
		f.Tags["tracker-archive"] = []string{"2026.08.20"}
	})
	rec := env.Record(t, "Tracker/register/#", "homeassistant/update/#")
	rec.Publish("Tracker/register/Tracker_message_processor_a", registration("tracker-message-processor", "Tracker_message_processor_a", "Tracker Message Processor a", "2026.09.1 (abc)"), true)
	rec.Publish("Tracker/register/Tracker_message_processor_b", registration("tracker-message-processor", "Tracker_message_processor_b", "Tracker Message Processor b", "2026.09.10"), true)
	rec.Publish("Tracker/register/Tracker_archive", registration("tracker-archive", "Tracker_archive", "Tracker Archive Processor", "2026.08.20"), true)
	rec.Publish("Tracker/register/garbage", `{"image":42}`, true)
	t.Cleanup(func() {
		for _, id := range []string{"Tracker_message_processor_a", "Tracker_message_processor_b", "Tracker_archive", "garbage"} {
			rec.Publish("Tracker/register/"+id, "", true)
		}
	})

	startMonitor(t, env, map[string]string{
		"REGISTRY_URL": reg.URL(), "REGISTRY_NAMESPACE": "ns",
		"REGISTRY_VERSION_CHECK_STARTUP_DELAY_SECONDS": "1", "REGISTRY_VERSION_CHECK_INTERVAL_SECONDS": "3600",
		"COMPONENT_IMAGE": "tracker-core-health",
	})

	cfg := rec.WaitFor("homeassistant/update/Tracker_message_processor_a_update/config", 10*time.Second, nil)
	var c map[string]any
	require.NoError(t, json.Unmarshal([]byte(cfg.Payload), &c))
	require.Equal(t, "Tracker Message Processor a Update", c["name"])
	require.Equal(t, "Tracker/register/Tracker_message_processor_a/update", c["state_topic"])
	require.Equal(t, "diagnostic", c["entity_category"])
	require.Equal(t, "update.tracker_message_processor_a_update", c["default_entity_id"])
	require.Equal(t, "Tracker/core-health/status", c["availability_topic"])
	require.Equal(t, map[string]any{"identifiers": []any{"Tracker_message_processor_a"}, "name": "Tracker Message Processor a", "sw_version": "2026.09.1 (abc)", "manufacturer": "Tracker"}, c["device"])
	for _, k := range []string{"command_topic", "payload_install", "supported_features", "has_entity_name", "icon"} {
		require.NotContains(t, c, k)
	}
	rec.WaitFor("homeassistant/update/Tracker_archive_update/config", 10*time.Second, nil)
	rec.WaitFor("homeassistant/update/Tracker_Core_update/config", 10*time.Second, nil)

	blob := func(id string, want map[string]string) {
		t.Helper()
		rec.WaitFor("Tracker/register/"+id+"/update", 15*time.Second, func(m testenv.Msg) bool {
			var got map[string]string
			return json.Unmarshal([]byte(m.Payload), &got) == nil && len(got) == len(want) && got["latest_version"] == want["latest_version"] && got["installed_version"] == want["installed_version"] && got["release_url"] == want["release_url"]
		})
	}
	blob("Tracker_message_processor_a", map[string]string{"installed_version": "2026.09.1", "latest_version": "2026.09.10",
		"release_url": "https://github.com/ns/tracker/releases/tag/2026.09.10"})
	blob("Tracker_archive", map[string]string{"installed_version": "2026.08.20", "latest_version": "2026.08.20",
		"release_url": "https://github.com/ns/tracker/releases/tag/2026.08.20"})
	tokens, tags := reg.Counts()
	require.Equal(t, 1, tokens, "one token per pass")
	require.Equal(t, 1, tags["tracker-message-processor"], "two instances of one image cost one lookup")
	require.Equal(t, 1, tags["tracker-archive"])
	require.Equal(t, 1, tags["tracker-core-health"], "the monitor registered itself")
	require.Len(t, tags, 3, "an image that never registered is never looked up")

	// A cleared registration clears its update entity.
	rec.Publish("Tracker/register/Tracker_archive", "", true)
	rec.WaitPayload("homeassistant/update/Tracker_archive_update/config", "", 10*time.Second)
}

func TestRegistryFailureKeepsTheLastKnownLatestVersion(t *testing.T) {
	env := fresh(t)
	reg := testenv.NewFakeRegistry(t)
	reg.Set(func(f *testenv.FakeRegistry) { f.Tags["tracker-archive"] = []string{"2026.08.20", "2026.10.1"} })
	rec := env.Record(t, "Tracker/register/#")
	rec.Publish("Tracker/register/Tracker_archive", registration("tracker-archive", "Tracker_archive", "Archive", "2026.08.20"), true)
	t.Cleanup(func() { rec.Publish("Tracker/register/Tracker_archive", "", true) })
	mon := startMonitor(t, env, map[string]string{
		"REGISTRY_URL": reg.URL(), "REGISTRY_NAMESPACE": "ns",
		"REGISTRY_VERSION_CHECK_STARTUP_DELAY_SECONDS": "0.5", "REGISTRY_VERSION_CHECK_INTERVAL_SECONDS": "1.5",
	})
	topic := "Tracker/register/Tracker_archive/update"
	rec.WaitFor(topic, 10*time.Second, func(m testenv.Msg) bool {
		return json.Valid([]byte(m.Payload)) && strings.Contains(m.Payload, `"latest_version":"2026.10.1"`)
	})

	from := len(mon.Output())
	reg.Set(func(f *testenv.FakeRegistry) { f.Fail["tracker-archive"] = 429 })
	_, before := reg.Counts()
	deadline := time.Now().Add(10 * time.Second)
	for {
		_, now := reg.Counts()
		if now["tracker-archive"] > before["tracker-archive"] {
			break
		}
		require.True(t, time.Now().Before(deadline), "no pass after the 429")
		time.Sleep(100 * time.Millisecond)
	}
	// The pass of the 429 ends (its log line), what it sent is published: then the last word.
	require.Eventually(t, func() bool {
		o := mon.Output()[from:]
		failed := strings.Index(o, "registry lookup failed")
		return failed >= 0 && strings.Contains(o[failed:], "registry pass done")
	}, 30*time.Second, 20*time.Millisecond, "the pass of the 429")
	mon.WaitMore(t, "broker poll ok", 1)
	rec.Sync()
	last, ok := rec.Last(topic)
	require.True(t, ok)
	require.Contains(t, last.Payload, `"latest_version":"2026.10.1"`, "a 429 keeps the last known version")
	require.Contains(t, last.Payload, `"release_url"`)
}
