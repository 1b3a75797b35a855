// Package catalog is the catalogue of every entity the monitor publishes (CONTRACT.md 4.3 to
// 4.5, and the rule event entities): per statistic its Home Assistant description (name,
// icon, classes, unit, topic, unique_id, device) and its Prometheus metric, side by side, so
// that one statistic is one entry. Entities are built once per process (static ones) or per
// queue, processor and receiver (dynamic ones), and the stages reuse the pointers.
package catalog

import (
	"time"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// Spec is one statistic: its Home Assistant description and its Prometheus metric.
type Spec struct {
	Field       string
	Component   model.Component
	Name        string
	Icon        string
	StateClass  string
	Unit        string
	DeviceClass string
	// Metric is its Prometheus metric (Help is filled from the entity's name).
	Metric *model.Metric
}

// metric names a Prometheus metric of the catalogue.
func gauge(name string, shape model.MetricShape, labels ...string) *model.Metric {
	return &model.Metric{Name: name, Shape: shape, Labels: labels}
}

func counter(name string, labels ...string) *model.Metric {
	return &model.Metric{Name: name, Counter: true, Labels: labels}
}

func textGauge(name, label string, labels ...string) *model.Metric {
	return &model.Metric{Name: name, Shape: model.TextLabel, StateLabel: label, Labels: labels}
}

// kind is the shared description of every entity of this spec in one lifecycle and loop.
func (s Spec) kind(l model.Lifecycle, loop string) *model.Kind {
	return internKind(model.Kind{
		Component: s.Component, Icon: s.Icon, DeviceClass: s.DeviceClass, StateClass: s.StateClass,
		Unit: s.Unit, Lifecycle: l, Loop: loop, Metric: s.Metric,
	})
}

func init() {
	// A metric's help is its entity's Home Assistant name.
	for _, list := range [][]Spec{generalSpecs, brokerSpecs, storeSpecs} {
		for _, s := range list {
			s.Metric.Help = s.Name
		}
	}
	for i := range storeSpecs {
		storeSpecs[i].Component = model.Sensor
	}
}

// entity builds the static entity of this statistic.
func (s Spec) entity(uniqueID, topic string, dev model.Device, expire int) *model.Entity {
	return &model.Entity{Kind: s.kind(model.Static, ""), UniqueID: uniqueID, Name: s.Name, StateTopic: topic, Device: dev, ExpireAfter: expire}
}

// General statistics (CONTRACT.md 4.3): no expire_after.
const (
	StartedAt       = "started_at"
	BrokerConnected = "broker_connected"
	StoreConnected  = "store_connected"
	RulesVersion    = "rules_version"
	AreasVersion    = "areas_version"
)

var generalSpecs = []Spec{
	{Field: StartedAt, Component: model.Sensor, Name: "Start Time", Icon: "mdi:clock-start", DeviceClass: "timestamp",
		Metric: gauge("tracker_core_health_start_time_seconds", model.Number)},
	{Field: BrokerConnected, Component: model.BinarySensor, Name: "Broker Management API Connected", Icon: "mdi:rabbit", DeviceClass: "connectivity",
		Metric: gauge("tracker_broker_connected", model.Number)},
	{Field: StoreConnected, Component: model.BinarySensor, Name: "Store Monitoring Connected", Icon: "mdi:database-check", DeviceClass: "connectivity",
		Metric: gauge("tracker_store_connected", model.Number)},
	{Field: RulesVersion, Component: model.Sensor, Name: "Rules Version", Icon: "mdi:file-document-check",
		Metric: textGauge("tracker_config_rules_version_info", "version")},
	{Field: AreasVersion, Component: model.Sensor, Name: "Areas Version", Icon: "mdi:map-check",
		Metric: textGauge("tracker_config_areas_version_info", "version")},
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

var brokerSpecs = []Spec{
	{Field: ConnectionsTotal, Component: model.Sensor, Name: "Broker Connections", Icon: "mdi:lan-connect", StateClass: "measurement",
		Metric: gauge("tracker_broker_connections", model.Number)},
	{Field: MemoryAlarm, Component: model.BinarySensor, Name: "Broker Memory Alarm", Icon: "mdi:alert", DeviceClass: "problem",
		Metric: gauge("tracker_broker_memory_alarm", model.Number)},
	{Field: DiskFreeAlarm, Component: model.BinarySensor, Name: "Broker Disk Free Alarm", Icon: "mdi:alert-octagon", DeviceClass: "problem",
		Metric: gauge("tracker_broker_disk_free_alarm", model.Number)},
	{Field: ExchangePublishInRate, Component: model.Sensor, Name: "ADSB Exchange Publish In Rate", Icon: "mdi:upload-network", StateClass: "measurement", Unit: "msg/s",
		Metric: gauge("tracker_broker_exchange_publish_in_messages_per_second", model.Number)},
	{Field: ExchangePublishOutRate, Component: model.Sensor, Name: "ADSB Exchange Publish Out Rate", Icon: "mdi:download-network", StateClass: "measurement", Unit: "msg/s",
		Metric: gauge("tracker_broker_exchange_publish_out_messages_per_second", model.Number)},
	// A missing archive queue is a valid deployment, not a problem: no device_class.
	{Field: ArchiveQueueMissing, Component: model.BinarySensor, Name: "Archive Queue Missing", Icon: "mdi:archive-off",
		Metric: gauge("tracker_broker_archive_queue_missing", model.Number)},
}

// Store statistics (CONTRACT.md 4.3), all sensors.
var storeSpecs = []Spec{
	{Field: "used_memory_bytes", Name: "Store Memory Used", Icon: "mdi:memory", StateClass: "measurement", Unit: "B", DeviceClass: "data_size",
		Metric: gauge("tracker_store_used_memory_bytes", model.Number)},
	{Field: "used_memory_peak_percent", Name: "Store Memory Used Peak", Icon: "mdi:memory", StateClass: "measurement", Unit: "%",
		Metric: gauge("tracker_store_used_memory_peak_ratio", model.Ratio)},
	{Field: "connected_clients", Name: "Store Connected Clients", Icon: "mdi:account-multiple", StateClass: "measurement",
		Metric: gauge("tracker_store_connected_clients", model.Number)},
	{Field: "ops_per_second", Name: "Store Ops Per Second", Icon: "mdi:speedometer", StateClass: "measurement", Unit: "ops/s",
		Metric: gauge("tracker_store_ops_per_second", model.Number)},
	{Field: "keyspace_hits", Name: "Store Keyspace Hits", Icon: "mdi:target", StateClass: "total_increasing",
		Metric: counter("tracker_store_keyspace_hits_total")},
	{Field: "keyspace_misses", Name: "Store Keyspace Misses", Icon: "mdi:target", StateClass: "total_increasing",
		Metric: counter("tracker_store_keyspace_misses_total")},
	{Field: "keyspace_hit_ratio_percent", Name: "Store Keyspace Hit Ratio", Icon: "mdi:percent", StateClass: "measurement", Unit: "%",
		Metric: gauge("tracker_store_keyspace_hit_ratio", model.Ratio)},
	{Field: "keys_count", Name: "Store Keyspace Size", Icon: "mdi:key-variant", StateClass: "measurement",
		Metric: gauge("tracker_store_keys", model.Number)},
	{Field: "rdb_last_bgsave_status", Name: "Store RDB Last BGSAVE Status", Icon: "mdi:content-save",
		Metric: textGauge("tracker_store_rdb_last_bgsave_status", "state")},
	{Field: "aof_last_bgrewrite_status", Name: "Store AOF Last Bgrewrite Status", Icon: "mdi:content-save-cog",
		Metric: textGauge("tracker_store_aof_last_bgrewrite_status", "state")},
	{Field: "aof_last_write_status", Name: "Store AOF Last Write Status", Icon: "mdi:content-save-alert",
		Metric: textGauge("tracker_store_aof_last_write_status", "state")},
	{Field: "role", Name: "Store Role", Icon: "mdi:server",
		Metric: textGauge("tracker_store_role", "state")},
	{Field: "connected_replicas", Name: "Store Connected Replicas", Icon: "mdi:server-network", StateClass: "measurement",
		Metric: gauge("tracker_store_connected_replicas", model.Number)},
	{Field: "total_error_replies", Name: "Store Total Error Replies", Icon: "mdi:alert-circle-outline", StateClass: "total_increasing",
		Metric: counter("tracker_store_error_replies_total")},
	{Field: "auth_error_count", Name: "Store Auth Error Count", Icon: "mdi:shield-alert-outline", StateClass: "total_increasing",
		Metric: counter("tracker_store_auth_errors_total")},
	{Field: "rejected_connections", Name: "Store Rejected Connections", Icon: "mdi:connection", StateClass: "total_increasing",
		Metric: counter("tracker_store_rejected_connections_total")},
}

// Catalog holds the static entities of the Core device.
type Catalog struct {
	CoreDevice     model.Device
	BrokerInterval time.Duration
	StoreInterval  time.Duration
	general        map[string]*model.Entity
	broker         map[string]*model.Entity
	store          map[string]*model.Entity
	storeOrder     []string
}

// New builds the static entities for the given Core device and loop intervals.
func New(core model.Device, brokerInterval, storeInterval time.Duration) *Catalog {
	c := &Catalog{
		CoreDevice: core, BrokerInterval: brokerInterval, StoreInterval: storeInterval,
		general: map[string]*model.Entity{}, broker: map[string]*model.Entity{}, store: map[string]*model.Entity{},
	}
	for _, s := range generalSpecs {
		c.general[s.Field] = s.entity("Tracker_core_health_"+s.Field, model.MonitorRoot+"/statistic/"+s.Field, core, 0)
	}
	for _, s := range brokerSpecs {
		c.broker[s.Field] = s.entity("Tracker_core_health_broker_"+s.Field, model.MonitorRoot+"/broker/statistic/"+s.Field, core, c.BrokerExpireAfter())
	}
	for _, s := range storeSpecs {
		c.store[s.Field] = s.entity("Tracker_core_health_store_"+s.Field, model.MonitorRoot+"/store/statistic/"+s.Field, core, ExpireAfter(storeInterval))
		c.storeOrder = append(c.storeOrder, s.Field)
	}
	return c
}

// ExpireAfter is three poll intervals, in whole seconds (at least 1).
func ExpireAfter(interval time.Duration) int {
	return max(int((3*interval+time.Second-1)/time.Second), 1)
}

// BrokerExpireAfter is expire_after of every broker-loop entity.
func (c *Catalog) BrokerExpireAfter() int { return ExpireAfter(c.BrokerInterval) }

// General returns a general statistic's entity.
func (c *Catalog) General(field string) *model.Entity { return c.general[field] }

// Broker returns a broker-wide statistic's entity.
func (c *Catalog) Broker(field string) *model.Entity { return c.broker[field] }

// Store returns a store statistic's entity (nil for an unknown field).
func (c *Catalog) Store(field string) *model.Entity { return c.store[field] }

// Static lists every static entity (general, broker-wide, store).
func (c *Catalog) Static() []*model.Entity {
	var out []*model.Entity
	for _, s := range generalSpecs {
		out = append(out, c.general[s.Field])
	}
	for _, s := range brokerSpecs {
		out = append(out, c.broker[s.Field])
	}
	for _, f := range c.storeOrder {
		out = append(out, c.store[f])
	}
	return out
}
