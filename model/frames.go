package model

// Message is an MQTT message received on a subscribed filter.
type Message struct {
	Topic    string
	Payload  []byte
	Retained bool
}

// CounterRequest is what a successful broker cycle hands to the counter stage: the processor
// ids of the owned queues, sorted and distinct.
type CounterRequest struct {
	ProcessorIDs []string
}

// Releases is the outcome of one registry pass: the newest release tag of every image whose
// lookup succeeded. Images missing here keep their last known version.
type Releases struct {
	Latest map[string]string
}
