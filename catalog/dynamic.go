package catalog

import (
	"sync"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// The loops whose cycles sight dynamic entities (model.Lifecycle).
const (
	LoopBroker   = "broker"   // per-queue entities
	LoopCounters = "counters" // processor and receiver counters
)

var queueLabels = []string{"queue", "device"}

// QueueSpecs are the per-queue statistics of CONTRACT.md 4.4, in publishing order.
var QueueSpecs = [NumQueueFields]Spec{
	{Field: "consumers", Name: "Consumers", Icon: "mdi:account-multiple", StateClass: "measurement",
		Metric: gauge("tracker_queue_consumers", model.Number, queueLabels...)},
	{Field: "consumer_utilisation_percent", Name: "Consumer Utilization", Icon: "mdi:gauge", StateClass: "measurement", Unit: "%",
		Metric: gauge("tracker_queue_consumer_utilisation_ratio", model.Ratio, queueLabels...)},
	{Field: "messages_ready", Name: "Messages Ready", Icon: "mdi:tray-full", StateClass: "measurement",
		Metric: problem(gauge("tracker_queue_messages_ready", model.Number, queueLabels...), model.Problem{When: model.ProblemAtBacklog, Label: "queue",
			What: "queue {thing}: {value} messages waiting (alert at {threshold})", Ended: "queue {thing}: the backlog is below {threshold} again"})},
	{Field: "messages_unacknowledged", Name: "Messages Unacknowledged", Icon: "mdi:tray-alert", StateClass: "measurement",
		Metric: gauge("tracker_queue_messages_unacknowledged", model.Number, queueLabels...)},
	{Field: "publish_rate", Name: "Publish Rate", Icon: "mdi:upload", StateClass: "measurement", Unit: "msg/s",
		Metric: gauge("tracker_queue_publish_messages_per_second", model.Number, queueLabels...)},
	{Field: "deliver_rate", Name: "Deliver Rate", Icon: "mdi:download", StateClass: "measurement", Unit: "msg/s",
		Metric: gauge("tracker_queue_deliver_messages_per_second", model.Number, queueLabels...)},
	{Field: "ack_rate", Name: "Ack Rate", Icon: "mdi:check-circle-outline", StateClass: "measurement", Unit: "msg/s",
		Metric: gauge("tracker_queue_ack_messages_per_second", model.Number, queueLabels...)},
	{Field: "redeliver_rate", Name: "Redeliver Rate", Icon: "mdi:refresh", StateClass: "measurement", Unit: "msg/s",
		Metric: gauge("tracker_queue_redeliver_messages_per_second", model.Number, queueLabels...)},
	{Field: "state", Name: "State", Icon: "mdi:information-outline",
		Metric: textGauge("tracker_queue_state", "state", queueLabels...)},
	{Field: "memory_bytes", Name: "Memory", Icon: "mdi:memory", StateClass: "measurement", Unit: "B", DeviceClass: "data_size",
		Metric: gauge("tracker_queue_memory_bytes", model.Number, queueLabels...)},
	{Field: "message_bytes", Name: "Message Bytes", Icon: "mdi:file-multiple-outline", StateClass: "measurement", Unit: "B", DeviceClass: "data_size",
		Metric: gauge("tracker_queue_message_bytes", model.Number, queueLabels...)},
}

func init() {
	// The metric's help is the entity's name as a processor's queue shows it.
	for i := range QueueSpecs {
		QueueSpecs[i].Component = model.Sensor
		QueueSpecs[i].Metric.Help = sharedQueuePrefix + QueueSpecs[i].Name
	}
}

// Indexes into QueueSpecs.
const (
	QueueConsumers = iota
	QueueUtilisation
	QueueReady
	QueueUnacked
	QueuePublishRate
	QueueDeliverRate
	QueueAckRate
	QueueRedeliverRate
	QueueState
	QueueMemory
	QueueMessageBytes
	NumQueueFields
)

// QueueRoute is where one owned queue's entities land (CONTRACT.md 4.4).
type QueueRoute struct {
	Queue       string // the queue's raw name
	DeviceID    string // device identifier
	DeviceName  string // fallback device name until the owner registers
	TopicBase   string // state topic base, ".../statistic"
	UniqueIDPfx string // unique_id prefix, "..._queue"
	NamePrefix  string
}

// QueueEntities builds one queue's entities on dev.
func QueueEntities(r QueueRoute, dev model.Device, expire int) [NumQueueFields]*model.Entity {
	var out [NumQueueFields]*model.Entity
	ents := new([NumQueueFields]model.Entity) // one allocation for the queue's entities
	labels := []model.Label{{Name: "queue", Value: r.Queue}, {Name: "device", Value: r.DeviceID}}
	for i, s := range QueueSpecs {
		name := r.NamePrefix + s.Name
		if r.NamePrefix == sharedQueuePrefix {
			name = intern(name) // "Queue Messages Ready" on every processor: one copy
		}
		ents[i] = model.Entity{Kind: s.kind(model.Dynamic, LoopBroker), UniqueID: r.UniqueIDPfx + "_" + s.Field, Name: name,
			StateTopic: r.TopicBase + "/" + s.Field, Device: dev, ExpireAfter: expire, Labels: labels}
		out[i] = &ents[i]
	}
	return out
}

// sharedQueuePrefix names the queues shown on their own component's device.
const sharedQueuePrefix = "Queue "

// internTable holds one copy of each string that repeats across thousands of entities (entity
// names). Only strings of a bounded set go in: never anything made of a queue, processor or
// receiver name.
var internTable sync.Map

func intern(s string) string {
	if v, ok := internTable.Load(s); ok {
		return v.(string)
	}
	v, _ := internTable.LoadOrStore(s, s)
	return v.(string)
}

// kindKey is a Kind without its event fields, which make it incomparable.
type kindKey struct {
	component                                           model.Component
	icon, deviceClass, stateClass, unit, category, loop string
	noOrigin                                            bool
	lifecycle                                           model.Lifecycle
	metric                                              *model.Metric
}

// kindTable holds one Kind per distinct description: a bounded set (the catalogue's specs and
// counter icons), never one per queue, processor or receiver.
var kindTable sync.Map

// internKind is the one shared copy of k. Event kinds (which carry a slice) are not shared.
func internKind(k model.Kind) *model.Kind {
	if k.EventTypes != nil || k.ValueTemplate != "" {
		return &k
	}
	key := kindKey{k.Component, k.Icon, k.DeviceClass, k.StateClass, k.Unit, k.EntityCategory, k.Loop, k.NoOrigin, k.Lifecycle, k.Metric}
	if v, ok := kindTable.Load(key); ok {
		return v.(*model.Kind)
	}
	v, _ := kindTable.LoadOrStore(key, &k)
	return v.(*model.Kind)
}

// ProcessorCounter is one republished processor counter (CONTRACT.md 4.5): the store key's
// kind and period, and the entity's name and icon.
type ProcessorCounter struct {
	Kind, Period, Name, Icon string
	Metric                   *model.Metric
}

// Field is the statistic's field, {kind}_{period}.
func (p ProcessorCounter) Field() string { return p.Kind + "_" + p.Period }

// The processor counters' metrics: one per counter kind, the period as the window label.
var (
	processorLabels     = []string{"processor", "window"}
	registrationMisses  = &model.Metric{Name: "tracker_processor_registration_misses_total", Help: "Registration Misses", Counter: true, Labels: processorLabels}
	operatorMisses      = &model.Metric{Name: "tracker_processor_operator_misses_total", Help: "Operator Misses", Counter: true, Labels: processorLabels}
	messagesProcessed   = &model.Metric{Name: "tracker_processor_messages_processed_total", Help: "Total Messages Processed", Counter: true, Labels: processorLabels}
	receiverMessages    = &model.Metric{Name: "tracker_receiver_messages_total", Help: "Messages Total", Counter: true, Labels: []string{"receiver", "host", "port", "window"}}
	componentUpdateInfo = &model.Metric{Name: "tracker_component_update_available", Help: "Update", Shape: model.Available, Labels: []string{"component", "image"}}
)

// ProcessorCounters are the counters of every message processor, in publishing order.
var ProcessorCounters = []ProcessorCounter{
	{"registration_misses", "hour", "Registration Misses (Hour)", "mdi:broadcast", registrationMisses},
	{"registration_misses", "today", "Registration Misses (Today)", "mdi:broadcast", registrationMisses},
	{"registration_misses", "lifetime", "Registration Misses (Lifetime)", "mdi:broadcast", registrationMisses},
	{"operator_misses", "today", "Operator Misses (Today)", "mdi:account-alert", operatorMisses},
	{"operator_misses", "lifetime", "Operator Misses (Lifetime)", "mdi:account-alert", operatorMisses},
	{"total_messages_processed", "hour", "Total Messages Processed (Hour)", "mdi:counter", messagesProcessed},
	{"total_messages_processed", "today", "Total Messages Processed (Today)", "mdi:counter", messagesProcessed},
	{"total_messages_processed", "lifetime", "Total Messages Processed (Lifetime)", "mdi:counter", messagesProcessed},
}

// ProcessorDevice is the device identifier and fallback name of message processor id.
func ProcessorDevice(id string) (deviceID, name string) {
	return "Tracker_message_processor_" + id, "Tracker Message Processor " + id
}

// ReceiverDevice is the device identifier and fallback name of receiver name.
func ReceiverDevice(name string) (deviceID, fallback string) {
	return "Tracker_receiver_" + name, "Tracker Receiver " + name
}

// counterEntity is a republished counter: no unit, total_increasing, and no origin (it
// carries exactly what its owner would send).
func counterEntity(e *model.Entity, uniqueID, name, icon, topic string, dev model.Device, expire int, m *model.Metric, labels []model.Label) {
	*e = model.Entity{
		Kind: internKind(model.Kind{
			Component: model.Sensor, Icon: icon, StateClass: "total_increasing", NoOrigin: true,
			Lifecycle: model.Dynamic, Loop: LoopCounters, Metric: m,
		}),
		UniqueID: uniqueID, Name: name, StateTopic: topic, ExpireAfter: expire, Device: dev, Labels: labels,
	}
}

// ProcessorCounterEntities builds processor id's counters on dev, in ProcessorCounters order.
func ProcessorCounterEntities(id string, dev model.Device, expire int) []*model.Entity {
	devID, _ := ProcessorDevice(id)
	out := make([]*model.Entity, len(ProcessorCounters))
	ents := make([]model.Entity, len(ProcessorCounters)) // one allocation for the processor's
	// The labels {processor, window}: one pair per window, shared by its counters.
	windows := map[string][]model.Label{}
	for i, pc := range ProcessorCounters {
		field := pc.Field()
		labels := windows[pc.Period]
		if labels == nil {
			labels = []model.Label{{Name: "processor", Value: id}, {Name: "window", Value: pc.Period}}
			windows[pc.Period] = labels
		}
		counterEntity(&ents[i], devID+"_"+field, pc.Name, pc.Icon,
			model.Root+"/message-processor/"+id+"/statistic/"+field, dev, expire, pc.Metric, labels)
		out[i] = &ents[i]
	}
	return out
}

// ReceiverPeriods are the periods of the receivers' message counters.
var ReceiverPeriods = [...]struct{ Period, Label string }{{"hour", "Hour"}, {"today", "Today"}}

// ReceiverCounterEntity is receiver name's message counter of one source connection (raw host
// and port) for one period.
func ReceiverCounterEntity(name, host, port, period, label string, dev model.Device, expire int) *model.Entity {
	devID, _ := ReceiverDevice(name)
	field := "messages_" + model.Sanitize(host) + "_" + model.Sanitize(port) + "_total_" + period
	e := &model.Entity{}
	counterEntity(e, devID+"_"+field, host+":"+port+" Messages Total ("+label+")", "mdi:counter",
		model.Root+"/receiver/"+name+"/statistic/"+field, dev, expire, receiverMessages,
		[]model.Label{{Name: "receiver", Value: name}, {Name: "host", Value: host}, {Name: "port", Value: port}, {Name: "window", Value: period}})
	return e
}

// updateKind is shared by every component's update entity; nothing may change it.
var updateKind = &model.Kind{Component: model.Update, EntityCategory: "diagnostic", Metric: componentUpdateInfo}

// UpdateEntity is the update entity of the self-registered component identifier
// (CONTRACT.md 4.7), nested under its registered device block; name is the device's name
// (the identifier when it has none).
func UpdateEntity(identifier, name, image string, dev model.Device) *model.Entity {
	if name == "" {
		name = identifier
	}
	return &model.Entity{
		Kind:       updateKind,
		UniqueID:   identifier + "_update",
		Name:       name + " Update",
		StateTopic: model.RegisterTopicRoot + "/" + identifier + "/update",
		Device:     dev,
		Labels:     []model.Label{{Name: "component", Value: identifier}, {Name: "image", Value: image}},
	}
}

// RemovedUpdateEntity is enough of an update entity to clear it: its unique_id.
func RemovedUpdateEntity(identifier string) *model.Entity {
	return &model.Entity{Kind: updateKind, UniqueID: identifier + "_update"}
}

// Metrics lists every metric of the catalogue, once each: its groups', then the dynamic
// entities' (queues, counters, update entities).
func (c *Catalog) Metrics() []*model.Metric {
	var out []*model.Metric
	seen := map[*model.Metric]bool{}
	add := func(m *model.Metric) {
		if m != nil && !seen[m] {
			seen[m] = true
			out = append(out, m)
		}
	}
	for _, b := range c.groups {
		for _, s := range b.Specs {
			add(s.Metric)
		}
	}
	for _, s := range QueueSpecs {
		add(s.Metric)
	}
	for _, pc := range ProcessorCounters {
		add(pc.Metric)
	}
	add(receiverMessages)
	add(componentUpdateInfo)
	for _, m := range ChannelMetrics() {
		add(m)
	}
	return out
}
