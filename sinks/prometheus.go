package sinks

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/pipeline"
)

// PromSink is the second sink: the same readings as the MQTT sink, from the same stream, as
// Prometheus metrics. It keeps the latest sample of every entity; a scrape renders them.
// A sample not refreshed within its entity's expire_after is left out of the scrape, exactly
// as Home Assistant marks the entity unavailable; one not refreshed for 3 × expire_after is
// forgotten.
type PromSink struct {
	log   zerolog.Logger
	now   func() time.Time
	descs map[string]*prometheus.Desc // by table key

	mu     sync.Mutex
	series map[string]*sample // by unique_id

	// RecycleBatches hands each cycle's batch back once folded in (model.ReleaseCycle); the
	// wiring sets model.SetCycleReaders to count this sink. Set before Run.
	RecycleBatches bool
}

type sample struct {
	desc   *prometheus.Desc
	typ    prometheus.ValueType
	labels []string // label values, in the desc's order
	value  float64
	at     time.Time
	ttl    time.Duration // expire_after; 0: never stale
}

// NewPromSink builds the sink with one descriptor per row of MetricsTable.
func NewPromSink(log zerolog.Logger) *PromSink {
	p := &PromSink{log: log, now: time.Now, descs: map[string]*prometheus.Desc{}, series: map[string]*sample{}}
	for key, m := range MetricsTable {
		labels := append([]string{}, m.Labels...)
		switch m.Kind {
		case state:
			labels = append(labels, "state")
		case versionInfo:
			labels = append(labels, "version")
		case update:
			labels = append(labels, "installed", "latest")
		}
		p.descs[key] = prometheus.NewDesc(m.Name, m.Help, labels, nil)
	}
	return p
}

// Run takes batches until in closes or ctx ends.
func (p *PromSink) Run(ctx context.Context, in <-chan model.Batch) error {
	for {
		select {
		case <-ctx.Done():
			return nil
		case b, ok := <-in:
			if !ok {
				return nil
			}
			p.Accept(b)
			if p.RecycleBatches {
				model.ReleaseCycle(b)
			}
		}
	}
}

// Accept folds one batch into the current samples.
func (p *PromSink) Accept(b model.Batch) {
	now := p.now()
	p.mu.Lock()
	defer p.mu.Unlock()
	for i := range b {
		r := &b[i]
		e := r.Entity
		if e == nil {
			continue
		}
		switch r.Kind {
		case model.Removal:
			delete(p.series, e.UniqueID)
			continue
		case model.State, model.StickyState:
		default:
			continue
		}
		spec, ok := MetricsTable[e.Series.Metric]
		if !ok || len(e.Series.Labels) != len(spec.Labels) {
			continue
		}
		v, extra, err := parseSample(spec.Kind, r.Payload)
		if err != nil {
			p.log.Debug().Err(err).Str("entity", e.UniqueID).Msg("reading not exported")
			continue
		}
		s := p.series[e.UniqueID]
		if s == nil || !sameLabels(s.labels, e.Series.Labels, extra) {
			s = &sample{desc: p.descs[e.Series.Metric], typ: spec.Type, labels: labelValues(e.Series.Labels, extra)}
			p.series[e.UniqueID] = s
		}
		s.value, s.at, s.ttl = v, now, time.Duration(e.ExpireAfter)*time.Second
	}
}

// parseSample turns a payload into a value and the labels its kind adds.
func parseSample(kind valueKind, payload string) (float64, []string, error) {
	switch kind {
	case number:
		v, err := strconv.ParseFloat(payload, 64)
		return v, nil, err
	case percentRatio:
		v, err := strconv.ParseFloat(payload, 64)
		return v / 100, nil, err
	case boolean:
		switch payload {
		case "True":
			return 1, nil, nil
		case "False":
			return 0, nil, nil
		}
		return 0, nil, fmt.Errorf("not a boolean: %q", payload)
	case timestamp:
		t, err := time.Parse(time.RFC3339Nano, payload)
		return float64(t.UnixMicro()) / 1e6, nil, err
	case state, versionInfo:
		return 1, []string{payload}, nil
	case update:
		var blob struct {
			Installed string `json:"installed_version"`
			Latest    string `json:"latest_version"`
		}
		if err := json.Unmarshal([]byte(payload), &blob); err != nil {
			return 0, nil, err
		}
		v := 1.0
		if blob.Installed == blob.Latest {
			v = 0
		}
		return v, []string{blob.Installed, blob.Latest}, nil
	}
	return 0, nil, fmt.Errorf("unknown kind %d", kind)
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
func (p *PromSink) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range p.descs {
		ch <- d
	}
}

// Collect sends every fresh sample; stale ones are left out and, past 3 × their
// expire_after, forgotten.
func (p *PromSink) Collect(ch chan<- prometheus.Metric) {
	now := p.now()
	p.mu.Lock()
	defer p.mu.Unlock()
	for id, s := range p.series {
		if s.ttl > 0 {
			age := now.Sub(s.at)
			if age > model.ForgetFactor*s.ttl {
				delete(p.series, id)
				continue
			}
			if age > s.ttl {
				continue
			}
		}
		m, err := prometheus.NewConstMetric(s.desc, s.typ, s.value, s.labels...)
		if err != nil {
			p.log.Debug().Err(err).Str("entity", id).Msg("sample not exported")
			continue
		}
		ch <- m
	}
}

// Serve answers /metrics on addr (the sink's metrics plus the Go and process collectors)
// until ctx ends.
func (p *PromSink) Serve(ctx context.Context, addr string) error {
	reg := prometheus.NewRegistry()
	if err := reg.Register(p); err != nil {
		return fmt.Errorf("metrics: %w", err)
	}
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{ErrorLog: promLogger{p.log}}))
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("METRICS_ADDR: %w", err)
	}
	p.log.Info().Str("addr", ln.Addr().String()).Msg("serving /metrics")
	return pipeline.ServeHTTP(ctx, ln, mux, 30*time.Second)
}

type promLogger struct{ log zerolog.Logger }

func (l promLogger) Println(v ...any) { l.log.Warn().Msg(fmt.Sprint(v...)) }
