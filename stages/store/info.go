package store

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/redis/rueidis"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// ParseInfo reads INFO's "key:value" lines (LF or CRLF; a RESP3 verbatim "txt:" prefix is
// stripped). Section headers and blank lines are skipped.
func ParseInfo(text string) map[string]string {
	text = strings.TrimPrefix(text, "txt:")
	out := make(map[string]string, 256)
	for line := range strings.SplitSeq(text, "\n") {
		line = strings.TrimRight(line, "\r")
		if line == "" || line[0] == '#' {
			continue
		}
		k, v, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		out[k] = v
	}
	return out
}

// KeysCount reads keys.count from a MEMORY STATS reply: a flat array under RESP2, a map
// under RESP3. Values are inspected by type (AsStrMap would blank the integers).
func KeysCount(m rueidis.RedisMessage) (int64, error) {
	var entries map[string]rueidis.RedisMessage
	if m.IsMap() {
		var err error
		if entries, err = m.AsMap(); err != nil {
			return 0, fmt.Errorf("memory stats: %w", err)
		}
	} else {
		arr, err := m.ToArray()
		if err != nil {
			return 0, fmt.Errorf("memory stats: %w", err)
		}
		entries = make(map[string]rueidis.RedisMessage, len(arr)/2)
		for i := 0; i+1 < len(arr); i += 2 {
			k, err := arr[i].ToString()
			if err != nil {
				continue
			}
			entries[k] = arr[i+1]
		}
	}
	v, ok := entries["keys.count"]
	if !ok {
		return 0, fmt.Errorf("memory stats: no keys.count")
	}
	if n, err := v.AsInt64(); err == nil {
		return n, nil
	}
	return 0, fmt.Errorf("memory stats: keys.count is not an integer")
}

// StoreStat is one computed store statistic.
type StoreStat struct {
	Field string
	Value string
}

// Statistics computes the curated store statistics of CONTRACT.md 4.3 from INFO and
// MEMORY STATS. A statistic whose source field is absent or unparsable is skipped.
func Statistics(info map[string]string, keysCount int64, hasKeysCount bool) []StoreStat {
	var out []StoreStat
	add := func(field, v string) { out = append(out, StoreStat{field, v}) }
	intField := func(field, src string) {
		if v, ok := info[src]; ok {
			if n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64); err == nil {
				add(field, strconv.FormatInt(n, 10))
			}
		}
	}
	upper := func(field, src string) {
		if v, ok := info[src]; ok && strings.TrimSpace(v) != "" {
			add(field, strings.ToUpper(strings.TrimSpace(v)))
		}
	}
	intField("used_memory_bytes", "used_memory")
	if v, ok := info["used_memory_peak_perc"]; ok {
		// nan and inf are not numbers (Redis reports nan% before any peak): skipped, never 0.
		if f, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(v), "%"), 64); err == nil && !math.IsNaN(f) && !math.IsInf(f, 0) {
			add("used_memory_peak_percent", model.FormatFloat(f))
		}
	}
	intField("connected_clients", "connected_clients")
	intField("ops_per_second", "instantaneous_ops_per_sec")
	hits, hitsOK := intOr0(info, "keyspace_hits")
	misses, missesOK := intOr0(info, "keyspace_misses")
	if hitsOK {
		add("keyspace_hits", strconv.FormatInt(hits, 10))
	}
	if missesOK {
		add("keyspace_misses", strconv.FormatInt(misses, 10))
	}
	if hitsOK && missesOK && hits+misses > 0 {
		add("keyspace_hit_ratio_percent", model.FormatFloat(model.Round(100*float64(hits)/float64(hits+misses), 2)))
	}
	if hasKeysCount {
		add("keys_count", strconv.FormatInt(keysCount, 10))
	}
	upper("rdb_last_bgsave_status", "rdb_last_bgsave_status")
	upper("aof_last_bgrewrite_status", "aof_last_bgrewrite_status")
	upper("aof_last_write_status", "aof_last_write_status")
	if v, ok := info["role"]; ok && v != "" {
		add("role", strings.TrimSpace(v))
	}
	intField("connected_replicas", "connected_slaves")
	intField("total_error_replies", "total_error_replies")
	add("auth_error_count", strconv.FormatInt(errorstat(info, "errorstat_NOAUTH")+errorstat(info, "errorstat_WRONGPASS"), 10))
	intField("rejected_connections", "rejected_connections")
	return out
}

// intOr0 reads an integer field; absent is 0 (ok), unparsable is not ok.
func intOr0(info map[string]string, key string) (int64, bool) {
	v, present := info[key]
	if !present {
		return 0, true
	}
	n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
	return n, err == nil
}

// errorstat reads "count=N" of an errorstat_X line; absent or malformed is 0.
func errorstat(info map[string]string, key string) int64 {
	v, ok := info[key]
	if !ok {
		return 0
	}
	for part := range strings.SplitSeq(v, ",") {
		if n, ok := strings.CutPrefix(strings.TrimSpace(part), "count="); ok {
			c, err := strconv.ParseInt(n, 10, 64)
			if err == nil {
				return c
			}
		}
	}
	return 0
}
