package api

import "time"

// SetClock sets the server's clock (the tests' sessions issued at a chosen time).
func SetClock(s *Server, now func() time.Time) { s.now = now }
