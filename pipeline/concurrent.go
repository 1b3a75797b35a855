package pipeline

import (
	"context"
	"sync"
)

// All runs fn(0) … fn(n-1) at once and returns when every call has (a stage's concurrent
// requests of one cycle: the broker's four GETs, the receivers' stats).
func All(n int, fn func(i int)) {
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() { fn(i) })
	}
	wg.Wait()
}

// Beside runs side while main runs, and returns main's error once side has ended too: side's
// context ends when main returns (a loop that takes in a stage's second input while the poll
// loop runs).
func Beside(ctx context.Context, side func(context.Context), main func(context.Context) error) error {
	sctx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	wg.Go(func() { side(sctx) })
	defer wg.Wait()
	defer cancel()
	return main(ctx)
}

// Flight runs one call at a time on a goroutine of its own, which callers wait for only as long
// as their context allows: a dial that an unreachable backend makes slow holds up no caller
// past its deadline (nor a shutdown), and no caller starts a second one while it runs.
type Flight struct {
	mu   sync.Mutex
	done chan struct{} // closed when the run in flight ends; nil when none is
}

// Do starts run unless a run is in flight, then waits for the one in flight until it ends
// (nil) or ctx does (ctx's error; the run goes on).
func (f *Flight) Do(ctx context.Context, run func()) error {
	f.mu.Lock()
	done := f.done
	if done == nil {
		done = make(chan struct{})
		f.done = done
		go func() {
			defer func() {
				f.mu.Lock()
				f.done = nil
				f.mu.Unlock()
				close(done)
			}()
			run()
		}()
	}
	f.mu.Unlock()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
