package sinks

import (
	"strconv"
	"testing"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// BenchmarkSendQueueCycle: one cycle of 19,000 entity states put and popped, as at 1,000
// queues.
func BenchmarkSendQueueCycle(b *testing.B) {
	ks := make([]*known, 19000)
	for i := range ks {
		ks[i] = &known{entity: &model.Entity{StateTopic: "Tracker/core-health/message-processor/p" + strconv.Itoa(i/19) + "/statistic/queue_field_" + strconv.Itoa(i%19)}}
	}
	q := newSendQueue()
	chunk := make([]outMsg, 0, popChunk)
	b.ReportAllocs()
	for b.Loop() {
		q.Lock()
		for _, k := range ks {
			q.putState(k, "1")
		}
		q.Unlock()
		for {
			chunk = q.PopN(chunk[:0], popChunk)
			if len(chunk) == 0 {
				break
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(ks)), "ns/message")
}
