package registry_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/stages/registry"
)

// passes records the image sets it was asked for and answers from a table.
type passes struct {
	mu      sync.Mutex
	asked   [][]string
	answers map[string]registry.Result
}

func (p *passes) Pass(_ context.Context, images []string) map[string]registry.Result {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.asked = append(p.asked, images)
	out := map[string]registry.Result{}
	for _, img := range images {
		out[img] = p.answers[img]
	}
	return out
}

// The registry stage's Run with channel fixtures: a tick before any registration asks nothing;
// a tick after runs one pass for the latest image set (latest wins) and emits what was found,
// failures left out (their last known version is kept downstream); closing the ticks closes
// the output.
func TestRegistryRunPassesOnTicksForTheLatestImages(t *testing.T) {
	p := &passes{answers: map[string]registry.Result{
		"tracker-a": {Latest: "2026.10.2"},
		"tracker-b": {Err: errors.New("HTTP 429")},
	}}
	ticks := make(chan time.Time)
	images := make(chan []string, 1)
	out, run := registry.NewStage(p, zerolog.Nop()).Start(ticks, images)
	done := make(chan error, 1)
	go func() { done <- run(t.Context()) }()

	ticks <- time.Now()
	images <- []string{"tracker-old"}
	images2 := []string{"tracker-a", "tracker-b"}
	require.Eventually(t, func() bool {
		select {
		case images <- images2:
			return true
		default:
			return false
		}
	}, time.Second, time.Millisecond)
	time.Sleep(20 * time.Millisecond) // both sets taken in
	ticks <- time.Now()
	rel := <-out
	require.Equal(t, map[string]string{"tracker-a": "2026.10.2"}, rel.Latest, "a failed lookup is left out")
	p.mu.Lock()
	require.Equal(t, [][]string{images2}, p.asked, "one pass, for the latest set; none before any image")
	p.mu.Unlock()

	close(ticks)
	require.NoError(t, <-done)
	_, open := <-out
	require.False(t, open)
}
