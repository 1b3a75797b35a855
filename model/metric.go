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
	// Problem, when set, says which readings of the metric are one of the system's own
	// problems (CONTRACT.md 10.7): what the monitor's alerts tell.
	Problem *Problem
}

// Problem is when a metric's reading is a problem, and how it is told.
type Problem struct {
	When ProblemWhen
	// Label names the thing a problem is about ("queue", "receiver"): one problem each; ""
	// for a metric without labels (one problem).
	Label string
	// What and Ended are the texts of its start and end; "{thing}" stands for the label's
	// value, "{value}" for the reading and "{threshold}" for the backlog threshold.
	What, Ended string
}

// ProblemWhen is the kind of reading that is a problem.
type ProblemWhen uint8

const (
	// ProblemWhenFalse: a flag reads false (a connection down).
	ProblemWhenFalse ProblemWhen = iota + 1
	// ProblemWhenTrue: a flag reads true (something missing).
	ProblemWhenTrue
	// ProblemWhenZero: a number reads 0 (a receiver silent).
	ProblemWhenZero
	// ProblemAtBacklog: a number reaches the backlog threshold (QUEUE_BACKLOG_ALERT).
	ProblemAtBacklog
)

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
