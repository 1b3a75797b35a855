package api

import "time"

// SetClock sets the server's clock (the tests' sessions issued at a chosen time).
func SetClock(s *Server, now func() time.Time) { s.now = now }

// SetRepairWait replaces RepairAtStart's wait between tries (time.After).
func SetRepairWait(s *Store, after func(time.Duration) <-chan time.Time) { s.retryAfter = after }

// SetStoreTimeout shortens the bound of the store's calls (StoreTimeout), before serving.
func SetStoreTimeout(s *Store, d time.Duration) { s.c.(*boundedClient).timeout = d }
