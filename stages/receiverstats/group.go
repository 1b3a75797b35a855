package receiverstats

import (
	"time"

	"github.com/tracker-adsb/tracker-core-health/catalog"
	"github.com/tracker-adsb/tracker-core-health/model"
)

// GroupName is the receiver statistics loop's catalogue group (and the loop of its entities).
const GroupName = "receiver_stats"

// The statistics of a receiver, from readsb's (or dump1090-fa's) stats.json, last1min window.
const (
	Connected               = "receiver_stats_connected"
	MessagesPerSecond       = "messages_per_second"
	PositionsPerSecond      = "positions_per_second"
	AircraftWithPosition    = "aircraft_with_position"
	AircraftWithoutPosition = "aircraft_without_position"
	Signal                  = "signal_dbfs"
	Noise                   = "noise_dbfs"
	PeakSignal              = "peak_signal_dbfs"
	StrongSignals           = "strong_signals_per_minute"
	Gain                    = "gain_db"
	SamplesDropped          = "samples_dropped"
	MaxRange                = "max_range"
)

var labels = []string{"receiver"}

var specs = catalog.Specs([]catalog.Spec{
	{Field: Connected, Component: model.BinarySensor, Name: "Receiver Stats Connected", Icon: "mdi:antenna", DeviceClass: "connectivity",
		Metric: catalog.WithProblem(catalog.Gauge("tracker_receiver_stats_connected", model.Number, labels...), model.Problem{When: model.ProblemWhenFalse,
			Label: "receiver", What: "receiver {thing}: its statistics are stale or unreadable", Ended: "receiver {thing}: its statistics are fresh again"})},
	{Field: MessagesPerSecond, Name: "Messages Per Second", Icon: "mdi:message-processing", StateClass: "measurement", Unit: "msg/s",
		Metric: catalog.WithProblem(catalog.Gauge("tracker_receiver_messages_per_second", model.Number, labels...), model.Problem{When: model.ProblemWhenZero,
			Label: "receiver", What: "receiver {thing}: 0 messages a second", Ended: "receiver {thing}: messages arrive again"})},
	{Field: PositionsPerSecond, Name: "Positions Per Second", Icon: "mdi:crosshairs-gps", StateClass: "measurement", Unit: "pos/s",
		Metric: catalog.Gauge("tracker_receiver_positions_per_second", model.Number, labels...)},
	{Field: AircraftWithPosition, Name: "Aircraft With Position", Icon: "mdi:airplane-marker", StateClass: "measurement",
		Metric: catalog.Gauge("tracker_receiver_aircraft_with_position", model.Number, labels...)},
	{Field: AircraftWithoutPosition, Name: "Aircraft Without Position", Icon: "mdi:airplane-off", StateClass: "measurement",
		Metric: catalog.Gauge("tracker_receiver_aircraft_without_position", model.Number, labels...)},
	{Field: Signal, Name: "Signal", Icon: "mdi:signal", StateClass: "measurement", Unit: "dBFS",
		Metric: catalog.Gauge("tracker_receiver_signal_dbfs", model.Number, labels...)},
	{Field: Noise, Name: "Noise", Icon: "mdi:signal-off", StateClass: "measurement", Unit: "dBFS",
		Metric: catalog.Gauge("tracker_receiver_noise_dbfs", model.Number, labels...)},
	{Field: PeakSignal, Name: "Peak Signal", Icon: "mdi:signal-cellular-3", StateClass: "measurement", Unit: "dBFS",
		Metric: catalog.Gauge("tracker_receiver_peak_signal_dbfs", model.Number, labels...)},
	{Field: StrongSignals, Name: "Strong Signals Per Minute", Icon: "mdi:signal-variant", StateClass: "measurement", Unit: "1/min",
		Metric: catalog.Gauge("tracker_receiver_strong_signals_per_minute", model.Number, labels...)},
	{Field: Gain, Name: "Gain", Icon: "mdi:tune-vertical", StateClass: "measurement", Unit: "dB",
		Metric: catalog.Gauge("tracker_receiver_gain_db", model.Number, labels...)},
	{Field: SamplesDropped, Name: "Samples Dropped", Icon: "mdi:water-off", StateClass: "measurement",
		Metric: catalog.Gauge("tracker_receiver_samples_dropped", model.Number, labels...)},
	{Field: MaxRange, Name: "Maximum Range", Icon: "mdi:map-marker-distance", StateClass: "measurement", Unit: "m", DeviceClass: "distance",
		Metric: catalog.Gauge("tracker_receiver_max_range_meters", model.Number, labels...)},
})

// Group is the receivers' statistics: per receiver, on its device (Tracker_receiver_{name}),
// expiring after 3 intervals.
func Group(interval time.Duration) catalog.Group {
	return catalog.Group{Name: GroupName, Interval: interval, Specs: specs, PerDevice: true}
}
