package model_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/model"
)

func TestCycleBatchesAreHandedBackPerLoopAndCleared(t *testing.T) {
	e := &model.Entity{UniqueID: "x"}
	b := model.CycleBatch("loop-a", 100)
	require.Empty(t, b)
	require.GreaterOrEqual(t, cap(b), 100)
	b = append(b, model.NewCycleStart("loop-a"), model.NewState(e, "1"))
	first := &b[:1][0]
	model.ReleaseCycle(b)
	require.Nil(t, b[1].Entity, "a released batch keeps nothing alive")
	require.Empty(t, b[0].Topic)

	got := model.CycleBatch("loop-a", 50)
	require.Empty(t, got)
	require.Same(t, first, &got[:1][0], "the next cycle of loop-a fills the same array")
	model.ReleaseCycle(append(got, model.NewCycleStart("loop-a")))
	other := model.CycleBatch("loop-b", 10)
	require.NotSame(t, first, &other[:1][0], "another loop never gets loop-a's batch")

	big := model.CycleBatch("loop-a", 1000)
	require.GreaterOrEqual(t, cap(big), 1000, "a batch too small is not handed out")

	// A batch that does not open a cycle is not taken.
	loose := model.Batch{model.NewState(e, "1")}
	model.ReleaseCycle(loose)
	require.Same(t, e, loose[0].Entity)
}

// With two readers (the MQTT and the Prometheus sink) a batch is handed back, and cleared,
// only at the second release.
func TestCycleBatchWithTwoReadersWaitsForBoth(t *testing.T) {
	model.SetCycleReaders(2)
	t.Cleanup(func() { model.SetCycleReaders(1) })
	e := &model.Entity{UniqueID: "x"}
	b := append(model.CycleBatch("loop-two", 10), model.NewCycleStart("loop-two"), model.NewState(e, "1"))
	model.ReleaseCycle(b)
	require.Same(t, e, b[1].Entity, "the other reader still reads it")
	other := model.CycleBatch("loop-two", 10)
	require.NotSame(t, &b[0], &other[:1][0], "not handed out before the last release")
	model.ReleaseCycle(b)
	require.Nil(t, b[1].Entity, "cleared at the last release")
	again := model.CycleBatch("loop-two", 10)
	require.Same(t, &b[0], &again[:1][0], "handed out after it")
}
