//go:build integration

package mqtt_test

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/config"
	"github.com/tracker-adsb/tracker-core-health/internal/testenv"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/pipeline"
	"github.com/tracker-adsb/tracker-core-health/sinks/mqtt"
)

func startSink(t *testing.T, env *testenv.Env, rate int) (chan pipeline.Shared[model.Batch], *mqtt.Sink, chan struct{}) {
	h, p := testenv.Split(t, env.MQTTAddr)
	sink := mqtt.New(mqtt.Config{
		ServerConfig: mqtt.ServerConfig{MQTT: config.MQTT{MQTTHost: h, MQTTPort: testenv.Atoi(t, p)}, Subscribe: []string{model.HAStatusTopic, "Tracker/register/+"}},
		Origin:       model.Origin{Name: "tracker-core-health", SWVersion: "t"},
		PublishRate:  rate,
	}, zerolog.Nop())
	in := make(chan pipeline.Shared[model.Batch], 4)
	done := make(chan struct{})
	go func() {
		_ = sink.Run(context.Background(), in)
		close(done)
	}()
	go func() {
		for range sink.Received() {
		}
	}()
	t.Cleanup(func() {
		select {
		case <-done:
		default:
			close(in)
			<-done
		}
	})
	return in, sink, done
}

func entity(id string, dev model.Device) *model.Entity {
	return &model.Entity{Kind: &model.Kind{Component: model.Sensor}, UniqueID: id, Name: id, StateTopic: "Tracker/test/" + id, Device: dev}
}

func TestSinkAnnouncesOncePerConnectionAndOnChange(t *testing.T) {
	env := testenv.Get(t)
	env.ClearRetained(t, "Tracker/#", "homeassistant/#")
	rec := env.Record(t, "Tracker/#", "homeassistant/#")
	in, _, _ := startSink(t, env, 5000)
	rec.WaitPayload(model.StatusTopic, "ONLINE", 10*time.Second)

	e := entity("sink_a", model.NamedDevice("Tracker_Core", "Tracker Core"))
	cfgTopic := "homeassistant/sensor/sink_a/config"
	for i := range 3 { // one at a time, so that coalescing cannot hide a repeated config
		in <- pipeline.Own(model.Batch{model.IntState(e, int64(i))})
		rec.WaitPayload("Tracker/test/sink_a", strconv.Itoa(i), 5*time.Second)
	}
	require.Equal(t, 1, rec.Count(cfgTopic), "discovery once on first sight")
	require.Less(t, indexOf(rec, cfgTopic), indexOf(rec, "Tracker/test/sink_a"), "discovery before state")

	// Same unique_id with a new device block: announced again.
	e2 := entity("sink_a", model.NamedDevice("Tracker_Core", "Renamed"))
	in <- pipeline.Own(model.Batch{model.IntState(e2, 3)})
	rec.WaitFor(cfgTopic, 5*time.Second, func(m testenv.Msg) bool { return contains(m.Payload, "Renamed") })

	// Home Assistant's birth message: everything known is announced again.
	rec.Reset()
	rec.Publish(model.HAStatusTopic, "online", false)
	rec.WaitFor(cfgTopic, 5*time.Second, nil)
	rec.WaitFor("homeassistant/sensor/sink_a/config", 5*time.Second, nil)

	// Removal: an empty retained config.
	in <- pipeline.Own(model.Batch{model.NewRemoval(e2)})
	rec.WaitPayload(cfgTopic, "", 5*time.Second)
	late := env.Record(t, cfgTopic)
	late.Sync() // a retained config would have come before the marker
	require.Zero(t, late.Count(cfgTopic), "the retained config is gone")
}

func TestSinkPacesABurstAndLosesNothingOfTheLatestValues(t *testing.T) {
	env := testenv.Get(t)
	env.ClearRetained(t, "Tracker/#", "homeassistant/#")
	rec := env.Record(t, "Tracker/test/#")
	in, sink, _ := startSink(t, env, 4000)
	// Readings taken before the connection is up are remembered, not queued: start once
	// ONLINE has been written.
	require.Eventually(t, func() bool { return sink.Published() > 0 }, 10*time.Second, time.Millisecond)
	const n = 2000
	dev := model.NamedDevice("Tracker_Core", "Tracker Core")
	ents := make([]*model.Entity, n)
	for i := range ents {
		ents[i] = entity(fmt.Sprintf("burst_%d", i), dev)
	}
	for round := range 3 { // later rounds coalesce over earlier ones still queued
		b := make(model.Batch, n)
		for i, e := range ents {
			b[i] = model.IntState(e, int64(round))
		}
		in <- pipeline.Own(b)
	}
	for i := 0; i < n; i += 97 {
		rec.WaitPayload(fmt.Sprintf("Tracker/test/burst_%d", i), "2", 20*time.Second)
	}
	rec.WaitPayload(fmt.Sprintf("Tracker/test/burst_%d", n-1), "2", 20*time.Second)
	require.LessOrEqual(t, len(rec.All()), 3*n, "no more than one message per value")
}

func TestSinkWithoutHostDiscards(t *testing.T) {
	sink := mqtt.New(mqtt.Config{}, zerolog.Nop())
	in := make(chan pipeline.Shared[model.Batch], 1)
	in <- pipeline.Own(model.Batch{model.NewStickyMessage("x", "y")})
	close(in)
	require.NoError(t, sink.Run(t.Context(), in))
	_, open := <-sink.Received()
	require.False(t, open)
}

func indexOf(r *testenv.Recorder, topic string) int {
	for i, m := range r.All() {
		if m.Topic == topic {
			return i
		}
	}
	return -1
}

func contains(s, sub string) bool { return strings.Contains(s, sub) }
