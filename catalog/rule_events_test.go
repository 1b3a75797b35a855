package catalog_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/catalog"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/sinks/mqtt"
)

func TestRuleEventEntityConfigFieldByField(t *testing.T) {
	e := catalog.RuleEventEntity("heathrow-low", "Low over Heathrow")
	require.Equal(t, "homeassistant/event/Tracker_rule_heathrow-low/config", e.DiscoveryTopic())
	var cfg map[string]any
	require.NoError(t, json.Unmarshal(mqtt.DiscoveryConfig(e, model.Origin{Name: "tracker-core-health", SWVersion: "1"}), &cfg))
	require.Equal(t, "Low over Heathrow", cfg["name"])
	require.Equal(t, "Tracker_rule_heathrow-low", cfg["unique_id"])
	require.Equal(t, "Tracker_rule_heathrow-low", cfg["object_id"])
	require.Equal(t, "event.tracker_rule_heathrow_low", cfg["default_entity_id"])
	require.Equal(t, true, cfg["has_entity_name"])
	require.Equal(t, "Tracker/rule/heathrow-low", cfg["state_topic"])
	require.Equal(t, []any{"matched"}, cfg["event_types"])
	require.Equal(t, catalog.RuleEventTemplate, cfg["value_template"])
	require.Equal(t, "mdi:airplane-alert", cfg["icon"])
	require.Equal(t, map[string]any{"identifiers": []any{"Tracker_Rules"}, "name": "Tracker Rules", "manufacturer": "Tracker", "model": "Rules"}, cfg["device"])
	require.Equal(t, map[string]any{"name": "tracker-rules"}, cfg["origin"], "one origin, whichever program announces it")
	require.Equal(t, mqtt.DiscoveryConfig(e, model.Origin{Name: "tracker-core-health", SWVersion: "1"}),
		mqtt.DiscoveryConfig(e, model.Origin{Name: "tracker-rules", SWVersion: "2"}), "byte for byte")
	for _, k := range []string{"availability_topic", "payload_available", "payload_not_available", "expire_after", "unit_of_measurement", "state_class", "device_class"} {
		require.NotContains(t, cfg, k, "an event entity has no %s", k)
	}
	require.Equal(t, "nameless", catalog.RuleEventEntity("nameless", " ").Name, "no name: the identifier")
}

func TestRuleEventsFollowTheRuleSet(t *testing.T) {
	r := catalog.NewRuleEvents()
	kinds := func(b model.Batch) map[string]model.ReadingKind {
		out := map[string]model.ReadingKind{}
		for _, x := range b {
			out[x.Entity.UniqueID] = x.Kind
		}
		return out
	}
	b, err := r.Update([]byte(`[{"identifier":"a","name":"A","enabled":true},{"identifier":"b","enabled":true},{"identifier":"c","enabled":false},{"identifier":"has space","enabled":true},{"name":"no id","enabled":true}]`))
	require.NoError(t, err)
	require.Equal(t, map[string]model.ReadingKind{"Tracker_rule_a": model.Declaration, "Tracker_rule_b": model.Declaration,
		"Tracker_rule_mute_a": model.Declaration, "Tracker_rule_mute_b": model.Declaration}, kinds(b))

	b, err = r.Update([]byte(`[{"identifier":"a","name":"A","enabled":true},{"identifier":"b","enabled":true}]`))
	require.NoError(t, err)
	require.Empty(t, b, "unchanged: nothing to send")

	b, err = r.Update([]byte(`[{"identifier":"a","name":"Renamed","enabled":true},{"identifier":"b","enabled":false},{"identifier":"c","enabled":true}]`))
	require.NoError(t, err)
	require.Equal(t, map[string]model.ReadingKind{"Tracker_rule_a": model.Declaration, "Tracker_rule_b": model.Removal, "Tracker_rule_c": model.Declaration,
		"Tracker_rule_mute_a": model.Declaration, "Tracker_rule_mute_b": model.Removal, "Tracker_rule_mute_c": model.Declaration}, kinds(b))
	require.Equal(t, "Renamed", b[0].Entity.Name)
	require.Equal(t, "Mute Renamed for 1 h", b[1].Entity.Name)

	_, err = r.Update([]byte(`{"not":"an array"}`))
	require.Error(t, err)
	b, err = r.Update(nil) // config:rules absent: every entity goes
	require.NoError(t, err)
	require.Equal(t, map[string]model.ReadingKind{"Tracker_rule_a": model.Removal, "Tracker_rule_c": model.Removal,
		"Tracker_rule_mute_a": model.Removal, "Tracker_rule_mute_c": model.Removal}, kinds(b))
}

// A rule's mute button (CONTRACT.md 10.5): pressing it publishes the mute command for an hour;
// no state, no availability, one config whichever program announces it.
func TestRuleMuteButtonConfig(t *testing.T) {
	e := catalog.RuleMuteButton("police", "Police overhead")
	require.Equal(t, "homeassistant/button/Tracker_rule_mute_police/config", e.DiscoveryTopic())
	raw := mqtt.DiscoveryConfig(e, model.Origin{Name: "tracker-core-health", SWVersion: "1"})
	require.Equal(t, raw, mqtt.DiscoveryConfig(e, model.Origin{Name: "tracker-rules", SWVersion: "2"}), "byte for byte")
	var cfg map[string]any
	require.NoError(t, json.Unmarshal(raw, &cfg))
	require.Equal(t, "Mute Police overhead for 1 h", cfg["name"])
	require.Equal(t, "button.tracker_rule_mute_police", cfg["default_entity_id"])
	require.Equal(t, "Tracker/rules-watch/mute", cfg["command_topic"])
	require.JSONEq(t, `{"rule":"police","minutes":60}`, cfg["payload_press"].(string))
	require.Equal(t, map[string]any{"identifiers": []any{"Tracker_Rules"}, "name": "Tracker Rules", "manufacturer": "Tracker", "model": "Rules"}, cfg["device"])
	for _, k := range []string{"state_topic", "availability_topic", "event_types", "value_template"} {
		require.NotContains(t, cfg, k)
	}
}
