package store

import (
	"time"

	"github.com/tracker-adsb/tracker-core-health/catalog"
	"github.com/tracker-adsb/tracker-core-health/model"
)

// GroupName is the store loop's catalogue group.
const GroupName = "store"

// Group is the store loop's statistics (CONTRACT.md 4.3), all sensors on the Core device,
// expiring after 3 store intervals.
func Group(interval time.Duration) catalog.Group {
	return catalog.Group{Name: GroupName, UniqueID: "Tracker_core_health_store_", TopicBase: model.MonitorRoot + "/store/statistic/",
		Interval: interval, Specs: specs}
}

// Store statistics (CONTRACT.md 4.3), all sensors.
var specs = catalog.Specs([]catalog.Spec{
	{Field: "used_memory_bytes", Name: "Store Memory Used", Icon: "mdi:memory", StateClass: "measurement", Unit: "B", DeviceClass: "data_size",
		Metric: catalog.Gauge("tracker_store_used_memory_bytes", model.Number)},
	{Field: "used_memory_peak_percent", Name: "Store Memory Used Peak", Icon: "mdi:memory", StateClass: "measurement", Unit: "%",
		Metric: catalog.Gauge("tracker_store_used_memory_peak_ratio", model.Ratio)},
	{Field: "connected_clients", Name: "Store Connected Clients", Icon: "mdi:account-multiple", StateClass: "measurement",
		Metric: catalog.Gauge("tracker_store_connected_clients", model.Number)},
	{Field: "ops_per_second", Name: "Store Ops Per Second", Icon: "mdi:speedometer", StateClass: "measurement", Unit: "ops/s",
		Metric: catalog.Gauge("tracker_store_ops_per_second", model.Number)},
	{Field: "keyspace_hits", Name: "Store Keyspace Hits", Icon: "mdi:target", StateClass: "total_increasing",
		Metric: catalog.Counter("tracker_store_keyspace_hits_total")},
	{Field: "keyspace_misses", Name: "Store Keyspace Misses", Icon: "mdi:target", StateClass: "total_increasing",
		Metric: catalog.Counter("tracker_store_keyspace_misses_total")},
	{Field: "keyspace_hit_ratio_percent", Name: "Store Keyspace Hit Ratio", Icon: "mdi:percent", StateClass: "measurement", Unit: "%",
		Metric: catalog.Gauge("tracker_store_keyspace_hit_ratio", model.Ratio)},
	{Field: "keys_count", Name: "Store Keyspace Size", Icon: "mdi:key-variant", StateClass: "measurement",
		Metric: catalog.Gauge("tracker_store_keys", model.Number)},
	{Field: "rdb_last_bgsave_status", Name: "Store RDB Last BGSAVE Status", Icon: "mdi:content-save",
		Metric: catalog.TextGauge("tracker_store_rdb_last_bgsave_status", "state")},
	{Field: "aof_last_bgrewrite_status", Name: "Store AOF Last Bgrewrite Status", Icon: "mdi:content-save-cog",
		Metric: catalog.TextGauge("tracker_store_aof_last_bgrewrite_status", "state")},
	{Field: "aof_last_write_status", Name: "Store AOF Last Write Status", Icon: "mdi:content-save-alert",
		Metric: catalog.TextGauge("tracker_store_aof_last_write_status", "state")},
	{Field: "role", Name: "Store Role", Icon: "mdi:server",
		Metric: catalog.TextGauge("tracker_store_role", "state")},
	{Field: "connected_replicas", Name: "Store Connected Replicas", Icon: "mdi:server-network", StateClass: "measurement",
		Metric: catalog.Gauge("tracker_store_connected_replicas", model.Number)},
	{Field: "total_error_replies", Name: "Store Total Error Replies", Icon: "mdi:alert-circle-outline", StateClass: "total_increasing",
		Metric: catalog.Counter("tracker_store_error_replies_total")},
	{Field: "auth_error_count", Name: "Store Auth Error Count", Icon: "mdi:shield-alert-outline", StateClass: "total_increasing",
		Metric: catalog.Counter("tracker_store_auth_errors_total")},
	{Field: "rejected_connections", Name: "Store Rejected Connections", Icon: "mdi:connection", StateClass: "total_increasing",
		Metric: catalog.Counter("tracker_store_rejected_connections_total")},
})
