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

// Stat is one computed store statistic: its field and its typed value (a reading without
// an entity yet; the stage gives it the catalogue's).
type Stat struct {
	Field string
	Value model.Reading
}

// Statistics computes the curated store statistics of CONTRACT.md 4.3 from INFO and
// MEMORY STATS. A statistic whose source field is absent or unparsable is skipped.
func Statistics(info map[string]string, keysCount int64, hasKeysCount bool) []Stat {
	var out []Stat
	add := func(field string, r model.Reading) { out = append(out, Stat{field, r}) }
	addInt := func(field string, n int64) { add(field, model.IntState(nil, n)) }
	intField := func(field, src string) {
		if v, ok := info[src]; ok {
			if n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64); err == nil {
				addInt(field, n)
			}
		}
	}
	upper := func(field, src string) {
		if v, ok := info[src]; ok && strings.TrimSpace(v) != "" {
			add(field, model.TextState(nil, strings.ToUpper(strings.TrimSpace(v))))
		}
	}
	intField("used_memory_bytes", "used_memory")
	if v, ok := info["used_memory_peak_perc"]; ok {
		// nan and inf are not numbers (Redis reports nan% before any peak): skipped, never 0.
		if f, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(v), "%"), 64); err == nil && !math.IsNaN(f) && !math.IsInf(f, 0) {
			add("used_memory_peak_percent", model.FloatState(nil, f))
		}
	}
	intField("connected_clients", "connected_clients")
	intField("ops_per_second", "instantaneous_ops_per_sec")
	hits, hitsOK := intOr0(info, "keyspace_hits")
	misses, missesOK := intOr0(info, "keyspace_misses")
	if hitsOK {
		addInt("keyspace_hits", hits)
	}
	if missesOK {
		addInt("keyspace_misses", misses)
	}
	if hitsOK && missesOK && hits+misses > 0 {
		add("keyspace_hit_ratio_percent", model.FloatState(nil, model.Round(100*float64(hits)/float64(hits+misses), 2)))
	}
	if hasKeysCount {
		addInt("keys_count", keysCount)
	}
	upper("rdb_last_bgsave_status", "rdb_last_bgsave_status")
	upper("aof_last_bgrewrite_status", "aof_last_bgrewrite_status")
	upper("aof_last_write_status", "aof_last_write_status")
	if v, ok := info["role"]; ok && v != "" {
		add("role", model.TextState(nil, strings.TrimSpace(v)))
	}
	intField("connected_replicas", "connected_slaves")
	intField("total_error_replies", "total_error_replies")
	addInt("auth_error_count", errorstat(info, "errorstat_NOAUTH")+errorstat(info, "errorstat_WRONGPASS"))
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
