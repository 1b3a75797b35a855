package metrics

import "time"

// SetClock replaces the sink's clock (tests of staleness).
func SetClock(p *Sink, now func() time.Time) { p.now = now }
