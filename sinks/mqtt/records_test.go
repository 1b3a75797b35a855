package mqtt

import (
	"fmt"
	"math/rand/v2"
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
					rs = append(rs, num(e, 1))
				}
				h.batch(rs...)
				requireSweepBookConsistent(t, h.s.book)
				h.now = h.now.Add(st.advance)
			}
			h.batch()
			requireSweepBookConsistent(t, h.s.book)
			for _, id := range tt.forgotten {
				require.NotContains(t, h.s.book.records, id)
			}
			for _, id := range tt.kept {
				require.Contains(t, h.s.book.records, id)
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
func requireSweepBookConsistent(t *testing.T, s *book) {
	t.Helper()
	mortal, seen := 0, 0
	for _, k := range s.records {
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

// The records kept by position (book.Accept) change nothing: random cycles (entities
// reordered, replaced under their id, removed, left out until forgotten, sent again) give the
// same messages, in the same order, and the same records as looking every reading up by id.
func TestRecordsKeptByPositionAnswerAsTheMapDoes(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	ents := make([]*model.Entity, 40)
	for i := range ents {
		ents[i] = queueEntity(fmt.Sprintf("q%d", i))
	}
	byPos, byMap := newHarness(t), newHarness(t)
	byPos.events(byPos.ft.events.up)
	byMap.events(byMap.ft.events.up)
	for cycle := range 300 {
		b := model.Batch{model.NewCycleStart("broker")}
		for i, e := range ents {
			switch r := rng.IntN(100); {
			case r < 3: // replaced by a new description under the same id
				ne := *e
				ne.Name = fmt.Sprintf("%s-%d", e.UniqueID, cycle)
				ents[i] = &ne
				b = append(b, num(ents[i], 1))
			case r < 5:
				b = append(b, model.NewRemoval(e))
			case r < 20 && cycle%50 > 25: // left out for a while: forgotten after 90 s
			default:
				b = append(b, num(e, int64(cycle)))
			}
		}
		if rng.IntN(10) == 0 { // another order now and then
			rng.Shuffle(len(b)-1, func(i, j int) { b[i+1], b[j+1] = b[j+1], b[i+1] })
		}
		byPos.batch(b...)
		byMap.s.q.BeginPuts()
		for i := range b {
			byMap.s.book.accept(&b[i], byMap.now, nil)
		}
		byMap.s.book.forget(byMap.now)
		byMap.s.q.EndPuts()

		gotPos, orderPos := byPos.queued()
		gotMap, orderMap := byMap.queued()
		require.Equal(t, orderMap, orderPos, "cycle %d", cycle)
		require.Equal(t, gotMap, gotPos, "cycle %d", cycle)
		require.Len(t, byPos.s.book.records, len(byMap.s.book.records))
		for id, k := range byPos.s.book.records {
			require.Same(t, byMap.s.book.records[id].entity, k.entity, "%s", id)
			require.Same(t, k.entity, byPos.s.q.slots[k.slot].entity, "%s: its slot speaks for it", id)
		}
		for _, k := range byPos.s.book.seqs["broker"] {
			if k != nil && k.entity != nil {
				require.Same(t, k, byPos.s.book.records[k.entity.UniqueID], "a kept record is the live one")
			}
		}
		byPos.now = byPos.now.Add(10 * time.Second)
		byMap.now = byMap.now.Add(10 * time.Second)
	}
}
