package catalog

import (
	"github.com/tracker-adsb/tracker-core-health/model"
)

// The entities of tracker-rules watch itself (CONTRACT.md 10.4, 10.6), on its own device and
// available while it runs: each outbound channel's health, and the daily digest.

// WatchDevice is tracker-rules watch's device.
var WatchDevice = model.Device(`{"identifiers":["Tracker_rules_watch"],"name":"Tracker Rules Watch","manufacturer":"Tracker","model":"Rules watch"}`)

// WatchStatisticRoot is where watch's statistics go.
const WatchStatisticRoot = model.WatchStatisticRoot

var (
	channelOKKind = &model.Kind{Component: model.BinarySensor, Icon: "mdi:send-check", EntityCategory: "diagnostic",
		AvailabilityTopic: model.WatchStatusTopic}
	channelCountKind = &model.Kind{Component: model.Sensor, Icon: "mdi:send", StateClass: "total_increasing",
		EntityCategory: "diagnostic", AvailabilityTopic: model.WatchStatusTopic}
	digestKind = &model.Kind{Component: model.Sensor, Icon: "mdi:calendar-text", StateClass: "measurement",
		AvailabilityTopic: model.WatchStatusTopic, ValueTemplate: "{{ value_json.rules | sum(attribute='sent') }}", AttributesFromState: true}
)

// ChannelEntities are a channel's health entities: ok (the last delivery succeeded), and the
// totals sent, failed and dropped.
type ChannelEntities struct {
	OK, Sent, Failed, Dropped *model.Entity
}

// The monitor's channels (CONTRACT.md 10.4 "Health", 10.7) are on the Core device, under the
// monitor's topics, available with the monitor, and in Prometheus with the channel as a label.
var (
	channelOKMetric      = &model.Metric{Name: "tracker_notify_channel_ok", Help: "Notification channel OK", Labels: []string{"channel"}}
	channelSentMetric    = &model.Metric{Name: "tracker_notify_channel_sent_total", Help: "Notification channel messages sent", Counter: true, Labels: []string{"channel"}}
	channelFailedMetric  = &model.Metric{Name: "tracker_notify_channel_failed_total", Help: "Notification channel messages given up", Counter: true, Labels: []string{"channel"}}
	channelDroppedMetric = &model.Metric{Name: "tracker_notify_channel_dropped_total", Help: "Notification channel messages dropped", Counter: true, Labels: []string{"channel"}}
	monitorChannelOK     = &model.Kind{Component: model.BinarySensor, Icon: "mdi:send-check", EntityCategory: "diagnostic", Metric: channelOKMetric}
	monitorChannelCount  = func(m *model.Metric) *model.Kind {
		return &model.Kind{Component: model.Sensor, Icon: "mdi:send", StateClass: "total_increasing", EntityCategory: "diagnostic", Metric: m}
	}
	monitorChannelSent, monitorChannelFailed, monitorChannelDropped = monitorChannelCount(channelSentMetric),
		monitorChannelCount(channelFailedMetric), monitorChannelCount(channelDroppedMetric)
)

// ChannelMetrics are the Prometheus metrics of the monitor's channels.
func ChannelMetrics() []*model.Metric {
	return []*model.Metric{channelOKMetric, channelSentMetric, channelFailedMetric, channelDroppedMetric}
}

// MonitorChannelEntities builds the health entities of the monitor's channel name on the Core
// device: Tracker/core-health/statistic/channel_{name}_{ok,sent_total,failed_total,dropped_total}.
func MonitorChannelEntities(name string, core model.Device) ChannelEntities {
	labels := []model.Label{{Name: "channel", Value: name}}
	e := func(k *model.Kind, key, title string) *model.Entity {
		id := "channel_" + name + "_" + key
		return &model.Entity{Kind: k, UniqueID: "Tracker_core_health_" + id, Name: "Channel " + name + " " + title,
			StateTopic: model.MonitorRoot + "/statistic/" + id, Device: core, Labels: labels}
	}
	return ChannelEntities{
		OK:      e(monitorChannelOK, "ok", "OK"),
		Sent:    e(monitorChannelSent, "sent_total", "Sent"),
		Failed:  e(monitorChannelFailed, "failed_total", "Failed"),
		Dropped: e(monitorChannelDropped, "dropped_total", "Dropped"),
	}
}

// Declarations are the entities' declarations (announced on every connect).
func (c ChannelEntities) Declarations() model.Batch {
	return model.Batch{model.NewDeclaration(c.OK), model.NewDeclaration(c.Sent), model.NewDeclaration(c.Failed), model.NewDeclaration(c.Dropped)}
}

// NewChannelEntities builds the entities of channel name.
func NewChannelEntities(name string) ChannelEntities {
	e := func(k *model.Kind, key, title string) *model.Entity {
		id := "channel_" + name + "_" + key
		return &model.Entity{Kind: k, UniqueID: "Tracker_rules_watch_" + id, Name: "Channel " + name + " " + title,
			StateTopic: WatchStatisticRoot + id, Device: WatchDevice}
	}
	return ChannelEntities{
		OK:      e(channelOKKind, "ok", "OK"),
		Sent:    e(channelCountKind, "sent_total", "Sent"),
		Failed:  e(channelCountKind, "failed_total", "Failed"),
		Dropped: e(channelCountKind, "dropped_total", "Dropped"),
	}
}

// DigestEntity is the digest's sensor: the notifications sent in the day it covers, with the
// whole digest as its attributes.
var DigestEntity = &model.Entity{Kind: digestKind, UniqueID: "Tracker_rules_watch_digest", Name: "Daily digest: notifications sent",
	StateTopic: model.DigestTopic, Device: WatchDevice}

// The flight log's sensors (CONTRACT.md 13.3) on the watch's device: today's flights and
// distinct aircraft (the flights begun today in NOTIFY_TIMEZONE, state_class total from 0 at
// local midnight, which each state names as its last_reset: {"count", "last_reset"}), the
// flights begun in the last hour, and today's closest approach with that flight's details as
// attributes. Beside them the log's own health, also on watch's /metrics (METRICS_ADDR).
var (
	dailyCount = func(icon, unit string) *model.Kind {
		return &model.Kind{Component: model.Sensor, Icon: icon, StateClass: "total", Unit: unit, AvailabilityTopic: model.WatchStatusTopic,
			ValueTemplate: "{{ value_json.count }}", LastResetTemplate: "{{ value_json.last_reset }}"}
	}
	flightCountKind = &model.Kind{Component: model.Sensor, Icon: "mdi:airplane", StateClass: "measurement", Unit: "flights",
		AvailabilityTopic: model.WatchStatusTopic}
	closestKind = &model.Kind{Component: model.Sensor, Icon: "mdi:map-marker-distance", StateClass: "measurement", Unit: "nmi",
		DeviceClass: "distance", AvailabilityTopic: model.WatchStatusTopic, ValueTemplate: "{{ value_json.nm }}", AttributesFromState: true}
	reachKind = &model.Kind{Component: model.Sensor, Icon: "mdi:radar", StateClass: "measurement", Unit: "nmi",
		DeviceClass: "distance", AvailabilityTopic: model.WatchStatusTopic, ValueTemplate: "{{ value_json.nm }}", AttributesFromState: true}

	// FlightLogRowsMetric and the others are the log's health on watch's /metrics.
	FlightLogRowsMetric    = &model.Metric{Name: "flight_log_rows_total", Help: "Flights written to the flight log", Counter: true}
	FlightLogDroppedMetric = &model.Metric{Name: "flight_log_dropped_total", Help: "Flights the flight log dropped (a full queue or a failed write)", Counter: true}
	FlightLogWriteMetric   = &model.Metric{Name: "flight_log_write_seconds", Help: "Mean time of one flight log write (a batch of at most a second)"}
	logCountKind           = func(m *model.Metric) *model.Kind {
		return &model.Kind{Component: model.Sensor, Icon: "mdi:database", StateClass: "total_increasing", EntityCategory: "diagnostic",
			AvailabilityTopic: model.WatchStatusTopic, Metric: m}
	}

	FlightsTodayEntity = &model.Entity{Kind: dailyCount("mdi:airplane", "flights"), UniqueID: "Tracker_rules_watch_flights_today", Name: "Flights today",
		StateTopic: WatchStatisticRoot + "flights_today", Device: WatchDevice}
	AircraftTodayEntity = &model.Entity{Kind: dailyCount("mdi:airplane-search", "aircraft"), UniqueID: "Tracker_rules_watch_aircraft_today", Name: "Aircraft today",
		StateTopic: WatchStatisticRoot + "aircraft_today", Device: WatchDevice}
	FlightsLastHourEntity = &model.Entity{Kind: flightCountKind, UniqueID: "Tracker_rules_watch_flights_last_hour", Name: "Flights in the last hour",
		StateTopic: WatchStatisticRoot + "flights_last_hour", Device: WatchDevice}
	ClosestTodayEntity = &model.Entity{Kind: closestKind, UniqueID: "Tracker_rules_watch_closest_today_nm", Name: "Closest approach today",
		StateTopic: WatchStatisticRoot + "closest_today_nm", Device: WatchDevice}
	// LowFlightsTodayEntity (only with LOW_NM and LOW_FT) and MaxRangeTodayEntity: issue 54's
	// (CONTRACT.md 13.4): today's flights within both thresholds at their closest point, a daily
	// count as the flights; today's farthest position from home, a measurement as the closest.
	LowFlightsTodayEntity = &model.Entity{Kind: dailyCount("mdi:airplane-landing", "flights"), UniqueID: "Tracker_rules_watch_low_flights_today",
		Name: "Low flights today", StateTopic: WatchStatisticRoot + "low_flights_today", Device: WatchDevice}
	MaxRangeTodayEntity = &model.Entity{Kind: reachKind, UniqueID: "Tracker_rules_watch_max_range_today_nm", Name: "Receiver range today",
		StateTopic: WatchStatisticRoot + "max_range_today_nm", Device: WatchDevice}
	FlightLogRowsEntity = &model.Entity{Kind: logCountKind(FlightLogRowsMetric), UniqueID: "Tracker_rules_watch_flight_log_rows_total",
		Name: "Flight log rows written", StateTopic: WatchStatisticRoot + "flight_log_rows_total", Device: WatchDevice}
	FlightLogDroppedEntity = &model.Entity{Kind: logCountKind(FlightLogDroppedMetric), UniqueID: "Tracker_rules_watch_flight_log_dropped_total",
		Name: "Flight log rows dropped", StateTopic: WatchStatisticRoot + "flight_log_dropped_total", Device: WatchDevice}
	FlightLogWriteEntity = &model.Entity{Kind: &model.Kind{Component: model.Sensor, Icon: "mdi:timer-outline", StateClass: "measurement",
		Unit: "s", EntityCategory: "diagnostic", AvailabilityTopic: model.WatchStatusTopic, Metric: FlightLogWriteMetric},
		UniqueID: "Tracker_rules_watch_flight_log_write_seconds", Name: "Flight log write time", StateTopic: WatchStatisticRoot + "flight_log_write_seconds", Device: WatchDevice}
)

// FlightLogEntities are every flight log entity, declared on every connect; low: LOW_NM and
// LOW_FT are set (low_flights_today is declared only then).
func FlightLogEntities(low bool) []*model.Entity {
	es := []*model.Entity{FlightsTodayEntity, AircraftTodayEntity, FlightsLastHourEntity, ClosestTodayEntity, MaxRangeTodayEntity,
		FlightLogRowsEntity, FlightLogDroppedEntity, FlightLogWriteEntity}
	if low {
		es = append(es, LowFlightsTodayEntity)
	}
	return es
}

// FlightLogMetrics are the metrics of watch's /metrics.
func FlightLogMetrics() []*model.Metric {
	return []*model.Metric{FlightLogRowsMetric, FlightLogDroppedMetric, FlightLogWriteMetric}
}
