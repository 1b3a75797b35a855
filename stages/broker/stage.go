package broker

import (
	"context"
	"slices"
	"time"

	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/catalog"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/pipeline"
)

// Fetcher is what the stage needs of the management API.
type Fetcher interface {
	Fetch(ctx context.Context) (*Raw, error)
}

// Stage is the broker loop: each tick it polls the management API and emits started_at,
// broker_connected and, after a successful poll, the per-queue and broker-wide readings,
// then hands the processor ids to the counter stage.
type Stage struct {
	fetcher   Fetcher
	catalog   *catalog.Catalog
	devices   *pipeline.DeviceDirectory
	startedAt time.Time
	log       zerolog.Logger
	now       func() time.Time
	// batches are this loop's batches, lent to the sinks each cycle and handed back by the
	// last of them (pipeline.Shared), so that a cycle allocates little.
	batches *pipeline.Shelf[model.Reading]
	release func(model.Batch)

	outcome *pipeline.Outcome
	// cache holds each queue's entities; a queue not seen for 3 × expire_after is forgotten.
	cache *pipeline.Aging[string, *queueEntities]
	// sample is reused every cycle (its queue slice).
	sample Sample
}

// NewStage builds the broker stage. devices and health may be nil.
func NewStage(f Fetcher, c *catalog.Catalog, devices *pipeline.DeviceDirectory, report func(ok bool), started time.Time, log zerolog.Logger) *Stage {
	s := &Stage{
		fetcher: f, catalog: c, devices: devices,
		startedAt: started, log: log, now: time.Now,
		outcome: pipeline.NewOutcome("broker poll", log, report, authHint),
		cache:   pipeline.NewAging[string, *queueEntities](c.Interval(GroupName)),
		batches: pipeline.NewShelf[model.Reading](2),
	}
	s.release = func(b model.Batch) { s.batches.Put(b) }
	return s
}

// Start runs the broker loop on ticks (pipeline.Poll): it returns the loop's readings, the
// counter requests of its successful polls (a request is dropped, never waited for, while the
// counter stage is still busy with the previous one: the broker keeps its cadence), and the
// function that runs it, which closes both channels when it ends.
func (s *Stage) Start(ticks <-chan time.Time) (<-chan pipeline.Shared[model.Batch], <-chan model.CounterRequest, func(context.Context) error) {
	counters := make(chan model.CounterRequest, 1)
	var pending *model.CounterRequest // the latest cycle's, handed on after its batch
	poll := pipeline.Poll[pipeline.Shared[model.Batch]]{
		Cycle: func(ctx context.Context) (pipeline.Shared[model.Batch], bool) {
			batch, req := s.Cycle(ctx)
			pending = req
			if req != nil { // a successful poll's batch comes back to the stage to be filled again
				return pipeline.Lend(batch, s.release), true
			}
			return pipeline.Own(batch), true
		},
	}
	out := make(chan pipeline.Shared[model.Batch], 2)
	run := func(ctx context.Context) error {
		defer close(out)
		defer close(counters)
		poll.Run(ctx, ticks, func(ctx context.Context, b pipeline.Shared[model.Batch]) bool {
			if !pipeline.Send(ctx, out, b) {
				return false
			}
			if pending != nil { // the counters follow the cycle's batch (CONTRACT.md 4.6)
				select {
				case counters <- *pending:
				default: // the counters are still busy with the previous one: this one is dropped
				}
			}
			return true
		})
		return nil
	}
	return out, counters, run
}

// Cycle performs one poll and returns its readings and, after a successful poll, the
// counter request for the processors seen.
func (s *Stage) Cycle(ctx context.Context) (model.Batch, *model.CounterRequest) {
	raw, err := s.fetcher.Fetch(ctx)
	if err == nil {
		err = ParseInto(raw, &s.sample)
	}
	s.outcome.Record(err)
	if err != nil {
		return model.Batch{
			model.TimeState(s.catalog.General(catalog.StartedAt), s.startedAt),
			model.BoolState(s.catalog.General(catalog.BrokerConnected), false),
		}, nil
	}
	return s.Readings(&s.sample)
}

// authHint explains a 401: the monitoring user's tag or vhost permission is missing.
func authHint(err error) string {
	if Unauthorized(err) {
		return "the monitoring user needs the 'monitoring' tag and a permission entry on vhost '/' (set_permissions -p / USER '^$' '^$' '^$')"
	}
	return ""
}

// CacheLen is how many queues' entities the stage remembers.
func (s *Stage) CacheLen() int { return s.cache.Len() }

// Readings turns a successful sample into readings (CONTRACT.md 4.6 order) and the counter
// request.
func (s *Stage) Readings(sample *Sample) (model.Batch, *model.CounterRequest) {
	c := s.catalog
	batch := model.Batch(s.batches.Get(3 + len(sample.Queues)*catalog.NumQueueFields + 6))
	batch = append(batch,
		model.NewCycleStart(catalog.LoopBroker),
		model.TimeState(c.General(catalog.StartedAt), s.startedAt),
		model.BoolState(c.General(catalog.BrokerConnected), true),
	)
	devices := s.devices.Load()
	now := s.now()
	archiveMissing := true
	var ids []string
	for i := range sample.Queues {
		q := &sample.Queues[i]
		if q.Name == ArchiveQueue {
			archiveMissing = false
		}
		qe := s.entities(q.Name, devices, now)
		if qe.unusable != "" {
			continue // logged once, when its entities were built
		}
		if id, ok := ProcessorID(q.Name); ok {
			ids = append(ids, id)
		}
		batch = appendQueue(batch, qe, q)
	}
	if sample.HasConnections {
		batch = append(batch, model.IntState(c.Entity(GroupName, ConnectionsTotal), sample.Connections))
	}
	batch = append(batch,
		model.BoolState(c.Entity(GroupName, MemoryAlarm), sample.MemoryAlarm),
		model.BoolState(c.Entity(GroupName, DiskFreeAlarm), sample.DiskFreeAlarm),
		model.FloatState(c.Entity(GroupName, ExchangePublishInRate), model.Round(sample.PublishInRate, 2)),
		model.FloatState(c.Entity(GroupName, ExchangePublishOutRate), model.Round(sample.PublishOutRate, 2)),
		model.BoolState(c.Entity(GroupName, ArchiveQueueMissing), archiveMissing),
	)
	slices.Sort(ids)
	ids = slices.Compact(ids)
	if n := s.cache.Sweep(now, nil); n > 0 {
		s.log.Debug().Int("forgotten", n).Msg("forgot queues not seen for 3 × expire_after")
	}
	return batch, &model.CounterRequest{ProcessorIDs: ids}
}

// entities returns the cached entities of a queue, rebuilt when its device block changed
// (its owner registered after the queue was first seen).
func (s *Stage) entities(queue string, devices model.Devices, now time.Time) *queueEntities {
	expire := s.catalog.ExpireAfterOf(GroupName)
	qe, ok := s.cache.Get(queue)
	switch {
	case !ok:
		r := RouteQueue(queue)
		dev := s.catalog.CoreDevice
		if r.DeviceID != model.CoreDeviceID {
			dev = devices.Lookup(r.DeviceID, r.DeviceName)
		}
		qe = newQueueEntities(r, dev, expire)
		if qe.unusable != "" {
			s.log.Error().Str("queue", queue).Str("problem", qe.unusable).
				Msg("queue skipped: its name does not make a valid MQTT topic; its statistics and counters are not published (everything else carries on)")
		}
	case qe.route.DeviceID != model.CoreDeviceID:
		if d, ok := devices[qe.route.DeviceID]; ok && d != qe.device {
			qe = newQueueEntities(qe.route, d, expire)
		}
	}
	s.cache.Put(queue, qe, now, model.ForgetFactor*time.Duration(expire)*time.Second)
	return qe
}

// appendQueue appends one queue's statistics (CONTRACT.md 4.4): rates rounded to 2 decimal
// places, the utilisation to 1, as a percentage.
func appendQueue(b model.Batch, qe *queueEntities, q *Queue) model.Batch {
	e := &qe.e
	b = append(b, model.IntState(e[catalog.QueueConsumers], q.Consumers))
	if q.HasUtilisation {
		b = append(b, model.FloatState(e[catalog.QueueUtilisation], model.Round(100*q.Utilisation, 1)))
	}
	return append(b,
		model.IntState(e[catalog.QueueReady], q.MessagesReady),
		model.IntState(e[catalog.QueueUnacked], q.MessagesUnacknowledged),
		model.FloatState(e[catalog.QueuePublishRate], model.Round(q.PublishRate, 2)),
		model.FloatState(e[catalog.QueueDeliverRate], model.Round(q.DeliverRate, 2)),
		model.FloatState(e[catalog.QueueAckRate], model.Round(q.AckRate, 2)),
		model.FloatState(e[catalog.QueueRedeliverRate], model.Round(q.RedeliverRate, 2)),
		model.TextState(e[catalog.QueueState], stateLabel(q.State)),
		model.IntState(e[catalog.QueueMemory], q.Memory),
		model.IntState(e[catalog.QueueMessageBytes], q.MessageBytes),
	)
}
