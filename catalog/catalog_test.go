package catalog_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/catalog"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/stages/broker"
	"github.com/tracker-adsb/tracker-core-health/stages/store"
)

// The Core device entities of CONTRACT.md 4.3, field by field.
func TestCatalogMatchesTheContract(t *testing.T) {
	c := catalog.New(model.CoreDevice("1", ""), broker.Group(10*time.Second), store.Group(60*time.Second))
	type want struct {
		comp                               model.Component
		name, icon, stateClass, unit, dcls string
		expire                             int
	}
	general := map[string]want{
		"started_at":       {model.Sensor, "Start Time", "mdi:clock-start", "", "", "timestamp", 0},
		"broker_connected": {model.BinarySensor, "Broker Management API Connected", "mdi:rabbit", "", "", "connectivity", 0},
		"store_connected":  {model.BinarySensor, "Store Monitoring Connected", "mdi:database-check", "", "", "connectivity", 0},
		"rules_version":    {model.Sensor, "Rules Version", "mdi:file-document-check", "", "", "", 0},
		"areas_version":    {model.Sensor, "Areas Version", "mdi:map-check", "", "", "", 0},
	}
	brokerWant := map[string]want{
		"connections_total":         {model.Sensor, "Broker Connections", "mdi:lan-connect", "measurement", "", "", 30},
		"memory_alarm":              {model.BinarySensor, "Broker Memory Alarm", "mdi:alert", "", "", "problem", 30},
		"disk_free_alarm":           {model.BinarySensor, "Broker Disk Free Alarm", "mdi:alert-octagon", "", "", "problem", 30},
		"exchange_publish_in_rate":  {model.Sensor, "ADSB Exchange Publish In Rate", "mdi:upload-network", "measurement", "msg/s", "", 30},
		"exchange_publish_out_rate": {model.Sensor, "ADSB Exchange Publish Out Rate", "mdi:download-network", "measurement", "msg/s", "", 30},
		"archive_queue_missing":     {model.BinarySensor, "Archive Queue Missing", "mdi:archive-off", "", "", "", 30},
	}
	storeWant := map[string]want{
		"used_memory_bytes":          {model.Sensor, "Store Memory Used", "mdi:memory", "measurement", "B", "data_size", 180},
		"used_memory_peak_percent":   {model.Sensor, "Store Memory Used Peak", "mdi:memory", "measurement", "%", "", 180},
		"connected_clients":          {model.Sensor, "Store Connected Clients", "mdi:account-multiple", "measurement", "", "", 180},
		"ops_per_second":             {model.Sensor, "Store Ops Per Second", "mdi:speedometer", "measurement", "ops/s", "", 180},
		"keyspace_hits":              {model.Sensor, "Store Keyspace Hits", "mdi:target", "total_increasing", "", "", 180},
		"keyspace_misses":            {model.Sensor, "Store Keyspace Misses", "mdi:target", "total_increasing", "", "", 180},
		"keyspace_hit_ratio_percent": {model.Sensor, "Store Keyspace Hit Ratio", "mdi:percent", "measurement", "%", "", 180},
		"keys_count":                 {model.Sensor, "Store Keyspace Size", "mdi:key-variant", "measurement", "", "", 180},
		"rdb_last_bgsave_status":     {model.Sensor, "Store RDB Last BGSAVE Status", "mdi:content-save", "", "", "", 180},
		"aof_last_bgrewrite_status":  {model.Sensor, "Store AOF Last Bgrewrite Status", "mdi:content-save-cog", "", "", "", 180},
		"aof_last_write_status":      {model.Sensor, "Store AOF Last Write Status", "mdi:content-save-alert", "", "", "", 180},
		"role":                       {model.Sensor, "Store Role", "mdi:server", "", "", "", 180},
		"connected_replicas":         {model.Sensor, "Store Connected Replicas", "mdi:server-network", "measurement", "", "", 180},
		"total_error_replies":        {model.Sensor, "Store Total Error Replies", "mdi:alert-circle-outline", "total_increasing", "", "", 180},
		"auth_error_count":           {model.Sensor, "Store Auth Error Count", "mdi:shield-alert-outline", "total_increasing", "", "", 180},
		"rejected_connections":       {model.Sensor, "Store Rejected Connections", "mdi:connection", "total_increasing", "", "", 180},
	}
	check := func(e *model.Entity, w want, uid, topic string) {
		t.Helper()
		require.NotNil(t, e, uid)
		require.Equal(t, w, want{e.Component, e.Name, e.Icon, e.StateClass, e.Unit, e.DeviceClass, e.ExpireAfter}, uid)
		require.Equal(t, uid, e.UniqueID)
		require.Equal(t, topic, e.StateTopic)
	}
	for f, w := range general {
		check(c.General(f), w, "Tracker_core_health_"+f, "Tracker/core-health/statistic/"+f)
	}
	for f, w := range brokerWant {
		check(c.Entity(broker.GroupName, f), w, "Tracker_core_health_broker_"+f, "Tracker/core-health/broker/statistic/"+f)
	}
	for f, w := range storeWant {
		check(c.Entity(store.GroupName, f), w, "Tracker_core_health_store_"+f, "Tracker/core-health/store/statistic/"+f)
	}
	require.Len(t, c.Static(), len(general)+len(brokerWant)+len(storeWant))
	require.Equal(t, 8, catalog.ExpireAfter(2500*time.Millisecond), "whole seconds, rounded up")
}

// A statistic without a spec is a programming error said at once, never a reading that
// vanishes (issue 42 item 6).
func TestAnUnknownFieldIsNamed(t *testing.T) {
	c := catalog.New(model.CoreDevice("1", ""), broker.Group(10*time.Second))
	require.NotNil(t, c.Entity(broker.GroupName, broker.ConnectionsTotal))
	require.PanicsWithValue(t, `catalog: group "broker" has no statistic "connections_totl" (a field without a catalog.Spec)`,
		func() { c.Entity(broker.GroupName, "connections_totl") })
}
