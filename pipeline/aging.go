package pipeline

import "time"

// Aging is a map whose entries are forgotten once they have not been touched for their own
// time to live: the stages' and the sink's memory of dynamic entities (queues, processors,
// receivers) that may come and go over months. Not safe for concurrent use; each owner keeps
// its own.
type Aging[K comparable, V any] struct {
	// Entries are pointers, so that a sighting updates one in place: one map look-up a reading.
	m         map[K]*agingEntry[V]
	lastSweep time.Time
	sweepIv   time.Duration
}

type agingEntry[V any] struct {
	v    V
	seen time.Time
	ttl  time.Duration // 0: never forgotten
}

// NewAging builds an empty map that sweeps at most once per sweepEvery.
func NewAging[K comparable, V any](sweepEvery time.Duration) *Aging[K, V] {
	return &Aging[K, V]{m: map[K]*agingEntry[V]{}, sweepIv: sweepEvery}
}

// Get returns the value without touching it.
func (a *Aging[K, V]) Get(k K) (V, bool) {
	if e, ok := a.m[k]; ok {
		return e.v, true
	}
	var zero V
	return zero, false
}

// Put stores v as seen at now; ttl 0 keeps it until Delete.
func (a *Aging[K, V]) Put(k K, v V, now time.Time, ttl time.Duration) {
	if e, ok := a.m[k]; ok {
		e.v, e.seen, e.ttl = v, now, ttl
		return
	}
	a.m[k] = &agingEntry[V]{v: v, seen: now, ttl: ttl}
}

// Len is the number of entries.
func (a *Aging[K, V]) Len() int { return len(a.m) }

// All calls fn for every entry, in no particular order, until fn returns false.
func (a *Aging[K, V]) All(fn func(K, V) bool) {
	for k, e := range a.m {
		if !fn(k, e.v) {
			return
		}
	}
}

// Sweep forgets every entry not seen within its time to live (at most once per sweep
// interval) and calls forgotten, if set, for each. It returns how many it forgot.
func (a *Aging[K, V]) Sweep(now time.Time, forgotten func(K, V)) int {
	if !a.lastSweep.IsZero() && now.Sub(a.lastSweep) < a.sweepIv {
		return 0
	}
	a.lastSweep = now
	n := 0
	for k, e := range a.m {
		if e.ttl > 0 && now.Sub(e.seen) > e.ttl {
			delete(a.m, k)
			if forgotten != nil {
				forgotten(k, e.v)
			}
			n++
		}
	}
	return n
}
