// Package bench holds the throughput benchmarks of the stages and the end-to-end paths.
// Run them with `make bench` (go test -bench . -benchmem).
package bench

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/catalog"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/pipeline"
	"github.com/tracker-adsb/tracker-core-health/stages/broker"
)

// fixedFetcher answers every poll with the same raw responses.
type fixedFetcher struct{ raw *broker.Raw }

func (f fixedFetcher) Fetch(context.Context) (*broker.Raw, error) { return f.raw, nil }

func queuesJSON(owned, foreign int) []byte {
	qs := make([]map[string]any, 0, owned+foreign)
	for i := range owned {
		name := fmt.Sprintf("tracker-message-processor-p%d", i)
		if i%10 == 0 {
			name = fmt.Sprintf("tracker-adsb-extra-%d", i)
		}
		qs = append(qs, map[string]any{
			"name": name, "consumers": 1, "consumer_utilisation": 0.97, "consumer_capacity": 0.97,
			"messages_ready": i, "messages_unacknowledged": 3, "state": "running", "memory": 47968, "message_bytes": 1024,
			"message_stats": map[string]any{
				"publish_details": map[string]any{"rate": 19.6}, "deliver_details": map[string]any{"rate": 19.4},
				"ack_details": map[string]any{"rate": 19.4}, "redeliver_details": map[string]any{"rate": 0.0},
			},
		})
	}
	for i := range foreign {
		qs = append(qs, map[string]any{"name": fmt.Sprintf("other-%d", i), "consumers": 0, "state": "running"})
	}
	b, _ := json.Marshal(qs)
	return b
}

// BenchmarkBrokerCycle1000Queues: one broker cycle with 1,000 owned queues, from the raw
// response bytes to the batch of readings handed to the sink.
func BenchmarkBrokerCycle1000Queues(b *testing.B) {
	raw := &broker.Raw{
		Overview: []byte(`{"object_totals":{"connections":12}}`),
		Nodes:    []byte(`[{"name":"a","mem_alarm":false,"disk_free_alarm":false}]`),
		Queues:   queuesJSON(1000, 100),
		Exchange: []byte(`{"message_stats":{"publish_in_details":{"rate":19.6},"publish_out_details":{"rate":19.6}}}`),
	}
	cat := catalog.New(model.CoreDevice("1", ""), broker.Group(10*time.Second))
	st := broker.NewStage(fixedFetcher{raw}, cat, &pipeline.DeviceDirectory{}, nil, time.Now(), zerolog.Nop())
	b.SetBytes(int64(len(raw.Queues)))
	b.ReportAllocs()
	var readings int
	for b.Loop() {
		batch, _ := st.Cycle(context.Background())
		readings = len(batch)
	}
	b.ReportMetric(float64(readings), "readings/op")
}
