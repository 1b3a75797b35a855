package pipeline

import (
	"context"
	"errors"
	"runtime/debug"
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
