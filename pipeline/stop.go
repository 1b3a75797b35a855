package pipeline

import (
	"context"
	"errors"
	"runtime/debug"
	"sync"
	"time"
)

// ErrStopTooLong is Bounded's answer when a program was still draining grace after it was told
// to stop.
var ErrStopTooLong = errors.New("the stop took too long")

// Bounded runs fn and returns its error (a panic is a *PanicError of stage). Once ctx has
// ended (the program was told to stop and fn drains), it waits at most grace more, then
// returns ErrStopTooLong and leaves fn to the process's exit: the last resort of a program
// whose drain hangs, so that a stop is bounded whatever a backend does.
func Bounded(ctx context.Context, grace time.Duration, stage string, fn func() error) error {
	done := make(chan error, 1)
	go func() {
		defer func() {
			if v := recover(); v != nil {
				done <- &PanicError{Stage: stage, Value: v, Stack: debug.Stack()}
			}
		}()
		done <- fn()
	}()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	t := time.NewTimer(grace)
	defer t.Stop()
	select {
	case err := <-done:
		return err
	case <-t.C:
		return ErrStopTooLong
	}
}

// CancelAfter calls cancel grace after stop ends: the last resort of a stop that drains (what
// has not drained by then is cut). release undoes it (the drain is over).
func CancelAfter(stop context.Context, grace time.Duration, cancel func()) (release func()) {
	var mu sync.Mutex
	var t *time.Timer
	released := false
	unregister := context.AfterFunc(stop, func() {
		mu.Lock()
		defer mu.Unlock()
		if !released {
			t = time.AfterFunc(grace, cancel)
		}
	})
	return func() {
		unregister()
		mu.Lock()
		defer mu.Unlock()
		released = true
		if t != nil {
			t.Stop()
		}
	}
}
