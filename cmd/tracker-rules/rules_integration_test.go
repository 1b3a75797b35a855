//go:build integration

package main_test

import (
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/internal/testenv"
	"github.com/tracker-adsb/tracker-core-health/rules"
)

func bin(t *testing.T) string { return testenv.Binary(t, "tracker-rules") }

func runCmd(t *testing.T, env []string, stdin string, args ...string) (string, string, int) {
	cmd := exec.Command(bin(t), args...)
	cmd.Env = append(append(os.Environ(), "WATCH_STATE="+filepath.Join(t.TempDir(), "watch-state.json"),
		"FLIGHT_LOG="+filepath.Join(t.TempDir(), "flights.db")), env...)
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else {
		require.NoError(t, err)
	}
	return out.String(), errb.String(), code
}

func writeFile(t *testing.T, body string) string {
	f := t.TempDir() + "/f.json"
	require.NoError(t, os.WriteFile(f, []byte(body), 0o644))
	return f
}

func TestValidateExitCodesAndOneLinePerProblem(t *testing.T) {
	out, _, code := runCmd(t, nil, "", "validate", "--rules", "../../examples/rules.json", "--areas", "../../examples/areas.json")
	require.Equal(t, 0, code, out)
	require.Contains(t, out, "valid: 4 enabled rules, 2 areas")

	bad := writeFile(t, `[
	 {"identifier":"a","enabled":true,"conditions":[{"type":"area","operator":"equals","value":"NOWHERE"}]},
	 {"identifier":"ok","enabled":true,"conditions":[{"type":"squawk","operator":"equals","value":"7700"}]},
	 {"identifier":"ok","enabled":true,"conditions":[{"type":"squawk","operator":"equals","value":"7600"}]},
	 {"identifier":"c","enabled":"yes","conditions":[]}]`)
	out, _, code = runCmd(t, nil, "", "validate", "--rules", bad, "--areas", "../../examples/areas.json")
	require.Equal(t, 1, code)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Equal(t, []string{
		"Rule #0 invalid: rule 'a' condition #0: area 'NOWHERE' not found in areas config",
		"Rule #2 invalid: duplicate identifier 'ok'",
		"Rule #3 invalid: 'enabled' must be a boolean",
		"Rule #3 invalid: rule 'c': conditions must have at least 1 item (the management API refuses it)",
	}, lines)

	out, _, code = runCmd(t, nil, "", "validate", "--rules", writeFile(t, `{"x":1}`))
	require.Equal(t, 1, code)
	require.Equal(t, "Rules must be a JSON array", strings.TrimSpace(out))
}

func TestReplayIsDeterministicAndSkipsBadLines(t *testing.T) {
	traffic, err := os.ReadFile("../../examples/traffic.jsonl")
	require.NoError(t, err)
	args := []string{"replay", "--rules", "../../examples/rules.json", "--areas", "../../examples/areas.json"}
	out1, errOut, code := runCmd(t, nil, string(traffic), args...)
	require.Equal(t, 0, code, errOut)
	out2, _, _ := runCmd(t, nil, string(traffic), args...)
	require.Equal(t, out1, out2, "the same input gives the same output")
	require.Contains(t, errOut, "line 12: missing received_at")
	require.Contains(t, errOut, "rule emergency: 1 matches")
	ids := []string{}
	for _, l := range strings.Split(strings.TrimSpace(out1), "\n") {
		var n map[string]any
		require.NoError(t, json.Unmarshal([]byte(l), &n))
		ids = append(ids, n["rule"].(map[string]any)["identifier"].(string))
	}
	require.ElementsMatch(t, []string{"heathrow-low", "emergency", "military"}, ids)
}

func TestReplaySuppressesLaggingMessages(t *testing.T) {
	r := writeFile(t, `[{"identifier":"sq","enabled":true,"conditions":[{"type":"squawk","operator":"equals","value":"7700"}]}]`)
	traffic := strings.Join([]string{
		`{"received_at":"2026-01-01T00:01:00Z","icao_hex":"aaaaaa","squawk":"1200"}`,
		`{"received_at":"2026-01-01T00:00:30Z","icao_hex":"bbbbbb","squawk":"7700"}`, // exactly 30 s old: sent
		`{"received_at":"2026-01-01T00:00:29Z","icao_hex":"cccccc","squawk":"7700"}`, // 31 s old: suppressed
	}, "\n")
	out, errOut, code := runCmd(t, nil, traffic, "replay", "--rules", r)
	require.Equal(t, 0, code)
	require.Contains(t, out, `"icao_hex":"BBBBBB"`)
	require.NotContains(t, strings.ToUpper(out), "CCCCCC")
	require.Contains(t, errOut, "rule sq: 2 matches, 1 sent, 0 held, 1 suppressed")
}

func TestReplayPublishesNotRetainedAndReloadsLive(t *testing.T) {
	env := testenv.Get(t)
	env.ClearRetained(t, "Tracker/rule/#")
	r := env.Redis(t)
	ctx := t.Context()
	require.NoError(t, r.Do(ctx, r.B().Flushdb().Build()).Error())
	areas, _ := os.ReadFile("../../examples/areas.json")
	set := func(key string, body []byte) {
		require.NoError(t, r.Do(ctx, r.B().Set().Key(key).Value(string(body)).Build()).Error())
		require.NoError(t, r.Do(ctx, r.B().Set().Key(key+":version").Value(rules.Version(body)).Build()).Error())
	}
	set(rules.AreasKey, areas)
	set(rules.RulesKey, []byte(`[{"identifier":"sq","name":"Squawk","enabled":true,"conditions":[{"type":"squawk","operator":"equals","value":"7700"}]}]`))

	rec := env.Record(t, "Tracker/rule/#")
	rh, rp := testenv.Split(t, env.RedisAddr)
	mh, mp := testenv.Split(t, env.MQTTAddr)
	cmd := exec.Command(bin(t), "replay", "--from-store", "--mqtt", "--reload", "200ms")
	cmd.Env = append(os.Environ(), "STORE_HOST="+rh, "STORE_PORT="+rp, "STORE_PASSWORD="+env.RedisPassword, "MQTT_HOST="+mh, "MQTT_PORT="+mp,
		"LOG_LEVEL=info") // its reloads are waited for by their log line
	stdin, err := cmd.StdinPipe()
	require.NoError(t, err)
	var stderr testenv.Buffer
	cmd.Stderr = &stderr
	require.NoError(t, cmd.Start())
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	loaded := func() int { return strings.Count(stderr.String(), "rule set loaded") }
	require.Eventually(t, func() bool { return loaded() >= 1 }, 10*time.Second, 20*time.Millisecond, "the first rule set loaded")

	now := time.Now().UTC()
	line := func(icao, squawk string, at time.Time) {
		_, err := io.WriteString(stdin, fmt.Sprintf(`{"received_at":%q,"icao_hex":%q,"squawk":%q,"receiver_source":"1090"}`+"\n", at.Format(time.RFC3339Nano), icao, squawk))
		require.NoError(t, err)
	}
	line("aaaaaa", "7700", now)
	line("aaaaaa", "7700", now.Add(time.Second)) // same flight: no second notification
	m := rec.WaitFor("Tracker/rule/sq", 10*time.Second, nil)
	require.False(t, m.Retained)
	var n map[string]any
	require.NoError(t, json.Unmarshal([]byte(m.Payload), &n))
	require.Equal(t, "AAAAAA", n["aircraft"].(map[string]any)["icao_hex"])

	// A new rule saved with its version key is picked up live.
	set(rules.RulesKey, []byte(`[{"identifier":"sq","enabled":true,"conditions":[{"type":"squawk","operator":"equals","value":"7700"}]},
	  {"identifier":"vfr","enabled":true,"conditions":[{"type":"squawk","operator":"equals","value":"7000"}]}]`))
	require.Eventually(t, func() bool { return loaded() >= 2 }, 10*time.Second, 20*time.Millisecond, "the new rule set loaded:\n%s", stderr.String())
	line("bbbbbb", "7000", now.Add(2*time.Second))
	rec.WaitFor("Tracker/rule/vfr", 10*time.Second, nil)
	require.NoError(t, stdin.Close())
	require.NoError(t, cmd.Wait())
	require.Equal(t, 1, rec.Count("Tracker/rule/sq"), "once per flight")
	require.Contains(t, stderr.String(), "rule vfr: 1 matches, 1 sent, 0 held")

	// Trigger counts were flushed to the store.
	v, err := r.Do(ctx, r.B().Get().Key("rule_triggers:sq:lifetime").Build()).ToString()
	require.NoError(t, err)
	require.Equal(t, "1", v)
	ttl, err := r.Do(ctx, r.B().Ttl().Key(rules.TriggerDayKey("sq", now)).Build()).AsInt64()
	require.NoError(t, err)
	require.Greater(t, ttl, int64(2678000))

	late := env.Record(t, "Tracker/rule/#")
	late.Sync() // a retained message would have come before the marker
	require.Empty(t, late.All(), "notifications are never retained")
}

func TestValidateReportsBrokenPolygons(t *testing.T) {
	areas := writeFile(t, `{"type":"FeatureCollection","features":[
	 {"type":"Feature","properties":{"identifier":"OK"},"geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]]]}},
	 {"type":"Feature","properties":{"identifier":"BOW"},"geometry":{"type":"Polygon","coordinates":[[[0,0],[2,2],[2,0],[0,2],[0,0]]]}},
	 {"type":"Feature","properties":{"identifier":"LINE"},"geometry":{"type":"LineString","coordinates":[[0,0],[1,1]]}}]}`)
	r := writeFile(t, `[{"identifier":"a","enabled":true,"conditions":[{"type":"area","operator":"equals","value":"OK"}]}]`)
	out, _, code := runCmd(t, nil, "", "validate", "--rules", r, "--areas", areas)
	require.Equal(t, 1, code)
	require.Equal(t, "Area 'BOW' invalid: a ring intersects itself", strings.TrimSpace(out))
}

// Real traffic: a global readsb snapshot (8,423 aircraft, 107 flagged military in dbFlags)
// converted with from-readsb and replayed.
func TestReplayOfARealReadsbSnapshot(t *testing.T) {
	f, err := os.Open("testdata/readsb_global_20220430.json.gz")
	require.NoError(t, err)
	defer func() { _ = f.Close() }()
	zr, err := gzip.NewReader(f)
	require.NoError(t, err)
	snapshot, err := io.ReadAll(zr)
	require.NoError(t, err)
	traffic, errOut, code := runCmd(t, nil, string(snapshot), "from-readsb")
	require.Equal(t, 0, code, errOut)
	require.Contains(t, errOut, "converted 8423 aircraft")

	r := writeFile(t, `[{"identifier":"military","enabled":true,"conditions":[{"type":"military","operator":"equals","value":true}]},
	  {"identifier":"b748-high","enabled":true,"conditions":[{"type":"aircraft_type_designator","operator":"equals","value":"B748"},{"type":"altitude","operator":"minimum","value":30000}]}]`)
	out, errOut, code := runCmd(t, nil, traffic, "replay", "--rules", r)
	require.Equal(t, 0, code)
	require.Contains(t, errOut, "replayed 8423 lines (0 bad)")
	require.Contains(t, errOut, "rule military: 107 matches")
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var n map[string]any
		require.NoError(t, json.Unmarshal([]byte(l), &n))
		if n["rule"].(map[string]any)["identifier"] == "military" {
			require.Equal(t, true, n["aircraft"].(map[string]any)["military"])
		}
	}
}

func TestReplayRejectsBadDurationsAndSkipsAnOverlongLine(t *testing.T) {
	for _, args := range [][]string{
		{"replay", "--from-store", "--reload", "0"},
		{"replay", "--from-store", "--reload", "-1s"},
		{"replay", "--rules", "../../examples/rules.json", "--flight-ttl", "-5s"},
	} {
		_, errOut, code := runCmd(t, nil, "", args...)
		require.Equal(t, 2, code, "%v: %s", args, errOut)
		require.NotContains(t, errOut, "panic")
		require.Contains(t, errOut, "must")
	}

	traffic, err := os.ReadFile("../../examples/traffic.jsonl")
	require.NoError(t, err)
	long := `{"received_at":"2026-03-15T12:00:00Z","icao_hex":"abc123","ident":"` + strings.Repeat("x", 5<<20) + `"}`
	out, errOut, code := runCmd(t, nil, string(traffic)+long+"\n"+string(traffic),
		"replay", "--rules", "../../examples/rules.json", "--areas", "../../examples/areas.json")
	require.Equal(t, 0, code, errOut)
	require.Contains(t, errOut, "line 79: the line is larger than the limit of 4 MiB (4194304 bytes)")
	require.Contains(t, errOut, "replayed 157 lines (3 bad)", "the example traffic holds one bad line itself")
	without, _, withoutCode := runCmd(t, nil, string(traffic)+string(traffic),
		"replay", "--rules", "../../examples/rules.json", "--areas", "../../examples/areas.json")
	require.Equal(t, 0, withoutCode)
	require.Equal(t, without, out, "the overlong line is read past as if it were not there")
}
