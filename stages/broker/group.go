package broker

import (
	"time"

	"github.com/tracker-adsb/tracker-core-health/catalog"
	"github.com/tracker-adsb/tracker-core-health/model"
)

// GroupName is the broker loop's catalogue group.
const GroupName = "broker"

// Group is the broker loop's statistics (CONTRACT.md 4.3) on the Core device, expiring after
// 3 broker intervals.
func Group(interval time.Duration) catalog.Group {
	return catalog.Group{Name: GroupName, UniqueID: "Tracker_core_health_broker_", TopicBase: model.MonitorRoot + "/broker/statistic/",
		Interval: interval, Specs: specs}
}

// Broker-wide statistics (CONTRACT.md 4.3).
const (
	ConnectionsTotal       = "connections_total"
	MemoryAlarm            = "memory_alarm"
	DiskFreeAlarm          = "disk_free_alarm"
	ExchangePublishInRate  = "exchange_publish_in_rate"
	ExchangePublishOutRate = "exchange_publish_out_rate"
	ArchiveQueueMissing    = "archive_queue_missing"
)

var specs = catalog.Specs([]catalog.Spec{
	{Field: ConnectionsTotal, Component: model.Sensor, Name: "Broker Connections", Icon: "mdi:lan-connect", StateClass: "measurement",
		Metric: catalog.Gauge("tracker_broker_connections", model.Number)},
	{Field: MemoryAlarm, Component: model.BinarySensor, Name: "Broker Memory Alarm", Icon: "mdi:alert", DeviceClass: "problem",
		Metric: catalog.Gauge("tracker_broker_memory_alarm", model.Number)},
	{Field: DiskFreeAlarm, Component: model.BinarySensor, Name: "Broker Disk Free Alarm", Icon: "mdi:alert-octagon", DeviceClass: "problem",
		Metric: catalog.Gauge("tracker_broker_disk_free_alarm", model.Number)},
	{Field: ExchangePublishInRate, Component: model.Sensor, Name: "ADSB Exchange Publish In Rate", Icon: "mdi:upload-network", StateClass: "measurement", Unit: "msg/s",
		Metric: catalog.Gauge("tracker_broker_exchange_publish_in_messages_per_second", model.Number)},
	{Field: ExchangePublishOutRate, Component: model.Sensor, Name: "ADSB Exchange Publish Out Rate", Icon: "mdi:download-network", StateClass: "measurement", Unit: "msg/s",
		Metric: catalog.Gauge("tracker_broker_exchange_publish_out_messages_per_second", model.Number)},
	// A missing archive queue is a valid deployment, not a problem: no device_class.
	{Field: ArchiveQueueMissing, Component: model.BinarySensor, Name: "Archive Queue Missing", Icon: "mdi:archive-off",
		Metric: catalog.WithProblem(catalog.Gauge("tracker_broker_archive_queue_missing", model.Number), model.Problem{When: model.ProblemWhenTrue,
			What: "the archive queue (tracker-archive) is missing: nothing is being archived", Ended: "the archive queue is back"})},
})
