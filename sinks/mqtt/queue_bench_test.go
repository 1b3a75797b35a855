package mqtt

import (
	"strconv"
	"testing"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// BenchmarkSendQueueCycle: one cycle of 19,000 entity states put and popped, as at 1,000
// queues.
func BenchmarkSendQueueCycle(b *testing.B) {
	q := newQueue()
	ks := make([]slotID, 19000)
	q.BeginPuts()
	for i := range ks {
		ks[i] = q.Open(&model.Entity{StateTopic: "Tracker/core-health/message-processor/p" + strconv.Itoa(i/19) + "/statistic/queue_field_" + strconv.Itoa(i%19)})
	}
	q.EndPuts()
	v := model.IntState(nil, 1)
	chunk := make([]outMsg, 0, popChunk)
	b.ReportAllocs()
	for b.Loop() {
		q.BeginPuts()
		for _, k := range ks {
			q.PutState(k, &v)
		}
		q.EndPuts()
		for {
			chunk = q.PopN(chunk[:0], popChunk)
			if len(chunk) == 0 {
				break
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(ks)), "ns/message")
}
