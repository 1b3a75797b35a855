package broker

import (
	"strings"

	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/stages/telemetry"
)

// queueFields are the per-queue statistics of CONTRACT.md 4.4, in publishing order.
var queueFields = []telemetry.Spec{
	{Field: "consumers", Name: "Consumers", Icon: "mdi:account-multiple", StateClass: "measurement"},
	{Field: "consumer_utilisation_percent", Name: "Consumer Utilization", Icon: "mdi:gauge", StateClass: "measurement", Unit: "%"},
	{Field: "messages_ready", Name: "Messages Ready", Icon: "mdi:tray-full", StateClass: "measurement"},
	{Field: "messages_unacknowledged", Name: "Messages Unacknowledged", Icon: "mdi:tray-alert", StateClass: "measurement"},
	{Field: "publish_rate", Name: "Publish Rate", Icon: "mdi:upload", StateClass: "measurement", Unit: "msg/s"},
	{Field: "deliver_rate", Name: "Deliver Rate", Icon: "mdi:download", StateClass: "measurement", Unit: "msg/s"},
	{Field: "ack_rate", Name: "Ack Rate", Icon: "mdi:check-circle-outline", StateClass: "measurement", Unit: "msg/s"},
	{Field: "redeliver_rate", Name: "Redeliver Rate", Icon: "mdi:refresh", StateClass: "measurement", Unit: "msg/s"},
	{Field: "state", Name: "State", Icon: "mdi:information-outline"},
	{Field: "memory_bytes", Name: "Memory", Icon: "mdi:memory", StateClass: "measurement", Unit: "B", DeviceClass: "data_size"},
	{Field: "message_bytes", Name: "Message Bytes", Icon: "mdi:file-multiple-outline", StateClass: "measurement", Unit: "B", DeviceClass: "data_size"},
}

// Indexes into queueFields.
const (
	fConsumers = iota
	fUtilisation
	fReady
	fUnacked
	fPublish
	fDeliver
	fAck
	fRedeliver
	fState
	fMemory
	fMessageBytes
	numQueueFields
)

// Route is where one owned queue's entities land (spec 1.6, CONTRACT.md 4.4).
type Route struct {
	DeviceID    string // device identifier
	DeviceName  string // fallback device name until the owner registers
	TopicBase   string // state topic base, ".../statistic"
	UniqueIDPfx string // unique_id prefix, "..._queue"
	NamePrefix  string
}

// RouteQueue routes a queue: processor queues to their processor's device, tracker-archive to
// the archive device, every other owned queue to the Core device.
func RouteQueue(queue string) Route {
	if id, ok := ProcessorID(queue); ok {
		return Route{
			DeviceID:    "Tracker_message_processor_" + id,
			DeviceName:  "Tracker Message Processor " + id,
			TopicBase:   model.MonitorRoot + "/message-processor/" + id + "/statistic",
			UniqueIDPfx: "Tracker_message_processor_" + id + "_queue",
			NamePrefix:  "Queue ",
		}
	}
	if queue == ArchiveQueue {
		return Route{
			DeviceID:    "Tracker_archive",
			DeviceName:  "Tracker Archive Processor",
			TopicBase:   model.MonitorRoot + "/archive/statistic",
			UniqueIDPfx: "Tracker_archive_queue",
			NamePrefix:  "Queue ",
		}
	}
	san := model.Sanitize(queue)
	return Route{
		DeviceID:    model.CoreDeviceID,
		TopicBase:   model.MonitorRoot + "/queue/" + san + "/statistic",
		UniqueIDPfx: "Tracker_core_health_queue_" + san,
		NamePrefix:  queue + " Queue ",
	}
}

// queueEntities is the cached set of one queue's entities for one device block.
type queueEntities struct {
	route  Route
	device model.Device
	e      [numQueueFields]*model.Entity
}

func newQueueEntities(r Route, dev model.Device, expire int) *queueEntities {
	qe := &queueEntities{route: r, device: dev}
	for i, s := range queueFields {
		qe.e[i] = &model.Entity{
			Component:   model.Sensor,
			UniqueID:    r.UniqueIDPfx + "_" + s.Field,
			Name:        r.NamePrefix + s.Name,
			Icon:        s.Icon,
			StateTopic:  r.TopicBase + "/" + s.Field,
			DeviceClass: s.DeviceClass,
			StateClass:  s.StateClass,
			Unit:        s.Unit,
			ExpireAfter: expire,
			Device:      dev,
		}
	}
	return qe
}

// stateLabel capitalises the queue state ("running" → "Running"); absent → "Unknown".
func stateLabel(s string) string {
	if s == "" {
		return "Unknown"
	}
	return strings.ToUpper(s[:1]) + strings.ToLower(s[1:])
}
