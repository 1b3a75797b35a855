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

	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/pipeline"
	"github.com/tracker-adsb/tracker-core-health/stages/telemetry"
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

// counterValue reads a counter reply: missing or empty is 0; a read error or a non-integer is
// unknown (ok false).
func counterValue(r rueidis.RedisResult) (int64, bool) {
	s, err := r.ToString()
	if rueidis.IsRedisNil(err) {
		return 0, true
	}
	if err != nil {
		return 0, false
	}
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, true
	}
	n, err := strconv.ParseInt(s, 10, 64)
	return n, err == nil
}

// CounterStage republishes the processors' and receivers' counters after each successful
// broker poll, in at most three round trips however many processors and receivers exist:
// (1) SMEMBERS of the receiver index with every processor counter GET, (2) the receivers'
// registration entries, (3) the receivers' counters.
type CounterStage struct {
	conn    *Conn
	devices *model.DeviceDirectory
	expire  int
	log     zerolog.Logger
	now     func() time.Time

	// The entities of each processor and each receiver source, forgotten when not seen for
	// 3 × expire_after.
	procCache *pipeline.Aging[string, *processorEntities]
	recvCache *pipeline.Aging[receiverKey, *model.Entity]
}

type processorEntities struct {
	device model.Device
	e      []*model.Entity // in telemetry.ProcessorCounters order
}

// receiverKey names one receiver counter: the raw host and port, since sanitising may map two
// sources to one field.
type receiverKey struct {
	name, host, port, period string
}

// NewCounterStage builds the counter stage; expire is expire_after (3 × broker interval).
func NewCounterStage(conn *Conn, devices *model.DeviceDirectory, expire int, log zerolog.Logger) *CounterStage {
	sweep := time.Duration(expire) * time.Second / 3
	return &CounterStage{conn: conn, devices: devices, expire: expire, log: log, now: time.Now,
		procCache: pipeline.NewAging[string, *processorEntities](sweep),
		recvCache: pipeline.NewAging[receiverKey, *model.Entity](sweep)}
}

// CacheLen is how many processors and receiver counters the stage remembers.
func (s *CounterStage) CacheLen() (processors, receiverCounters int) {
	return s.procCache.Len(), s.recvCache.Len()
}

func (s *CounterStage) forgetAfter() time.Duration {
	return model.ForgetFactor * time.Duration(s.expire) * time.Second
}

// Run handles counter requests until in closes; it closes out.
func (s *CounterStage) Run(ctx context.Context, in <-chan model.CounterRequest, out chan<- model.Batch) error {
	defer close(out)
	for req := range in {
		b := s.Cycle(ctx, req)
		if len(b) > 0 && !pipeline.Send(ctx, out, b) {
			return nil
		}
	}
	return nil
}

// Cycle reads and returns the counters for one broker cycle. A store failure skips the tick.
func (s *CounterStage) Cycle(ctx context.Context, req model.CounterRequest) model.Batch {
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
	}()

	// Round trip 1: the receiver index and every processor counter.
	counters := telemetry.ProcessorCounters
	cmds := make(rueidis.Commands, 0, 1+len(req.ProcessorIDs)*len(counters))
	cmds = append(cmds, cl.B().Smembers().Key(ReceiverIndexKey).Build())
	for _, id := range req.ProcessorIDs {
		for _, pc := range counters {
			cmds = append(cmds, cl.B().Get().Key(ProcessorCounterKey(id, pc.Kind, pc.Period)).Build())
		}
	}
	res := cl.DoMulti(ctx, cmds...)
	if err := res[0].Error(); err != nil && !rueidis.IsRedisNil(err) {
		if _, reply := rueidis.IsRedisErr(err); !reply { // no answer at all: the tick is skipped
			s.log.Debug().Err(err).Msg("store unreachable; counters skipped this tick")
			return nil
		}
	}
	batch := model.Batch{model.NewCycleStart(telemetry.LoopCounters)}
	i := 1
	for _, id := range req.ProcessorIDs {
		ents := s.processorEntities(id, devices, now)
		for j, pc := range counters {
			if v, ok := counterValue(res[i]); ok {
				batch = append(batch, model.NewState(ents.e[j], model.FormatInt(v)))
			} else if err := res[i].Error(); err != nil {
				s.log.Debug().Err(err).Str("processor", id).Str("counter", pc.Field()).Msg("counter unreadable; skipped")
			}
			i++
		}
	}
	names, err := res[0].AsStrSlice()
	if err != nil {
		s.log.Debug().Err(err).Msg("receiver index unreadable; receiver counters skipped")
		return batch
	}
	sort.Strings(names)
	if len(names) == 0 {
		return batch
	}

	// Round trip 2: the registration entries.
	cmds = cmds[:0]
	for _, n := range names {
		cmds = append(cmds, cl.B().Get().Key(ReceiverRegistrationKey(n)).Build())
	}
	res = cl.DoMulti(ctx, cmds...)
	type recv struct {
		name    string
		sources []Source
	}
	var live []recv
	for j, n := range names {
		raw, err := res[j].ToString()
		if err != nil {
			if !rueidis.IsRedisNil(err) {
				s.log.Debug().Err(err).Str("receiver", n).Msg("registration unreadable; skipped")
			}
			continue
		}
		if strings.TrimSpace(raw) == "" {
			continue
		}
		srcs, err := ParseRegistration([]byte(raw))
		if err != nil {
			s.log.Debug().Err(err).Str("receiver", n).Msg("malformed registration entry; skipped")
			continue
		}
		if len(srcs) > 0 {
			live = append(live, recv{n, srcs})
		}
	}
	if len(live) == 0 {
		return batch
	}

	// Round trip 3: the receivers' counters.
	cmds = cmds[:0]
	for _, r := range live {
		for _, src := range r.sources {
			for _, p := range telemetry.ReceiverPeriods {
				cmds = append(cmds, cl.B().Get().Key(ReceiverCounterKey(r.name, src.Host, src.Port, p.Period)).Build())
			}
		}
	}
	res = cl.DoMulti(ctx, cmds...)
	i = 0
	for _, r := range live {
		for _, src := range r.sources {
			for _, p := range telemetry.ReceiverPeriods {
				if v, ok := counterValue(res[i]); ok {
					e := s.receiverEntity(r.name, src, p.Period, p.Label, devices, now)
					batch = append(batch, model.NewState(e, model.FormatInt(v)))
				}
				i++
			}
		}
	}
	return batch
}

func (s *CounterStage) processorEntities(id string, devices model.Devices, now time.Time) *processorEntities {
	dev := devices.Lookup(telemetry.ProcessorDevice(id))
	c, ok := s.procCache.Get(id)
	if !ok || c.device != dev {
		c = &processorEntities{device: dev, e: telemetry.ProcessorCounterEntities(id, dev, s.expire)}
	}
	s.procCache.Put(id, c, now, s.forgetAfter())
	return c
}

func (s *CounterStage) receiverEntity(name string, src Source, period, label string, devices model.Devices, now time.Time) *model.Entity {
	dev := devices.Lookup(telemetry.ReceiverDevice(name))
	k := receiverKey{name, src.Host, src.Port, period}
	e, ok := s.recvCache.Get(k)
	if !ok || e.Device != dev {
		e = telemetry.ReceiverCounterEntity(name, src.Host, src.Port, period, label, dev, s.expire)
	}
	s.recvCache.Put(k, e, now, s.forgetAfter())
	return e
}
