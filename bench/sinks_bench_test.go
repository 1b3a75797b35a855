//go:build integration

package bench

import (
	"context"
	"net/url"
	"runtime"
	"strconv"
	"testing"
	"time"

	"github.com/eclipse/paho.golang/autopaho"
	"github.com/eclipse/paho.golang/paho"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/catalog"
	"github.com/tracker-adsb/tracker-core-health/config"
	"github.com/tracker-adsb/tracker-core-health/internal/testenv"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/pipeline"
	"github.com/tracker-adsb/tracker-core-health/sinks/metrics"
	"github.com/tracker-adsb/tracker-core-health/sinks/mqtt"
	"github.com/tracker-adsb/tracker-core-health/stages/all"
)

// queueEntities are the entities of n processor queues, built once as the broker stage does.
func queueEntities(n int) []*model.Entity {
	var out []*model.Entity
	for i := range n {
		q := "tracker-message-processor-p" + strconv.Itoa(i)
		ents := catalog.QueueEntities(catalog.QueueRoute{Queue: q, DeviceID: "Tracker_message_processor_p" + strconv.Itoa(i),
			TopicBase: "Tracker/bench/" + q, UniqueIDPfx: "bench_" + q, NamePrefix: "Queue "}, model.NamedDevice("d", "D"), 30)
		out = append(out, ents[:]...)
	}
	return out
}

// cycleReadings is one broker cycle's readings of ents, every one value.
func cycleReadings(ents []*model.Entity, value int) model.Batch {
	b := make(model.Batch, 0, len(ents)+1)
	b = append(b, model.NewCycleStart(catalog.LoopBroker))
	for _, e := range ents {
		b = append(b, model.IntState(e, int64(value)))
	}
	return b
}

// mqttSink starts the MQTT sink against the real Mosquitto, pacing lifted.
func mqttSink(b *testing.B, env *testenv.Env) (*mqtt.Sink, chan pipeline.Shared[model.Batch], context.CancelFunc) {
	h, p := testenv.Split(b, env.MQTTAddr)
	sink := mqtt.New(mqtt.Config{ServerConfig: mqtt.ServerConfig{MQTT: config.MQTT{MQTTHost: h, MQTTPort: testenv.Atoi(b, p)}}, PublishRate: 10_000_000}, zerolog.Nop())
	in := make(chan pipeline.Shared[model.Batch], 1)
	ctx, cancel := context.WithCancel(context.Background())
	go func() { _ = sink.Run(ctx, in) }()
	return sink, in, cancel
}

// BenchmarkSinks: the cost per reading of each sink for the same cycle, measured in one run.
// mqtt: the MQTT sink publishing to the real Mosquitto (pacing lifted), until the last
// reading has arrived at a subscriber; prometheus: the second sink taking the cycle and
// rendering one scrape.
func BenchmarkSinks(b *testing.B) {
	const queues = 1000
	ents := queueEntities(queues)
	b.Run("mqtt", func(b *testing.B) {
		env := testenv.Get(b)
		rec := env.Record(b, "Tracker/bench/tracker-message-processor-p999/message_bytes")
		_, in, cancel := mqttSink(b, env)
		defer cancel()
		time.Sleep(time.Second)                    // connected
		in <- pipeline.Own(cycleReadings(ents, 0)) // first sight: discovery configs go out once, outside the timing
		rec.WaitPayload("Tracker/bench/tracker-message-processor-p999/message_bytes", "0", time.Minute)
		n := 0
		for b.Loop() {
			n++
			batch := cycleReadings(ents, n)
			in <- pipeline.Own(batch)
			rec.WaitPayload("Tracker/bench/tracker-message-processor-p999/message_bytes", strconv.Itoa(n), time.Minute)
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n*queues*catalog.NumQueueFields), "ns/reading")
		close(in)
	})
	b.Run("prometheus-accept", func(b *testing.B) { // the per-cycle cost: taking the readings
		sink := metrics.New(all.Defaults().Metrics(), zerolog.Nop())
		batches := [2]model.Batch{cycleReadings(ents, 1), cycleReadings(ents, 2)}
		n := 0
		b.ReportAllocs()
		for b.Loop() {
			n++
			sink.Accept(batches[n%2])
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n*queues*catalog.NumQueueFields), "ns/reading")
	})
	b.Run("prometheus", func(b *testing.B) { // one cycle plus one scrape
		sink := metrics.New(all.Defaults().Metrics(), zerolog.Nop())
		reg := prometheus.NewRegistry()
		if err := reg.Register(sink); err != nil {
			b.Fatal(err)
		}
		n := 0
		b.ReportAllocs()
		for b.Loop() {
			n++
			sink.Accept(cycleReadings(ents, n))
			mfs, err := reg.Gather()
			if err != nil || len(mfs) == 0 {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n*queues*catalog.NumQueueFields), "ns/reading")
	})
}

// BenchmarkSinkVsBarePublish: the cost per message of the MQTT sink against a bare autopaho
// Publish loop sending the same 11,000 retained messages to the real Mosquitto, in one run
// (issue 12's ratio: the sink at most 1/4 of the bare loop). The timer covers the writer side:
// from handing a cycle over until every message has been written to the connection (the
// sink's Published count; a bare QoS 0 Publish returns once written). That the last message
// reached a subscriber is checked after each cycle, outside the timing, so that the
// subscriber's own cost is in neither figure.
func BenchmarkSinkVsBarePublish(b *testing.B) {
	const queues = 1000
	ents := queueEntities(queues)
	last := "Tracker/bench/tracker-message-processor-p999/message_bytes"
	perMessage := func(b *testing.B, n int, mallocs uint64) {
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/1e3/float64(n*len(ents)), "µs/message")
		b.ReportMetric(float64(mallocs)/float64(n*len(ents)), "allocs/message")
	}
	b.Run("sink", func(b *testing.B) {
		env := testenv.Get(b)
		rec := env.Record(b, last)
		sink, in, cancel := mqttSink(b, env)
		defer cancel()
		for sink.Published() == 0 { // connected: ONLINE written
			time.Sleep(time.Millisecond)
		}
		in <- pipeline.Own(cycleReadings(ents, 0)) // discovery once, outside the timing
		rec.WaitPayload(last, "0", time.Minute)
		var mallocs uint64
		b.ResetTimer()
		for i := 1; i <= b.N; i++ {
			b.StopTimer()
			batch := cycleReadings(ents, i)
			want := sink.Published() + uint64(len(ents))
			m0 := mallocCount()
			b.StartTimer()
			in <- pipeline.Own(batch)
			for sink.Published() < want {
				time.Sleep(20 * time.Microsecond)
			}
			b.StopTimer()
			mallocs += mallocCount() - m0
			rec.WaitPayload(last, strconv.Itoa(i), time.Minute)
			b.StartTimer()
		}
		perMessage(b, b.N, mallocs)
		close(in)
	})
	b.Run("bare-autopaho", func(b *testing.B) {
		env := testenv.Get(b)
		rec := env.Record(b, last)
		u, err := url.Parse("mqtt://" + env.MQTTAddr)
		if err != nil {
			b.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		cm, err := autopaho.NewConnection(ctx, autopaho.ClientConfig{ServerUrls: []*url.URL{u}, KeepAlive: 60,
			CleanStartOnInitialConnection: true, ClientConfig: paho.ClientConfig{ClientID: "bench-bare"}})
		if err != nil {
			b.Fatal(err)
		}
		if err := cm.AwaitConnection(ctx); err != nil {
			b.Fatal(err)
		}
		var mallocs uint64
		b.ResetTimer()
		for i := 1; i <= b.N; i++ {
			b.StopTimer()
			payload := []byte(strconv.Itoa(i))
			m0 := mallocCount()
			b.StartTimer()
			for _, e := range ents {
				if _, err := cm.Publish(ctx, &paho.Publish{Topic: e.StateTopic, Payload: payload, Retain: true}); err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			mallocs += mallocCount() - m0
			rec.WaitPayload(last, strconv.Itoa(i), time.Minute)
			b.StartTimer()
		}
		perMessage(b, b.N, mallocs)
	})
}

// mallocCount is the process's heap allocations so far.
func mallocCount() uint64 {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.Mallocs
}
