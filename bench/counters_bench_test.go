//go:build integration

package bench

import (
	"context"
	"fmt"
	"testing"

	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/internal/testenv"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/stages/store"
)

// BenchmarkCounterCycle: one counter cycle with 1,000 processors and 1,000 receivers of 4
// sources each against the real local Redis; reports the round trips per cycle (at most 4).
func BenchmarkCounterCycle(b *testing.B) {
	env := testenv.Get(b)
	r := env.Redis(b)
	ctx := context.Background()
	if err := r.Do(ctx, r.B().Flushdb().Build()).Error(); err != nil {
		b.Fatal(err)
	}
	var cmds []string
	ids := make([]string, 1000)
	for i := range ids {
		ids[i] = fmt.Sprintf("p%d", i)
		cmds = append(cmds, store.ProcessorCounterKey(ids[i], "total_messages_processed", "hour"), "42")
	}
	names := make([]string, 1000)
	for i := range names {
		names[i] = fmt.Sprintf("rx%d", i)
		entry := "["
		for s := range 4 {
			if s > 0 {
				entry += ","
			}
			entry += fmt.Sprintf(`{"host":"10.0.%d.%d","port":%d,"source":"1090"}`, i/250, i%250, 30000+s)
			cmds = append(cmds, store.ReceiverCounterKey(names[i], fmt.Sprintf("10.0.%d.%d", i/250, i%250), fmt.Sprint(30000+s), "hour"), "7")
		}
		cmds = append(cmds, store.ReceiverRegistrationKey(names[i]), entry+"]")
	}
	for i := 0; i < len(cmds); i += 2 {
		if err := r.Do(ctx, r.B().Set().Key(cmds[i]).Value(cmds[i+1]).Build()).Error(); err != nil {
			b.Fatal(err)
		}
	}
	if err := r.Do(ctx, r.B().Sadd().Key(store.ReceiverIndexKey).Member(names...).Build()).Error(); err != nil {
		b.Fatal(err)
	}
	rt := &testenv.RoundTripCounter{Client: r}
	cs := store.NewCounterStage(store.ConnWith(rt), nil, 30, zerolog.Nop())
	req := model.CounterRequest{ProcessorIDs: ids}
	b.ReportAllocs()
	var readings, trips int
	for b.Loop() {
		readings = len(cs.Cycle(ctx, req)) - 1 // less the cycle marker
		trips = rt.Take()
	}
	if trips > 4 {
		b.Fatalf("%d round trips per cycle, want at most 4", trips)
	}
	if readings != 1000*8+1000*4*2 {
		b.Fatalf("%d readings, want %d", readings, 1000*8+1000*4*2)
	}
	b.ReportMetric(float64(trips), "roundtrips/op")
	b.ReportMetric(float64(readings), "readings/op")
}
