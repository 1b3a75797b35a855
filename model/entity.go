// Package model holds the plain data types that flow between the stages: entity descriptions
// and readings for the MQTT sink, broker and store frames, registrations, and the rule and
// area types. It does no I/O.
package model

import (
	"encoding/json"
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
)

// Fixed names of CONTRACT.md 1.1 and 4.1.
const (
	Root              = "Tracker"
	MonitorRoot       = "Tracker/core-health"
	StatusTopic       = "Tracker/core-health/status"
	PayloadOnline     = "ONLINE"
	PayloadOffline    = "OFFLINE"
	DiscoveryPrefix   = "homeassistant"
	HAStatusTopic     = "homeassistant/status"
	RegisterTopicRoot = "Tracker/register"
	OriginName        = "tracker-core-health"
	Manufacturer      = "Tracker"
)

// Kind is what a sort of entity shares with every other of its sort: its platform, look,
// lifecycle and loop. Stages point thousands of entities at one Kind (every queue's "Messages
// Ready" shares one), so that an Entity holds only what is its own (at 1,000 queues, 19,000
// entities of 272 bytes each were 5 MB of a 17 MB live heap; with a Kind they are 120).
type Kind struct {
	Component      Component
	Icon           string
	DeviceClass    string
	StateClass     string
	Unit           string
	EntityCategory string
	// NoOrigin marks republished counters, which carry exactly what their owner would send.
	NoOrigin bool
	// Lifecycle and, for dynamic entities, the loop whose cycles sight them.
	Lifecycle Lifecycle
	Loop      string
	// Event entities: the event types and the template that turns a state message into
	// {"event_type": …}.
	EventTypes    []string
	ValueTemplate string
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
	// Series is where the entity's readings go in the Prometheus sink.
	Series Series
}

// Origin is the discovery "origin" block.
type Origin struct {
	Name      string `json:"name"`
	SWVersion string `json:"sw_version"`
}

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

type discoveryConfig struct {
	Name                string          `json:"name"`
	HasEntityName       bool            `json:"has_entity_name,omitempty"`
	UniqueID            string          `json:"unique_id"`
	ObjectID            string          `json:"object_id"`
	DefaultEntityID     string          `json:"default_entity_id"`
	StateTopic          string          `json:"state_topic"`
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
	AvailabilityTopic   string          `json:"availability_topic,omitempty"`
	PayloadAvailable    string          `json:"payload_available,omitempty"`
	PayloadNotAvailable string          `json:"payload_not_available,omitempty"`
	Origin              *Origin         `json:"origin,omitempty"`
}

// DiscoveryConfig renders the retained discovery payload of CONTRACT.md 4.1 (sensor,
// binary_sensor) or 4.7 (update).
func (e *Entity) DiscoveryConfig(origin Origin) []byte {
	c := discoveryConfig{
		Name:            e.Name,
		HasEntityName:   e.Component != Update,
		UniqueID:        e.UniqueID,
		ObjectID:        e.UniqueID,
		DefaultEntityID: e.DefaultEntityID(),
		StateTopic:      e.StateTopic,
		DeviceClass:     e.DeviceClass,
		StateClass:      e.StateClass,
		Unit:            e.Unit,
		EntityCategory:  e.EntityCategory,
		ExpireAfter:     e.ExpireAfter,
		Device:          json.RawMessage(e.Device),
		EventTypes:      e.EventTypes,
		ValueTemplate:   e.ValueTemplate,
	}
	// Rule events come from whichever component evaluates the rule, not from the monitor:
	// they carry no availability, so that every announcer renders the same config.
	if e.Component != Event {
		c.AvailabilityTopic, c.PayloadAvailable, c.PayloadNotAvailable = StatusTopic, PayloadOnline, PayloadOffline
	}
	if e.Component != Update {
		c.Icon = e.Icon
	}
	if e.Component == BinarySensor {
		c.PayloadOn, c.PayloadOff = "True", "False"
	}
	if !e.NoOrigin {
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

// ReadingKind says what a reading asks of the sink.
type ReadingKind uint8

const (
	// State is an entity's state: its discovery config if due, then Payload on its state topic.
	State ReadingKind = iota
	// Declaration announces an entity that has no state yet (discovery only).
	Declaration
	// StickyState is an entity's state that the sink keeps and sends again after every
	// (re)connect (update state blobs).
	StickyState
	// StickyMessage is a payload on Topic, with no entity, that the sink keeps and sends again
	// after every (re)connect (the monitor's own registration).
	StickyMessage
	// Removal clears the entity: an empty retained discovery config, and the sink forgets it.
	Removal
	// CycleStart opens a loop's successful cycle (Loop names it): the dynamic entities of that
	// loop that follow, up to the next CycleStart of the same loop, are the ones "seen in the
	// latest cycle".
	CycleStart
)

// Reading is one value for the MQTT sink; its Kind says which of the meanings above it has.
type Reading struct {
	Kind   ReadingKind
	Entity *Entity // nil for StickyMessage and CycleStart
	// Topic is a StickyMessage's topic (entity readings go to Entity.StateTopic), or a
	// CycleStart's loop (Loop): one field for both keeps a reading at 48 bytes, not 64, and a
	// cycle at 1,000 queues carries ≈ 19,000 of them.
	Topic   string
	Payload string
}

// Loop is the loop a CycleStart opens a cycle of.
func (r *Reading) Loop() string {
	if r.Kind != CycleStart {
		return ""
	}
	return r.Topic
}

// NewState is the state of e.
func NewState(e *Entity, payload string) Reading {
	return Reading{Kind: State, Entity: e, Payload: payload}
}

// NewDeclaration announces e without a state.
func NewDeclaration(e *Entity) Reading { return Reading{Kind: Declaration, Entity: e} }

// NewStickyState is a state of e re-sent after every (re)connect.
func NewStickyState(e *Entity, payload string) Reading {
	return Reading{Kind: StickyState, Entity: e, Payload: payload}
}

// NewStickyMessage is a raw retained message re-sent after every (re)connect.
func NewStickyMessage(topic, payload string) Reading {
	return Reading{Kind: StickyMessage, Topic: topic, Payload: payload}
}

// NewRemoval clears e.
func NewRemoval(e *Entity) Reading { return Reading{Kind: Removal, Entity: e} }

// NewCycleStart opens a successful cycle of loop.
func NewCycleStart(loop string) Reading { return Reading{Kind: CycleStart, Topic: loop} }

// StateTopic is where the reading's payload goes.
func (r *Reading) StateTopic() string {
	switch {
	case r.Entity != nil:
		return r.Entity.StateTopic
	case r.Kind == StickyMessage:
		return r.Topic
	}
	return ""
}

// Batch is the unit that travels to the sink: one stage's readings of one cycle.
type Batch []Reading
