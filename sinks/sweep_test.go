package sinks

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"github.com/tracker-adsb/tracker-core-health/model"
)

// The forget sweep skips its walk only when no record can be due; these cases would forget
// nothing, or the wrong thing, if the bookkeeping behind that shortcut were off.
func TestForgetSweepShortcutNeverHidesADueEntity(t *testing.T) {
	short := func(id string) *model.Entity { // expire_after 1 s: forgotten after 3 s unseen
		e := queueEntity(id)
		e.ExpireAfter = 1
		return e
	}
	a, b, c := queueEntity("a"), queueEntity("b"), short("c")
	aStatic := staticEntity("a") // a's id taken over by a never-forgotten entity
	tests := []struct {
		name      string
		steps     []sweepStep
		forgotten []string
		kept      []string
	}{
		{"all seen every cycle: nothing is forgotten",
			repeat(sweepStep{[]*model.Entity{a, b}, 10 * time.Second}, 30), nil, []string{"a", "b"}},
		{"one stops being seen while the others are: it alone is forgotten",
			append(repeat(sweepStep{[]*model.Entity{a, b}, 10 * time.Second}, 3),
				repeat(sweepStep{[]*model.Entity{b}, 10 * time.Second}, 12)...), []string{"a"}, []string{"b"}},
		{"seen in the period, yet unseen for longer than its own forget time",
			[]sweepStep{{[]*model.Entity{b}, 0}, {[]*model.Entity{b, c}, 2 * time.Second}, {[]*model.Entity{b}, 9 * time.Second},
				{[]*model.Entity{b}, 10 * time.Second}},
			[]string{"c"}, []string{"b"}},
		{"a dynamic entity replaced by a static one under the same id is kept",
			append([]sweepStep{{[]*model.Entity{a, b}, 10 * time.Second}, {[]*model.Entity{aStatic, b}, 10 * time.Second}},
				repeat(sweepStep{[]*model.Entity{b}, 10 * time.Second}, 15)...), nil, []string{"a", "b"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t)
			for _, st := range tt.steps {
				rs := model.Batch{model.NewCycleStart("broker")}
				for _, e := range st.seen {
					rs = append(rs, model.NewState(e, "1"))
				}
				h.batch(rs...)
				requireSweepBookConsistent(t, h.s)
				h.now = h.now.Add(st.advance)
			}
			h.batch()
			requireSweepBookConsistent(t, h.s)
			for _, id := range tt.forgotten {
				require.NotContains(t, h.s.byID, id)
			}
			for _, id := range tt.kept {
				require.Contains(t, h.s.byID, id)
			}
		})
	}
}

// sweepStep is one cycle: the entities seen, then the time that passes.
type sweepStep struct {
	seen    []*model.Entity
	advance time.Duration
}

func repeat[T any](v T, n int) []T {
	out := make([]T, n)
	for i := range out {
		out[i] = v
	}
	return out
}

// requireSweepBookConsistent checks the counts against the records themselves.
func requireSweepBookConsistent(t *testing.T, s *MQTTSink) {
	t.Helper()
	mortal, seen := 0, 0
	for _, k := range s.byID {
		require.Equal(t, k.entity.ForgetAfter() > 0, k.mortal, "%s: mortal follows its entity", k.entity.UniqueID)
		if k.mortal {
			mortal++
			if k.period == s.sweep.period {
				seen++
			}
		}
	}
	require.Equal(t, mortal, s.sweep.mortal, "mortal records")
	require.Equal(t, seen, s.sweep.seenInPeriod, "mortal records seen in this period")
}
