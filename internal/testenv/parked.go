package testenv

import (
	"bytes"
	"runtime"
	"testing"
	"time"
)

// WaitParked waits until a goroutine is parked (on a channel or in a select) with frame in
// its stack: a stage blocked sending to a reader that is not reading ("pipeline.Send["), say.
// A test that cancels such a stage cancels it there, where a fixed sleep only hoped it was.
func WaitParked(t testing.TB, frame string) {
	t.Helper()
	buf := make([]byte, 1<<20)
	deadline := time.Now().Add(30 * time.Second)
	for {
		n := runtime.Stack(buf, true)
		for g := range bytes.SplitSeq(buf[:n], []byte("\n\n")) {
			parked := bytes.Contains(g, []byte(" [chan send")) || bytes.Contains(g, []byte(" [select")) || bytes.Contains(g, []byte(" [chan receive"))
			if parked && bytes.Contains(g, []byte(frame)) {
				return
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("no goroutine parked in %s within 30 s:\n%s", frame, buf[:n])
		}
		time.Sleep(time.Millisecond)
	}
}
