// Package telemetry is the catalogue of every entity the monitor publishes (CONTRACT.md 4.3
// to 4.5: general, broker-wide and store statistics here, per-queue and counter entities in
// dynamic.go): names, icons, classes, units, topics, unique_ids and devices, built once per
// process so that stages reuse one *model.Entity per entity.
package telemetry

import (
	"time"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// Spec is the static part of one statistic.
type Spec struct {
	Field       string
	Component   model.Component
	Name        string
	Icon        string
	StateClass  string
	Unit        string
	DeviceClass string
}

// entity builds the entity of this statistic; group names its row family in the metrics
// table ("general", "broker", "store", "queue").
func (s Spec) entity(group, uniqueID, name, topic string, dev model.Device, expire int) *model.Entity {
	e := &model.Entity{}
	s.fill(e, group, uniqueID, name, topic, dev, expire, model.Static, "")
	return e
}

// fill describes e as this statistic; dynamic entities name the loop that sights them.
func (s Spec) fill(e *model.Entity, group, uniqueID, name, topic string, dev model.Device, expire int, l model.Lifecycle, loop string) {
	*e = model.Entity{
		Kind: internKind(model.Kind{
			Component: s.Component, Icon: s.Icon, DeviceClass: s.DeviceClass, StateClass: s.StateClass,
			Unit: s.Unit, Lifecycle: l, Loop: loop,
		}),
		Series:      model.Series{Metric: intern(group + "/" + s.Field)},
		UniqueID:    uniqueID,
		Name:        name,
		StateTopic:  topic,
		ExpireAfter: expire,
		Device:      dev,
	}
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
	{Field: StartedAt, Component: model.Sensor, Name: "Start Time", Icon: "mdi:clock-start", DeviceClass: "timestamp"},
	{Field: BrokerConnected, Component: model.BinarySensor, Name: "Broker Management API Connected", Icon: "mdi:rabbit", DeviceClass: "connectivity"},
	{Field: StoreConnected, Component: model.BinarySensor, Name: "Store Monitoring Connected", Icon: "mdi:database-check", DeviceClass: "connectivity"},
	{Field: RulesVersion, Component: model.Sensor, Name: "Rules Version", Icon: "mdi:file-document-check"},
	{Field: AreasVersion, Component: model.Sensor, Name: "Areas Version", Icon: "mdi:map-check"},
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
	{Field: ConnectionsTotal, Component: model.Sensor, Name: "Broker Connections", Icon: "mdi:lan-connect", StateClass: "measurement"},
	{Field: MemoryAlarm, Component: model.BinarySensor, Name: "Broker Memory Alarm", Icon: "mdi:alert", DeviceClass: "problem"},
	{Field: DiskFreeAlarm, Component: model.BinarySensor, Name: "Broker Disk Free Alarm", Icon: "mdi:alert-octagon", DeviceClass: "problem"},
	{Field: ExchangePublishInRate, Component: model.Sensor, Name: "ADSB Exchange Publish In Rate", Icon: "mdi:upload-network", StateClass: "measurement", Unit: "msg/s"},
	{Field: ExchangePublishOutRate, Component: model.Sensor, Name: "ADSB Exchange Publish Out Rate", Icon: "mdi:download-network", StateClass: "measurement", Unit: "msg/s"},
	// A missing archive queue is a valid deployment, not a problem: no device_class.
	{Field: ArchiveQueueMissing, Component: model.BinarySensor, Name: "Archive Queue Missing", Icon: "mdi:archive-off"},
}

// Store statistics (CONTRACT.md 4.3), all sensors.
var storeSpecs = []Spec{
	{Field: "used_memory_bytes", Name: "Store Memory Used", Icon: "mdi:memory", StateClass: "measurement", Unit: "B", DeviceClass: "data_size"},
	{Field: "used_memory_peak_percent", Name: "Store Memory Used Peak", Icon: "mdi:memory", StateClass: "measurement", Unit: "%"},
	{Field: "connected_clients", Name: "Store Connected Clients", Icon: "mdi:account-multiple", StateClass: "measurement"},
	{Field: "ops_per_second", Name: "Store Ops Per Second", Icon: "mdi:speedometer", StateClass: "measurement", Unit: "ops/s"},
	{Field: "keyspace_hits", Name: "Store Keyspace Hits", Icon: "mdi:target", StateClass: "total_increasing"},
	{Field: "keyspace_misses", Name: "Store Keyspace Misses", Icon: "mdi:target", StateClass: "total_increasing"},
	{Field: "keyspace_hit_ratio_percent", Name: "Store Keyspace Hit Ratio", Icon: "mdi:percent", StateClass: "measurement", Unit: "%"},
	{Field: "keys_count", Name: "Store Keyspace Size", Icon: "mdi:key-variant", StateClass: "measurement"},
	{Field: "rdb_last_bgsave_status", Name: "Store RDB Last BGSAVE Status", Icon: "mdi:content-save"},
	{Field: "aof_last_bgrewrite_status", Name: "Store AOF Last Bgrewrite Status", Icon: "mdi:content-save-cog"},
	{Field: "aof_last_write_status", Name: "Store AOF Last Write Status", Icon: "mdi:content-save-alert"},
	{Field: "role", Name: "Store Role", Icon: "mdi:server"},
	{Field: "connected_replicas", Name: "Store Connected Replicas", Icon: "mdi:server-network", StateClass: "measurement"},
	{Field: "total_error_replies", Name: "Store Total Error Replies", Icon: "mdi:alert-circle-outline", StateClass: "total_increasing"},
	{Field: "auth_error_count", Name: "Store Auth Error Count", Icon: "mdi:shield-alert-outline", StateClass: "total_increasing"},
	{Field: "rejected_connections", Name: "Store Rejected Connections", Icon: "mdi:connection", StateClass: "total_increasing"},
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

// NewCatalog builds the static entities for the given Core device and loop intervals.
func NewCatalog(core model.Device, brokerInterval, storeInterval time.Duration) *Catalog {
	c := &Catalog{
		CoreDevice: core, BrokerInterval: brokerInterval, StoreInterval: storeInterval,
		general: map[string]*model.Entity{}, broker: map[string]*model.Entity{}, store: map[string]*model.Entity{},
	}
	for _, s := range generalSpecs {
		c.general[s.Field] = s.entity("general", "Tracker_core_health_"+s.Field, s.Name, model.MonitorRoot+"/statistic/"+s.Field, core, 0)
	}
	for _, s := range brokerSpecs {
		c.broker[s.Field] = s.entity("broker", "Tracker_core_health_broker_"+s.Field, s.Name, model.MonitorRoot+"/broker/statistic/"+s.Field, core, c.BrokerExpireAfter())
	}
	for _, s := range storeSpecs {
		s.Component = model.Sensor
		c.store[s.Field] = s.entity("store", "Tracker_core_health_store_"+s.Field, s.Name, model.MonitorRoot+"/store/statistic/"+s.Field, core, ExpireAfter(storeInterval))
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
