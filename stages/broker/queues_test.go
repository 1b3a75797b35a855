package broker_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/stages/broker"
)

// The fast queue-list decoder reads every real capture itself, with the reference decoder's
// result.
func TestFastQueuesReadsTheCaptures(t *testing.T) {
	files, err := filepath.Glob("testdata/*queue*.json")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, f := range files {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		if !strings.HasPrefix(strings.TrimSpace(string(b)), "[") {
			continue // a single queue's object, not a list
		}
		want, err := broker.ReferenceQueues(b)
		require.NoError(t, err, f)
		got, ok := broker.FastQueues(b)
		require.True(t, ok, "%s took the reference path", f)
		require.Equal(t, want, got, f)
	}
}

// Both decoders agree on every input, and the fast one hands what it does not read exactly
// as encoding/json would to the reference (whose error the poll then reports).
func TestFastQueuesAgreesWithTheReference(t *testing.T) {
	const q = `{"name":"tracker-archive","consumers":2,"consumer_utilisation":0.5,"messages_ready":7,` +
		`"messages_unacknowledged":1,"state":"running","memory":100,"message_bytes":20,` +
		`"message_stats":{"publish_details":{"rate":1.5},"deliver_details":{"rate":2},"ack_details":{"rate":3.25},"redeliver_details":{"rate":0}}}`
	tests := []struct {
		name, body string
		fast       bool // read by the fast path
		err        bool // the reference fails
	}{
		{"a queue", `[` + q + `]`, true, false},
		{"empty", ` [ ] `, true, false},
		{"null list", `null`, true, false},
		{"null element", `[null,` + q + `]`, true, false},
		{"foreign queues skipped", `[{"name":"other","consumers":1},` + q + `]`, true, false},
		{"absent fields", `[{"name":"tracker-message-processor-p1"}]`, true, false},
		{"capacity when no utilisation", `[{"name":"tracker-archive","consumer_capacity":0.25}]`, true, false},
		{"null and string numbers are absent", `[{"name":"tracker-archive","consumers":null,"memory":"12","messages_ready":{"a":1}}]`, true, false},
		{"null stats and details", `[{"name":"tracker-archive","message_stats":null},{"name":"tracker-adsb-x","message_stats":{"ack_details":null}}]`, true, false},
		{"unknown keys and values skipped", `[{"x":[1,{"y":"\"z\\u00e9"}],"name":"tracker-archive","rate":true,"message_stats":{"q":{},"ack_details":{"samples":[],"rate":4}}}]`, true, false},
		{"white space", "[\n {\n \"name\" : \"tracker-archive\" ,\n \"consumers\" : 3 }\n]\n", true, false},
		{"unicode name", `[{"name":"tracker-adsb-Zürich"}]`, true, false},
		{"escaped name", `[{"name":"tracker-adsb-\u00e9\"x"}]`, false, false},
		{"key in another case", `[{"Name":"tracker-archive"}]`, false, false},
		{"repeated key", `[{"name":"x","name":"tracker-archive"}]`, false, false},
		{"repeated stats merge", `[{"name":"tracker-archive","message_stats":{"ack_details":{"rate":1}},"message_stats":{"publish_details":{"rate":2}}}]`, false, false},
		{"huge number", `[{"name":"tracker-archive","consumers":1e999}]`, false, false},
		{"name not a string", `[{"name":5}]`, false, true},
		{"stats not an object", `[{"name":"tracker-archive","message_stats":[]}]`, false, true},
		{"element not an object", `[1]`, false, true},
		{"not a list", `{"name":"tracker-archive"}`, false, true},
		{"truncated", `[` + q[:len(q)/2], false, true},
		{"trailing garbage", `[` + q + `]x`, false, true},
		{"bad number", `[{"name":"tracker-archive","consumers":01}]`, false, true},
		{"bad escape in skipped value", `[{"x":"\q","name":"tracker-archive"}]`, false, true},
		{"invalid UTF-8 name", "[{\"name\":\"tracker-adsb-\xff\"}]", false, false},
		{"empty body", ``, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want, err := broker.ReferenceQueues([]byte(tt.body))
			require.Equal(t, tt.err, err != nil, "reference error: %v", err)
			got, ok := broker.FastQueues([]byte(tt.body))
			require.Equal(t, tt.fast, ok, "fast path")
			if ok {
				require.Equal(t, want, got)
			}
		})
	}
}

// The queues outlive the response buffer, which the next poll overwrites.
func TestParsedQueuesOwnTheirStrings(t *testing.T) {
	body := []byte(`[{"name":"tracker-archive","state":"weird"},{"name":"tracker-adsb-a","state":"running"}]`)
	got, ok := broker.FastQueues(body)
	require.True(t, ok)
	for i := range body {
		body[i] = 'x'
	}
	require.Equal(t, "tracker-archive", got[0].Name)
	require.Equal(t, "weird", got[0].State)
	require.Equal(t, "tracker-adsb-a", got[1].Name)
	require.Equal(t, "running", got[1].State)
}

// FuzzQueues: on any input the fast path either agrees with the reference or leaves it to it.
func FuzzQueues(f *testing.F) {
	for _, s := range []string{`[]`, `null`, `[{"name":"tracker-archive","consumers":1,"message_stats":{"ack_details":{"rate":2}}}]`,
		`[{"name":"tracker-adsb-x","state":"idle","x":[{"a":"\u0041"}]}]`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		got, ok := broker.FastQueues(b)
		if !ok {
			return
		}
		want, err := broker.ReferenceQueues(b)
		require.NoError(t, err)
		require.Equal(t, want, got)
	})
}
