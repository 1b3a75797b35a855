package main

import (
	"os"
	"regexp"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// demoTTL is make demo's flight TTL, read from the script that runs watch.
func demoTTL(t *testing.T) time.Duration {
	t.Helper()
	b, err := os.ReadFile("../../scripts/demo.sh")
	require.NoError(t, err)
	m := regexp.MustCompile(`tracker-rules watch [^\n]*--flight-ttl (\S+)`).FindSubmatch(b)
	require.NotNil(t, m, "make demo runs watch with --flight-ttl")
	ttl, err := time.ParseDuration(string(m[1]))
	require.NoError(t, err)
	return ttl
}

// Whenever watch starts within the feed's cycle, a flight it saw ends (no message for the
// TTL: watch's clock is the feed's "now", a round every 10 s, each aircraft heard 0.5 s
// before it) within its first minute, so make demo shows flights logged in its first minute.
func TestTheDemosFlightsEndWithinWatchsFirstMinute(t *testing.T) {
	rec, err := readJSON("../../examples/readsb-london.json")
	require.NoError(t, err)
	n := len(rec["aircraft"].([]any))
	require.Greater(t, n, 20)
	ttl, every := demoTTL(t), 10*time.Second
	for start := range inRounds + outRounds { // watch's first poll reads round start
		ended := -1
		last := map[int]int{} // aircraft → the last round watch heard it
		for round := start; ended < 0 && round < start+20; round++ {
			clock := time.Duration(round) * every
			for i := range n {
				heard, seen := last[i]
				if seen && clock-(time.Duration(heard)*every-every/20) > ttl { // its flight ended by now
					ended = round
				}
				if visible(i, round) {
					last[i] = round
				}
			}
			require.Equal(t, len(inView(rec, round)["aircraft"].([]any)), count(n, round), "what is written is what is visible")
		}
		require.GreaterOrEqual(t, ended, 0, "watch from round %d: a flight ends", start)
		require.LessOrEqual(t, time.Duration(ended-start)*every, 30*time.Second, "watch from round %d: a flight ends within 30 s (written within a second, on the next 10 s summary: within the first minute)", start)
	}
}

func count(n, round int) int {
	c := 0
	for i := range n {
		if visible(i, round) {
			c++
		}
	}
	return c
}
