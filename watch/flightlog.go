package watch

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/catalog"
	"github.com/tracker-adsb/tracker-core-health/config"
	"github.com/tracker-adsb/tracker-core-health/delivery"
	"github.com/tracker-adsb/tracker-core-health/flightlog"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/pipeline"
	"github.com/tracker-adsb/tracker-core-health/sinks/metrics"
	"github.com/tracker-adsb/tracker-core-health/stages/notify"
)

// flightLogger is watch's flight log (CONTRACT.md 13), a sink fed by the engine stage's
// flights: every flight that ends becomes a row, queued for the batched writer (never
// blocking: alerts never wait for it), each flight counted for the Home Assistant sensors, and
// the log's health on /metrics (METRICS_ADDR).
type flightLogger struct {
	log    *flightlog.Log
	writer *flightlog.Writer
	today  *flightlog.Today
	prom   *metrics.Sink // nil: METRICS_ADDR unset
	addr   string
	home   *model.Home
	now    func() time.Time
	slog   zerolog.Logger
}

// openFlightLog opens FLIGHT_LOG for watch (nil: off). A file from a newer version, another
// program's database and a file another writer holds are errors (watch exits 1, the file
// untouched); one that cannot be opened at all (a read-only folder) is one error logged, and
// watch alerts on without a log.
func openFlightLog(ctx context.Context, env flightLogEnv, now func() time.Time, log zerolog.Logger) (*flightLogger, error) {
	if env.path == "" || strings.EqualFold(env.path, flightlog.Off) {
		return nil, nil
	}
	slog := log.With().Str("stage", "flight-log").Logger()
	l, err := flightlog.Open(ctx, env.path, slog)
	if errors.Is(err, flightlog.ErrNewer) || errors.Is(err, flightlog.ErrForeign) || errors.Is(err, flightlog.ErrLocked) {
		return nil, err
	}
	if err != nil {
		slog.Error().Err(err).Msg("no flight log: alerts go on")
		return nil, nil
	}
	days := env.days
	if days <= 0 {
		days = config.DefaultFlightLogDays
	}
	trackDays := env.trackDays
	if trackDays <= 0 {
		trackDays = config.DefaultFlightLogTrackDays
	}
	fl := &flightLogger{log: l, writer: flightlog.NewWriter(l, flightlog.WriterOptions{Days: days, TrackDays: trackDays, Zone: env.zone, Home: env.home}, slog),
		today: flightlog.NewToday(env.zone), addr: env.metricsAddr, now: now, slog: slog, home: env.home}
	fl.today.Thresholds(env.home, env.lowNM, env.lowFT)
	if err := fl.today.Seed(ctx, l, fl.now()); err != nil {
		slog.Warn().Err(err).Msg("today's sensors start from 0")
	}
	if env.metricsAddr != "" {
		fl.prom = metrics.New(catalog.FlightLogMetrics(), log.With().Str("stage", "prometheus").Logger())
	}
	return fl, nil
}

// sensorsEvery is how often the sensors are published (a midnight reset is at most this late).
const sensorsEvery = 10 * time.Second

// flightLogEnv is what the log reads of the environment.
type flightLogEnv struct {
	path, metricsAddr string
	days, trackDays   int
	zone              *time.Location
	home              *model.Home // where the closest approach and the reach are measured from
	lowNM             float64     // LOW_NM and LOW_FT: low_flights_today (0: unset)
	lowFT             int
}

// start runs, in w, the sink (the engine stage's
// flights, until they close; then the writer writes what is queued and ends), the writer, and,
// as sources, the sensors' publisher and /metrics.
func (fl *flightLogger) start(w *watcher, flights <-chan flightEvent) {
	w.g.Go("flight-log", func(ctx context.Context) error {
		defer fl.writer.Close()
		for ev := range flights {
			fl.take(ev)
		}
		return nil
	})
	w.g.Go("flight-log-writer", fl.writer.Run)
	if fl.prom != nil {
		w.source("metrics-server", func(ctx context.Context) error { return fl.prom.Serve(ctx, fl.addr) })
	}
	sensors := w.outlet()
	w.source("flight-log-sensors", func(ctx context.Context) error {
		defer sensors.close()
		low := fl.today.Numbers(fl.now()).LowSet
		decl := model.Batch{}
		for _, e := range catalog.FlightLogEntities(low) {
			decl = append(decl, model.NewDeclaration(e))
		}
		if !low { // an earlier start's retained entity would show its last count for ever
			decl = append(decl, model.NewRemoval(catalog.LowFlightsTodayEntity))
		}
		sensors.send(ctx, decl)
		sensors.send(ctx, fl.readings(fl.now()))
		pipeline.Every(ctx, sensorsEvery, func(ctx context.Context) { sensors.send(ctx, fl.readings(fl.now())) })
		return nil
	})
}

// take counts a flight that began (the sensors count a flight on the day it began, as the page
// does: CONTRACT.md 13.3), or queues the row of one that ended and takes its closest approach
// for the sensor.
func (fl *flightLogger) take(ev flightEvent) {
	if ev.row == nil {
		fl.today.Began(ev.icaoHex, ev.first, fl.now())
		return
	}
	fl.writer.Add(*ev.row)
	fl.today.Ended(ev.row, fl.now())
}

// readings are the sensors' states at now (they also feed /metrics).
func (fl *flightLogger) readings(now time.Time) model.Batch {
	n := fl.today.Numbers(now)
	c := &fl.writer.C
	mean := 0.0
	if w := c.Writes.Load(); w > 0 {
		mean = time.Duration(c.WriteNanos.Load() / w).Seconds()
	}
	b := model.Batch{model.NewStickyMessage(catalog.FlightsTodayEntity.StateTopic, dailyJSON(n.Flights, n.Since)),
		model.NewStickyMessage(catalog.AircraftTodayEntity.StateTopic, dailyJSON(n.Aircraft, n.Since)),
		model.IntState(catalog.FlightsLastHourEntity, int64(n.LastHour)),
		model.NewStickyMessage(catalog.ClosestTodayEntity.StateTopic, closestJSON(n.Closest)),
		model.IntState(catalog.FlightLogRowsEntity, c.Rows.Load()), model.IntState(catalog.FlightLogDroppedEntity, c.Dropped.Load()),
		model.FloatState(catalog.FlightLogWriteEntity, mean),
		model.NewStickyMessage(catalog.MaxRangeTodayEntity.StateTopic, farthestJSON(n.Farthest))}
	if n.LowSet { // without LOW_NM and LOW_FT the sensor is not declared
		b = append(b, model.NewStickyMessage(catalog.LowFlightsTodayEntity.StateTopic, dailyJSON(n.LowFlights, n.Since)))
	}
	if fl.prom != nil {
		fl.prom.Accept(b)
	}
	return b
}

// dailyJSON is a daily count's state: the count and the local midnight it started from (Home
// Assistant's last_reset of a state_class total sensor).
func dailyJSON(n int, since time.Time) string {
	return `{"count":` + strconv.Itoa(n) + `,"last_reset":"` + since.Format(time.RFC3339) + `"}`
}

// flightState is the state of a sensor about one of today's flights (the closest approach,
// the farthest position): the distance and that flight's ident, registration, type, altitude
// there and time ({"nm": null} before any today).
type flightState struct {
	NM           *float64   `json:"nm"`
	Ident        string     `json:"ident,omitempty"`
	Registration string     `json:"registration,omitempty"`
	Type         string     `json:"type,omitempty"`
	Altitude     *int       `json:"altitude,omitempty"`
	Time         *time.Time `json:"time,omitempty"`
	IcaoHex      string     `json:"icao_hex,omitempty"`
}

// stateOf is r's state at a distance, altitude and time (r nil: none today).
func stateOf(r *flightlog.Row, nm *float64, alt *int, at *time.Time) string {
	v := flightState{}
	if r != nil {
		v = flightState{NM: nm, Ident: r.Ident, Registration: r.Registration, Type: r.TypeDesignator, Altitude: alt, Time: at, IcaoHex: r.IcaoHex}
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// closestJSON is the closest approach sensor's state.
func closestJSON(r *flightlog.Row) string {
	if r == nil {
		return stateOf(nil, nil, nil, nil)
	}
	return stateOf(r, r.ClosestNM, r.ClosestAltitude, r.ClosestAt)
}

// farthestJSON is the reach sensor's state: today's farthest position from home.
func farthestJSON(f *flightlog.Farthest) string {
	if f == nil {
		return stateOf(nil, nil, nil, nil)
	}
	return stateOf(f.Row, &f.NM, f.Altitude, &f.At)
}

// close closes the file once the writer ended.
func (fl *flightLogger) close() {
	if err := fl.log.Close(); err != nil {
		fl.slog.Warn().Err(err).Msg("closing the flight log")
	}
}

// totalsWithin bounds the digest's read of the log (on the engine's goroutine, once a day).
const totalsWithin = 10 * time.Second

// totals are the digest's totals of its period from the log (CONTRACT.md 13.4), with the "Low
// and close" thresholds lowNM and lowFT: the flights written by then (a flight still in the
// air at the digest time is written when it ends, after it). A log that cannot be read: none,
// one warning.
func (fl *flightLogger) totals(lowNM float64, lowFT int) notify.TotalsFunc {
	return func(ctx context.Context, from, to time.Time) *delivery.Totals {
		ctx, cancel := context.WithTimeout(ctx, totalsWithin)
		defer cancel()
		t, err := fl.log.Totals(ctx, from, to, lowNM, lowFT)
		if err != nil {
			fl.slog.Warn().Err(err).Msg("the digest goes without the flight log's totals")
			return nil
		}
		out := &delivery.Totals{Flights: t.Flights, Aircraft: t.Aircraft, Closest: totalFlight(t.Closest), Lowest: totalFlight(t.Lowest), Low: t.Low}
		if t.Low != nil {
			out.LowNM, out.LowFT = lowNM, lowFT
		}
		return out
	}
}

// totalFlight is a row as the digest names it (nil: none).
func totalFlight(r *flightlog.Row) *delivery.TotalFlight {
	if r == nil {
		return nil
	}
	op := ""
	if r.Operator != nil {
		op = r.Operator.Name
	}
	at := r.FirstSeen
	if r.ClosestAt != nil {
		at = *r.ClosestAt
	}
	return &delivery.TotalFlight{IcaoHex: r.IcaoHex, Label: delivery.Label(r.IcaoHex, r.Ident, r.Registration, r.ManufacturerModel, op),
		NM: r.ClosestNM, Altitude: flightlog.Height(r), At: at}
}
