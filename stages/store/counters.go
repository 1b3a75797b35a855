package store

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/redis/rueidis"
	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/catalog"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/pipeline"
)

// Key formats of CONTRACT.md 2.
const (
	ReceiverIndexKey = "receiver:index"
)

// ProcessorCounterKey is metrics:message_processor:{id}:{kind}:{period}.
func ProcessorCounterKey(id, kind, period string) string {
	return "metrics:message_processor:" + id + ":" + kind + ":" + period
}

// ReceiverRegistrationKey is receiver:registration:{name}.
func ReceiverRegistrationKey(name string) string { return "receiver:registration:" + name }

// ReceiverCounterKey is metrics:receiver:{name}:{san(host)}_{san(port)}:messages:{period}.
func ReceiverCounterKey(name, host, port, period string) string {
	return "metrics:receiver:" + name + ":" + model.Sanitize(host) + "_" + model.Sanitize(port) + ":messages:" + period
}

// Source is one source connection of a receiver's registration entry.
type Source struct {
	Host string // raw, for the entity name
	Port string // decimal string
}

// ParseRegistration reads a receiver registration entry: a bare JSON array of objects with
// host and port. Elements with a null or missing host or port are dropped; anything that is
// not a JSON array is an error.
func ParseRegistration(b []byte) ([]Source, error) {
	var elems []json.RawMessage
	if err := json.Unmarshal(b, &elems); err != nil {
		return nil, fmt.Errorf("registration entry is not a JSON array: %w", err)
	}
	out := make([]Source, 0, len(elems))
	for _, e := range elems {
		var src struct {
			Host json.RawMessage `json:"host"`
			Port json.RawMessage `json:"port"`
		}
		if json.Unmarshal(e, &src) != nil {
			continue
		}
		host, okH := scalar(src.Host)
		port, okP := scalar(src.Port)
		if !okH || !okP || host == "" || port == "" {
			continue
		}
		out = append(out, Source{Host: host, Port: port})
	}
	return out, nil
}

// scalar renders a JSON string or number as a string; null, absent and others fail.
func scalar(raw json.RawMessage) (string, bool) {
	if len(raw) == 0 || string(raw) == "null" {
		return "", false
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s, true
	}
	var n json.Number
	if json.Unmarshal(raw, &n) == nil {
		if i, err := n.Int64(); err == nil {
			return strconv.FormatInt(i, 10), true
		}
		return n.String(), true
	}
	return "", false
}

// CounterStage republishes the processors' and receivers' counters after each successful
// broker poll, in at most four round trips however many processors and receivers exist:
// (1) SMEMBERS of the receiver index, (2) every processor counter GET, (3) the receivers'
// registration entries, (4) the receivers' counters. The counter replies are streamed off
// the connection and parsed in place (counterStream).
//
// What rarely changes is built once and kept per processor and per receiver: the entities,
// the GET commands (pinned, so rueidis never recycles them), the parsed registration entry
// (parsed again only when its text changes) and each counter's last payload string.
type CounterStage struct {
	conn    *Conn
	devices *pipeline.DeviceDirectory
	expire  int
	log     zerolog.Logger
	now     func() time.Time

	// Each processor and receiver, forgotten when not seen for 3 × expire_after.
	procCache *pipeline.Aging[string, *processorCounters]
	recvCache *pipeline.Aging[string, *receiverCounters]

	// Reused across cycles.
	smembers rueidis.Completed
	cmds     rueidis.Commands
	slots    []*counterSlot // the counters eachCounter reads
	procs    []*processorCounters
	recvs    []*receiverCounters
	lastLen  int // readings of the previous cycle: the next batch's capacity
	// batches are this loop's batches, lent to the sinks each cycle and handed back by the
	// last of them (pipeline.Shared).
	batches *pipeline.Shelf[model.Reading]
	release func(model.Batch)
}

// counterSlot is one republished counter: its entity and its pinned GET.
type counterSlot struct {
	e   *model.Entity
	get rueidis.Completed
}

// owner is the device of a processor or receiver: its registered block, or the named fallback
// until it registers.
type owner struct {
	devID, fallback string
	device          model.Device
	registered      bool
}

func newOwner(devID, fallback string, devices model.Devices) owner {
	o := owner{devID: devID, fallback: fallback}
	o.device, o.registered = devices[devID]
	if !o.registered {
		o.device = model.NamedDevice(devID, fallback)
	}
	return o
}

// current reports whether the owner's device block is still the one in devices.
func (o *owner) current(devices model.Devices) bool {
	dev, ok := devices[o.devID]
	return ok == o.registered && (!ok || dev == o.device)
}

type processorCounters struct {
	owner
	slots []counterSlot // in catalog.ProcessorCounters order
}

type receiverCounters struct {
	owner
	name string
	// unusable says why the receiver's name cannot be part of an MQTT topic: it is skipped,
	// never published (logged once, when first seen).
	unusable string
	regGet   rueidis.Completed // pinned GET of the registration entry
	raw      string            // the entry slots were built from
	slots    []counterSlot     // its sources × catalog.ReceiverPeriods
	live     bool              // this cycle's entry has sources
}

// NewCounterStage builds the counter stage; expire is expire_after (3 × broker interval).
func NewCounterStage(conn *Conn, devices *pipeline.DeviceDirectory, expire int, log zerolog.Logger) *CounterStage {
	sweep := time.Duration(expire) * time.Second / 3
	s := &CounterStage{conn: conn, devices: devices, expire: expire, log: log, now: time.Now,
		procCache: pipeline.NewAging[string, *processorCounters](sweep),
		recvCache: pipeline.NewAging[string, *receiverCounters](sweep),
		batches:   pipeline.NewShelf[model.Reading](2)}
	s.release = func(b model.Batch) { s.batches.Put(b) }
	return s
}

// CacheLen is how many processors and receiver counters the stage remembers.
func (s *CounterStage) CacheLen() (processors, receiverSlots int) {
	s.recvCache.All(func(_ string, r *receiverCounters) bool {
		receiverSlots += len(r.slots)
		return true
	})
	return s.procCache.Len(), receiverSlots
}

func (s *CounterStage) forgetAfter() time.Duration {
	return model.ForgetFactor * time.Duration(s.expire) * time.Second
}

// Start runs the counter stage on the broker's requests: its readings, and the function that
// handles requests until in closes and then closes them. Each cycle's batch is lent to the
// sinks (it comes back to the stage's shelf after the last reader's Done).
func (s *CounterStage) Start(in <-chan model.CounterRequest) (<-chan pipeline.Shared[model.Batch], func(context.Context) error) {
	out := make(chan pipeline.Shared[model.Batch], 2)
	return out, func(ctx context.Context) error {
		defer close(out)
		for req := range in {
			b := s.Cycle(ctx, req)
			if len(b) > 0 && !pipeline.Send(ctx, out, pipeline.Lend(b, s.release)) {
				return nil
			}
		}
		return nil
	}
}

// Cycle reads and returns the counters for one broker cycle, within the connection's
// timeout, in four round trips: the receiver index, the processors' counters, the receivers'
// registrations, their counters. A store failure skips the tick.
func (s *CounterStage) Cycle(ctx context.Context, req model.CounterRequest) model.Batch {
	ctx, cancel := context.WithTimeout(ctx, s.conn.Timeout())
	defer cancel()
	cl, err := s.conn.Client(ctx)
	if err != nil {
		s.log.Debug().Err(err).Msg("store unreachable; counters skipped this tick")
		return nil
	}
	devices := s.devices.Load()
	now := s.now()
	defer func() {
		s.procCache.Sweep(now, nil)
		s.recvCache.Sweep(now, nil)
		clear(s.cmds[:cap(s.cmds)])
		clear(s.slots[:cap(s.slots)])
		clear(s.procs[:cap(s.procs)])
		clear(s.recvs[:cap(s.recvs)])
	}()

	// Round trip 1: the receiver index.
	if s.smembers.IsEmpty() {
		s.smembers = cl.B().Smembers().Key(ReceiverIndexKey).Build().Pin()
	}
	index := cl.Do(ctx, s.smembers)
	if err := index.Error(); err != nil && !rueidis.IsRedisNil(err) {
		if _, reply := rueidis.IsRedisErr(err); !reply { // no answer at all: the tick is skipped
			s.log.Debug().Err(err).Msg("store unreachable; counters skipped this tick")
			return nil
		}
	}
	batch := s.processorCounters(ctx, cl, req, devices, now) // round trip 2
	if batch == nil {
		return nil
	}
	names, err := index.AsStrSlice()
	if err != nil {
		s.log.Debug().Err(err).Msg("receiver index unreadable; receiver counters skipped")
	} else if len(names) > 0 {
		sort.Strings(names)
		batch = s.receiverCounters(ctx, cl, names, devices, now, batch) // round trips 3 and 4
	}
	s.lastLen = len(batch)
	return batch
}

// processorCounters streams every processor counter of the request in one round trip: the
// cycle's batch, opening with its cycle start (nil: no answer at all, the tick is skipped).
func (s *CounterStage) processorCounters(ctx context.Context, cl rueidis.Client, req model.CounterRequest, devices model.Devices, now time.Time) model.Batch {
	s.slots = s.slots[:0]
	s.procs = s.procs[:0]
	for _, id := range req.ProcessorIDs {
		p := s.processor(cl, id, devices, now)
		s.procs = append(s.procs, p)
		for i := range p.slots {
			s.slots = append(s.slots, &p.slots[i])
		}
	}
	batch := model.Batch(s.batches.Get(max(s.lastLen, 1+len(s.slots))))
	batch = append(batch, model.NewCycleStart(catalog.LoopCounters))
	if err := s.eachCounter(ctx, cl, func() { batch = batch[:1] }, func(c *counterSlot, v int64, ok bool, err error) {
		if ok {
			batch = append(batch, model.IntState(c.e, v))
		} else {
			s.log.Debug().AnErr("reply", err).Str("counter", c.e.UniqueID).Msg("counter unreadable; skipped")
		}
	}); err != nil {
		s.log.Debug().Err(err).Msg("store unreachable; counters skipped this tick")
		s.batches.Put(batch)
		return nil
	}
	return batch
}

// receiverCounters reads the registration entries of the receivers named (round trip 3), then
// the counters of those with sources (round trip 4), appended to batch.
func (s *CounterStage) receiverCounters(ctx context.Context, cl rueidis.Client, names []string, devices model.Devices, now time.Time, batch model.Batch) model.Batch {
	s.cmds, s.recvs = s.cmds[:0], s.recvs[:0]
	for _, n := range names {
		r := s.receiver(cl, n, devices, now)
		if r.unusable != "" {
			continue
		}
		s.recvs = append(s.recvs, r)
		s.cmds = append(s.cmds, r.regGet)
	}
	if len(s.recvs) == 0 {
		return batch
	}
	res := cl.DoMulti(ctx, s.cmds...)
	anyLive := false
	for j, r := range s.recvs {
		r.live = s.readRegistration(cl, r, res[j])
		anyLive = anyLive || r.live
	}
	if !anyLive {
		return batch
	}
	s.slots = s.slots[:0]
	for _, r := range s.recvs {
		if r.live {
			for k := range r.slots {
				s.slots = append(s.slots, &r.slots[k])
			}
		}
	}
	mark := len(batch)
	if err := s.eachCounter(ctx, cl, func() { batch = batch[:mark] }, func(c *counterSlot, v int64, ok bool, _ error) {
		if ok {
			batch = append(batch, model.IntState(c.e, v))
		}
	}); err != nil {
		s.log.Debug().Err(err).Msg("store unreachable; receiver counters skipped this tick")
	}
	return batch
}

// eachCounter streams the GETs of s.slots in one round trip and hands each reply to visit,
// in order. rueidis keeps a streaming connection idle between cycles, and one the
// store closed meanwhile (it restarted) fails at once: the batch is then streamed again,
// once, on a new connection, restart called first. It returns the failure that remained:
// no reply at all, as opposed to a reply that is not a counter.
func (s *CounterStage) eachCounter(ctx context.Context, cl rueidis.Client, restart func(), visit func(c *counterSlot, v int64, ok bool, err error)) error {
	if len(s.slots) == 0 {
		return nil
	}
	s.cmds = s.cmds[:0]
	for _, c := range s.slots {
		s.cmds = append(s.cmds, c.get)
	}
	var failed error
	for range 2 {
		restart()
		st := streamCounters(ctx, cl, s.cmds)
		for _, c := range s.slots {
			v, ok, err := st.next()
			if st.failed == nil {
				visit(c, v, ok, err)
			}
		}
		if failed = st.failed; failed == nil || ctx.Err() != nil {
			break
		}
	}
	return failed
}

// processor returns processor id's counters, rebuilt when its device block changed (it
// registered after it was first seen).
func (s *CounterStage) processor(cl rueidis.Client, id string, devices model.Devices, now time.Time) *processorCounters {
	p, ok := s.procCache.Get(id)
	if !ok || !p.current(devices) {
		devID, name := catalog.ProcessorDevice(id)
		p = &processorCounters{owner: newOwner(devID, name, devices)}
		ents := catalog.ProcessorCounterEntities(id, p.device, s.expire)
		p.slots = make([]counterSlot, len(ents))
		for j, pc := range catalog.ProcessorCounters {
			p.slots[j] = counterSlot{e: ents[j], get: cl.B().Get().Key(ProcessorCounterKey(id, pc.Kind, pc.Period)).Build().Pin()}
		}
	}
	s.procCache.Put(id, p, now, s.forgetAfter())
	return p
}

// receiver returns receiver name's record; a device block that changed empties its counters,
// which are rebuilt from its registration entry in this cycle.
func (s *CounterStage) receiver(cl rueidis.Client, name string, devices model.Devices, now time.Time) *receiverCounters {
	r, ok := s.recvCache.Get(name)
	switch {
	case !ok:
		devID, fallback := catalog.ReceiverDevice(name)
		r = &receiverCounters{owner: newOwner(devID, fallback, devices), name: name,
			regGet: cl.B().Get().Key(ReceiverRegistrationKey(name)).Build().Pin()}
		// The name is a topic level of every counter of the receiver: one entity tells.
		probe := catalog.ReceiverCounterEntity(name, "h", "p", catalog.ReceiverPeriods[0].Period, catalog.ReceiverPeriods[0].Label, r.device, s.expire)
		if r.unusable = probe.TopicsProblem(); r.unusable != "" {
			s.log.Error().Str("receiver", name).Str("problem", r.unusable).
				Msg("receiver skipped: its name does not make a valid MQTT topic; its counters are not published (everything else carries on)")
		}
	case !r.current(devices):
		r.owner = newOwner(r.devID, r.fallback, devices)
		r.raw, r.slots = "", nil
	}
	s.recvCache.Put(name, r, now, s.forgetAfter())
	return r
}

// readRegistration reads r's registration entry reply and reports whether it has sources. The
// entry is parsed again only when its text changed; the counters of sources still listed keep
// their entities and commands.
func (s *CounterStage) readRegistration(cl rueidis.Client, r *receiverCounters, res rueidis.RedisResult) bool {
	raw, err := res.ToString()
	if err != nil {
		if !rueidis.IsRedisNil(err) {
			s.log.Debug().Err(err).Str("receiver", r.name).Msg("registration unreadable; skipped")
		}
		return false
	}
	if strings.TrimSpace(raw) == "" {
		return false
	}
	if raw == r.raw {
		return len(r.slots) > 0
	}
	srcs, err := ParseRegistration([]byte(raw))
	if err != nil {
		s.log.Debug().Err(err).Str("receiver", r.name).Msg("malformed registration entry; skipped")
		return false
	}
	old := make(map[string]counterSlot, len(r.slots))
	for _, c := range r.slots {
		old[c.e.UniqueID] = c
	}
	slots := make([]counterSlot, 0, len(srcs)*len(catalog.ReceiverPeriods))
	for _, src := range srcs {
		for _, p := range catalog.ReceiverPeriods {
			e := catalog.ReceiverCounterEntity(r.name, src.Host, src.Port, p.Period, p.Label, r.device, s.expire)
			if problem := e.TopicsProblem(); problem != "" { // a host of 65,000 characters, say
				s.log.Error().Str("receiver", r.name).Str("host", model.Clip(src.Host, 80)).Str("port", model.Clip(src.Port, 20)).Str("problem", problem).
					Msg("receiver source skipped: it does not make a valid MQTT topic (the receiver's other sources carry on)")
				break
			}
			if c, ok := old[e.UniqueID]; ok && c.e.Name == e.Name {
				slots = append(slots, c) // same source: same entity pointer, same command
				continue
			}
			slots = append(slots, counterSlot{e: e, get: cl.B().Get().Key(ReceiverCounterKey(r.name, src.Host, src.Port, p.Period)).Build().Pin()})
		}
	}
	r.raw = strings.Clone(raw) // the reply's storage is not ours to keep
	r.slots = slots
	return len(slots) > 0
}
