package model

import "time"

// Zone is zone, or UTC when it is nil: the one default of a zone nobody gave (a library called
// without one). NOTIFY_TIMEZONE unset is the process's local zone, which config gives
// explicitly, so no program reaches this default.
func Zone(zone *time.Location) *time.Location {
	if zone == nil {
		return time.UTC
	}
	return zone
}
