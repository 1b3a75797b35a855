package broker

import (
	"strings"

	"github.com/tracker-adsb/tracker-core-health/catalog"
	"github.com/tracker-adsb/tracker-core-health/model"
)

// Route is where one owned queue's entities land (spec 1.6, CONTRACT.md 4.4).
type Route = catalog.QueueRoute

// RouteQueue routes a queue: processor queues to their processor's device, tracker-archive to
// the archive device, every other owned queue to the Core device.
func RouteQueue(queue string) Route {
	if id, ok := ProcessorID(queue); ok {
		devID, devName := catalog.ProcessorDevice(id)
		return Route{
			Queue:       queue,
			DeviceID:    devID,
			DeviceName:  devName,
			TopicBase:   model.MonitorRoot + "/message-processor/" + id + "/statistic",
			UniqueIDPfx: "Tracker_message_processor_" + id + "_queue",
			NamePrefix:  "Queue ",
		}
	}
	if queue == ArchiveQueue {
		return Route{
			Queue:       queue,
			DeviceID:    "Tracker_archive",
			DeviceName:  "Tracker Archive Processor",
			TopicBase:   model.MonitorRoot + "/archive/statistic",
			UniqueIDPfx: "Tracker_archive_queue",
			NamePrefix:  "Queue ",
		}
	}
	san := model.Sanitize(queue)
	return Route{
		Queue:       queue,
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
	e      [catalog.NumQueueFields]*model.Entity
	// unusable says why the queue's name cannot be part of an MQTT topic (a processor id with
	// '#' or '+', say): the queue is skipped, never published (CONTRACT.md 4.1, "Topics from
	// data"); "" for every usable queue.
	unusable string
}

func newQueueEntities(r Route, dev model.Device, expire int) *queueEntities {
	qe := &queueEntities{route: r, device: dev, e: catalog.QueueEntities(r, dev, expire)}
	for _, e := range qe.e {
		if p := e.TopicsProblem(); p != "" {
			qe.unusable = p
			break
		}
	}
	return qe
}

// stateLabel capitalises the queue state ("running" → "Running"); absent → "Unknown".
func stateLabel(s string) string {
	if s == "" {
		return "Unknown"
	}
	if l, ok := stateLabels[s]; ok {
		return l // RabbitMQ's own states: one copy, not one per queue a cycle
	}
	return capitalise(s)
}

func capitalise(s string) string { return strings.ToUpper(s[:1]) + strings.ToLower(s[1:]) }

var stateLabels = func() map[string]string {
	m := make(map[string]string, len(queueStates))
	for _, s := range queueStates {
		m[s] = capitalise(s)
	}
	return m
}()
