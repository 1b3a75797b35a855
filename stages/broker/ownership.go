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

// Owned reports whether the queue name matches the ownership pattern. It is the pattern
// spelt out (the regexp was a measurable part of a broker cycle); a test holds the two
// equal. In the pattern '.' matches any character but a newline, and '$' is the end.
func Owned(name string) bool {
	switch name {
	case "tracker-archive", "tracker-archive-raw-frames", "amq.default":
		return true
	}
	rest, ok := strings.CutPrefix(name, "tracker-adsb")
	if !ok {
		rest, ok = strings.CutPrefix(name, "tracker-message-processor-")
	}
	return ok && strings.IndexByte(rest, '\n') < 0
}

// ownedByPattern is Owned by the regexp itself (the tests compare the two).
func ownedByPattern(name string) bool { return owned.MatchString(name) }

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
