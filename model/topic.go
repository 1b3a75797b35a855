package model

import (
	"fmt"
	"unicode/utf8"
)

// Every MQTT topic the project publishes or subscribes to, in one place (CONTRACT.md 4, 6.4,
// 10): a newcomer finds here who talks on which topic. Topics made from data (a queue, a
// receiver, a rule identifier) start with one of these roots.
const (
	Root              = "Tracker"
	MonitorRoot       = "Tracker/core-health"        // the monitor's statistics: {MonitorRoot}/…/statistic/{field}
	StatusTopic       = "Tracker/core-health/status" // the monitor's availability (ONLINE / OFFLINE)
	HAStatusTopic     = "homeassistant/status"       // Home Assistant's birth ("online")
	RegisterTopicRoot = "Tracker/register"           // components' registrations: {root}/{id}, and {root}/{id}/update
	RuleTopicRoot     = "Tracker/rule/"              // rule notifications: {root}{identifier}
	// tracker-rules watch's own topics (CONTRACT.md 10).
	WatchStatusTopic   = "Tracker/rules-watch/status"     // its availability
	WatchStatisticRoot = "Tracker/rules-watch/statistic/" // its statistics: {root}{field}
	DigestTopic        = "Tracker/rules-watch/digest"     // the daily digest, retained
	MuteTopic          = "Tracker/rules-watch/mute"       // mute commands
)

// NotificationTopic is the topic a rule's notifications go to: Tracker/rule/{identifier}.
func NotificationTopic(identifier string) string { return RuleTopicRoot + identifier }

// MaxTopicBytes is the longest MQTT topic name: a two-byte length prefix.
const MaxTopicBytes = 65535

// TopicProblem says why topic cannot be published on ("" when it can). Topics built from data
// we did not choose (a rule identifier, a queue name, a processor id, a receiver name or
// source, a registration id) go through it before anything is written: a server answers an
// invalid topic name by closing the connection (Mosquitto: "disconnected due to protocol
// error" or "malformed packet"), and with it every other message of the moment would be lost.
//
// Refused, as Mosquitto refuses them: an empty name, the wildcards '#' and '+', invalid UTF-8,
// NUL and the other control characters (U+0001–U+001F, U+007F–U+009F), the non-characters
// (U+FDD0–U+FDEF, U+xFFFE, U+xFFFF), and more than 65,535 bytes.
func TopicProblem(topic string) string {
	if topic == "" {
		return "it is empty"
	}
	if len(topic) > MaxTopicBytes {
		return fmt.Sprintf("it is %d bytes long, over MQTT's %d", len(topic), MaxTopicBytes)
	}
	for i, r := range topic {
		switch {
		case r == '#' || r == '+':
			return fmt.Sprintf("it contains '%c', an MQTT wildcard", r)
		case r == utf8.RuneError && !isEncodedRuneError(topic[i:]):
			return fmt.Sprintf("it is not valid UTF-8 (byte %d)", i)
		case r == 0:
			return "it contains NUL"
		case r < 0x20 || (r >= 0x7f && r <= 0x9f):
			return fmt.Sprintf("it contains the control character U+%04X", r)
		case (r >= 0xfdd0 && r <= 0xfdef) || r&0xfffe == 0xfffe:
			return fmt.Sprintf("it contains the non-character U+%04X", r)
		}
	}
	return ""
}

// isEncodedRuneError reports whether s starts with U+FFFD written out (a valid character),
// not an invalid byte that decodes as it.
func isEncodedRuneError(s string) bool {
	_, size := utf8.DecodeRuneInString(s)
	return size == 3
}

// TopicsProblem is TopicProblem of an entity's state and discovery topics ("" when both can
// be published on).
func (e *Entity) TopicsProblem() string {
	if e.StateTopic != "" {
		if p := TopicProblem(e.StateTopic); p != "" {
			return "state topic: " + p
		}
	}
	if p := TopicProblem(e.DiscoveryTopic()); p != "" {
		return "discovery topic: " + p
	}
	return ""
}
