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
