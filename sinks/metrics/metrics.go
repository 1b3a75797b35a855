// Package metrics is the second sink: the same readings as the MQTT sink, from the same
// stream, as Prometheus metrics. Each entity's metric (name, type, labels, shape) is its
// catalogue entry's (model.Metric): this sink renders typed values into samples and names
// nothing itself.
package metrics

import (
	"context"
	"fmt"
	"math"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/pipeline"
)

// Sink keeps the latest sample of every entity; a scrape renders them. A sample not refreshed
// within its entity's expire_after is left out of the scrape, exactly as Home Assistant marks
// the entity unavailable; one not refreshed for 3 × expire_after is forgotten.
type Sink struct {
	log     zerolog.Logger
	now     func() time.Time
	metrics []*model.Metric // described to the registry
	// unknown are metrics of readings that are not the catalogue's (a stage whose group was
	// never registered): refused, each said once.
	unknown map[*model.Metric]bool

	mu     sync.Mutex
	descs  map[*model.Metric]*prometheus.Desc
	series map[string]*sample // by unique_id
}

type sample struct {
	desc   *prometheus.Desc
	typ    prometheus.ValueType
	labels []string // label values, in the desc's order
	value  float64
	at     time.Time
	ttl    time.Duration // expire_after; 0: never stale
}

// New builds the sink for the catalogue's metrics (catalog.Metrics()).
func New(metrics []*model.Metric, log zerolog.Logger) *Sink {
	s := &Sink{log: log, now: time.Now, metrics: metrics, descs: map[*model.Metric]*prometheus.Desc{}, series: map[string]*sample{},
		unknown: map[*model.Metric]bool{}}
	for _, m := range metrics {
		s.desc(m)
	}
	return s
}

// desc is m's descriptor, made once (the lock held, or before the sink is shared).
func (s *Sink) desc(m *model.Metric) *prometheus.Desc {
	if d := s.descs[m]; d != nil {
		return d
	}
	d := prometheus.NewDesc(m.Name, m.Help, m.LabelNames(), nil)
	s.descs[m] = d
	return d
}

// Run takes batches until in closes or ctx ends.
func (s *Sink) Run(ctx context.Context, in <-chan pipeline.Shared[model.Batch]) error {
	pipeline.Consume(ctx, in, s.Accept)
	return nil
}

// Accept folds one batch into the current samples.
func (s *Sink) Accept(b model.Batch) {
	now := s.now()
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := range b {
		r := &b[i]
		e := r.Entity
		if e == nil {
			continue
		}
		switch r.Kind {
		case model.Removal:
			delete(s.series, e.UniqueID)
			continue
		case model.State, model.StickyState:
		default:
			continue
		}
		m := e.Metric
		if m == nil || len(e.Labels) != len(m.Labels) {
			continue
		}
		if _, known := s.descs[m]; !known {
			if !s.unknown[m] {
				s.unknown[m] = true
				s.log.Error().Str("metric", m.Name).Str("entity", e.UniqueID).Msg("reading not exported: its statistic is not in the catalogue (is its stage registered in stages/all?)")
			}
			continue
		}
		v, extra, ok := value(m, r)
		if !ok {
			s.log.Debug().Str("entity", e.UniqueID).Uint8("type", uint8(r.Type)).Msg("reading not exported: its value does not fit its metric")
			continue
		}
		sm := s.series[e.UniqueID]
		if sm == nil || !sameLabels(sm.labels, e.Labels, extra) {
			typ := prometheus.GaugeValue
			if m.Counter {
				typ = prometheus.CounterValue
			}
			sm = &sample{desc: s.desc(m), typ: typ, labels: labelValues(e.Labels, extra)}
			s.series[e.UniqueID] = sm
		}
		sm.value, sm.at, sm.ttl = v, now, time.Duration(e.ExpireAfter)*time.Second
	}
}

// value is the sample of a reading under its metric's shape, and the label values the shape
// adds; ok is false when the value does not fit the shape.
func value(m *model.Metric, r *model.Reading) (v float64, extra []string, ok bool) {
	switch m.Shape {
	case model.TextLabel:
		if r.Type != model.TextValue {
			return 0, nil, false
		}
		return 1, []string{r.Text()}, true
	case model.Available:
		u := r.Update()
		if u == nil {
			return 0, nil, false
		}
		if u.Installed != u.Latest {
			v = 1
		}
		return v, []string{u.Installed, u.Latest}, true
	}
	switch r.Type {
	case model.IntValue:
		v = float64(r.Int())
	case model.FloatValue:
		v = r.Float()
	case model.BoolValue:
		if r.Bool() {
			v = 1
		}
	case model.TimeValue:
		v = float64(r.Micros()) / 1e6
	default:
		return 0, nil, false
	}
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, nil, false
	}
	if m.Shape == model.Ratio {
		v /= 100
	}
	return v, nil, true
}

func labelValues(ls []model.Label, extra []string) []string {
	out := make([]string, 0, len(ls)+len(extra))
	for _, l := range ls {
		out = append(out, l.Value)
	}
	return append(out, extra...)
}

func sameLabels(have []string, ls []model.Label, extra []string) bool {
	if len(have) != len(ls)+len(extra) {
		return false
	}
	for i, l := range ls {
		if have[i] != l.Value {
			return false
		}
	}
	for i, x := range extra {
		if have[len(ls)+i] != x {
			return false
		}
	}
	return true
}

// Describe sends every metric's descriptor.
func (s *Sink) Describe(ch chan<- *prometheus.Desc) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, m := range s.metrics {
		ch <- s.descs[m]
	}
}

// Collect sends every fresh sample; stale ones are left out and, past 3 × their
// expire_after, forgotten.
func (s *Sink) Collect(ch chan<- prometheus.Metric) {
	now := s.now()
	s.mu.Lock()
	defer s.mu.Unlock()
	for id, sm := range s.series {
		if sm.ttl > 0 {
			age := now.Sub(sm.at)
			if age > model.ForgetFactor*sm.ttl {
				delete(s.series, id)
				continue
			}
			if age > sm.ttl {
				continue
			}
		}
		m, err := prometheus.NewConstMetric(sm.desc, sm.typ, sm.value, sm.labels...)
		if err != nil {
			s.log.Debug().Err(err).Str("entity", id).Msg("sample not exported")
			continue
		}
		ch <- m
	}
}

// Serve answers /metrics on addr (the sink's metrics plus the Go and process collectors)
// until ctx ends.
func (s *Sink) Serve(ctx context.Context, addr string) error {
	reg := prometheus.NewRegistry()
	if err := reg.Register(s); err != nil {
		return fmt.Errorf("metrics: %w", err)
	}
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{ErrorLog: promLogger{s.log}}))
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("METRICS_ADDR: %w", err)
	}
	s.log.Info().Str("addr", ln.Addr().String()).Msg("serving /metrics")
	return pipeline.ServeHTTP(ctx, ln, mux, 30*time.Second)
}

type promLogger struct{ log zerolog.Logger }

func (l promLogger) Println(v ...any) { l.log.Warn().Msg(fmt.Sprint(v...)) }
