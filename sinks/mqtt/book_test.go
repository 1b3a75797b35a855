package mqtt

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/eclipse/paho.golang/paho"
	"github.com/rs/zerolog"
	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/config"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/pipeline"
)

// recorder is a msgWriter (and, through fakeTransport, a transport) that keeps what it was
// asked to publish, in order.
type recorder struct {
	mu      sync.Mutex
	msgs    []sent
	flushes int
}

type sent struct{ topic, payload string }

func (r *recorder) Publish(topic string, payload []byte, _ bool) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.msgs = append(r.msgs, sent{topic, string(payload)})
	return nil
}

func (r *recorder) Flush() error {
	r.mu.Lock()
	r.flushes++
	r.mu.Unlock()
	return nil
}

func (r *recorder) topics() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]string, len(r.msgs))
	for i, m := range r.msgs {
		out[i] = m.topic
	}
	return out
}

// fakeTransport is the transport of the unit tests: it connects when told (events), writes
// through a pacedWriter into a recorder, and is always up; the subscription side is the
// sink's own (a received message arrives as from the server).
type fakeTransport struct {
	*pahoTransport
	events *connEvents
	pace   *pacedWriter
	rec    *recorder
	closed bool
}

func newFakeTransport(s *Sink, publishRate, discoveryRate int) *fakeTransport {
	return &fakeTransport{pahoTransport: s.trans.(*pahoTransport), events: newConnEvents(), rec: &recorder{},
		pace: newPacedWriter(publishRate, max(publishRate/10, 1), discoveryRate, model.Origin{}, zerolog.Nop())}
}

func (f *fakeTransport) Connect(context.Context) error { return nil }
func (f *fakeTransport) Events() *connEvents           { return f.events }
func (f *fakeTransport) Write(ctx context.Context, msgs []outMsg) bool {
	return f.pace.Write(ctx, f.rec, msgs)
}
func (f *fakeTransport) Flush()                { _ = f.rec.Flush() }
func (f *fakeTransport) Close(context.Context) { f.closed = true }

// harness drives the book's decisions step by step in the test goroutine: no broker, no
// writer goroutine; what the book queued is read back from the queue.
type harness struct {
	t   *testing.T
	s   *Sink
	ft  *fakeTransport
	now time.Time
}

func newHarness(t *testing.T) *harness {
	s := New(Config{ServerConfig: ServerConfig{MQTT: config.MQTT{MQTTHost: "unused"}}, Origin: model.Origin{Name: "o", SWVersion: "v"}}, zerolog.Nop())
	ft := newFakeTransport(s, 1_000_000, 1_000_000)
	ft.events = ft.pahoTransport.events // a birth the transport receives arrives on the same stream
	s.trans = ft
	h := &harness{t: t, s: s, ft: ft, now: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	s.now = func() time.Time { return h.now }
	return h
}

func (h *harness) batch(rs ...model.Reading) { h.s.book.Accept(rs, h.now) }

// events pushes connection events the way autopaho's callbacks do and lets the sink apply them.
func (h *harness) events(push ...func()) {
	for _, p := range push {
		p()
	}
	for _, ev := range h.ft.events.drain() {
		h.s.apply(ev)
	}
}

// queued pops everything the book queued: topic → text, and the topics in order.
func (h *harness) queued() (map[string]string, []string) {
	got := map[string]string{}
	var order []string
	for {
		m, ok := h.s.q.Pop()
		if !ok {
			return got, order
		}
		if m.entity != nil {
			got[m.topic] = string(DiscoveryConfig(m.entity, h.s.cfg.Origin))
		} else {
			got[m.topic] = string(appendValue(nil, m.typ, m.word, m.text))
		}
		order = append(order, m.topic)
	}
}

var core = model.NamedDevice("Tracker_Core", "Tracker Core")

func staticEntity(id string) *model.Entity {
	return &model.Entity{Kind: &model.Kind{Component: model.Sensor}, UniqueID: id, Name: id, StateTopic: "T/" + id, Device: core}
}

func queueEntity(id string) *model.Entity {
	return &model.Entity{Kind: &model.Kind{Component: model.Sensor, Lifecycle: model.Dynamic, Loop: "broker"},
		UniqueID: id, Name: id, StateTopic: "T/" + id, Device: core, ExpireAfter: 30}
}

func cfgTopic(id string) string { return "homeassistant/sensor/" + id + "/config" }

func num(e *model.Entity, n int64) model.Reading { return model.IntState(e, n) }

func TestSinkLifecycle(t *testing.T) {
	h := newHarness(t)
	static, qa, qb := staticEntity("s"), queueEntity("qa"), queueEntity("qb")

	// Before the first connection nothing is queued, but everything is remembered.
	h.batch(model.NewDeclaration(static), model.NewCycleStart("broker"), num(qa, 1), num(qb, 2))
	got, _ := h.queued()
	require.Empty(t, got, "nothing goes out while disconnected")

	// Connect: ONLINE, then every current entity's config.
	h.events(h.ft.events.up)
	got, order := h.queued()
	require.Equal(t, model.StatusTopic, order[0])
	for _, id := range []string{"s", "qa", "qb"} {
		require.Contains(t, got, cfgTopic(id))
	}
	require.NotContains(t, got, "T/qa", "a state is sent only with a fresh reading")

	// First sight per connection: config once, then only states.
	h.batch(model.NewCycleStart("broker"), num(qa, 3))
	got, _ = h.queued()
	require.Equal(t, map[string]string{"T/qa": "3"}, got)

	// A changed config (same unique_id, new device block) is announced again.
	qa2 := queueEntity("qa")
	qa2.Device = model.NamedDevice("Tracker_Core", "Renamed")
	h.batch(num(qa2, 4))
	_, order = h.queued()
	require.Equal(t, []string{cfgTopic("qa"), "T/qa"}, order, "config before state")

	// qb vanished from the latest cycle: a reconnect announces s and qa, never qb.
	h.events(h.ft.events.down, h.ft.events.up)
	got, _ = h.queued()
	require.Contains(t, got, cfgTopic("s"))
	require.Contains(t, got, cfgTopic("qa"))
	require.NotContains(t, got, cfgTopic("qb"), "a vanished queue is not brought back")

	// Nor does a live Home Assistant birth; a retained one is not a birth at all.
	h.ft.onReceived(&paho.Publish{Topic: model.HAStatusTopic, Payload: []byte("online"), Retain: true})
	require.Empty(t, h.ft.events.drain(), "a retained birth is ignored")
	h.ft.onReceived(&paho.Publish{Topic: model.HAStatusTopic, Payload: []byte("online")})
	h.events()
	got, _ = h.queued()
	require.Contains(t, got, cfgTopic("qa"))
	require.NotContains(t, got, cfgTopic("qb"))

	// If qb comes back it is announced again on sight.
	h.batch(model.NewCycleStart("broker"), num(qb, 5))
	_, order = h.queued()
	require.Equal(t, []string{cfgTopic("qb"), "T/qb"}, order)
}

func TestSinkStickyAndRemoval(t *testing.T) {
	h := newHarness(t)
	upd := &model.Entity{Kind: &model.Kind{Component: model.Update}, UniqueID: "x_update", Name: "X Update", StateTopic: "Tracker/register/x/update", Device: core}
	h.events(h.ft.events.up)
	h.queued()
	h.batch(model.NewStickyUpdate(upd, model.UpdateState{Installed: "1", Latest: "1"}), model.NewStickyMessage("Tracker/register/Tracker_Core", `{"image":"i"}`))
	h.queued()

	// Every sticky state and message is re-sent after a reconnect, with the update config.
	h.events(h.ft.events.down, h.ft.events.up)
	got, _ := h.queued()
	require.Equal(t, `{"installed_version":"1","latest_version":"1"}`, got["Tracker/register/x/update"])
	require.Equal(t, `{"image":"i"}`, got["Tracker/register/Tracker_Core"])
	require.Contains(t, got, "homeassistant/update/x_update/config")

	// Removal: an empty retained config, and it is forgotten (not re-sent after a reconnect).
	h.batch(model.NewRemoval(upd))
	got, _ = h.queued()
	require.Equal(t, map[string]string{"homeassistant/update/x_update/config": ""}, got)
	h.events(h.ft.events.down, h.ft.events.up)
	got, _ = h.queued()
	require.NotContains(t, got, "homeassistant/update/x_update/config")
	require.NotContains(t, got, "Tracker/register/x/update")
	require.Empty(t, h.s.book.records)

	// A removal while disconnected (an earlier run's retained entity, withdrawn at start) is
	// sent on the next connect, once.
	h.events(h.ft.events.down)
	h.batch(model.NewRemoval(upd))
	h.events(h.ft.events.up)
	got, _ = h.queued()
	require.Equal(t, "", got["homeassistant/update/x_update/config"])
	require.Contains(t, got, "homeassistant/update/x_update/config")
	h.events(h.ft.events.down, h.ft.events.up)
	got, _ = h.queued()
	require.NotContains(t, got, "homeassistant/update/x_update/config")
}

func TestSinkConnectionEventsAreAppliedInOrder(t *testing.T) {
	for _, tc := range []struct {
		name      string
		push      func(*connEvents)
		connected bool
		gen       uint64
	}{
		{"up", func(c *connEvents) { c.up() }, true, 1},
		{"up then down", func(c *connEvents) { c.up(); c.down() }, false, 1},
		// The case two signal channels got wrong half of the time: down and a new up pending.
		{"down then up", func(c *connEvents) { c.up(); c.down(); c.up() }, true, 2},
		{"flapping", func(c *connEvents) { c.up(); c.down(); c.up(); c.down(); c.up() }, true, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for range 50 { // the old select picked at random: repeat to be sure
				h := newHarness(t)
				tc.push(h.ft.events)
				h.events()
				require.Equal(t, tc.connected, h.s.book.connected)
				require.Equal(t, tc.gen, h.s.book.gen)
			}
		})
	}
}

func TestSinkIgnoresEventsOfAnOlderConnection(t *testing.T) {
	h := newHarness(t)
	h.events(h.ft.events.up, h.ft.events.down, h.ft.events.up)
	h.s.apply(connEvent{kind: eventDown, gen: 1})
	require.True(t, h.s.book.connected, "a late down of connection 1 does not end connection 2")
	h.queued()
	h.s.apply(connEvent{kind: eventBirth, gen: 1})
	got, _ := h.queued()
	require.Empty(t, got, "a birth seen on an older connection was already answered by the connect")
}

func TestSinkForgetsDynamicEntitiesAndStaysBounded(t *testing.T) {
	h := newHarness(t)
	h.events(h.ft.events.up)
	static := staticEntity("s")
	h.batch(model.NewDeclaration(static))
	// 200 cycles of 10 s, each with 50 queues of which 45 are new: 9,000 distinct ids.
	maxKnown := 0
	for cycle := range 200 {
		rs := model.Batch{model.NewCycleStart("broker")}
		for i := range 50 {
			id := fmt.Sprintf("q%d", cycle*45+i)
			rs = append(rs, num(queueEntity(id), 1))
		}
		h.batch(rs...)
		h.queued()
		maxKnown = max(maxKnown, len(h.s.book.records))
		for id, k := range h.s.book.records {
			require.Equal(t, id, k.entity.UniqueID, "one record an entity, under its own unique_id")
		}
		h.now = h.now.Add(10 * time.Second)
	}
	// expire_after 30 s → forgotten after 90 s unseen: at most ~ (90+10+10)/10 cycles of ids.
	require.Less(t, maxKnown, 12*50, "known entities stay bounded")
	require.Contains(t, h.s.book.records, "s", "static entities are never forgotten")
	require.NotContains(t, h.s.book.records, "q0", "an id not seen for 3 × expire_after is forgotten")
	require.Less(t, len(h.s.q.slots), 12*50+2, "the queue's slots stay bounded too: released ones are reused")
}

func TestServePublishesThroughTheTransportInOrder(t *testing.T) {
	s := New(Config{ServerConfig: ServerConfig{MQTT: config.MQTT{MQTTHost: "unused"}}, PublishRate: 1_000_000}, zerolog.Nop())
	ft := newFakeTransport(s, 1_000_000, 1_000_000)
	s.trans = ft
	in := make(chan pipeline.Shared[model.Batch])
	done := make(chan struct{})
	go func() {
		s.serve(t.Context(), in)
		close(done)
	}()
	ft.events.up()
	require.Eventually(t, func() bool { return len(ft.rec.topics()) > 0 }, 5*time.Second, time.Millisecond, "ONLINE on connect")
	e := staticEntity("s")
	released := make(chan model.Batch, 1)
	in <- pipeline.Lend(model.Batch{num(e, 1)}, func(b model.Batch) { released <- b })
	close(in)
	<-done
	require.Equal(t, []string{model.StatusTopic, cfgTopic("s"), "T/s"}, ft.rec.topics())
	select {
	case b := <-released:
		require.Len(t, b, 1, "the batch is handed back once taken in")
	default:
		t.Fatal("the sink calls Done on every batch")
	}
}

// Discovery configs are paced on their own (Home Assistant's sake) while states are not held
// back by that rate, and every config still precedes its entity's state.
func TestDiscoveryIsPacedApartFromStates(t *testing.T) {
	s := New(Config{ServerConfig: ServerConfig{MQTT: config.MQTT{MQTTHost: "unused"}}}, zerolog.Nop())
	ft := newFakeTransport(s, 1_000_000, 200)
	s.trans = ft
	in := make(chan pipeline.Shared[model.Batch], 1)
	done := make(chan struct{})
	go func() {
		s.serve(t.Context(), in)
		close(done)
	}()
	ft.events.up()
	require.Eventually(t, func() bool { return len(ft.rec.topics()) > 0 }, 5*time.Second, time.Millisecond)
	var b model.Batch
	for i := range 100 {
		b = append(b, num(staticEntity(fmt.Sprintf("e%d", i)), 1))
	}
	start := time.Now()
	in <- pipeline.Own(b)
	close(in)
	<-done
	// 100 configs at 200/s, after a burst of 20: (100-20)/200 s, less the pacer's slack (its
	// burst's length, 100 ms).
	require.GreaterOrEqual(t, time.Since(start), 280*time.Millisecond, "discovery is paced")
	topics := ft.rec.topics()
	require.Len(t, topics, 1+200)
	seen := map[string]bool{}
	for _, tp := range topics {
		if strings.HasPrefix(tp, "T/") {
			require.True(t, seen[cfgTopic(strings.TrimPrefix(tp, "T/"))], "config before state: %s", tp)
		}
		seen[tp] = true
	}

	p := newPacer(1000, 1)
	start = time.Now()
	for range 101 {
		require.NoError(t, p.Wait(t.Context()))
	}
	require.GreaterOrEqual(t, time.Since(start), 80*time.Millisecond, "the rate still caps: 100 messages at 1,000/s")
}
