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
const WatchStatusTopic = "Tracker/rules-watch/status"

// WatchStatisticRoot is where watch's statistics go.
const WatchStatisticRoot = "Tracker/rules-watch/statistic/"

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
