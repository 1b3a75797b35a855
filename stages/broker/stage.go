package broker

import (
	"context"
	"slices"
	"time"

	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/pipeline"
	"github.com/tracker-adsb/tracker-core-health/stages/telemetry"
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
	catalog   *telemetry.Catalog
	devices   *model.DeviceDirectory
	startedAt string
	log       zerolog.Logger
	now       func() time.Time

	outcome *pipeline.Outcome
	// cache holds each queue's entities; a queue not seen for 3 × expire_after is forgotten.
	cache *pipeline.Aging[string, *queueEntities]
	// sample is reused every cycle (its queue slice).
	sample Sample
}

// NewStage builds the broker stage. devices and health may be nil.
func NewStage(f Fetcher, c *telemetry.Catalog, devices *model.DeviceDirectory, health *pipeline.Health, started time.Time, log zerolog.Logger) *Stage {
	var report func(bool)
	if health != nil {
		report = health.SetBroker
	}
	return &Stage{
		fetcher: f, catalog: c, devices: devices,
		startedAt: model.FormatTimestamp(started), log: log, now: time.Now,
		outcome: pipeline.NewOutcome("broker poll", log, report, authHint),
		cache:   pipeline.NewAging[string, *queueEntities](c.BrokerInterval),
	}
}

// Run handles ticks until the tick channel closes; it closes both outputs.
func (s *Stage) Run(ctx context.Context, ticks <-chan time.Time, out chan<- model.Batch, counters chan<- model.CounterRequest) error {
	defer close(out)
	if counters != nil {
		defer close(counters)
	}
	for range ticks {
		batch, req := s.Cycle(ctx)
		if ctx.Err() != nil {
			return nil // stopping: a poll cut short is not a broker failure
		}
		if !pipeline.Send(ctx, out, batch) {
			return nil
		}
		if req != nil && counters != nil && !pipeline.Send(ctx, counters, *req) {
			return nil
		}
	}
	return nil
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
			model.NewState(s.catalog.General(telemetry.StartedAt), s.startedAt),
			model.NewState(s.catalog.General(telemetry.BrokerConnected), model.FormatBool(false)),
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
	batch := model.CycleBatch(telemetry.LoopBroker, 3+len(sample.Queues)*telemetry.NumQueueFields+6)
	batch = append(batch,
		model.NewCycleStart(telemetry.LoopBroker),
		model.NewState(c.General(telemetry.StartedAt), s.startedAt),
		model.NewState(c.General(telemetry.BrokerConnected), model.FormatBool(true)),
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
		batch = append(batch, model.NewState(c.Broker(telemetry.ConnectionsTotal), model.FormatInt(sample.Connections)))
	}
	batch = append(batch,
		model.NewState(c.Broker(telemetry.MemoryAlarm), model.FormatBool(sample.MemoryAlarm)),
		model.NewState(c.Broker(telemetry.DiskFreeAlarm), model.FormatBool(sample.DiskFreeAlarm)),
		model.NewState(c.Broker(telemetry.ExchangePublishInRate), model.FormatFloat(model.Round(sample.PublishInRate, 2))),
		model.NewState(c.Broker(telemetry.ExchangePublishOutRate), model.FormatFloat(model.Round(sample.PublishOutRate, 2))),
		model.NewState(c.Broker(telemetry.ArchiveQueueMissing), model.FormatBool(archiveMissing)),
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
	expire := s.catalog.BrokerExpireAfter()
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

func appendQueue(b model.Batch, qe *queueEntities, q *Queue) model.Batch {
	rate := func(f float64) string { return model.FormatFloat(model.Round(f, 2)) }
	e := &qe.e
	b = append(b, model.NewState(e[telemetry.QueueConsumers], model.FormatInt(q.Consumers)))
	if q.HasUtilisation {
		b = append(b, model.NewState(e[telemetry.QueueUtilisation], model.FormatFloat(model.Round(100*q.Utilisation, 1))))
	}
	return append(b,
		model.NewState(e[telemetry.QueueReady], model.FormatInt(q.MessagesReady)),
		model.NewState(e[telemetry.QueueUnacked], model.FormatInt(q.MessagesUnacknowledged)),
		model.NewState(e[telemetry.QueuePublishRate], rate(q.PublishRate)),
		model.NewState(e[telemetry.QueueDeliverRate], rate(q.DeliverRate)),
		model.NewState(e[telemetry.QueueAckRate], rate(q.AckRate)),
		model.NewState(e[telemetry.QueueRedeliverRate], rate(q.RedeliverRate)),
		model.NewState(e[telemetry.QueueState], stateLabel(q.State)),
		model.NewState(e[telemetry.QueueMemory], model.FormatInt(q.Memory)),
		model.NewState(e[telemetry.QueueMessageBytes], model.FormatInt(q.MessageBytes)),
	)
}
