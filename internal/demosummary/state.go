package main

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"
)

// state is the latest value of every topic the summary shows, and the rule matches since the
// last summary.
type state struct {
	general, broker, store map[string]string
	queues                 map[string]map[string]string // queue label → field → value
	counters               map[string]map[string]string // "processor demo-1" / "receiver rooftop" → counter → value
	receivers              map[string]map[string]string // receiver → its own health (stats.json) → value
	watch                  map[string]string            // tracker-rules watch's statistics (the flight log's sensors)
	matches                []string
}

// receiverHealth are the receiver statistics read from its stats.json (stages/receiverstats),
// shown on a line of their own.
var receiverHealth = map[string]bool{"receiver_stats_connected": true, "messages_per_second": true, "positions_per_second": true,
	"aircraft_with_position": true, "aircraft_without_position": true, "signal_dbfs": true, "noise_dbfs": true,
	"peak_signal_dbfs": true, "strong_signals_per_minute": true, "gain_db": true, "samples_dropped": true, "max_range": true}

func newState() *state {
	return &state{general: map[string]string{}, broker: map[string]string{}, store: map[string]string{},
		queues: map[string]map[string]string{}, counters: map[string]map[string]string{}, receivers: map[string]map[string]string{},
		watch: map[string]string{}}
}

func put(m map[string]map[string]string, key, field, value string) {
	if m[key] == nil {
		m[key] = map[string]string{}
	}
	m[key][field] = value
}

// take files one message by its topic (CONTRACT.md 4.3–4.5, docs/rule-events.md).
func (s *state) take(topic, payload string) {
	p := strings.Split(topic, "/")
	switch {
	case len(p) == 4 && p[1] == "core-health" && p[2] == "statistic":
		s.general[p[3]] = payload
	case len(p) == 5 && p[1] == "core-health" && p[3] == "statistic" && p[2] == "broker":
		s.broker[p[4]] = payload
	case len(p) == 5 && p[1] == "core-health" && p[3] == "statistic" && p[2] == "store":
		s.store[p[4]] = payload
	case len(p) == 5 && p[1] == "core-health" && p[2] == "archive" && p[3] == "statistic":
		put(s.queues, "tracker-archive", p[4], payload)
	case len(p) == 6 && p[1] == "core-health" && p[2] == "message-processor" && p[4] == "statistic":
		put(s.queues, "tracker-message-processor-"+p[3], p[5], payload)
	case len(p) == 6 && p[1] == "core-health" && p[2] == "queue" && p[4] == "statistic":
		put(s.queues, p[3], p[5], payload)
	case len(p) == 5 && p[1] == "receiver" && p[3] == "statistic" && receiverHealth[p[4]]:
		put(s.receivers, p[2], p[4], payload)
	case len(p) == 5 && (p[1] == "message-processor" || p[1] == "receiver") && p[3] == "statistic":
		put(s.counters, strings.Replace(p[1], "message-", "", 1)+" "+p[2], p[4], payload)
	case len(p) == 4 && p[1] == "rules-watch" && p[2] == "statistic":
		s.watch[p[3]] = payload
	case len(p) == 3 && p[1] == "rule" && payload != "":
		var n struct {
			Aircraft struct {
				IcaoHex      string `json:"icao_hex"`
				Registration string `json:"registration"`
			} `json:"aircraft"`
			Ident string `json:"ident"`
		}
		_ = json.Unmarshal([]byte(payload), &n)
		what := strings.TrimSpace(strings.Join([]string{n.Aircraft.IcaoHex, n.Ident, n.Aircraft.Registration}, " "))
		s.matches = append(s.matches, p[2]+": "+what)
	}
}

func or(v, def string) string {
	if v == "" {
		return def
	}
	return v
}

func yes(v string) string {
	switch v {
	case "True":
		return "up"
	case "False":
		return "DOWN"
	}
	return "?"
}

// render is one summary, and forgets the matches it showed.
func (s *state) render(now time.Time, notes string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "\n── %s ── broker %s · store %s · exchange in %s/s out %s/s · connections %s\n", now.Format("15:04:05"),
		yes(s.general["broker_connected"]), yes(s.general["store_connected"]),
		or(s.broker["exchange_publish_in_rate"], "–"), or(s.broker["exchange_publish_out_rate"], "–"), or(s.broker["connections_total"], "–"))
	s.renderQueues(&b)
	for _, o := range sortedKeys(s.counters) {
		fields := make([]string, 0, len(s.counters[o]))
		for f, v := range s.counters[o] {
			fields = append(fields, f+" "+v)
		}
		sort.Strings(fields)
		fmt.Fprintf(&b, "  %s: %s\n", o, strings.Join(fields, " · "))
	}
	for _, r := range sortedKeys(s.receivers) {
		f := s.receivers[r]
		fmt.Fprintf(&b, "  receiver %s: stats %s · %s msg/s · %s positions/s · signal %s dBFS · noise %s dBFS · strong %s/min · gain %s dB\n", r,
			yes(f["receiver_stats_connected"]), or(f["messages_per_second"], "–"), or(f["positions_per_second"], "–"),
			or(f["signal_dbfs"], "–"), or(f["noise_dbfs"], "–"), or(f["strong_signals_per_minute"], "–"), or(f["gain_db"], "–"))
	}
	if len(s.store) > 0 {
		fmt.Fprintf(&b, "  store: memory %s bytes (peak %s%%) · clients %s · ops/s %s · keys %s\n", or(s.store["used_memory_bytes"], "–"),
			or(s.store["used_memory_peak_percent"], "–"), or(s.store["connected_clients"], "–"), or(s.store["ops_per_second"], "–"), or(s.store["keys_count"], "–"))
	}
	s.renderWatch(&b)
	if len(s.matches) > 0 {
		shown := s.matches
		if len(shown) > 6 {
			shown = append(shown[:6:6], fmt.Sprintf("and %d more", len(s.matches)-6))
		}
		fmt.Fprintf(&b, "  rule matches: %s\n", strings.Join(shown, " · "))
		s.matches = s.matches[:0]
	}
	if notes != "" {
		fmt.Fprintf(&b, "  %s\n", notes)
	}
	return b.String()
}

// renderQueues is the table of the queues, by name.
func (s *state) renderQueues(b *strings.Builder) {
	if len(s.queues) == 0 {
		return
	}
	fmt.Fprintf(b, "  %-36s %7s %8s %9s %9s %9s %7s\n", "queue", "ready", "unacked", "consumers", "publish/s", "deliver/s", "ack/s")
	for _, q := range sortedKeys(s.queues) {
		f := s.queues[q]
		fmt.Fprintf(b, "  %-36s %7s %8s %9s %9s %9s %7s\n", q, or(f["messages_ready"], "–"), or(f["messages_unacknowledged"], "–"),
			or(f["consumers"], "–"), or(f["publish_rate"], "–"), or(f["deliver_rate"], "–"), or(f["ack_rate"], "–"))
	}
}

// renderWatch is the flight log's line, from watch's sensors.
func (s *state) renderWatch(b *strings.Builder) {
	if len(s.watch) == 0 {
		return
	}
	var closest struct {
		NM    *float64 `json:"nm"`
		Ident string   `json:"ident"`
	}
	_ = json.Unmarshal([]byte(s.watch["closest_today_nm"]), &closest)
	near := "–"
	if closest.NM != nil {
		near = fmt.Sprintf("%.1f nm (%s)", *closest.NM, closest.Ident)
	}
	fmt.Fprintf(b, "  flight log: %s flights logged today (%s aircraft, %s in the last hour) · closest %s · dropped %s\n",
		or(dailyCount(s.watch["flights_today"]), "–"), or(dailyCount(s.watch["aircraft_today"]), "–"), or(s.watch["flights_last_hour"], "–"), near,
		or(s.watch["flight_log_dropped_total"], "–"))
}

// sortedKeys are a map's keys, in order.
func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// dailyCount is a daily sensor's count: its state is {"count", "last_reset"}.
func dailyCount(state string) string {
	var v struct {
		Count *int `json:"count"`
	}
	if json.Unmarshal([]byte(state), &v) != nil || v.Count == nil {
		return state
	}
	return strconv.Itoa(*v.Count)
}
