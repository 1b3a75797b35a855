package model

import (
	"sync"
	"sync/atomic"
)

// A loop's per-cycle batch is handed back once its readers are done with it, and the
// loop's next cycle fills it again: at 1,000 queues the broker's and the counters' batches
// were 0.9 MB of the 1 MB a cycle allocated, and with them gone the collector runs several
// times less often (so a lower GOGC, a smaller heap, costs little CPU).

// shelfSize is how many handed-back batches a loop keeps: one in use, one spare.
const shelfSize = 2

// shelf is a loop's handed-back batches. (Not a sync.Pool: that one empties at every
// collection, and the batches would be made again after each.)
type shelf struct {
	mu   sync.Mutex
	free []Batch
	// pending counts the releases of batches that more readers still read (SetCycleReaders),
	// by the batch's first element.
	pending map[*Reading]int
}

// cycleReaders is how many readers release each cycle batch (SetCycleReaders).
var cycleReaders atomic.Int32

// SetCycleReaders says how many readers each cycle batch has, each of which calls
// ReleaseCycle (the MQTT sink, and the Prometheus sink when it runs): the batch is handed
// back at the last release. One process wires its readers once, before any is released.
func SetCycleReaders(n int) { cycleReaders.Store(int32(max(n, 1))) } //nolint:gosec // a handful

var shelves sync.Map // loop → *shelf

func loopShelf(loop string) *shelf {
	if sh, ok := shelves.Load(loop); ok {
		return sh.(*shelf)
	}
	sh, _ := shelves.LoadOrStore(loop, &shelf{})
	return sh.(*shelf)
}

// CycleBatch returns an empty batch for one cycle of loop with room for n readings: one
// handed back by ReleaseCycle when there is one large enough.
func CycleBatch(loop string, n int) Batch {
	sh := loopShelf(loop)
	sh.mu.Lock()
	defer sh.mu.Unlock()
	for len(sh.free) > 0 {
		b := sh.free[len(sh.free)-1]
		sh.free[len(sh.free)-1] = nil
		sh.free = sh.free[:len(sh.free)-1]
		if cap(b) >= n {
			return b
		}
	}
	return make(Batch, 0, n)
}

// ReleaseCycle hands back b, a batch that opens with a CycleStart, for its loop's next cycle,
// once each of its readers (SetCycleReaders, 1 unless set) has called it; a reader calls it
// once it no longer reads b. Any other batch is left to the collector.
func ReleaseCycle(b Batch) {
	if len(b) == 0 || b[0].Kind != CycleStart {
		return
	}
	sh := loopShelf(b[0].Loop())
	sh.mu.Lock()
	defer sh.mu.Unlock()
	if readers := int(cycleReaders.Load()); readers > 1 {
		if sh.pending == nil {
			sh.pending = map[*Reading]int{}
		}
		key := &b[0]
		if n := sh.pending[key] + 1; n < readers {
			sh.pending[key] = n // another reader still reads it
			return
		}
		delete(sh.pending, key)
	}
	clear(b) // the shelf keeps no payload or entity alive
	if len(sh.free) < shelfSize {
		sh.free = append(sh.free, b[:0])
	}
}
