package mqtt_test

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/sinks/mqtt"
)

func TestFormatFloat(t *testing.T) {
	cases := map[float64]string{0: "0.0", 19.6: "19.6", 50: "50.0", 73.21: "73.21", 1e21: "1000000000000000000000.0", -2.5: "-2.5"}
	for in, want := range cases {
		require.Equal(t, want, mqtt.FormatFloat(in))
	}
	// The table of whole numbers answers exactly as strconv does around and inside it.
	for f := -5.0; f <= 205; f += 0.25 {
		want := strconv.FormatFloat(f, 'f', -1, 64)
		if !strings.Contains(want, ".") {
			want += ".0"
		}
		require.Equal(t, want, mqtt.FormatFloat(f), "%v", f)
	}
	require.Equal(t, "-0.0", mqtt.FormatFloat(math.Copysign(0, -1)))
	require.Equal(t, "0.0", mqtt.FormatFloat(math.NaN()), "not a number: 0")
	require.Equal(t, "2026-01-01T00:00:00.123456+00:00", mqtt.FormatTimestamp(time.Date(2026, 1, 1, 1, 0, 0, 123456789, time.FixedZone("x", 3600))))
}

// Each typed value's MQTT text (CONTRACT.md 4.1, "Formats").
func TestTextOfEachValueType(t *testing.T) {
	e := &model.Entity{Kind: &model.Kind{Component: model.Sensor}, UniqueID: "u", StateTopic: "T/u"}
	for _, tc := range []struct {
		r    model.Reading
		want string
	}{
		{model.IntState(e, 0), "0"},
		{model.IntState(e, -42), "-42"},
		{model.IntState(e, 9223372036854775807), "9223372036854775807"},
		{model.FloatState(e, 50), "50.0"},
		{model.FloatState(e, 73.21), "73.21"},
		{model.BoolState(e, true), "True"},
		{model.BoolState(e, false), "False"},
		{model.TextState(e, "Running"), "Running"},
		{model.TimeState(e, time.Date(2026, 1, 1, 0, 0, 0, 500_000_000, time.UTC)), "2026-01-01T00:00:00.500000+00:00"},
		{model.NewStickyUpdate(e, model.UpdateState{Installed: "2026.09.10", Latest: "2026.09.10"}), `{"installed_version":"2026.09.10","latest_version":"2026.09.10"}`},
		{model.NewStickyUpdate(e, model.UpdateState{Installed: "1", Latest: "2", ReleaseURL: "https://x/2"}), `{"installed_version":"1","latest_version":"2","release_url":"https://x/2"}`},
	} {
		require.Equal(t, tc.want, mqtt.Text(&tc.r))
	}
}

func TestDiscoveryConfig(t *testing.T) {
	origin := model.Origin{Name: "tracker-core-health", SWVersion: "1.2"}
	dev := model.NamedDevice("Tracker_archive", "Tracker Archive Processor")
	cases := []struct {
		name   string
		e      model.Entity
		want   map[string]any
		absent []string
	}{
		{"sensor", model.Entity{Kind: &model.Kind{Component: model.Sensor, Icon: "mdi:memory", StateClass: "measurement", Unit: "B", DeviceClass: "data_size"},
			UniqueID: "Tracker_archive_queue_memory_bytes", Name: "Queue Memory", StateTopic: "Tracker/core-health/archive/statistic/memory_bytes", ExpireAfter: 30, Device: dev},
			map[string]any{"name": "Queue Memory", "has_entity_name": true, "unique_id": "Tracker_archive_queue_memory_bytes", "object_id": "Tracker_archive_queue_memory_bytes",
				"default_entity_id": "sensor.tracker_archive_queue_memory_bytes", "state_topic": "Tracker/core-health/archive/statistic/memory_bytes",
				"icon": "mdi:memory", "state_class": "measurement", "unit_of_measurement": "B", "device_class": "data_size", "expire_after": 30.0,
				"availability_topic": "Tracker/core-health/status", "payload_available": "ONLINE", "payload_not_available": "OFFLINE",
				"device": map[string]any{"identifiers": []any{"Tracker_archive"}, "name": "Tracker Archive Processor"},
				"origin": map[string]any{"name": "tracker-core-health", "sw_version": "1.2"}},
			[]string{"payload_on", "payload_off", "entity_category"}},
		{"binary sensor", model.Entity{Kind: &model.Kind{Component: model.BinarySensor, Icon: "mdi:alert"}, UniqueID: "X_y", Name: "Y", StateTopic: "t", Device: dev},
			map[string]any{"payload_on": "True", "payload_off": "False", "default_entity_id": "binary_sensor.x_y"},
			[]string{"expire_after", "state_class", "unit_of_measurement", "device_class"}},
		{"republished counter", model.Entity{Kind: &model.Kind{Component: model.Sensor, NoOrigin: true}, UniqueID: "c", Name: "C", StateTopic: "t", Device: dev},
			map[string]any{"availability_topic": "Tracker/core-health/status"}, []string{"origin"}},
		{"update", model.Entity{Kind: &model.Kind{Component: model.Update, Icon: "mdi:x", EntityCategory: "diagnostic"}, UniqueID: "Tracker_archive_update", Name: "Archive Update", StateTopic: "Tracker/register/Tracker_archive/update", Device: dev},
			map[string]any{"default_entity_id": "update.tracker_archive_update", "entity_category": "diagnostic"},
			[]string{"has_entity_name", "icon", "command_topic", "payload_install", "supported_features"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var got map[string]any
			require.NoError(t, json.Unmarshal(mqtt.DiscoveryConfig(&tc.e, origin), &got))
			for k, v := range tc.want {
				require.Equal(t, v, got[k], k)
			}
			for _, k := range tc.absent {
				require.NotContains(t, got, k)
			}
		})
	}
	e := model.Entity{Kind: &model.Kind{Component: model.Sensor}, UniqueID: "u"}
	require.Equal(t, "homeassistant/sensor/u/config", e.DiscoveryTopic())
}
