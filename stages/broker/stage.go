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
	health    *pipeline.Health
	startedAt string
	log       zerolog.Logger

	failing bool
	cache   map[string]*queueEntities
}

// NewStage builds the broker stage. devices and health may be nil.
func NewStage(f Fetcher, c *telemetry.Catalog, devices *model.DeviceDirectory, health *pipeline.Health, started time.Time, log zerolog.Logger) *Stage {
	return &Stage{
		fetcher: f, catalog: c, devices: devices, health: health,
		startedAt: model.FormatTimestamp(started), log: log,
		cache: map[string]*queueEntities{},
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
	var sample *Sample
	if err == nil {
		sample, err = Parse(raw)
	}
	s.recordOutcome(err)
	if err != nil {
		return model.Batch{
			telemetry.Read(s.catalog.General(telemetry.StartedAt), s.startedAt),
			telemetry.Read(s.catalog.General(telemetry.BrokerConnected), model.FormatBool(false)),
		}, nil
	}
	return s.Readings(sample)
}

func (s *Stage) recordOutcome(err error) {
	if s.health != nil {
		s.health.SetBroker(err == nil)
	}
	switch {
	case err != nil && !s.failing:
		ev := s.log.Warn().Err(err)
		if Unauthorized(err) {
			ev = ev.Str("hint", "the monitoring user needs the 'monitoring' tag and a permission entry on vhost '/' (set_permissions -p / USER '^$' '^$' '^$')")
		}
		ev.Msg("broker poll failed")
	case err != nil:
		s.log.Debug().Err(err).Msg("broker poll failed again")
	case s.failing:
		s.log.Info().Msg("broker poll recovered")
	default:
		s.log.Debug().Msg("broker poll ok")
	}
	s.failing = err != nil
}

// Readings turns a successful sample into readings (CONTRACT.md 4.6 order) and the counter
// request.
func (s *Stage) Readings(sample *Sample) (model.Batch, *model.CounterRequest) {
	c := s.catalog
	batch := make(model.Batch, 0, 2+len(sample.Queues)*numQueueFields+6)
	batch = append(batch,
		telemetry.Read(c.General(telemetry.StartedAt), s.startedAt),
		telemetry.Read(c.General(telemetry.BrokerConnected), model.FormatBool(true)),
	)
	devices := s.devices.Load()
	archiveMissing := true
	var ids []string
	for i := range sample.Queues {
		q := &sample.Queues[i]
		if q.Name == ArchiveQueue {
			archiveMissing = false
		}
		if id, ok := ProcessorID(q.Name); ok {
			ids = append(ids, id)
		}
		qe := s.entities(q.Name, devices)
		batch = appendQueue(batch, qe, q)
	}
	if sample.HasConnections {
		batch = append(batch, telemetry.Read(c.Broker(telemetry.ConnectionsTotal), model.FormatInt(sample.Connections)))
	}
	batch = append(batch,
		telemetry.Read(c.Broker(telemetry.MemoryAlarm), model.FormatBool(sample.MemoryAlarm)),
		telemetry.Read(c.Broker(telemetry.DiskFreeAlarm), model.FormatBool(sample.DiskFreeAlarm)),
		telemetry.Read(c.Broker(telemetry.ExchangePublishInRate), model.FormatFloat(model.Round(sample.PublishInRate, 2))),
		telemetry.Read(c.Broker(telemetry.ExchangePublishOutRate), model.FormatFloat(model.Round(sample.PublishOutRate, 2))),
		telemetry.Read(c.Broker(telemetry.ArchiveQueueMissing), model.FormatBool(archiveMissing)),
	)
	slices.Sort(ids)
	ids = slices.Compact(ids)
	return batch, &model.CounterRequest{ProcessorIDs: ids}
}

// entities returns the cached entities of a queue, rebuilt when its device block changed
// (its owner registered after the queue was first seen).
func (s *Stage) entities(queue string, devices model.Devices) *queueEntities {
	qe := s.cache[queue]
	if qe == nil {
		r := RouteQueue(queue)
		dev := s.catalog.CoreDevice
		if r.DeviceID != model.CoreDeviceID {
			dev = devices.Lookup(r.DeviceID, r.DeviceName)
		}
		qe = newQueueEntities(r, dev, s.catalog.BrokerExpireAfter())
		s.cache[queue] = qe
		return qe
	}
	if qe.route.DeviceID != model.CoreDeviceID {
		if d, ok := devices[qe.route.DeviceID]; ok && d != qe.device {
			qe = newQueueEntities(qe.route, d, s.catalog.BrokerExpireAfter())
			s.cache[queue] = qe
		}
	}
	return qe
}

func appendQueue(b model.Batch, qe *queueEntities, q *Queue) model.Batch {
	rate := func(f float64) string { return model.FormatFloat(model.Round(f, 2)) }
	b = append(b, model.Reading{Entity: qe.e[fConsumers], Payload: model.FormatInt(q.Consumers)})
	if q.HasUtilisation {
		b = append(b, model.Reading{Entity: qe.e[fUtilisation], Payload: model.FormatFloat(model.Round(100*q.Utilisation, 1))})
	}
	return append(b,
		model.Reading{Entity: qe.e[fReady], Payload: model.FormatInt(q.MessagesReady)},
		model.Reading{Entity: qe.e[fUnacked], Payload: model.FormatInt(q.MessagesUnacknowledged)},
		model.Reading{Entity: qe.e[fPublish], Payload: rate(q.PublishRate)},
		model.Reading{Entity: qe.e[fDeliver], Payload: rate(q.DeliverRate)},
		model.Reading{Entity: qe.e[fAck], Payload: rate(q.AckRate)},
		model.Reading{Entity: qe.e[fRedeliver], Payload: rate(q.RedeliverRate)},
		model.Reading{Entity: qe.e[fState], Payload: stateLabel(q.State)},
		model.Reading{Entity: qe.e[fMemory], Payload: model.FormatInt(q.Memory)},
		model.Reading{Entity: qe.e[fMessageBytes], Payload: model.FormatInt(q.MessageBytes)},
	)
}
