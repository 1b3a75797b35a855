package model

// Label is one Prometheus label of a series.
type Label struct{ Name, Value string }

// Series says which Prometheus series an entity's readings feed: the key of its row in the
// metrics table (sinks.MetricsTable) and its label values, shared by the entities of one
// queue, processor or receiver.
type Series struct {
	Metric string
	Labels []Label
}
