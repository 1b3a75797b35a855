package store_test

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/sinks/mqtt"
	"github.com/tracker-adsb/tracker-core-health/stages/store"
)

func stats(info map[string]string, keys int64, hasKeys bool) map[string]string {
	out := map[string]string{}
	for _, s := range store.Statistics(info, keys, hasKeys) {
		out[s.Field] = mqtt.Text(&s.Value) // as published (CONTRACT.md 4.3)
	}
	return out
}

func TestParseInfoCaptures(t *testing.T) {
	for _, name := range []string{"redis_info_everything.txt", "redis_info_everything_resp3_raw.txt"} {
		t.Run(name, func(t *testing.T) {
			b, err := os.ReadFile("testdata/" + name)
			require.NoError(t, err)
			text := string(b)
			if strings.HasPrefix(text, "=") { // raw RESP3 verbatim string: drop the length line
				_, text, _ = strings.Cut(text, "\r\n")
			}
			info := store.ParseInfo(text)
			require.Equal(t, "7.0.15", info["redis_version"])
			got := stats(info, 52, true)
			require.Equal(t, "OK", got["rdb_last_bgsave_status"])
			require.Equal(t, "OK", got["aof_last_write_status"])
			require.Equal(t, "master", got["role"])
			require.Equal(t, "52", got["keys_count"])
			require.Equal(t, "0", got["auth_error_count"], "errorstat_ERR is not an auth error")
			require.NotContains(t, got, "version")
			for _, f := range []string{"used_memory_bytes", "used_memory_peak_percent", "connected_clients", "ops_per_second",
				"keyspace_hits", "keyspace_misses", "keyspace_hit_ratio_percent", "connected_replicas", "total_error_replies", "rejected_connections"} {
				require.Contains(t, got, f)
				require.NotContains(t, got[f], "\r", f)
			}
		})
	}
}

func TestStoreStatisticsTransforms(t *testing.T) {
	cases := []struct {
		name  string
		info  map[string]string
		field string
		want  string // "" = skipped
	}{
		{"peak percent strips %", map[string]string{"used_memory_peak_perc": "94.94%"}, "used_memory_peak_percent", "94.94"},
		{"peak percent whole", map[string]string{"used_memory_peak_perc": "50%"}, "used_memory_peak_percent", "50.0"},
		{"peak percent unparsable skipped", map[string]string{"used_memory_peak_perc": "n/a%"}, "used_memory_peak_percent", ""},
		{"peak percent nan skipped", map[string]string{"used_memory_peak_perc": "nan%"}, "used_memory_peak_percent", ""},
		{"peak percent -nan skipped", map[string]string{"used_memory_peak_perc": "-nan%"}, "used_memory_peak_percent", ""},
		{"peak percent inf skipped", map[string]string{"used_memory_peak_perc": "inf%"}, "used_memory_peak_percent", ""},
		{"hit ratio", map[string]string{"keyspace_hits": "3", "keyspace_misses": "1"}, "keyspace_hit_ratio_percent", "75.0"},
		{"hit ratio two decimals", map[string]string{"keyspace_hits": "2", "keyspace_misses": "1"}, "keyspace_hit_ratio_percent", "66.67"},
		{"hit ratio skipped on zero", map[string]string{"keyspace_hits": "0", "keyspace_misses": "0"}, "keyspace_hit_ratio_percent", ""},
		{"hits absent is 0", map[string]string{}, "keyspace_hits", "0"},
		{"misses absent is 0", map[string]string{}, "keyspace_misses", "0"},
		{"auth errors summed", map[string]string{"errorstat_NOAUTH": "count=2", "errorstat_WRONGPASS": "count=5", "errorstat_ERR": "count=9"}, "auth_error_count", "7"},
		{"auth errors absent", map[string]string{}, "auth_error_count", "0"},
		{"status upper-cased", map[string]string{"aof_last_bgrewrite_status": "err"}, "aof_last_bgrewrite_status", "ERR"},
		{"replicas from connected_slaves", map[string]string{"connected_slaves": "2"}, "connected_replicas", "2"},
		{"absent field skipped", map[string]string{}, "used_memory_bytes", ""},
		{"absent role skipped", map[string]string{}, "role", ""},
		{"non-integer skipped", map[string]string{"connected_clients": "many"}, "connected_clients", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := stats(tc.info, 0, false)
			if tc.want == "" {
				require.NotContains(t, got, tc.field)
				return
			}
			require.Equal(t, tc.want, got[tc.field])
		})
	}
	require.NotContains(t, stats(map[string]string{}, 0, false), "keys_count", "keys_count needs MEMORY STATS")
}

func TestParseRegistration(t *testing.T) {
	cases := []struct {
		name    string
		in      string
		want    []store.Source
		wantErr bool
	}{
		{"bare array", `[{"host":"192.168.10.5","port":30002,"source":"1090"}]`, []store.Source{{"192.168.10.5", "30002"}}, false},
		{"port as string", `[{"host":"h","port":"30005"}]`, []store.Source{{"h", "30005"}}, false},
		{"null host dropped", `[{"host":null,"port":1},{"host":"a","port":2}]`, []store.Source{{"a", "2"}}, false},
		{"missing port dropped", `[{"host":"a"}]`, []store.Source{}, false},
		{"non-object element dropped", `[1,"x",{"host":"a","port":3}]`, []store.Source{{"a", "3"}}, false},
		{"empty array", `[]`, []store.Source{}, false},
		{"not JSON", `{{{`, nil, true},
		{"wrapped object", `{"sources":[{"host":"a","port":1}]}`, nil, true},
		{"string", `"a:1"`, nil, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := store.ParseRegistration([]byte(tc.in))
			if tc.wantErr {
				require.Error(t, err)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, got)
		})
	}
}

func TestCounterKeys(t *testing.T) {
	require.Equal(t, "metrics:receiver:rx-1:192-168-10-5_30002:messages:hour", store.ReceiverCounterKey("rx-1", "192.168.10.5", "30002", "hour"))
	require.Equal(t, "metrics:receiver:r:mp-1_ok_1:messages:today", store.ReceiverCounterKey("r", "mp-1_ok", "1", "today"))
	require.Equal(t, "metrics:message_processor:mp-1:operator_misses:today", store.ProcessorCounterKey("mp-1", "operator_misses", "today"))
}
