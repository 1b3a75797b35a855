package store_test

import (
	"bytes"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/redis/rueidis"
	"github.com/redis/rueidis/mock"
	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/stages/store"
)

// FuzzInfo: INFO's text, seeded from the real replies (RESP2 and RESP3). Whatever it holds,
// the parser and the statistics never panic, and every statistic computed is a finite
// number or a text, for a field of the contract's list.
func FuzzInfo(f *testing.F) {
	for _, name := range []string{"redis_info_everything.txt", "redis_info_everything_resp3_raw.txt"} {
		b, err := os.ReadFile("testdata/" + name)
		require.NoError(f, err)
		f.Add(string(b))
	}
	f.Add("# Server\r\nredis_version:7.0.15\r\nused_memory:x\r\nmaxmemory:0\r\nkeyspace_hits:-1\r\nkeyspace_misses:1e400\r\n")
	f.Add("txt:used_memory:1\nused_memory_peak:0\ninstantaneous_ops_per_sec:NaN\n")
	f.Fuzz(func(t *testing.T, text string) {
		info := store.ParseInfo(text)
		for k := range info {
			require.NotContains(t, k, "\n")
		}
		for _, st := range store.Statistics(info, 7, true) {
			require.NotEmpty(t, st.Field)
			if st.Value.Type == model.FloatValue {
				v := st.Value.Float()
				require.False(t, math.IsNaN(v) || math.IsInf(v, 0), "%s = %v from %q", st.Field, v, text)
			}
		}
	})
}

// FuzzMemoryStats: a MEMORY STATS reply as raw RESP (seeded from the real RESP2 and RESP3
// replies), read into the client's message type; keys.count is found when it is an integer
// under its name, at the top level of a map or a flat array, and nothing panics.
func FuzzMemoryStats(f *testing.F) {
	for _, name := range []string{"redis_memory_stats_resp2_raw.txt", "redis_memory_stats_resp3_raw.txt"} {
		b, err := os.ReadFile("testdata/" + name)
		require.NoError(f, err)
		f.Add(b)
	}
	f.Add([]byte("*2\r\n$10\r\nkeys.count\r\n:-3\r\n"))
	f.Add([]byte("%1\r\n+keys.count\r\n$2\r\n12\r\n"))
	f.Fuzz(func(t *testing.T, raw []byte) {
		r := &resp{b: raw}
		m, ok := r.read(0)
		if !ok {
			return
		}
		got, err := store.KeysCount(m)
		want, wantOK := keysCountOracle(m)
		require.Equal(t, wantOK, err == nil, "%q: %v", raw, err)
		if wantOK {
			require.Equal(t, want, got)
		}
	})
}

// keysCountOracle looks for keys.count the slow way.
func keysCountOracle(m rueidis.RedisMessage) (int64, bool) {
	var kv []rueidis.RedisMessage
	if m.IsMap() || m.IsArray() {
		kv, _ = m.ToArray()
		if m.IsMap() {
			mp, _ := m.AsMap()
			v, ok := mp["keys.count"]
			if !ok {
				return 0, false
			}
			n, err := v.AsInt64()
			return n, err == nil
		}
	} else {
		return 0, false
	}
	var (
		n     int64
		found bool
		ok    bool
	)
	for i := 0; i+1 < len(kv); i += 2 {
		if k, err := kv[i].ToString(); err == nil && k == "keys.count" {
			found = true
			v, err := kv[i+1].AsInt64()
			n, ok = v, err == nil
		}
	}
	return n, found && ok
}

// resp reads one RESP2/RESP3 value into the client's message type (the mock package builds
// them), the way the server would have sent it; false for anything malformed or deeper than
// a few levels.
type resp struct{ b []byte }

func (r *resp) line() (byte, string, bool) {
	i := bytes.Index(r.b, []byte("\r\n"))
	if i < 1 {
		return 0, "", false
	}
	typ, s := r.b[0], string(r.b[1:i])
	r.b = r.b[i+2:]
	return typ, s, true
}

func (r *resp) read(depth int) (rueidis.RedisMessage, bool) {
	var zero rueidis.RedisMessage
	if depth > 4 {
		return zero, false
	}
	typ, s, ok := r.line()
	if !ok {
		return zero, false
	}
	switch typ {
	case '+':
		return mock.RedisString(s), true
	case '-':
		return mock.RedisError(s), true
	case ':':
		n, err := strconv.ParseInt(s, 10, 64)
		return mock.RedisInt64(n), err == nil
	case ',':
		v, err := strconv.ParseFloat(s, 64)
		return mock.RedisFloat64(v), err == nil
	case '#':
		return mock.RedisBool(s == "t"), s == "t" || s == "f"
	case '_':
		return mock.RedisNil(), s == ""
	case '$', '=':
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 || n+2 > len(r.b) || string(r.b[n:n+2]) != "\r\n" {
			return zero, false
		}
		v := string(r.b[:n])
		r.b = r.b[n+2:]
		if typ == '=' {
			v = strings.TrimPrefix(v, "txt:")
		}
		return mock.RedisBlobString(v), true
	case '*', '%':
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 || n > 1024 {
			return zero, false
		}
		if typ == '%' {
			kv := make(map[string]rueidis.RedisMessage, n)
			for range n {
				k, ok := r.read(depth + 1)
				if !ok {
					return zero, false
				}
				key, err := k.ToString()
				v, ok := r.read(depth + 1)
				if err != nil || !ok {
					return zero, false
				}
				kv[key] = v
			}
			return mock.RedisMap(kv), true
		}
		vs := make([]rueidis.RedisMessage, 0, n)
		for range n {
			v, ok := r.read(depth + 1)
			if !ok {
				return zero, false
			}
			vs = append(vs, v)
		}
		return mock.RedisArray(vs...), true
	}
	return zero, false
}

// The real replies, read through the same path: keys.count is found in both protocols.
func TestMemoryStatsCaptures(t *testing.T) {
	for _, name := range []string{"redis_memory_stats_resp2_raw.txt", "redis_memory_stats_resp3_raw.txt"} {
		b, err := os.ReadFile("testdata/" + name)
		require.NoError(t, err)
		m, ok := (&resp{b: b}).read(0)
		require.True(t, ok, name)
		n, err := store.KeysCount(m)
		require.NoError(t, err, name)
		require.Positive(t, n, name)
	}
}

// FuzzReceiverRegistration: a receiver's registration entry as another component wrote it.
// Whatever it holds: no panic, and every source kept has a host and a port (they name the
// receiver's counters' keys and entities).
func FuzzReceiverRegistration(f *testing.F) {
	for _, s := range []string{`[{"host":"192.168.1.20","port":30005}]`, `[{"host":"a","port":"1"},{"host":null,"port":1},{}]`,
		`{"host":"a"}`, `[{"host":"x/#","port":1.5e3}]`, `[{"host":"","port":-1}]`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		srcs, err := store.ParseRegistration(b)
		if err != nil {
			return
		}
		for _, s := range srcs {
			require.NotEmpty(t, s.Host)
			require.NotEmpty(t, s.Port)
		}
	})
}
