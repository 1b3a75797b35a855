package model

import (
	"math"
	"time"
)

// ReadingKind says what a reading asks of the sinks.
type ReadingKind uint8

const (
	// State is an entity's state: its discovery config if due, then its value.
	State ReadingKind = iota
	// Declaration announces an entity that has no state yet (discovery only).
	Declaration
	// StickyState is an entity's state that the MQTT sink keeps and sends again after every
	// (re)connect (update state blobs).
	StickyState
	// StickyMessage is a text on a topic, with no entity, that the MQTT sink keeps and sends
	// again after every (re)connect (the monitor's own registration).
	StickyMessage
	// Removal clears the entity: an empty retained discovery config, and the sinks forget it.
	Removal
	// CycleStart opens a loop's successful cycle: the dynamic entities of that loop that follow,
	// up to the next CycleStart of the same loop, are the ones "seen in the latest cycle".
	CycleStart
)

// ValueType is the type of a reading's value. Each sink renders it in its own format: the
// MQTT sink as the contract's texts, the Prometheus sink as a sample.
type ValueType uint8

const (
	NoValue     ValueType = iota
	IntValue              // an integer: a count, bytes
	FloatValue            // a float: a rate, a percentage (already rounded as the contract says)
	BoolValue             // true or false
	TextValue             // a text: a state, a version
	TimeValue             // an instant, to the microsecond
	UpdateValue           // an update state: installed and latest version, release URL
)

// UpdateState is the value of an update entity: what runs, the newest release, where it is.
type UpdateState struct {
	Installed, Latest, ReleaseURL string
}

// Reading is one value for the sinks; its Kind says which of the meanings above it has. Its
// value is typed (ValueType): an integer, float, boolean or instant in word, a text in text, an
// update state behind more. A cycle carries one reading a statistic, thousands at a large
// site, so a reading stays small: what only rare readings carry is behind one pointer.
type Reading struct {
	Kind   ReadingKind
	Type   ValueType
	Entity *Entity // nil for StickyMessage and CycleStart
	// text is a TextValue, a StickyMessage's text, or a CycleStart's loop.
	text string
	word uint64
	more *rare
}

// rare is what few readings carry: an update state, a StickyMessage's topic.
type rare struct {
	update UpdateState
	topic  string
}

// IntState is e's integer state.
func IntState(e *Entity, n int64) Reading {
	return Reading{Kind: State, Type: IntValue, Entity: e, word: uint64(n)} //nolint:gosec // bits kept as they are
}

// FloatState is e's float state.
func FloatState(e *Entity, f float64) Reading {
	return Reading{Kind: State, Type: FloatValue, Entity: e, word: math.Float64bits(f)}
}

// BoolState is e's boolean state.
func BoolState(e *Entity, b bool) Reading {
	r := Reading{Kind: State, Type: BoolValue, Entity: e}
	if b {
		r.word = 1
	}
	return r
}

// TextState is e's text state.
func TextState(e *Entity, s string) Reading {
	return Reading{Kind: State, Type: TextValue, Entity: e, text: s}
}

// TimeState is e's state as an instant.
func TimeState(e *Entity, t time.Time) Reading {
	return Reading{Kind: State, Type: TimeValue, Entity: e, word: uint64(t.UnixMicro())} //nolint:gosec // bits kept as they are
}

// NewStickyUpdate is the update state of e, sent again after every (re)connect.
func NewStickyUpdate(e *Entity, u UpdateState) Reading {
	return Reading{Kind: StickyState, Type: UpdateValue, Entity: e, more: &rare{update: u}}
}

// NewDeclaration announces e without a state.
func NewDeclaration(e *Entity) Reading { return Reading{Kind: Declaration, Entity: e} }

// NewStickyMessage is a retained text on topic, sent again after every (re)connect.
func NewStickyMessage(topic, text string) Reading {
	return Reading{Kind: StickyMessage, Type: TextValue, text: text, more: &rare{topic: topic}}
}

// NewRemoval clears e.
func NewRemoval(e *Entity) Reading { return Reading{Kind: Removal, Entity: e} }

// NewCycleStart opens a successful cycle of loop.
func NewCycleStart(loop string) Reading { return Reading{Kind: CycleStart, text: loop} }

// Loop is the loop a CycleStart opens a cycle of.
func (r *Reading) Loop() string {
	if r.Kind != CycleStart {
		return ""
	}
	return r.text
}

// Topic is where a reading's value goes: its entity's state topic, or a StickyMessage's topic.
func (r *Reading) Topic() string {
	switch {
	case r.Entity != nil:
		return r.Entity.StateTopic
	case r.more != nil:
		return r.more.topic
	}
	return ""
}

// Int is an IntValue.
func (r *Reading) Int() int64 { return int64(r.word) } //nolint:gosec // bits kept as they are

// Float is a FloatValue.
func (r *Reading) Float() float64 { return math.Float64frombits(r.word) }

// Bool is a BoolValue.
func (r *Reading) Bool() bool { return r.word != 0 }

// Text is a TextValue (or a StickyMessage's text).
func (r *Reading) Text() string { return r.text }

// Time is a TimeValue, in UTC.
func (r *Reading) Time() time.Time { return time.UnixMicro(int64(r.word)).UTC() } //nolint:gosec // bits kept as they are

// Micros is a TimeValue in microseconds since the Unix epoch.
func (r *Reading) Micros() int64 { return int64(r.word) } //nolint:gosec // bits kept as they are

// Update is an UpdateValue (nil for any other).
func (r *Reading) Update() *UpdateState {
	if r.Type != UpdateValue || r.more == nil {
		return nil
	}
	return &r.more.update
}

// Word is the value's bits (integer, float, boolean, instant): equal words, equal values of one type.
func (r *Reading) Word() uint64 { return r.word }

// Batch is the unit that travels to the sinks: one stage's readings of one cycle.
type Batch []Reading
