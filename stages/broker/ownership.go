// Package broker is the broker loop: the management API client, the queue ownership filter,
// the routing of queues to devices, and the stage that turns one poll into readings.
package broker

import (
	"regexp"
	"strings"
)

// OwnedQueuePattern is the one definition of "owned by the system" (CONTRACT.md 3.1). The
// install script scopes the application user's permissions with the very same string, which
// `tracker-core-health print-queue-pattern` prints.
const OwnedQueuePattern = `^(tracker-adsb.*|tracker-message-processor-.*|tracker-archive|tracker-archive-raw-frames|amq\.default)$`

var owned = regexp.MustCompile(OwnedQueuePattern)

// Owned reports whether the queue name matches the ownership pattern.
func Owned(name string) bool {
	// Cheap prefix check first: almost every foreign queue fails it.
	if !strings.HasPrefix(name, "tracker-") && name != "amq.default" {
		return false
	}
	return owned.MatchString(name)
}

// Fixed queue and exchange names.
const (
	ProcessorQueuePrefix = "tracker-message-processor-"
	ArchiveQueue         = "tracker-archive"
	Exchange             = "tracker-adsb"
)

// ProcessorID returns the processor id of a tracker-message-processor-{id} queue (the id may
// contain hyphens and must be non-empty).
func ProcessorID(queue string) (string, bool) {
	id, ok := strings.CutPrefix(queue, ProcessorQueuePrefix)
	return id, ok && id != ""
}
