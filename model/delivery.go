package model

// Delivery is what became of one rule notification handed to a publisher.
type Delivery uint8

const (
	// Sent: written to the MQTT connection.
	Sent Delivery = iota
	// NotSent: no MQTT host, or the connection is down (the match still counts).
	NotSent
	// BadTopic: the rule's identifier does not make a valid MQTT topic name (TopicProblem), so
	// nothing was written: an invalid topic makes the server close the connection, and every
	// other notification of the moment would be lost with it.
	BadTopic
)
