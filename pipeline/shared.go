package pipeline

import (
	"context"
	"sync"
	"sync/atomic"
)

// Shared is a value handed to its readers (the sinks) read-only. A producer that reuses its
// values lends them (Lend): each reader calls Done exactly once, when it no longer reads the
// value, and the last Done gives the value back to the producer (its release). The fan-out
// that hands one value to N readers sets the count (FanOut): nothing outside the value and
// its readers keeps any state. A reader that never calls Done only costs the reuse: the value
// is left to the collector. Reading a value after Done is the one way to get this wrong.
type Shared[T any] struct {
	V     T
	lease *lease[T]
}

type lease[T any] struct {
	readers atomic.Int32
	release func(T)
}

// Own is a value nobody reuses: Done does nothing.
func Own[T any](v T) Shared[T] { return Shared[T]{V: v} }

// Lend is a value that goes back to release once its readers are done with it (one reader
// unless a FanOut says otherwise).
func Lend[T any](v T, release func(T)) Shared[T] {
	l := &lease[T]{release: release}
	l.readers.Store(1)
	return Shared[T]{V: v, lease: l}
}

// Done says this reader no longer reads the value; the last one gives it back.
func (s Shared[T]) Done() {
	if s.lease != nil && s.lease.readers.Add(-1) == 0 && s.lease.release != nil {
		s.lease.release(s.V)
	}
}

// readBy sets the number of readers (before the value reaches any of them).
func (s Shared[T]) readBy(n int) {
	if s.lease != nil {
		s.lease.readers.Store(int32(n)) //nolint:gosec // a handful of sinks
	}
}

// FanOut hands every value of in to n readers, each with its own buffer of size, and closes
// them all once in is closed. A slow reader delays the others only once its own buffer is
// full. Values are shared, not copied: readers treat them as read-only, and the fan-out owns
// their count of readers, so that a lent value goes back after the last reader's Done.
func FanOut[T any](ctx context.Context, in <-chan Shared[T], size, n int) []<-chan Shared[T] {
	outs := make([]chan Shared[T], n)
	ro := make([]<-chan Shared[T], n)
	for i := range outs {
		outs[i] = make(chan Shared[T], size)
		ro[i] = outs[i]
	}
	go func() {
		defer func() {
			for _, o := range outs {
				close(o)
			}
		}()
		for v := range in {
			v.readBy(n)
			for _, o := range outs {
				if !Send(ctx, o, v) {
					for range in { // let the upstream finish and close
					}
					return
				}
			}
		}
	}()
	return ro
}

// Consume hands every value of in to take, then says Done for it, until in is closed or ctx
// ends: the loop of a sink.
func Consume[T any](ctx context.Context, in <-chan Shared[T], take func(T)) {
	for {
		select {
		case <-ctx.Done():
			return
		case v, ok := <-in:
			if !ok {
				return
			}
			take(v.V)
			v.Done()
		}
	}
}

// Shelf keeps a producer's handed-back slices for its next cycles (a few: one in use, one
// spare). Not a sync.Pool: that one empties at every collection, and the slices would be made
// again after each.
type Shelf[E any] struct {
	mu   sync.Mutex
	free [][]E
	max  int
}

// NewShelf keeps up to n handed-back slices.
func NewShelf[E any](n int) *Shelf[E] { return &Shelf[E]{max: n} }

// Get returns an empty slice with room for n: a handed-back one when one is large enough.
func (s *Shelf[E]) Get(n int) []E {
	s.mu.Lock()
	defer s.mu.Unlock()
	for len(s.free) > 0 {
		b := s.free[len(s.free)-1]
		s.free[len(s.free)-1] = nil
		s.free = s.free[:len(s.free)-1]
		if cap(b) >= n {
			return b
		}
	}
	return make([]E, 0, n)
}

// Put hands b back, cleared (the shelf keeps nothing it pointed to alive).
func (s *Shelf[E]) Put(b []E) {
	clear(b)
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.free) < s.max {
		s.free = append(s.free, b[:0])
	}
}
