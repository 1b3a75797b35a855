package main

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// The summary files each topic where the contract puts it and prints one compact block.
func TestSummary(t *testing.T) {
	s := newState()
	for _, m := range [][2]string{
		{"Tracker/core-health/statistic/broker_connected", "True"},
		{"Tracker/core-health/statistic/store_connected", "False"},
		{"Tracker/core-health/broker/statistic/exchange_publish_in_rate", "20.4"},
		{"Tracker/core-health/broker/statistic/exchange_publish_out_rate", "61.2"},
		{"Tracker/core-health/message-processor/demo-1/statistic/messages_ready", "12"},
		{"Tracker/core-health/message-processor/demo-1/statistic/publish_rate", "20.4"},
		{"Tracker/core-health/archive/statistic/consumers", "1"},
		{"Tracker/core-health/queue/tracker-adsb-unroutable/statistic/messages_ready", "0"},
		{"Tracker/message-processor/demo-1/statistic/total_messages_processed_lifetime", "12345"},
		{"Tracker/receiver/rooftop/statistic/messages_192-168-10-5_30002_total_hour", "420"},
		{"Tracker/receiver/rooftop/statistic/receiver_stats_connected", "True"},
		{"Tracker/receiver/rooftop/statistic/messages_per_second", "14.2"},
		{"Tracker/receiver/rooftop/statistic/signal_dbfs", "-4.1"},
		{"Tracker/core-health/store/statistic/used_memory_bytes", "1048576"},
		{"Tracker/rule/heathrow-low", `{"aircraft":{"icao_hex":"400B83","registration":"G-EUUA"},"ident":"BAW12"}`},
		{"Tracker/core-health/status", "ONLINE"},
		{"homeassistant/sensor/x/config", "{}"},
	} {
		s.take(m[0], m[1])
	}
	out := s.render(time.Date(2026, 11, 24, 1, 2, 3, 0, time.UTC), "UI http://127.0.0.1:8080/")
	for _, want := range []string{
		"── 01:02:03 ── broker up · store DOWN · exchange in 20.4/s out 61.2/s",
		"tracker-message-processor-demo-1",
		"tracker-archive",
		"tracker-adsb-unroutable",
		"processor demo-1: total_messages_processed_lifetime 12345",
		"receiver rooftop: messages_192-168-10-5_30002_total_hour 420\n",
		"receiver rooftop: stats up · 14.2 msg/s · – positions/s · signal -4.1 dBFS",
		"store: memory 1048576 bytes",
		"rule matches: heathrow-low: 400B83 BAW12 G-EUUA",
		"UI http://127.0.0.1:8080/",
	} {
		require.Contains(t, out, want)
	}
	require.NotContains(t, s.render(time.Now(), ""), "rule matches", "each match is shown once")
}

func TestSummaryShowsTheFlightLog(t *testing.T) {
	s := newState()
	require.NotContains(t, s.render(time.Now(), ""), "flight log", "nothing before watch says anything")
	s.take("Tracker/rules-watch/statistic/flights_today", `{"count":42,"last_reset":"2026-11-27T00:00:00Z"}`)
	s.take("Tracker/rules-watch/statistic/aircraft_today", `{"count":30,"last_reset":"2026-11-27T00:00:00Z"}`)
	s.take("Tracker/rules-watch/statistic/flights_last_hour", "7")
	s.take("Tracker/rules-watch/statistic/closest_today_nm", `{"nm":1.2,"ident":"EZY16EG"}`)
	s.take("Tracker/rules-watch/statistic/flight_log_dropped_total", "0")
	require.Contains(t, s.render(time.Now(), ""), "flight log: 42 flights logged today (30 aircraft, 7 in the last hour) · closest 1.2 nm (EZY16EG) · dropped 0")
}
