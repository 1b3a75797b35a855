package sinks

import "github.com/prometheus/client_golang/prometheus"

// valueKind says how a reading's payload becomes a sample.
type valueKind uint8

const (
	number       valueKind = iota // the payload as a number
	percentRatio                  // a percent payload as a 0–1 ratio (base units)
	boolean                       // True / False → 1 / 0
	timestamp                     // RFC 3339 → Unix seconds
	state                         // a string state → {state="<payload>"} 1
	versionInfo                   // a config version → {version="<payload>"} 1
	update                        // an update blob → {installed, latest}, 1 when they differ
)

// MetricSpec is one row of the metrics table: the Prometheus metric an entity's readings feed.
type MetricSpec struct {
	Name string
	Help string // the entity's name in Home Assistant
	Type prometheus.ValueType
	Kind valueKind
	// Labels are the label names, in the order of the entity's model.Series labels; the
	// kinds state, versionInfo and update add their own after them.
	Labels []string
}

var (
	queueLabels     = []string{"queue", "device"}
	processorLabels = []string{"processor", "window"}
	receiverLabels  = []string{"receiver", "host", "port", "window"}
	gauge, counter  = prometheus.GaugeValue, prometheus.CounterValue
)

// MetricsTable maps every entity the monitor publishes over MQTT (keyed by its
// model.Series.Metric, "group/field") to its Prometheus metric. It is the one place that
// names them; the README's metrics table is written from it.
var MetricsTable = map[string]MetricSpec{
	// General statistics of the Core device.
	"general/started_at":       {"tracker_core_health_start_time_seconds", "Start Time", gauge, timestamp, nil},
	"general/broker_connected": {"tracker_broker_connected", "Broker Management API Connected", gauge, boolean, nil},
	"general/store_connected":  {"tracker_store_connected", "Store Monitoring Connected", gauge, boolean, nil},
	"general/rules_version":    {"tracker_config_rules_version_info", "Rules Version", gauge, versionInfo, nil},
	"general/areas_version":    {"tracker_config_areas_version_info", "Areas Version", gauge, versionInfo, nil},

	// Broker-wide statistics.
	"broker/connections_total":         {"tracker_broker_connections", "Broker Connections", gauge, number, nil},
	"broker/memory_alarm":              {"tracker_broker_memory_alarm", "Broker Memory Alarm", gauge, boolean, nil},
	"broker/disk_free_alarm":           {"tracker_broker_disk_free_alarm", "Broker Disk Free Alarm", gauge, boolean, nil},
	"broker/exchange_publish_in_rate":  {"tracker_broker_exchange_publish_in_messages_per_second", "ADSB Exchange Publish In Rate", gauge, number, nil},
	"broker/exchange_publish_out_rate": {"tracker_broker_exchange_publish_out_messages_per_second", "ADSB Exchange Publish Out Rate", gauge, number, nil},
	"broker/archive_queue_missing":     {"tracker_broker_archive_queue_missing", "Archive Queue Missing", gauge, boolean, nil},

	// Store statistics.
	"store/used_memory_bytes":          {"tracker_store_used_memory_bytes", "Store Memory Used", gauge, number, nil},
	"store/used_memory_peak_percent":   {"tracker_store_used_memory_peak_ratio", "Store Memory Used Peak", gauge, percentRatio, nil},
	"store/connected_clients":          {"tracker_store_connected_clients", "Store Connected Clients", gauge, number, nil},
	"store/ops_per_second":             {"tracker_store_ops_per_second", "Store Ops Per Second", gauge, number, nil},
	"store/keyspace_hits":              {"tracker_store_keyspace_hits_total", "Store Keyspace Hits", counter, number, nil},
	"store/keyspace_misses":            {"tracker_store_keyspace_misses_total", "Store Keyspace Misses", counter, number, nil},
	"store/keyspace_hit_ratio_percent": {"tracker_store_keyspace_hit_ratio", "Store Keyspace Hit Ratio", gauge, percentRatio, nil},
	"store/keys_count":                 {"tracker_store_keys", "Store Keyspace Size", gauge, number, nil},
	"store/rdb_last_bgsave_status":     {"tracker_store_rdb_last_bgsave_status", "Store RDB Last BGSAVE Status", gauge, state, nil},
	"store/aof_last_bgrewrite_status":  {"tracker_store_aof_last_bgrewrite_status", "Store AOF Last Bgrewrite Status", gauge, state, nil},
	"store/aof_last_write_status":      {"tracker_store_aof_last_write_status", "Store AOF Last Write Status", gauge, state, nil},
	"store/role":                       {"tracker_store_role", "Store Role", gauge, state, nil},
	"store/connected_replicas":         {"tracker_store_connected_replicas", "Store Connected Replicas", gauge, number, nil},
	"store/total_error_replies":        {"tracker_store_error_replies_total", "Store Total Error Replies", counter, number, nil},
	"store/auth_error_count":           {"tracker_store_auth_errors_total", "Store Auth Error Count", counter, number, nil},
	"store/rejected_connections":       {"tracker_store_rejected_connections_total", "Store Rejected Connections", counter, number, nil},

	// Per-queue statistics, labelled with the queue and the device it is shown on.
	"queue/consumers":                    {"tracker_queue_consumers", "Queue Consumers", gauge, number, queueLabels},
	"queue/consumer_utilisation_percent": {"tracker_queue_consumer_utilisation_ratio", "Queue Consumer Utilization", gauge, percentRatio, queueLabels},
	"queue/messages_ready":               {"tracker_queue_messages_ready", "Queue Messages Ready", gauge, number, queueLabels},
	"queue/messages_unacknowledged":      {"tracker_queue_messages_unacknowledged", "Queue Messages Unacknowledged", gauge, number, queueLabels},
	"queue/publish_rate":                 {"tracker_queue_publish_messages_per_second", "Queue Publish Rate", gauge, number, queueLabels},
	"queue/deliver_rate":                 {"tracker_queue_deliver_messages_per_second", "Queue Deliver Rate", gauge, number, queueLabels},
	"queue/ack_rate":                     {"tracker_queue_ack_messages_per_second", "Queue Ack Rate", gauge, number, queueLabels},
	"queue/redeliver_rate":               {"tracker_queue_redeliver_messages_per_second", "Queue Redeliver Rate", gauge, number, queueLabels},
	"queue/state":                        {"tracker_queue_state", "Queue State", gauge, state, queueLabels},
	"queue/memory_bytes":                 {"tracker_queue_memory_bytes", "Queue Memory", gauge, number, queueLabels},
	"queue/message_bytes":                {"tracker_queue_message_bytes", "Queue Message Bytes", gauge, number, queueLabels},

	// Republished counters: one metric per counter kind, the period as the window label.
	"processor/registration_misses":      {"tracker_processor_registration_misses_total", "Registration Misses", counter, number, processorLabels},
	"processor/operator_misses":          {"tracker_processor_operator_misses_total", "Operator Misses", counter, number, processorLabels},
	"processor/total_messages_processed": {"tracker_processor_messages_processed_total", "Total Messages Processed", counter, number, processorLabels},
	"receiver/messages":                  {"tracker_receiver_messages_total", "Messages Total", counter, number, receiverLabels},

	// Update entities.
	"update": {"tracker_component_update_available", "Update", gauge, update, []string{"component", "image"}},
}
