package rules

import (
	"fmt"
	"strings"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// IdentifierTopicProblem says why a rule identifier cannot be a level of its notification
// topic ("" when it can): the MQTT wildcards '#' and '+' above all, and every character an
// MQTT server refuses in a topic (model.TopicProblem). The API refuses such an identifier
// (CONTRACT.md 6.1) and `tracker-rules validate` reports it; the engine still loads a rule
// written so by another tool, and its notifications are never published.
func IdentifierTopicProblem(id string) string {
	for _, c := range []string{"#", "+"} {
		if strings.Contains(id, c) {
			return fmt.Sprintf("identifier must not contain '%s': it is an MQTT wildcard, and the identifier is a level of the notification topic Tracker/rule/{identifier}", c)
		}
	}
	if p := model.TopicProblem(model.NotificationTopic(id)); p != "" {
		return "identifier cannot be a level of the notification topic Tracker/rule/{identifier}: " + p
	}
	return ""
}
