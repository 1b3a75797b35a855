package mqtt

import (
	"bytes"
	"sort"
	"time"

	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// book is the discovery book: it alone decides what goes out and when, and turns readings and
// connection events into publish intents on the queue. Discovery configs go out on the first
// sight of an entity per connection and when an entity's config changes; after each (re)connect
// and each live Home Assistant birth, the static entities and the dynamic ones seen in their
// loop's latest cycle are announced again (model.Lifecycle); dynamic entities not seen for
// 3 × expire_after are forgotten. It is owned by the sink's serve goroutine: no lock of its own.
type book struct {
	origin model.Origin
	status string // the availability topic: ONLINE on every connect
	log    zerolog.Logger
	q      *queue

	records map[string]*record // by unique_id
	seqs    map[string][]*record
	cycles  map[string]uint64 // loop → number of its latest cycle
	sticky  map[string]string // topic → text sent again after every connect
	refused map[string]struct{}
	// unsent are the discovery topics of entities removed while disconnected: cleared on the
	// next connect (an earlier run's retained entity goes even when its removal comes first).
	unsent    map[string]struct{}
	sweep     sweepBook
	lastSweep time.Time
	epoch     time.Time // see sinceEpoch
	gen       uint64    // generation of the connection the book believes is up
	connected bool
}

// record is an entity the book has seen: its slot in the queue, when it was last seen, and
// whether its config went out on this connection. The discovery config itself is never kept:
// it is rendered when it is written.
type record struct {
	entity *model.Entity
	// seenCycle is, for a dynamic entity, the number of its loop's cycle that last carried it.
	seenCycle uint64
	seen      time.Duration // last reading, after the book's epoch, for forgetting
	slot      slotID
	// period is the sweep period in which it was last seen (sweepBook); mortal: it is
	// forgotten after going unseen (ForgetAfter > 0).
	period    uint32
	announced bool
	mortal    bool
}

func newBook(origin model.Origin, status string, q *queue, log zerolog.Logger) *book {
	return &book{
		origin: origin, status: status, log: log, q: q,
		records: map[string]*record{}, seqs: map[string][]*record{}, cycles: map[string]uint64{},
		sticky: map[string]string{}, refused: map[string]struct{}{}, unsent: map[string]struct{}{},
	}
}

// sweepEvery is how often the book looks for dynamic entities to forget.
const sweepEvery = 10 * time.Second

// Accept takes a batch: every reading in order (discovery first if due, then the state), then
// a forget sweep if one is due.
//
// A loop's cycle carries the same entities in the same order cycle after cycle, so the record
// found for the i-th reading is kept by position, and the next cycle's i-th reading finds its
// record there when it is the same entity: no unique_id hashed, no map probed.
func (b *book) Accept(batch model.Batch, now time.Time) {
	b.q.BeginPuts()
	defer b.q.EndPuts()
	var seq []*record
	if len(batch) > 0 && batch[0].Kind == model.CycleStart {
		loop := batch[0].Loop()
		seq = b.seqs[loop]
		if cap(seq) < len(batch) {
			seq = append(seq[:cap(seq)], make([]*record, len(batch)-cap(seq))...)
		}
		clear(seq[len(batch):cap(seq)]) // no dropped record kept alive past a shorter cycle
		seq = seq[:len(batch)]
		b.seqs[loop] = seq
	}
	for i := range batch {
		var at **record
		if seq != nil {
			at = &seq[i]
		}
		b.accept(&batch[i], now, at)
	}
	b.forget(now)
}

// accept takes one reading; at, when not nil, is where the record of its entity was last time.
func (b *book) accept(r *model.Reading, now time.Time, at **record) {
	switch r.Kind {
	case model.CycleStart:
		b.cycles[r.Loop()]++
		return
	case model.Removal:
		if !b.refuse(r.Entity.UniqueID, r.Entity.DiscoveryTopic()) {
			b.remove(r.Entity)
		}
		return
	case model.StickyMessage:
		topic := r.Topic()
		if b.refuse(topic, topic) {
			return
		}
		b.sticky[topic] = r.Text()
		if b.connected {
			b.q.PutLoose(topic, r.Text())
		}
		return
	}
	e := r.Entity
	if e == nil {
		return
	}
	var k *record
	if at != nil && *at != nil && (*at).entity == e {
		k = *at // a dropped record has no entity, so it never matches
	} else {
		k = b.records[e.UniqueID]
		if k == nil || k.entity != e {
			if k = b.sight(k, e); k == nil {
				return // refused: its topics are not valid MQTT topic names
			}
		}
		if at != nil {
			*at = k
		}
	}
	k.seen = b.sinceEpoch(now)
	b.sweep.seen(k)
	if e.Lifecycle == model.Dynamic {
		k.seenCycle = b.cycles[e.Loop]
	}
	hasState := r.Kind != model.Declaration && e.StateTopic != ""
	var text string
	if hasState && r.Kind == model.StickyState {
		text = Text(r)
		b.sticky[e.StateTopic] = text // sent again after every connect, so kept even now
	}
	if !b.connected {
		return // remembered; nothing is queued while disconnected
	}
	if !k.announced {
		b.q.PutConfig(k.slot)
		k.announced = true
	}
	switch {
	case !hasState:
	case r.Kind == model.StickyState:
		b.q.PutStateText(k.slot, text)
	default:
		b.q.PutState(k.slot, r)
	}
}

// sight makes the record of an entity seen for the first time, or takes a new description of
// a known one (k: its owner registered, say), which is announced again only if its config
// changed. Rare, so both configs are rendered to compare.
func (b *book) sight(k *record, e *model.Entity) *record {
	if b.refuse(e.UniqueID, "", e) {
		if k != nil {
			b.drop(k)
		}
		return nil
	}
	if k == nil {
		k = &record{entity: e, slot: b.q.Open(e)}
		b.records[e.UniqueID] = k
		b.sweep.enter(k)
		return k
	}
	if !bytes.Equal(DiscoveryConfig(k.entity, b.origin), DiscoveryConfig(e, b.origin)) {
		k.announced = false
	}
	b.sweep.leave(k)
	k.entity = e
	b.q.Rebind(k.slot, e)
	b.sweep.enter(k)
	return k
}

// refuse reports whether a message must never be written because a topic it goes to is not a
// valid MQTT topic name (checked on an entity's first sighting, not per reading): the server
// would close the connection, and every message of the moment with it. The stages skip such
// names themselves; this is the last guard. Each refusal is logged once.
func (b *book) refuse(what, topic string, entities ...*model.Entity) bool {
	problem := ""
	if topic != "" {
		problem = model.TopicProblem(topic)
	}
	for _, e := range entities {
		if problem == "" {
			problem = e.TopicsProblem()
		}
	}
	if problem == "" {
		return false
	}
	if _, seen := b.refused[what]; !seen {
		if len(b.refused) >= maxRefused {
			clear(b.refused)
		}
		b.refused[what] = struct{}{}
		if len(what) > 200 {
			what = what[:200] + "…"
		}
		b.log.Error().Str("entity", what).Str("problem", problem).Msg("not published: not a valid MQTT topic (everything else carries on)")
	}
	return true
}

// maxRefused bounds the set of refusals already logged.
const maxRefused = 1024

// remove clears an entity: an empty retained config, and the book forgets it.
func (b *book) remove(e *model.Entity) {
	if k := b.records[e.UniqueID]; k != nil {
		b.drop(k)
	}
	delete(b.sticky, e.StateTopic)
	if b.connected {
		b.q.PutLoose(e.DiscoveryTopic(), "")
		return
	}
	b.unsent[e.DiscoveryTopic()] = struct{}{}
}

// forget drops the dynamic entities not seen for ForgetFactor × their expire_after, looking
// at most once per sweepEvery.
func (b *book) forget(now time.Time) {
	if !b.lastSweep.IsZero() && now.Sub(b.lastSweep) < sweepEvery {
		return
	}
	// Every forgettable record seen since the last sweep, and that sooner than any of them
	// may go unseen: none can be due, so the walk is not needed.
	skip := b.sweep.allSeen() && now.Sub(b.lastSweep) < b.sweep.minTTL
	b.lastSweep = now
	b.sweep.next()
	if skip {
		return
	}
	n, at := 0, b.sinceEpoch(now)
	for _, k := range b.records {
		if ttl := k.entity.ForgetAfter(); ttl > 0 && at-k.seen > ttl {
			b.drop(k)
			n++
		}
	}
	if n > 0 {
		b.log.Debug().Int("forgotten", n).Int("known", len(b.records)).Msg("forgot entities not seen for 3 × expire_after")
	}
}

// sinceEpoch is now as a duration after the first reading's time: a record keeps its last
// sighting in 8 bytes instead of a time.Time's 24.
func (b *book) sinceEpoch(now time.Time) time.Duration {
	if b.epoch.IsZero() {
		b.epoch = now
	}
	return now.Sub(b.epoch)
}

// drop forgets k and gives its slot back to the queue.
func (b *book) drop(k *record) {
	b.sweep.leave(k)
	b.q.Release(k.slot)
	delete(b.records, k.entity.UniqueID)
	k.entity = nil // gone: a record still kept by position (Accept) no longer matches
}

// Up applies a new connection (generation gen): ONLINE, then every current entity's config
// and every sticky text.
func (b *book) Up(gen uint64) {
	b.log.Info().Uint64("connection", gen).Msg("mqtt connected")
	b.connected, b.gen = true, gen
	b.q.BeginPuts()
	defer b.q.EndPuts()
	b.q.Clear()
	b.unannounce()
	b.q.PutLoose(b.status, model.PayloadOnline)
	for topic := range b.unsent { // before the configs: one declared since goes out after
		b.q.PutLoose(topic, "")
	}
	clear(b.unsent)
	b.announceAll()
}

// Down applies the loss of connection gen (ignored when a newer one is up): nothing is queued
// while disconnected, and everything current is announced again on the next connect.
func (b *book) Down(gen uint64) {
	if gen != b.gen {
		return
	}
	if b.connected {
		b.log.Warn().Msg("mqtt connection lost; reconnecting")
	}
	b.connected = false
	b.q.BeginPuts()
	defer b.q.EndPuts()
	b.q.Clear()
	b.unannounce()
}

// Birth applies a live Home Assistant birth message seen on connection gen: everything current
// is announced again (a birth seen on an older connection was answered by the connect).
func (b *book) Birth(gen uint64) {
	if !b.connected || gen != b.gen {
		return
	}
	b.log.Info().Msg("Home Assistant came online: re-announcing current entities")
	b.q.BeginPuts()
	defer b.q.EndPuts()
	b.announceAll()
}

func (b *book) unannounce() {
	for _, k := range b.records {
		k.announced = false
	}
}

// current reports whether an entity is announced again after a reconnect or a birth message:
// every static entity, and a dynamic one only if its loop's latest cycle carried it.
func (b *book) current(k *record) bool {
	return k.entity.Lifecycle != model.Dynamic || k.seenCycle >= b.cycles[k.entity.Loop]
}

// announceAll queues the discovery config of every current entity, then every sticky text
// (puts held).
func (b *book) announceAll() {
	ids := make([]string, 0, len(b.records))
	for id, k := range b.records {
		if b.current(k) {
			ids = append(ids, id)
		}
	}
	sort.Strings(ids)
	for _, id := range ids {
		k := b.records[id]
		b.q.PutConfig(k.slot)
		k.announced = true
	}
	topics := make([]string, 0, len(b.sticky))
	for t := range b.sticky {
		topics = append(topics, t)
	}
	sort.Strings(topics)
	for _, t := range topics {
		b.q.PutLoose(t, b.sticky[t])
	}
}
