package catalog

import (
	"github.com/tracker-adsb/tracker-core-health/delivery"
	"github.com/tracker-adsb/tracker-core-health/model"
)

// The entities of tracker-rules watch itself (CONTRACT.md 10.4, 10.6), on its own device and
// available while it runs: each outbound channel's health, and the daily digest.

// WatchDevice is tracker-rules watch's device.
var WatchDevice = model.Device(`{"identifiers":["Tracker_rules_watch"],"name":"Tracker Rules Watch","manufacturer":"Tracker","model":"Rules watch"}`)

// WatchStatusTopic is the availability of tracker-rules watch: ONLINE on every connect,
// OFFLINE as its will and on a clean stop.
const WatchStatusTopic = model.WatchStatusTopic

// WatchStatisticRoot is where watch's statistics go.
const WatchStatisticRoot = model.WatchStatisticRoot

var (
	channelOKKind = &model.Kind{Component: model.BinarySensor, Icon: "mdi:send-check", EntityCategory: "diagnostic",
		AvailabilityTopic: WatchStatusTopic}
	channelCountKind = &model.Kind{Component: model.Sensor, Icon: "mdi:send", StateClass: "total_increasing",
		EntityCategory: "diagnostic", AvailabilityTopic: WatchStatusTopic}
	digestKind = &model.Kind{Component: model.Sensor, Icon: "mdi:calendar-text", StateClass: "measurement",
		AvailabilityTopic: WatchStatusTopic, ValueTemplate: "{{ value_json.rules | sum(attribute='sent') }}", AttributesFromState: true}
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
	StateTopic: delivery.DigestTopic, Device: WatchDevice}
