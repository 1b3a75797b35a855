package model

// Metric is the Prometheus metric a sort of entity feeds: named once, in the catalogue, beside
// the entity's Home Assistant description (one statistic, one place).
type Metric struct {
	Name string // tracker_queue_messages_ready
	Help string // the entity's Home Assistant name
	// Counter: a total that only grows (Prometheus counter); otherwise a gauge.
	Counter bool
	// Shape says how a reading becomes a sample.
	Shape MetricShape
	// Labels are the label names the entities' Labels give values to, in order; a shape may
	// add its own after them (LabelNames).
	Labels []string
	// StateLabel names the label of a text reading for the TextLabel shape ("state",
	// "version").
	StateLabel string
}

// MetricShape is how a reading becomes a sample.
type MetricShape uint8

const (
	// Number: the reading's value (booleans 0 or 1, times as Unix seconds).
	Number MetricShape = iota
	// Ratio: a percentage as a 0–1 ratio (Prometheus' base unit).
	Ratio
	// TextLabel: a text reading as the value of the StateLabel label, sample 1.
	TextLabel
	// Available: an update reading as the labels installed and latest, sample 1 when they
	// differ (an update is available).
	Available
)

// LabelNames are all the label names of m's series: its Labels, then those its shape adds
// (StateLabel for TextLabel, installed and latest for Available).
func (m *Metric) LabelNames() []string {
	names := append([]string{}, m.Labels...)
	switch m.Shape {
	case TextLabel:
		names = append(names, m.StateLabel)
	case Available:
		names = append(names, "installed", "latest")
	}
	return names
}

// Label is one label of an entity's series.
type Label struct{ Name, Value string }
