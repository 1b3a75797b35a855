package model_test

import (
	"math"
	"testing"
	"time"
	"unsafe"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/model"
)

func TestSlugAndSanitize(t *testing.T) {
	require.Equal(t, "tracker_message_processor_mp_1_queue_consumers", model.Slug("Tracker_message_processor_mp-1_queue_consumers"))
	require.Equal(t, "192-168-10-5-30002", model.Sanitize("192.168.10.5:30002"))
	require.Equal(t, "mp-1_ok", model.Sanitize("mp-1_ok"))
}

func TestVersions(t *testing.T) {
	require.Equal(t, "2026.09.10 (abc1234)", model.SWVersion("2026.09.10", "abc1234"))
	require.Equal(t, "2026.09.10", model.SWVersion("2026.09.10", "unknown"))
	require.Equal(t, "dev", model.SWVersion("", ""))
	require.Equal(t, "2026.09.10", model.InstalledVersion("2026.09.10 (abc1234)"))
	require.Equal(t, "dev", model.InstalledVersion(" dev "))
}

// A cycle carries one reading a statistic (≈ 19,000 at 1,000 queues): 48 bytes each, and a
// typed value that comes back as it went in.
func TestReadingsAre48BytesAndTyped(t *testing.T) {
	require.Equal(t, uintptr(48), unsafe.Sizeof(model.Reading{}))
	e := &model.Entity{Kind: &model.Kind{Component: model.Sensor}, UniqueID: "u", StateTopic: "T/u"}
	cs := model.NewCycleStart("broker")
	require.Equal(t, "broker", cs.Loop())
	require.Empty(t, cs.Topic(), "a cycle start has no topic")
	sm := model.NewStickyMessage("T/x", "1")
	require.Equal(t, "T/x", sm.Topic())
	require.Equal(t, "1", sm.Text())
	require.Empty(t, sm.Loop(), "only a cycle start has a loop")

	for _, n := range []int64{0, -7, math.MaxInt64, math.MinInt64} {
		r := model.IntState(e, n)
		require.Equal(t, model.IntValue, r.Type)
		require.Equal(t, n, r.Int())
		require.Equal(t, "T/u", r.Topic())
	}
	for _, f := range []float64{0, 19.6, -2.5, math.Copysign(0, -1), math.Inf(1)} {
		r := model.FloatState(e, f)
		require.Equal(t, model.FloatValue, r.Type)
		require.Equal(t, math.Float64bits(f), math.Float64bits(r.Float()))
	}
	yes, no := model.BoolState(e, true), model.BoolState(e, false)
	require.True(t, yes.Bool())
	require.False(t, no.Bool())
	tm := time.Date(2026, 1, 1, 1, 0, 0, 123456789, time.FixedZone("x", 3600))
	r := model.TimeState(e, tm)
	require.True(t, r.Time().Equal(tm.Truncate(time.Microsecond)), "to the microsecond")
	require.Equal(t, time.UTC, r.Time().Location())
	txt := model.TextState(e, "Running")
	require.Equal(t, "Running", txt.Text())
	u := model.NewStickyUpdate(e, model.UpdateState{Installed: "1", Latest: "2"})
	require.Equal(t, model.StickyState, u.Kind)
	require.Equal(t, &model.UpdateState{Installed: "1", Latest: "2"}, u.Update())
	one := model.IntState(e, 1)
	require.Nil(t, one.Update(), "only an update value has one")
	require.Equal(t, 73.21, model.Round(73.2149, 2))
}
