//go:build integration

package store_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/redis/rueidis"
	"github.com/rs/zerolog"
	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/catalog"
	"github.com/tracker-adsb/tracker-core-health/internal/testenv"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/pipeline"
	"github.com/tracker-adsb/tracker-core-health/sinks/mqtt"
	"github.com/tracker-adsb/tracker-core-health/stages/store"
)

func seed(t *testing.T, r rueidis.Client, kv ...string) {
	t.Helper()
	ctx := t.Context()
	require.NoError(t, r.Do(ctx, r.B().Flushdb().Build()).Error())
	for i := 0; i+1 < len(kv); i += 2 {
		require.NoError(t, r.Do(ctx, r.B().Set().Key(kv[i]).Value(kv[i+1]).Build()).Error())
	}
}

// published is a reading as the MQTT sink writes it: its topic's text (CONTRACT.md 4.1).
type published struct {
	model.Reading
	Payload string
}

func byTopic(b model.Batch) map[string]published {
	m := map[string]published{}
	for i := range b {
		r := &b[i]
		if r.Kind == model.State {
			m[r.Topic()] = published{*r, mqtt.Text(r)}
		}
	}
	return m
}

func TestStoreCycleOverRESP2AndRESP3(t *testing.T) {
	env := testenv.Get(t)
	r := env.Redis(t)
	seed(t, r, "config:rules:version", "0123456789abcdef0123456789abcdefdeadbeef", "some:key", "1")
	for _, resp2 := range []bool{false, true} {
		name := map[bool]string{false: "RESP3", true: "RESP2"}[resp2]
		t.Run(name, func(t *testing.T) {
			conn := store.NewConn(store.Options{Addr: env.RedisAddr, Password: env.RedisPassword, RESP2: resp2})
			defer conn.Close()
			cat := catalog.New(model.CoreDevice("1", ""), store.Group(60*time.Second))
			got := byTopic(store.NewStage(conn, cat, nil, zerolog.Nop()).Cycle(t.Context()))
			require.Equal(t, "True", got["Tracker/core-health/statistic/store_connected"].Payload)
			require.Equal(t, "deadbeef", got["Tracker/core-health/statistic/rules_version"].Payload)
			require.NotContains(t, got, "Tracker/core-health/statistic/areas_version", "absent key: skipped")
			s := "Tracker/core-health/store/statistic/"
			require.Equal(t, "2", got[s+"keys_count"].Payload)
			require.Equal(t, "master", got[s+"role"].Payload)
			require.Equal(t, "OK", got[s+"rdb_last_bgsave_status"].Payload)
			require.Regexp(t, `^\d+$`, got[s+"used_memory_bytes"].Payload)
			require.Regexp(t, `^\d+\.\d+$`, got[s+"used_memory_peak_percent"].Payload)
			require.Equal(t, 180, got[s+"used_memory_bytes"].Entity.ExpireAfter)
		})
	}
}

func TestStoreCycleWithWrongPasswordOrNoServer(t *testing.T) {
	env := testenv.Get(t)
	cat := catalog.New(model.CoreDevice("1", ""), store.Group(60*time.Second))
	for name, opt := range map[string]store.Options{
		"wrong password": {Addr: env.RedisAddr, Password: "wrong"},
		"no server":      {Addr: "127.0.0.1:" + testenv.Reserve(t).Port, Password: "x", Timeout: time.Second},
	} {
		t.Run(name, func(t *testing.T) {
			conn := store.NewConn(opt)
			defer conn.Close()
			b := store.NewStage(conn, cat, nil, zerolog.Nop()).Cycle(t.Context())
			require.Len(t, b, 1)
			require.Equal(t, "False", mqtt.Text(&b[0]))
			require.Equal(t, "Tracker/core-health/statistic/store_connected", b[0].Topic())
		})
	}
}

func counterSeed() []string {
	return []string{
		// Processor mp-1: some keys missing (→ 0).
		"metrics:message_processor:mp-1:registration_misses:hour", "3",
		"metrics:message_processor:mp-1:registration_misses:lifetime", "30",
		"metrics:message_processor:mp-1:total_messages_processed:today", "1234",
		// Processor b-2: a non-integer value is unknown, not published.
		"metrics:message_processor:b-2:operator_misses:lifetime", "7",
		"metrics:message_processor:b-2:total_messages_processed:hour", "garbage",
		// Receivers: rx-good (two sources), rx-bad (malformed entry), rx-gone (entry expired).
		"receiver:registration:rx-good", `[{"host":"192.168.10.5","port":30002,"source":"1090"},{"host":"uat.local","port":"30978","source":"978"}]`,
		"receiver:registration:rx-bad", `{"host":"x","port":1}`,
		"metrics:receiver:rx-good:192-168-10-5_30002:messages:hour", "11",
		"metrics:receiver:rx-good:192-168-10-5_30002:messages:today", "222",
		"metrics:receiver:rx-good:uat-local_30978:messages:today", "5",
		"metrics:receiver:rx-good:192-168-10-5_30002:messages:lifetime", "999",
	}
}

func seedCounters(t *testing.T, r rueidis.Client) {
	seed(t, r, counterSeed()...)
	require.NoError(t, r.Do(t.Context(), r.B().Sadd().Key("receiver:index").Member("rx-good", "rx-bad", "rx-gone").Build()).Error())
}

func TestCountersAreReadInFourRoundTripsWithExactValues(t *testing.T) {
	env := testenv.Get(t)
	r := env.Redis(t)
	seedCounters(t, r)
	rt := &testenv.RoundTripCounter{Client: env.Redis(t)}
	cs := store.NewCounterStage(store.ConnWith(rt), nil, 30, zerolog.Nop())
	got := byTopic(cs.Cycle(t.Context(), model.CounterRequest{ProcessorIDs: []string{"b-2", "mp-1"}}))
	require.Equal(t, 4, rt.Take(), "index, processor counters, registrations, receiver counters")

	want := map[string]string{
		"Tracker/message-processor/mp-1/statistic/registration_misses_hour":          "3",
		"Tracker/message-processor/mp-1/statistic/registration_misses_today":         "0",
		"Tracker/message-processor/mp-1/statistic/registration_misses_lifetime":      "30",
		"Tracker/message-processor/mp-1/statistic/operator_misses_today":             "0",
		"Tracker/message-processor/mp-1/statistic/operator_misses_lifetime":          "0",
		"Tracker/message-processor/mp-1/statistic/total_messages_processed_hour":     "0",
		"Tracker/message-processor/mp-1/statistic/total_messages_processed_today":    "1234",
		"Tracker/message-processor/mp-1/statistic/total_messages_processed_lifetime": "0",
		"Tracker/message-processor/b-2/statistic/operator_misses_lifetime":           "7",
		"Tracker/receiver/rx-good/statistic/messages_192-168-10-5_30002_total_hour":  "11",
		"Tracker/receiver/rx-good/statistic/messages_192-168-10-5_30002_total_today": "222",
		"Tracker/receiver/rx-good/statistic/messages_uat-local_30978_total_hour":     "0",
		"Tracker/receiver/rx-good/statistic/messages_uat-local_30978_total_today":    "5",
	}
	for topic, v := range want {
		require.Contains(t, got, topic)
		require.Equal(t, v, got[topic].Payload, topic)
	}
	require.NotContains(t, got, "Tracker/message-processor/b-2/statistic/total_messages_processed_hour", "a non-integer is unknown")
	require.Len(t, got, 8+7+4, "8 for mp-1, 7 for b-2, 4 for rx-good; nothing for rx-bad, rx-gone or lifetime")

	e := got["Tracker/receiver/rx-good/statistic/messages_192-168-10-5_30002_total_hour"].Entity
	require.Equal(t, "Tracker_receiver_rx-good_messages_192-168-10-5_30002_total_hour", e.UniqueID)
	require.Equal(t, "192.168.10.5:30002 Messages Total (Hour)", e.Name)
	require.Equal(t, "total_increasing", e.StateClass)
	require.True(t, e.NoOrigin)
	require.JSONEq(t, `{"identifiers":["Tracker_receiver_rx-good"],"name":"Tracker Receiver rx-good"}`, string(e.Device))
	p := got["Tracker/message-processor/mp-1/statistic/registration_misses_hour"].Entity
	require.Equal(t, "Tracker_message_processor_mp-1_registration_misses_hour", p.UniqueID)
	require.Equal(t, "Registration Misses (Hour)", p.Name)
	require.Equal(t, 30, p.ExpireAfter)
}

func TestMonitorIssuesOnlyReadCommands(t *testing.T) {
	env := testenv.Get(t)
	r := env.Redis(t)
	seedCounters(t, r)
	require.NoError(t, r.Do(t.Context(), r.B().ConfigResetstat().Build()).Error())

	for _, resp2 := range []bool{false, true} {
		conn := store.NewConn(store.Options{Addr: env.RedisAddr, Password: env.RedisPassword, RESP2: resp2})
		cat := catalog.New(model.CoreDevice("1", ""), store.Group(60*time.Second))
		st := store.NewStage(conn, cat, nil, zerolog.Nop())
		cs := store.NewCounterStage(conn, nil, 30, zerolog.Nop())
		for range 3 {
			st.Cycle(t.Context())
			cs.Cycle(t.Context(), model.CounterRequest{ProcessorIDs: []string{"mp-1"}})
		}
		conn.Close()
	}
	text, err := r.Do(t.Context(), r.B().Info().Section("commandstats").Build()).ToString()
	require.NoError(t, err)
	// Reads of the monitor, connection set-up, and the test's own CONFIG RESETSTAT / INFO.
	allowed := map[string]bool{"info": true, "memory|stats": true, "get": true, "smembers": true,
		"hello": true, "auth": true, "client|setinfo": true, "client|setname": true, "ping": true, "config|resetstat": true}
	seen := map[string]bool{}
	for k := range store.ParseInfo(text) {
		cmd, ok := strings.CutPrefix(k, "cmdstat_")
		if !ok {
			continue
		}
		seen[cmd] = true
		require.True(t, allowed[cmd], "the monitor issued %q", cmd)
	}
	require.True(t, seen["get"] && seen["smembers"] && seen["memory|stats"], "the reads were counted: %v", seen)
}

func TestStoreOutageSkipsCountersAndRecovers(t *testing.T) {
	env := testenv.Get(t)
	r := env.Redis(t)
	seedCounters(t, r)
	conn := store.NewConn(store.Options{Addr: env.RedisAddr, Password: env.RedisPassword, Timeout: time.Second})
	defer conn.Close()
	cat := catalog.New(model.CoreDevice("1", ""), store.Group(60*time.Second))
	st := store.NewStage(conn, cat, nil, zerolog.Nop())
	cs := store.NewCounterStage(conn, nil, 30, zerolog.Nop())
	req := model.CounterRequest{ProcessorIDs: []string{"mp-1"}}
	require.NotEmpty(t, cs.Cycle(t.Context(), req))

	env.Service(t, "stop-redis")
	restarted := false
	t.Cleanup(func() {
		if !restarted {
			env.Service(t, "start-redis")
		}
	})
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Second)
	defer cancel()
	require.Empty(t, cs.Cycle(ctx, req), "a store failure skips the tick")
	b := st.Cycle(ctx)
	require.Len(t, b, 1)
	require.Equal(t, "False", mqtt.Text(&b[0]))

	env.Service(t, "start-redis")
	restarted = true
	seedCounters(t, env.Redis(t))
	require.Eventually(t, func() bool {
		b := st.Cycle(t.Context())
		return len(b) > 1 && mqtt.Text(&b[0]) == "True"
	}, 15*time.Second, 200*time.Millisecond)
	// The counters' own round trips recover too (their first may still meet the old
	// connection and skip its tick, as an outage's does).
	require.Eventually(t, func() bool {
		got := byTopic(cs.Cycle(t.Context(), req))
		return got["Tracker/message-processor/mp-1/statistic/registration_misses_hour"].Payload == "3"
	}, 15*time.Second, 200*time.Millisecond)
}

// CONTRACT.md 4.3: a version key that is absent, empty or unreadable is skipped; an error
// reply is never published as a version.
func TestUnreadableOrEmptyVersionKeysAreSkipped(t *testing.T) {
	env := testenv.Get(t)
	r := env.Redis(t)
	require.NoError(t, r.Do(t.Context(), r.B().Flushdb().Build()).Error())
	require.NoError(t, r.Do(t.Context(), r.B().Rpush().Key("config:rules:version").Element("a", "b").Build()).Error())
	seed(t, r, "config:areas:version", "")
	conn := store.NewConn(store.Options{Addr: env.RedisAddr, Password: env.RedisPassword})
	defer conn.Close()
	cat := catalog.New(model.CoreDevice("1", ""), store.Group(60*time.Second))
	got := byTopic(store.NewStage(conn, cat, nil, zerolog.Nop()).Cycle(t.Context()))
	require.Equal(t, "True", got["Tracker/core-health/statistic/store_connected"].Payload)
	require.NotContains(t, got, "Tracker/core-health/statistic/rules_version", "a key of the wrong type is unreadable: skipped")
	require.NotContains(t, got, "Tracker/core-health/statistic/areas_version", "an empty key is skipped")
}

// Processors and receivers come and go: the counter stage remembers only those seen within
// 3 × expire_after.
func TestCounterCachesStayBoundedUnderChurn(t *testing.T) {
	env := testenv.Get(t)
	r := env.Redis(t)
	require.NoError(t, r.Do(t.Context(), r.B().Flushdb().Build()).Error())
	cs := store.NewCounterStage(store.ConnWith(r), nil, 30, zerolog.Nop())
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	store.SetClock(cs, func() time.Time { return now })
	maxProc, maxRecv := 0, 0
	for cycle := range 60 { // 60 cycles of 10 s; 10 new processors and 10 new receivers each
		var ids, names, kv []string
		for i := range 10 {
			ids = append(ids, fmt.Sprintf("p%d", cycle*10+i))
			name := fmt.Sprintf("rx%d", cycle*10+i)
			names = append(names, name)
			kv = append(kv, store.ReceiverRegistrationKey(name), `[{"host":"10.0.0.1","port":30002,"source":"1090"}]`)
		}
		seed(t, r, kv...) // also drops the previous cycle's receivers
		require.NoError(t, r.Do(t.Context(), r.B().Sadd().Key(store.ReceiverIndexKey).Member(names...).Build()).Error())
		b := cs.Cycle(t.Context(), model.CounterRequest{ProcessorIDs: ids})
		require.Equal(t, model.CycleStart, b[0].Kind)
		require.Len(t, b, 1+10*8+10*2)
		p, rc := cs.CacheLen()
		maxProc, maxRecv = max(maxProc, p), max(maxRecv, rc)
		now = now.Add(10 * time.Second)
	}
	// Forgotten after 90 s unseen, swept every 10 s: at most ~11 cycles' worth are held.
	require.LessOrEqual(t, maxProc, 12*10)
	require.LessOrEqual(t, maxRecv, 12*10*2)
}

// What the counter stage keeps between cycles (commands, parsed registration entries,
// payload strings, entities) never hides a change: a new value, a source added or gone, a
// garbage entry, a device that registers.
func TestCounterCachesFollowEveryChange(t *testing.T) {
	env := testenv.Get(t)
	r := env.Redis(t)
	ctx := t.Context()
	set := func(kv ...string) {
		for i := 0; i+1 < len(kv); i += 2 {
			require.NoError(t, r.Do(ctx, r.B().Set().Key(kv[i]).Value(kv[i+1]).Build()).Error())
		}
	}
	seed(t, r)
	require.NoError(t, r.Do(ctx, r.B().Sadd().Key(store.ReceiverIndexKey).Member("rx").Build()).Error())
	dirs := &pipeline.DeviceDirectory{}
	cs := store.NewCounterStage(store.ConnWith(r), dirs, 30, zerolog.Nop())
	req := model.CounterRequest{ProcessorIDs: []string{"p1"}}
	procTopic := "Tracker/message-processor/p1/statistic/total_messages_processed_lifetime"
	rxA := "Tracker/receiver/rx/statistic/messages_10-0-0-1_30002_total_hour"
	rxB := "Tracker/receiver/rx/statistic/messages_10-0-0-2_30005_total_hour"

	set(store.ProcessorCounterKey("p1", "total_messages_processed", "lifetime"), "5",
		store.ReceiverRegistrationKey("rx"), `[{"host":"10.0.0.1","port":30002}]`,
		store.ReceiverCounterKey("rx", "10.0.0.1", "30002", "hour"), "11",
		store.ReceiverCounterKey("rx", "10.0.0.2", "30005", "hour"), "22")
	got := byTopic(cs.Cycle(ctx, req))
	require.Equal(t, "5", got[procTopic].Payload)
	require.Equal(t, "11", got[rxA].Payload)
	require.NotContains(t, got, rxB)
	entityA := got[rxA].Entity

	// New values are read, not the previous payloads.
	set(store.ProcessorCounterKey("p1", "total_messages_processed", "lifetime"), "6",
		store.ReceiverCounterKey("rx", "10.0.0.1", "30002", "hour"), "12")
	got = byTopic(cs.Cycle(ctx, req))
	require.Equal(t, "6", got[procTopic].Payload)
	require.Equal(t, "12", got[rxA].Payload)

	// A source added: its counters appear; the unchanged source keeps its entity.
	set(store.ReceiverRegistrationKey("rx"), `[{"host":"10.0.0.1","port":30002},{"host":"10.0.0.2","port":"30005"}]`)
	got = byTopic(cs.Cycle(ctx, req))
	require.Equal(t, "12", got[rxA].Payload)
	require.Equal(t, "22", got[rxB].Payload)
	require.Same(t, entityA, got[rxA].Entity, "an unchanged source keeps its entity")

	// A garbage entry: no receiver counters, nothing else lost; then a source removed.
	set(store.ReceiverRegistrationKey("rx"), `{"not":"an array"`)
	got = byTopic(cs.Cycle(ctx, req))
	require.NotContains(t, got, rxA)
	require.Equal(t, "6", got[procTopic].Payload)
	set(store.ReceiverRegistrationKey("rx"), `[{"host":"10.0.0.2","port":30005}]`)
	got = byTopic(cs.Cycle(ctx, req))
	require.NotContains(t, got, rxA, "a source no longer listed is not read")
	require.Equal(t, "22", got[rxB].Payload)

	// The owners register: their counters move to the registered device blocks.
	procDev := model.Device(`{"identifiers":["Tracker_message_processor_p1"],"name":"MP 1","sw_version":"2"}`)
	rxDev := model.Device(`{"identifiers":["Tracker_receiver_rx"],"name":"RX","sw_version":"3"}`)
	dirs.Store(model.Devices{"Tracker_message_processor_p1": procDev, "Tracker_receiver_rx": rxDev})
	got = byTopic(cs.Cycle(ctx, req))
	require.Equal(t, procDev, got[procTopic].Entity.Device)
	require.Equal(t, rxDev, got[rxB].Entity.Device)
	require.Equal(t, "22", got[rxB].Payload)
}

// The counter stage's Run against the real store: a request gives one batch, lent: handed
// back by its last reader, the next cycle fills it again.
func TestCounterRunLendsItsBatches(t *testing.T) {
	env := testenv.Get(t)
	r := env.Redis(t)
	seedCounters(t, r)
	cs := store.NewCounterStage(store.ConnWith(r), nil, 30, zerolog.Nop())
	in := make(chan model.CounterRequest)
	out, run := cs.Start(in)
	done := make(chan error, 1)
	go func() { done <- run(t.Context()) }()
	in <- model.CounterRequest{ProcessorIDs: []string{"mp-1"}}
	first := <-out
	require.Equal(t, model.CycleStart, first.V[0].Kind)
	require.Equal(t, "3", byTopic(first.V)["Tracker/message-processor/mp-1/statistic/registration_misses_hour"].Payload)
	array := &first.V[:1][0]
	first.Done()
	in <- model.CounterRequest{ProcessorIDs: []string{"mp-1"}}
	second := <-out
	require.Same(t, array, &second.V[:1][0], "the batch handed back is filled again")
	require.Equal(t, "3", byTopic(second.V)["Tracker/message-processor/mp-1/statistic/registration_misses_hour"].Payload)
	close(in)
	require.NoError(t, <-done)
	_, open := <-out
	require.False(t, open)
}
