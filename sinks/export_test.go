package sinks

import "time"

// SetPromClock replaces the Prometheus sink's clock (tests of staleness).
func SetPromClock(p *PromSink, now func() time.Time) { p.now = now }
