package replay_test

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/rules"
	"github.com/tracker-adsb/tracker-core-health/stages/readsb/readsbtest"
	"github.com/tracker-adsb/tracker-core-health/stages/replay"
	"github.com/tracker-adsb/tracker-core-health/trafficline"
)

func set(t testing.TB, rulesFile string) *rules.Set {
	rb, err := os.ReadFile("../../bench/testdata/" + rulesFile)
	require.NoError(t, err)
	ab, err := os.ReadFile("../../bench/testdata/replay-areas.json")
	require.NoError(t, err)
	s, err := rules.Compile(&rules.Snapshot{Rules: rb, Areas: ab})
	require.NoError(t, err)
	return s
}

func joined(lines [][]byte) []byte { return append(bytes.Join(lines, []byte("\n")), '\n') }

// sequential is the replay as it was before the pipeline: encoding/json per line, and each
// notification rendered on its own. The pipeline must write the same bytes.
func sequential(t testing.TB, s *rules.Set, traffic []byte) (out, bad string) {
	engine := rules.NewEngine(s, 0)
	var o, b strings.Builder
	sc := bufio.NewScanner(bytes.NewReader(traffic))
	sc.Buffer(make([]byte, 64<<10), 4<<20)
	lineNo := 0
	var newest int64
	for sc.Scan() {
		lineNo++
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		m, err := trafficline.ParseLine([]byte(line))
		if err != nil {
			fmt.Fprintf(&b, "line %d: %v\n", lineNo, err)
			continue
		}
		if n := m.ReceivedAt.UnixNano(); n > newest {
			newest = n
		}
		if lineNo%10000 == 0 {
			engine.Expire(timeOf(newest))
		}
		for _, mt := range engine.Process(m) {
			if rules.Lagging(timeOf(newest), mt.At) {
				continue
			}
			o.Write(mt.Notification())
			o.WriteByte('\n')
		}
	}
	return o.String(), b.String()
}

func run(t testing.TB, s *rules.Set, traffic []byte, o replay.Options) (string, string, replay.Result) {
	var out, bad bytes.Buffer
	o.Engine, o.Log = rules.NewEngine(s, 0), zerolog.Nop()
	res, err := replay.Run(context.Background(), bytes.NewReader(traffic), &out, &bad, o)
	require.NoError(t, err)
	return out.String(), bad.String(), res
}

func golden(t *testing.T, name string) string {
	b, err := os.ReadFile("../../bench/testdata/replay-golden.sha256")
	require.NoError(t, err)
	for _, l := range strings.Split(string(b), "\n") {
		if f := strings.Fields(l); len(f) == 2 && f[0] == name {
			return f[1]
		}
	}
	t.Fatalf("no golden hash for %s", name)
	return ""
}

// The output is byte-identical to today's on the global snapshot (the golden hashes were taken
// from the replay before it became a pipeline) and to the sequential path.
func TestPipelineOutputIsByteIdentical(t *testing.T) {
	traffic := joined(readsbtest.GlobalTraffic(t))
	for _, name := range []string{"rare", "heavy"} {
		t.Run(name, func(t *testing.T) {
			s := set(t, "replay-"+name+"-rules.json")
			h := sha256.New() // streamed: the heavy output is 400 MB
			var bad bytes.Buffer
			res, err := replay.Run(context.Background(), bytes.NewReader(traffic), h, &bad,
				replay.Options{Engine: rules.NewEngine(s, 0), Log: zerolog.Nop()})
			require.NoError(t, err)
			require.Equal(t, golden(t, name), hex.EncodeToString(h.Sum(nil)), "byte-identical to the golden output")
			require.Empty(t, bad.String())
			require.Equal(t, 25269, res.Lines)
			if name == "heavy" {
				return // the variations below run on the rare set
			}
			out, _, _ := run(t, s, traffic, replay.Options{})
			want, _ := sequential(t, s, traffic)
			require.Equal(t, want, out)
			for _, bl := range []int{1, 7, 4096} {
				o, _, _ := run(t, s, traffic, replay.Options{BatchLines: bl, Live: bl == 7})
				require.Equal(t, out, o, "batch size %d", bl)
			}
		})
	}
}

// Bad lines: the reference decoder's texts and line numbers, in order, with the good lines
// around them replayed as usual.
func TestBadLinesKeepTheirTextsAndNumbers(t *testing.T) {
	good := readsbtest.GlobalTraffic(t)[:50]
	var lines [][]byte
	for i, l := range good {
		lines = append(lines, l)
		switch i % 10 {
		case 3:
			lines = append(lines, []byte(`{"icao_hex":"abc123"}`))
		case 5:
			lines = append(lines, []byte(`not json`), []byte(""), []byte("   "))
		case 7:
			lines = append(lines, []byte(`{"received_at":"2026-01-01T00:00:00Z","icao_hex":"abc123","altitude":"high"}`))
		}
	}
	traffic := joined(lines)
	s := set(t, "replay-heavy-rules.json")
	out, bad, res := run(t, s, traffic, replay.Options{BatchLines: 16})
	wantOut, wantBad := sequential(t, s, traffic)
	require.Equal(t, wantBad, bad)
	require.Equal(t, wantOut, out)
	require.Equal(t, 15, res.Bad)
	require.Contains(t, bad, "line 5: missing received_at")
	require.Contains(t, bad, `not a JSON object: invalid character 'o' in literal null (expecting 'u')`)
}

func TestExplainFollowsEachNotification(t *testing.T) {
	traffic := joined(readsbtest.GlobalTraffic(t))
	s := set(t, "replay-rare-rules.json")
	plain, _, _ := run(t, s, traffic, replay.Options{})
	out, _, _ := run(t, s, traffic, replay.Options{Explain: true})
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var notifications []string
	for i := 0; i < len(lines); i += 2 {
		notifications = append(notifications, lines[i])
		var n struct {
			Aircraft struct {
				IcaoHex string `json:"icao_hex"`
			} `json:"aircraft"`
			Rule struct {
				Identifier string `json:"identifier"`
			} `json:"rule"`
		}
		require.NoError(t, json.Unmarshal([]byte(lines[i]), &n))
		var e struct {
			Explain replay.Explanation `json:"explain"`
		}
		require.NoError(t, json.Unmarshal([]byte(lines[i+1]), &e), lines[i+1])
		require.Equal(t, n.Rule.Identifier, e.Explain.Rule)
		require.Equal(t, n.Aircraft.IcaoHex, e.Explain.IcaoHex)
		require.NotEmpty(t, e.Explain.Conditions)
		for _, c := range e.Explain.Conditions {
			require.True(t, c.Match, "a rule fired: every condition matched (%s)", lines[i+1])
			require.NotNil(t, c.Observed, "%s", lines[i+1])
		}
		if strings.HasPrefix(e.Explain.Rule, "low-area-") {
			require.Equal(t, "area", e.Explain.Conditions[0].Type)
			require.Equal(t, "altitude", e.Explain.Conditions[1].Type, "conditions in the order written")
			require.Equal(t, "3000", e.Explain.Conditions[1].Value)
			require.LessOrEqual(t, e.Explain.Conditions[1].Observed.(float64), 3000.0)
		}
	}
	require.Equal(t, plain, strings.Join(notifications, "\n")+"\n", "the notifications are unchanged")
}

func TestTraceSaysWhyARuleDidNotFire(t *testing.T) {
	traffic := []byte(strings.Join([]string{
		`{"received_at":"2026-03-15T12:00:00Z","icao_hex":"4ca7b5","altitude":9000,"latitude":51.47,"longitude":-0.45}`,
		`{"received_at":"2026-03-15T12:00:01Z","icao_hex":"aaaaaa","altitude":1000,"latitude":51.47,"longitude":-0.45}`,
		`{"received_at":"2026-03-15T12:00:02Z","icao_hex":"4CA7B5","altitude":2500}`,
		`{"received_at":"2026-03-15T12:00:03Z","icao_hex":"4CA7B5","altitude":2500,"latitude":51.47,"longitude":-0.45}`,
		`{"received_at":"2026-03-15T12:00:04Z","icao_hex":"4CA7B5","altitude":2000,"latitude":51.47,"longitude":-0.45}`,
		`broken`,
	}, "\n"))
	s := set(t, "replay-rare-rules.json")
	var out, bad bytes.Buffer
	res, err := replay.Trace(bytes.NewReader(traffic), &out, &bad, rules.NewEngine(s, 0), "low-area-0", "4ca7b5")
	require.NoError(t, err)
	require.Equal(t, 6, res.Lines)
	require.Equal(t, "line 6: not a JSON object: invalid character 'b' looking for beginning of value\n", bad.String())
	var got []replay.TraceLine
	for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var tl replay.TraceLine
		require.NoError(t, json.Unmarshal([]byte(l), &tl))
		got = append(got, tl)
	}
	require.Len(t, got, 4, "only the selected aircraft, every message")
	require.Equal(t, "failed: condition #1 (altitude maximum 3000)", got[0].Result)
	require.Equal(t, 9000.0, got[0].Conditions[1].Observed)
	require.True(t, got[0].Conditions[0].Match, "inside the area")
	require.Equal(t, "failed: condition #1 (altitude maximum 3000)", got[1].Result, "an altitude without a position does not change the latest altitude")
	require.Equal(t, "fired", got[2].Result)
	require.Equal(t, "already fired for this flight", got[3].Result)
	require.Equal(t, 1, res.Rules["low-area-0"].Matched)

	_, err = replay.Trace(bytes.NewReader(traffic), &out, &bad, rules.NewEngine(s, 0), "nope", "")
	require.ErrorContains(t, err, "rule 'nope'")
}

// A line over MaxLine is a bad line naming the limit; the replay reads past it and goes on,
// in any batch size and with the line split across reads.
func TestLineOverTheLimitIsSkipped(t *testing.T) {
	s, err := rules.Compile(&rules.Snapshot{Rules: []byte(`[{"identifier":"e","enabled":true,"conditions":[{"type":"squawk","operator":"equals","value":"7700"}]}]`)})
	require.NoError(t, err)
	msg := func(hex string) string {
		return `{"received_at":"2026-01-01T00:00:00Z","icao_hex":"` + hex + `","squawk":"7700","altitude":1000,"latitude":51.47,"longitude":-0.45}`
	}
	huge := `{"received_at":"2026-01-01T00:00:00Z","icao_hex":"` + strings.Repeat("A", replay.MaxLine) + `"}`
	traffic := msg("400B83") + "\n" + huge + "\n" + msg("400B84") + "\n"
	for _, lines := range []int{1, 2, 1000} {
		var out, errOut bytes.Buffer
		res, err := replay.Run(t.Context(), strings.NewReader(traffic), &out, &errOut, replay.Options{Engine: rules.NewEngine(s, 0), Log: zerolog.Nop(), BatchLines: lines})
		require.NoError(t, err)
		require.NoError(t, res.ReadErr)
		require.Equal(t, 3, res.Lines)
		require.Equal(t, 1, res.Bad)
		require.Equal(t, "line 2: the line is larger than the limit of 4 MiB (4194304 bytes): over the size limit\n", errOut.String())
		require.Contains(t, out.String(), `"icao_hex":"400B83"`)
		require.Contains(t, out.String(), `"icao_hex":"400B84"`, "the line after the long one is read")
	}
}
