//go:build !linux

package aircraftdb

// permanent returns n bytes that are never freed.
func permanent(n int) []byte { return make([]byte, 0, n) }

// region is a database's bytes: here, the Go heap's.
type region struct{ b []byte }

func newRegion(n int) *region { return &region{b: make([]byte, n)} }

func (r *region) release() { r.b = nil }

// holds reports bytes outside the Go heap: never here.
func (r *region) holds([]byte) bool { return false }

// Release is a no-op here.
func Release([]byte) {}
