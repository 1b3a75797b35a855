package broker

import "time"

// SetClock replaces the stage's clock (tests of forgetting).
func SetClock(s *Stage, now func() time.Time) { s.now = now }
