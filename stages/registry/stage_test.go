package registry_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/internal/testenv"
	"github.com/tracker-adsb/tracker-core-health/model"
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
// the output. Every step waits for what it observes (a log line, an emission), never a sleep:
// under load the loop may run a cycle long after its tick was taken.
func TestRegistryRunPassesOnTicksForTheLatestImages(t *testing.T) {
	p := &passes{answers: map[string]registry.Result{
		"tracker-a": {Latest: "2026.10.2"},
		"tracker-b": {Err: errors.New("HTTP 429")},
	}}
	logs := &testenv.Buffer{}
	ticks := make(chan time.Time)
	images := make(chan []string, 1)
	out, run := registry.NewStage(p, zerolog.New(logs).Level(zerolog.DebugLevel)).Start(ticks, images)
	done := make(chan error, 1)
	go func() { done <- run(t.Context()) }()

	// Each cycle logs one line: "no registered image" or "registry pass done"; a tick is done
	// when its line is there, and only a pass emits.
	tick := func(n int) (passed bool) {
		ticks <- time.Now()
		require.Eventually(t, func() bool { return cycles(logs.String()) == n }, 5*time.Second, time.Millisecond)
		return strings.HasSuffix(strings.TrimSpace(logs.String()), `"message":"registry pass done"}`)
	}
	require.False(t, tick(1), "the first cycle, before any image, runs no pass")
	p.mu.Lock()
	require.Empty(t, p.asked, "no pass before any image")
	p.mu.Unlock()

	images <- []string{"tracker-old"}
	images2 := []string{"tracker-a", "tracker-b"}
	images <- images2 // taken once the first set was taken in
	// Tick until the latest set is the one asked for: a tick may still see no set or the older
	// one while the newer waits in the channel.
	var rel model.Releases
	for n := 2; n < 1000; n++ {
		if !tick(n) {
			continue
		}
		rel = <-out
		if _, ok := rel.Latest["tracker-a"]; ok {
			break
		}
	}
	require.Equal(t, map[string]string{"tracker-a": "2026.10.2"}, rel.Latest, "a failed lookup is left out")
	p.mu.Lock()
	asked := p.asked
	p.mu.Unlock()
	require.Equal(t, images2, asked[len(asked)-1], "the pass asked for the latest set")
	for i, a := range asked[:len(asked)-1] {
		require.Equal(t, []string{"tracker-old"}, a, "pass %d: only the older set before the latest", i)
	}

	close(ticks)
	require.NoError(t, <-done)
	_, open := <-out
	require.False(t, open, "the output closes with the ticks")
}

// cycles counts the cycles logged so far: each logs one of two lines.
func cycles(log string) int {
	return strings.Count(log, "no registered image") + strings.Count(log, "registry pass done")
}
