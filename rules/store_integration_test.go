//go:build integration

package rules_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/internal/testenv"
	"github.com/tracker-adsb/tracker-core-health/rules"
)

// A partly failed flush re-adds only the deltas whose write failed: nothing is counted twice.
func TestTriggerFlushReAddsOnlyTheFailedDeltas(t *testing.T) {
	env := testenv.Get(t)
	r := env.Redis(t)
	ctx := t.Context()
	require.NoError(t, r.Do(ctx, r.B().Flushdb().Build()).Error())
	at := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	// The lifetime key of rule a has the wrong type: its INCRBY fails, the rest succeed.
	require.NoError(t, r.Do(ctx, r.B().Rpush().Key(rules.TriggerLifetimeKey("a")).Element("x").Build()).Error())

	c := rules.NewTriggerCounter()
	c.Count("a", at)
	c.Count("b", at)
	require.Error(t, c.Flush(ctx, r))

	require.NoError(t, r.Do(ctx, r.B().Del().Key(rules.TriggerLifetimeKey("a")).Build()).Error())
	require.NoError(t, c.Flush(ctx, r))
	get := func(k string) int64 {
		n, err := r.Do(ctx, r.B().Get().Key(k).Build()).AsInt64()
		require.NoError(t, err, k)
		return n
	}
	require.EqualValues(t, 1, get(rules.TriggerLifetimeKey("a")), "the failed delta is written by the next flush")
	require.EqualValues(t, 1, get(rules.TriggerDayKey("a", at)), "the written day delta is not written again")
	require.EqualValues(t, 1, get(rules.TriggerLifetimeKey("b")))
	require.EqualValues(t, 1, get(rules.TriggerDayKey("b", at)))
	ttl, err := r.Do(ctx, r.B().Ttl().Key(rules.TriggerDayKey("a", at)).Build()).AsInt64()
	require.NoError(t, err)
	require.Greater(t, ttl, int64(2678000))
	require.NoError(t, c.Flush(ctx, r), "nothing pending")
	require.EqualValues(t, 1, get(rules.TriggerLifetimeKey("b")))
}
