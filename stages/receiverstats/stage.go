// Package receiverstats is the receiver health stage: every RECEIVER_STATS_INTERVAL it reads
// each receiver's readsb (or dump1090-fa) stats.json and publishes, on the receiver's device,
// what its last minute looked like: messages and positions per second, aircraft, signal,
// noise, strong signals, gain, dropped samples, range, and whether the stats are there at all.
// It is the worked example of a telemetry stage (ARCHITECTURE.md, "Adding a stage").
package receiverstats

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/catalog"
	"github.com/tracker-adsb/tracker-core-health/internal/fetch"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/pipeline"
)

// MaxDocument bounds one stats.json (a few KB in practice); a larger one is refused, naming
// the limit, and the receiver reads as disconnected for that cycle.
const MaxDocument = 1 << 20

// StaleAfter is how old a stats.json may be (its now, else its last1min end) before the
// receiver counts as stopped: readsb rewrites the file every minute.
const StaleAfter = 3 * time.Minute

// Stage polls the receivers' statistics.
type Stage struct {
	sources []Source
	catalog *catalog.Catalog
	devices *pipeline.DeviceDirectory
	client  *http.Client
	log     zerolog.Logger
	now     func() time.Time

	receivers map[string]*receiver
}

// receiver is what the stage keeps of one receiver: its entities (rebuilt when its device
// block changes) and its outcome (a change logged once).
type receiver struct {
	dev      model.Device
	entities map[string]*model.Entity
	outcome  *pipeline.Outcome
}

// NewStage reads sources with a client whose timeout is the cycle's deadline.
func NewStage(sources []Source, c *catalog.Catalog, devices *pipeline.DeviceDirectory, timeout time.Duration, log zerolog.Logger) *Stage {
	s := &Stage{sources: sources, catalog: c, devices: devices, client: &http.Client{Timeout: timeout}, log: log, now: time.Now,
		receivers: map[string]*receiver{}}
	for _, src := range sources {
		s.receivers[src.Name] = &receiver{outcome: pipeline.NewOutcome("receiver stats "+src.Name+" ("+src.URL+")", log, nil, nil)}
	}
	return s
}

// Start runs the loop on ticks (pipeline.Poll), each cycle within deadline: its readings,
// and the function that runs it, which closes them when it ends.
func (s *Stage) Start(ticks <-chan time.Time, deadline time.Duration) (<-chan pipeline.Shared[model.Batch], func(context.Context) error) {
	return pipeline.Poll[pipeline.Shared[model.Batch]]{
		Deadline: deadline,
		Cycle: func(ctx context.Context) (pipeline.Shared[model.Batch], bool) {
			return pipeline.Own(s.Cycle(ctx)), true
		},
	}.Start(ticks, 2)
}

// Cycle reads every receiver's stats.json at once and returns the readings: per receiver,
// receiver_stats_connected, and the values when the file was there, fresh and readable.
func (s *Stage) Cycle(ctx context.Context) model.Batch {
	docs := make([]*Stats, len(s.sources))
	errs := make([]error, len(s.sources))
	pipeline.All(len(s.sources), func(i int) { docs[i], errs[i] = s.read(ctx, s.sources[i].URL) })
	now := s.now()
	devices := s.devices.Load()
	batch := model.Batch{model.NewCycleStart(GroupName)}
	for i, src := range s.sources {
		r := s.receivers[src.Name]
		err := errs[i]
		if err == nil {
			err = docs[i].fresh(now)
		}
		r.outcome.Record(err)
		ents := s.entities(r, src.Name, devices)
		batch = append(batch, model.BoolState(ents[Connected], err == nil))
		if err != nil {
			continue // no values: the entities age out, as a stopped receiver's should
		}
		for _, v := range docs[i].Values() {
			if e := ents[v.Field]; e != nil {
				batch = append(batch, model.FloatState(e, v.Value))
			}
		}
	}
	return batch
}

// entities is the receiver's entities on its device (the registered block when seen).
func (s *Stage) entities(r *receiver, name string, devices model.Devices) map[string]*model.Entity {
	devID, fallback := catalog.ReceiverDevice(name)
	dev := devices.Lookup(devID, fallback)
	if r.entities != nil && dev == r.dev {
		return r.entities
	}
	r.dev, r.entities = dev, map[string]*model.Entity{}
	labels := []model.Label{{Name: "receiver", Value: name}}
	for _, e := range s.catalog.DeviceEntities(GroupName, dev, devID+"_", model.Root+"/receiver/"+name+"/statistic/", labels) {
		r.entities[strings.TrimPrefix(e.UniqueID, devID+"_")] = e
	}
	return r.entities
}

// read fetches one stats.json: an http(s) URL or a file.
func (s *Stage) read(ctx context.Context, src string) (*Stats, error) {
	body, err := fetch.Document(ctx, s.client, src, MaxDocument, "the stats.json")
	if err != nil {
		return nil, err
	}
	return Parse(body)
}

// Stats is the part of stats.json the stage reads (readsb's README-json.md; dump1090-fa's is
// the same shape): unknown keys are ignored, missing ones leave their value out.
type Stats struct {
	Now                *float64 `json:"now"`
	AircraftWithPos    *float64 `json:"aircraft_with_pos"`
	AircraftWithoutPos *float64 `json:"aircraft_without_pos"`
	GainDB             *float64 `json:"gain_db"`
	Last1Min           *struct {
		Start, End float64
		Local      *struct {
			Signal         *float64 `json:"signal"`
			Noise          *float64 `json:"noise"`
			PeakSignal     *float64 `json:"peak_signal"`
			StrongSignals  *float64 `json:"strong_signals"`
			GainDB         *float64 `json:"gain_db"`
			SamplesDropped *float64 `json:"samples_dropped"`
		} `json:"local"`
		CPR *struct {
			GlobalOK *float64 `json:"global_ok"`
			LocalOK  *float64 `json:"local_ok"`
		} `json:"cpr"`
		Messages           *float64 `json:"messages"`
		MaxDistance        *float64 `json:"max_distance"` // metres
		AircraftWithPos    *float64 `json:"aircraft_with_pos"`
		AircraftWithoutPos *float64 `json:"aircraft_without_pos"`
	} `json:"last1min"`
}

// ErrNoWindow is a document without a usable last1min window.
var ErrNoWindow = errors.New("not a readsb stats.json: no last1min window")

// Parse reads a stats.json.
func Parse(b []byte) (*Stats, error) {
	var st Stats
	dec := json.NewDecoder(bytes.NewReader(b))
	if err := dec.Decode(&st); err != nil {
		return nil, fmt.Errorf("not a readsb stats.json: %w", err)
	}
	if w := st.Last1Min; w == nil || w.End <= w.Start {
		return nil, ErrNoWindow
	}
	return &st, nil
}

// updated is the file's own time: now, else the end of its last minute.
func (st *Stats) updated() time.Time {
	sec := st.Last1Min.End
	if st.Now != nil {
		sec = *st.Now
	}
	return time.Unix(0, int64(sec*1e9)).UTC()
}

// fresh fails a file older than StaleAfter: readsb stopped writing it.
func (st *Stats) fresh(now time.Time) error {
	if age := now.Sub(st.updated()); age > StaleAfter {
		return fmt.Errorf("stale: last written %s ago (readsb stopped?)", age.Round(time.Second))
	}
	return nil
}

// Value is one statistic of a stats.json.
type Value struct {
	Field string
	Value float64
}

// Values are the statistics the file holds, in the group's order; one the file lacks (no local
// SDR, an older readsb) is left out.
func (st *Stats) Values() []Value {
	w := st.Last1Min
	secs := w.End - w.Start
	var out []Value
	add := func(field string, v *float64, scale float64, places int) {
		if v != nil {
			out = append(out, Value{field, model.Round(*v*scale, places)})
		}
	}
	add(MessagesPerSecond, w.Messages, 1/secs, 1)
	if c := w.CPR; c != nil && (c.GlobalOK != nil || c.LocalOK != nil) {
		n := 0.0
		for _, p := range []*float64{c.GlobalOK, c.LocalOK} {
			if p != nil {
				n += *p
			}
		}
		add(PositionsPerSecond, &n, 1/secs, 2)
	}
	add(AircraftWithPosition, first(w.AircraftWithPos, st.AircraftWithPos), 1, 0)
	add(AircraftWithoutPosition, first(w.AircraftWithoutPos, st.AircraftWithoutPos), 1, 0)
	if l := w.Local; l != nil {
		add(Signal, l.Signal, 1, 1)
		add(Noise, l.Noise, 1, 1)
		add(PeakSignal, l.PeakSignal, 1, 1)
		add(StrongSignals, l.StrongSignals, 60/secs, 0)
		add(Gain, first(l.GainDB, st.GainDB), 1, 1)
		add(SamplesDropped, l.SamplesDropped, 1, 0)
	} else {
		add(Gain, st.GainDB, 1, 1)
	}
	add(MaxRange, w.MaxDistance, 1, 0)
	return out
}

func first(ps ...*float64) *float64 {
	for _, p := range ps {
		if p != nil {
			return p
		}
	}
	return nil
}
