package mqtt

import (
	"encoding/json"
	"math"
	"strconv"
	"time"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// The MQTT contract's texts (CONTRACT.md 4.1, "Formats"): integers in decimal; floats as the
// shortest round-trip decimal with at least one fractional digit; booleans True / False;
// instants as RFC 3339 in UTC with 6 fractional digits and +00:00. The sink renders each value
// as it writes it, straight into the connection's buffer.

// appendValue appends the text of a typed value.
func appendValue(b []byte, typ model.ValueType, word uint64, text string) []byte {
	switch typ {
	case model.IntValue:
		return strconv.AppendInt(b, int64(word), 10) //nolint:gosec // bits as they were
	case model.FloatValue:
		return appendFloat(b, math.Float64frombits(word))
	case model.BoolValue:
		if word != 0 {
			return append(b, "True"...)
		}
		return append(b, "False"...)
	case model.TimeValue:
		return appendTimestamp(b, time.UnixMicro(int64(word))) //nolint:gosec // bits as they were
	}
	return append(b, text...)
}

// appendFloat is the shortest round-trip decimal with at least one fractional digit ("0.0",
// "19.6", "50.0", "73.21"); NaN and infinities, which are no numbers, are 0.
func appendFloat(b []byte, f float64) []byte {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		f = 0
	}
	start := len(b)
	b = strconv.AppendFloat(b, f, 'f', -1, 64)
	for _, c := range b[start:] {
		if c == '.' {
			return b
		}
	}
	return append(b, ".0"...)
}

// FormatFloat is appendFloat as a string.
func FormatFloat(f float64) string { return string(appendFloat(nil, f)) }

// appendTimestamp is RFC 3339 in UTC with 6 fractional digits and "+00:00".
func appendTimestamp(b []byte, t time.Time) []byte {
	b = t.UTC().AppendFormat(b, "2006-01-02T15:04:05.000000")
	return append(b, "+00:00"...)
}

// FormatTimestamp is appendTimestamp as a string.
func FormatTimestamp(t time.Time) string { return string(appendTimestamp(nil, t)) }

// Text is the MQTT text of a reading's value.
func Text(r *model.Reading) string {
	if u := r.Update(); u != nil {
		return updateText(u)
	}
	return string(appendValue(nil, r.Type, r.Word(), r.Text()))
}

// updateText is the update state blob on Tracker/register/{identifier}/update (CONTRACT.md
// 4.7): release_url left out until the image's first successful lookup.
func updateText(u *model.UpdateState) string {
	b, _ := json.Marshal(struct {
		InstalledVersion string `json:"installed_version"`
		LatestVersion    string `json:"latest_version"`
		ReleaseURL       string `json:"release_url,omitempty"`
	}{u.Installed, u.Latest, u.ReleaseURL})
	return string(b)
}

type discoveryConfig struct {
	Name                string          `json:"name"`
	HasEntityName       bool            `json:"has_entity_name,omitempty"`
	UniqueID            string          `json:"unique_id"`
	ObjectID            string          `json:"object_id"`
	DefaultEntityID     string          `json:"default_entity_id"`
	StateTopic          string          `json:"state_topic,omitempty"`
	CommandTopic        string          `json:"command_topic,omitempty"`
	PayloadPress        string          `json:"payload_press,omitempty"`
	Icon                string          `json:"icon,omitempty"`
	DeviceClass         string          `json:"device_class,omitempty"`
	StateClass          string          `json:"state_class,omitempty"`
	Unit                string          `json:"unit_of_measurement,omitempty"`
	EntityCategory      string          `json:"entity_category,omitempty"`
	ExpireAfter         int             `json:"expire_after,omitempty"`
	PayloadOn           string          `json:"payload_on,omitempty"`
	PayloadOff          string          `json:"payload_off,omitempty"`
	Device              json.RawMessage `json:"device"`
	EventTypes          []string        `json:"event_types,omitempty"`
	ValueTemplate       string          `json:"value_template,omitempty"`
	LastResetTemplate   string          `json:"last_reset_value_template,omitempty"`
	JSONAttributesTopic string          `json:"json_attributes_topic,omitempty"`
	AvailabilityTopic   string          `json:"availability_topic,omitempty"`
	PayloadAvailable    string          `json:"payload_available,omitempty"`
	PayloadNotAvailable string          `json:"payload_not_available,omitempty"`
	Origin              *model.Origin   `json:"origin,omitempty"`
}

// DiscoveryConfig renders the retained discovery payload of an entity (CONTRACT.md 4.1 for
// sensor and binary_sensor, 4.7 for update, docs/rule-events.md for event).
func DiscoveryConfig(e *model.Entity, origin model.Origin) []byte {
	c := discoveryConfig{
		Name:              e.Name,
		HasEntityName:     e.Component != model.Update,
		UniqueID:          e.UniqueID,
		ObjectID:          e.UniqueID,
		DefaultEntityID:   e.DefaultEntityID(),
		StateTopic:        e.StateTopic,
		DeviceClass:       e.DeviceClass,
		StateClass:        e.StateClass,
		Unit:              e.Unit,
		EntityCategory:    e.EntityCategory,
		ExpireAfter:       e.ExpireAfter,
		Device:            json.RawMessage(e.Device),
		EventTypes:        e.EventTypes,
		ValueTemplate:     e.ValueTemplate,
		LastResetTemplate: e.LastResetTemplate,
	}
	// Rule events (and their mute buttons) come from whichever component evaluates the rule,
	// not from the monitor: they carry no availability, so that every announcer renders the
	// same config.
	if e.Component != model.Event && e.Component != model.Button {
		c.AvailabilityTopic, c.PayloadAvailable, c.PayloadNotAvailable = model.StatusTopic, model.PayloadOnline, model.PayloadOffline
		if e.AvailabilityTopic != "" {
			c.AvailabilityTopic = e.AvailabilityTopic
		}
	}
	if e.AttributesFromState {
		c.JSONAttributesTopic = e.StateTopic
	}
	if e.Component == model.Button {
		c.CommandTopic = e.CommandTopic
		if e.PressPayload != nil {
			c.PayloadPress = e.PressPayload(e)
		}
	}
	if e.Component != model.Update {
		c.Icon = e.Icon
	}
	if e.Component == model.BinarySensor {
		c.PayloadOn, c.PayloadOff = "True", "False"
	}
	switch {
	case e.Origin != nil:
		o := *e.Origin
		c.Origin = &o
	case !e.NoOrigin:
		o := origin
		c.Origin = &o
	}
	if len(c.Device) == 0 {
		c.Device = json.RawMessage("{}")
	}
	b, err := json.Marshal(c)
	if err != nil { // only a malformed Device can fail; fall back to an empty block
		c.Device = json.RawMessage("{}")
		b, _ = json.Marshal(c)
	}
	return b
}
