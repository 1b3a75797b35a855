// Package model holds the plain data types that flow between the stages: entity descriptions
// and readings for the MQTT sink, broker and store frames, registrations, and the rule and
// area types. It does no I/O.
package model

import (
	"strings"
	"time"
)

// Component is a Home Assistant entity platform.
type Component string

// The platforms the monitor publishes.
const (
	Sensor       Component = "sensor"
	BinarySensor Component = "binary_sensor"
	Update       Component = "update"
	Event        Component = "event"
	Button       Component = "button"
)

// Fixed names of CONTRACT.md 1.1 and 4.1 (the topics are in topic.go).
const (
	PayloadOnline   = "ONLINE"
	PayloadOffline  = "OFFLINE"
	DiscoveryPrefix = "homeassistant"
	OriginName      = "tracker-core-health"
	Manufacturer    = "Tracker"
)

// Kind is what a sort of entity shares with every other of its sort: its platform, look,
// lifecycle, loop and metric. Stages point thousands of entities at one Kind (every queue's
// "Messages Ready" shares one), so that an Entity holds only what is its own (the measurements
// are in docs/decisions.md, "The monitor at 1,000 queues").
type Kind struct {
	Component      Component
	Icon           string
	DeviceClass    string
	StateClass     string
	Unit           string
	EntityCategory string
	// NoOrigin marks republished counters, which carry exactly what their owner would send.
	NoOrigin bool
	// Origin, when set, is the origin block every announcer renders instead of its own: an
	// entity two programs announce (a rule's event entity: the monitor and tracker-rules
	// watch) must have one retained config, byte for byte, or each would overwrite the other's.
	Origin *Origin
	// Lifecycle and, for dynamic entities, the loop whose cycles sight them.
	Lifecycle Lifecycle
	Loop      string
	// Event entities: the event types and the template that turns a state message into
	// {"event_type": …}.
	EventTypes    []string
	ValueTemplate string
	// LastResetTemplate reads a state_class total sensor's last reset from its state message
	// (Home Assistant's last_reset_value_template).
	LastResetTemplate string
	// Button entities: the topic a press publishes to, and what it publishes for an entity.
	CommandTopic string
	PressPayload func(*Entity) string
	// AvailabilityTopic is the status topic of whoever publishes the entity's states (""
	// is the monitor's; event and button entities have none).
	AvailabilityTopic string
	// AttributesFromState makes the state message's JSON object the entity's attributes too.
	AttributesFromState bool
	// Metric is where the entity's readings go in the Prometheus sink (nil: nowhere).
	Metric *Metric
}

// Entity describes one Home Assistant entity: everything its discovery config needs. Its
// Kind must be set (the Kind's fields read as the entity's own).
// Stages build an Entity once and reuse the pointer for every reading of it.
type Entity struct {
	*Kind
	UniqueID    string
	Name        string
	StateTopic  string
	Device      Device
	ExpireAfter int // seconds; 0 leaves expire_after out
	// Labels are the values of its Metric's labels (queue and device, processor and window…),
	// in the order of Metric.Labels; shared by the entities of one queue, processor or receiver.
	Labels []Label
}

// Origin is the discovery "origin" block: who announces the entity.
type Origin struct {
	Name      string `json:"name"`
	SWVersion string `json:"sw_version,omitempty"`
}

// RulesOrigin is the origin of the rule event entities, whichever program announces them:
// no version, which may differ between the two.
var RulesOrigin = Origin{Name: "tracker-rules"}

// DiscoveryTopic is homeassistant/{component}/{unique_id}/config.
func (e *Entity) DiscoveryTopic() string {
	return DiscoveryPrefix + "/" + string(e.Component) + "/" + e.UniqueID + "/config"
}

// DefaultEntityID is "<component>.<slug>" where slug is the unique_id lower-cased with every
// character outside [a-z0-9_] replaced by '_'.
func (e *Entity) DefaultEntityID() string {
	return string(e.Component) + "." + Slug(e.UniqueID)
}

// Slug lower-cases s and replaces every character outside [a-z0-9_] with '_'.
func Slug(s string) string {
	b := []byte(strings.ToLower(s))
	for i, c := range b {
		if (c < 'a' || c > 'z') && (c < '0' || c > '9') && c != '_' {
			b[i] = '_'
		}
	}
	return string(b)
}

// Sanitize replaces every character outside [A-Za-z0-9_-] with '-' (CONTRACT.md "san").
func Sanitize(s string) string {
	b := []byte(s)
	for i, c := range b {
		if (c < 'a' || c > 'z') && (c < 'A' || c > 'Z') && (c < '0' || c > '9') && c != '_' && c != '-' {
			b[i] = '-'
		}
	}
	return string(b)
}

// Lifecycle says when the sink re-announces an entity's discovery config (CONTRACT.md 4.1).
type Lifecycle uint8

const (
	// Static entities (general, broker-wide, store statistics, update entities) are announced
	// on every (re)connect and every Home Assistant birth, for as long as the process runs or
	// until a Remove reading clears them.
	Static Lifecycle = iota
	// Dynamic entities (queues, counters, receivers) are announced on their first sighting per
	// connection. After a reconnect or a birth message only those seen in their loop's latest
	// successful cycle are announced again: a vanished queue or receiver is never brought back,
	// it ages out through expire_after. One not seen for ForgetAfter is dropped from memory.
	Dynamic
)

// ForgetFactor × expire_after is how long a dynamic entity may go unseen before every stage
// and the sink forget it.
const ForgetFactor = 3

// ForgetAfter is how long e may go unseen before it is forgotten (0: never).
func (e *Entity) ForgetAfter() time.Duration {
	if e.Lifecycle != Dynamic || e.ExpireAfter <= 0 {
		return 0
	}
	return ForgetFactor * time.Duration(e.ExpireAfter) * time.Second
}
