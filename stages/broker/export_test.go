package broker

import (
	"net/http"
	"time"
)

// SetClock replaces the stage's clock (tests of forgetting).
func SetClock(s *Stage, now func() time.Time) { s.now = now }

// FastQueues and ReferenceQueues are the queue list's two decoders (fast path and reference).
func FastQueues(b []byte) ([]Queue, bool) { return fastQueues(b, nil) }

func ReferenceQueues(b []byte) ([]Queue, error) { return referenceQueues(b, nil) }

// OwnedByPattern is the ownership regexp itself.
func OwnedByPattern(name string) bool { return ownedByPattern(name) }

// SetRequestTimeout lifts the client's request timeout (tests that push 64 MiB through the
// race detector, where the 10 s production bound is not what is tested).
func SetRequestTimeout(c *Client, d time.Duration) {
	c.http.Timeout = d
	c.http.Transport.(*http.Transport).ResponseHeaderTimeout = d
}
