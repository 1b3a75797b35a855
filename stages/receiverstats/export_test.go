package receiverstats

import "time"

// SetClock replaces the stage's clock (a recorded stats.json is fresh at its own time).
func SetClock(s *Stage, now func() time.Time) { s.now = now }
