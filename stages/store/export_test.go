package store

import "time"

// SetClock replaces the counter stage's clock (tests of forgetting).
func SetClock(s *CounterStage, now func() time.Time) { s.now = now }
