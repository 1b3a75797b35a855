//go:build integration

package api_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"os"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/api"
	"github.com/tracker-adsb/tracker-core-health/rules"
	"github.com/tracker-adsb/tracker-core-health/stages/readsb"
	"github.com/tracker-adsb/tracker-core-health/stages/replay"
	"github.com/tracker-adsb/tracker-core-health/trafficline"
)

// globalSnapshot is the real readsb global snapshot, and its traffic as replay reads it: three
// rounds a second apart, moving along their tracks (so that matched_rules can see an earlier
// message of the flight).
func globalSnapshot(t *testing.T) (doc []byte, lines string) { return snapshotLines(t, raceDetector) }

// wholeGlobalSnapshot is the whole snapshot, race detector or not (tests of fixed counts).
func wholeGlobalSnapshot(t *testing.T) (doc []byte, lines string) { return snapshotLines(t, false) }

func snapshotLines(t *testing.T, third bool) (doc []byte, lines string) {
	f, err := os.Open("../cmd/tracker-rules/testdata/readsb_global_20220430.json.gz")
	require.NoError(t, err)
	defer f.Close()
	zr, err := gzip.NewReader(f)
	require.NoError(t, err)
	doc, err = io.ReadAll(zr)
	require.NoError(t, err)
	if third {
		doc = everyNthAircraft(t, doc, 3)
	}
	snap, err := readsb.Parse(bytes.NewReader(doc))
	require.NoError(t, err)
	var b strings.Builder
	for _, m := range snap.Moving(3) {
		j, err := json.Marshal(m)
		require.NoError(t, err)
		b.Write(j)
		b.WriteByte('\n')
	}
	return doc, b.String()
}

// everyNthAircraft keeps every nth aircraft of a readsb document (the race detector makes each
// request on the whole snapshot take seconds; a third of it is still real traffic with every
// kind of aircraft, and the tests compare with replay on the same lines, not with fixed counts).
func everyNthAircraft(t *testing.T, doc []byte, n int) []byte {
	var d map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(doc, &d))
	var all []json.RawMessage
	require.NoError(t, json.Unmarshal(d["aircraft"], &all))
	var kept []json.RawMessage
	for i := 0; i < len(all); i += n {
		kept = append(kept, all[i])
	}
	var err error
	d["aircraft"], err = json.Marshal(kept)
	require.NoError(t, err)
	out, err := json.Marshal(d)
	require.NoError(t, err)
	return out
}

var europe = map[string]any{"type": "Polygon", "coordinates": [][][]float64{{{-10, 35}, {30, 35}, {30, 60}, {-10, 60}, {-10, 35}}}}

// The rule test agrees with tracker-rules replay: the same aircraft, on the same triggering
// message, for every kind of rule, on the real global snapshot; and it never writes.
func TestRuleTestAgreesWithReplay(t *testing.T) {
	t.Parallel() // its own Redis (setup): the slow rule tests overlap
	f := setup(t, "")
	doc, lines := globalSnapshot(t)
	code, _, raw := f.do("POST", "/api/areas", area("EUROPE", europe))
	require.Equal(t, 201, code, string(raw))
	cond := func(typ, op string, v any) map[string]any {
		return map[string]any{"type": typ, "operator": op, "value": v}
	}
	stored := []map[string]any{
		rule("low-europe", cond("area", "equals", "EUROPE"), cond("altitude", "maximum", 10000)),
		rule("high", cond("altitude", "minimum", 40000)),
		rule("vfr", cond("squawk", "equals", "7000")),
		rule("mil", cond("military", "equals", true)),
		rule("mil-then-fast", cond("matched_rules", "in_list", []string{"mil"}), cond("velocity", "minimum", 300)),
		rule("not-high", cond("matched_rules", "not_in_list", []string{"high"}), cond("altitude", "minimum", 39000)),
	}
	for _, r := range stored {
		code, _, raw := f.do("POST", "/api/rules", r)
		require.Equal(t, 201, code, string(raw))
	}
	before := versions(t, f)

	// What replay prints, per rule, on the same lines.
	rulesBody, err := json.Marshal(stored)
	require.NoError(t, err)
	areasBody := f.versionMatches(rules.AreasKey)
	set, err := rules.Compile(&rules.Snapshot{Rules: rulesBody, Areas: areasBody})
	require.NoError(t, err)
	var out, errOut bytes.Buffer
	_, err = replay.Run(t.Context(), strings.NewReader(lines), &out, &errOut, replay.Options{Engine: rules.NewEngine(set, 0), Log: zerolog.Nop()})
	require.NoError(t, err)
	want := map[string][]string{}
	for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var n struct {
			Aircraft struct {
				IcaoHex string `json:"icao_hex"`
			} `json:"aircraft"`
			LastMessage string                      `json:"last_message"`
			Rule        struct{ Identifier string } `json:"rule"`
		}
		require.NoError(t, json.Unmarshal([]byte(l), &n))
		want[n.Rule.Identifier] = append(want[n.Rule.Identifier], n.Aircraft.IcaoHex+"@"+n.LastMessage)
	}

	for _, r := range stored {
		id := r["identifier"].(string)
		t.Run(id, func(t *testing.T) {
			require.NotEmpty(t, want[id], "the global snapshot fires %s in replay", id)
			code, got, raw := f.do("POST", "/api/rules/test", map[string]any{"rule": r, "traffic": lines})
			require.Equal(t, 200, code, string(raw))
			var res struct {
				Messages, Aircraft, Fired int
				Matches                   []struct {
					IcaoHex     string `json:"icao_hex"`
					ReceivedAt  string `json:"received_at"`
					LastMessage string `json:"last_message"`
					Conditions  []struct {
						Type  string `json:"type"`
						Match bool   `json:"match"`
					} `json:"conditions"`
				}
			}
			require.NoError(t, json.Unmarshal(raw, &res))
			// Replay's notification carries the flight's latest message (last_message); the
			// test names the triggering message. They agree on the aircraft, and the trigger
			// is never later than the flight's latest message (they differ only where two
			// readsb entries share an address, as ~36509d and 36509d do here).
			last := map[string]string{}
			for _, w := range want[id] {
				hex, at, _ := strings.Cut(w, "@")
				last[hex] = at
			}
			var have, wantHex []string
			for _, m := range res.Matches {
				have = append(have, m.IcaoHex)
				require.LessOrEqual(t, m.ReceivedAt, last[m.IcaoHex], "%s fired no later than its flight's latest message", m.IcaoHex)
				require.Equal(t, last[m.IcaoHex], m.LastMessage, "the notification's last_message, as replay prints it")
				for _, c := range m.Conditions {
					require.True(t, c.Match, "every condition held when it fired")
				}
			}
			for hex := range last {
				wantHex = append(wantHex, hex)
			}
			sort.Strings(have)
			sort.Strings(wantHex)
			require.Equal(t, wantHex, have, "the same aircraft as replay")
			same := 0
			for _, m := range res.Matches {
				if last[m.IcaoHex] == m.ReceivedAt {
					same++
				}
			}
			require.GreaterOrEqual(t, same, len(res.Matches)-1, "on the same messages, but for a shared address")
			require.Equal(t, len(want[id]), res.Fired)
			require.Equal(t, strings.Count(lines, "\n"), res.Messages)
			require.Equal(t, "given", got["traffic"])
		})
	}

	// The readsb document itself (recognised by its aircraft key): one message per aircraft.
	code, _, raw = f.do("POST", "/api/rules/test", map[string]any{"rule": stored[3], "traffic": string(doc)})
	require.Equal(t, 200, code, string(raw))
	var one struct{ Fired, Messages int }
	require.NoError(t, json.Unmarshal(raw, &one))
	require.Equal(t, len(want["mil"])/1, one.Fired, "military aircraft fire once per flight either way")
	require.Equal(t, strings.Count(lines, "\n")/3, one.Messages)

	require.Equal(t, before, versions(t, f), "a test never writes to the store")
}

// When nothing matches, each condition says how many messages it let through on its own;
// an edited rule replaces the stored one of its identifier for the test only.
func TestRuleTestCountsEachConditionAndWritesNothing(t *testing.T) {
	t.Parallel() // its own Redis (setup): the slow rule tests overlap
	f := setup(t, "")
	_, lines := globalSnapshot(t)
	cond := func(typ, op string, v any) map[string]any {
		return map[string]any{"type": typ, "operator": op, "value": v}
	}
	code, _, raw := f.do("POST", "/api/rules", rule("r", cond("altitude", "minimum", 40000)))
	require.Equal(t, 201, code, string(raw))
	before := versions(t, f)
	edited := rule("r", cond("altitude", "minimum", 40000), cond("squawk", "equals", "7700"), cond("ident", "equals", "NOBODY1"))
	code, _, raw = f.do("POST", "/api/rules/test", map[string]any{"rule": edited, "traffic": lines})
	require.Equal(t, 200, code, string(raw))
	var res struct {
		Fired      int
		Conditions []struct {
			Type     string
			Matching int `json:"messages_matching"`
		}
	}
	require.NoError(t, json.Unmarshal(raw, &res))
	require.Zero(t, res.Fired)
	require.Len(t, res.Conditions, 3)
	require.Equal(t, "altitude", res.Conditions[0].Type)
	require.Greater(t, res.Conditions[0].Matching, 100, "plenty of aircraft above 40,000 ft")
	require.Zero(t, res.Conditions[2].Matching, "nobody is NOBODY1")
	require.Equal(t, before, versions(t, f), "the stored rule is unchanged")
}

// The rule test decides each match as watch would (CONTRACT.md 10.2): a cap of 5 an hour
// sends 5 and holds the rest (rate_limit); a mute in the store holds every match (muted).
func TestRuleTestShowsTheDelivery(t *testing.T) {
	t.Parallel() // its own Redis (setup): the slow rule tests overlap
	f := setup(t, "")
	_, lines := globalSnapshot(t)
	r := rule("high", map[string]any{"type": "altitude", "operator": "minimum", "value": 40000})
	r["notify"] = map[string]any{"max_per_hour": 5}
	type result struct {
		Fired, Held int
		Matches     []struct {
			Delivery *struct{ State, Reason, Until string }
		}
	}
	test := func() result {
		code, _, raw := f.do("POST", "/api/rules/test", map[string]any{"rule": r, "traffic": lines})
		require.Equal(t, 200, code, string(raw))
		var res result
		require.NoError(t, json.Unmarshal(raw, &res))
		return res
	}
	res := test()
	require.Greater(t, res.Fired, 5)
	require.Equal(t, res.Fired-5, res.Held)
	sent := 0
	for _, m := range res.Matches {
		require.NotNil(t, m.Delivery)
		if m.Delivery.State == "sent" {
			sent++
		} else {
			require.Equal(t, "rate_limit", m.Delivery.Reason)
		}
	}
	require.Equal(t, 5, sent)

	code, _, raw := f.do("POST", "/api/rules", rule("high", map[string]any{"type": "altitude", "operator": "minimum", "value": 40000}))
	require.Equal(t, 201, code, string(raw))
	code, _, raw = f.do("POST", "/api/mutes", map[string]any{"rule": "high", "minutes": 30})
	require.Equal(t, 201, code, string(raw))
	res = test()
	require.Equal(t, res.Fired, res.Held, "all muted")
	require.Equal(t, "muted", res.Matches[0].Delivery.Reason)
}

// A rule's quiet hours without a timezone of their own are NOTIFY_TIMEZONE's in the test as in
// watch (CONTRACT.md 10.1): in Berlin a message at 05:30 UTC on 1 July is 07:30, after quiet
// hours of 22:00–07:00, and sent; one at 04:30 UTC (06:30) is held until 07:00 Berlin time.
func TestRuleTestQuietHoursAreNotifyTimezones(t *testing.T) {
	t.Parallel()
	berlin, err := time.LoadLocation("Europe/Berlin")
	require.NoError(t, err)
	f := setupWith(t, api.Options{Zone: berlin})
	r := rule("low", map[string]any{"type": "altitude", "operator": "maximum", "value": 5000})
	r["notify"] = map[string]any{"quiet_hours": []any{map[string]any{"from": "22:00", "to": "07:00"}}}
	for _, tc := range []struct {
		at, state, until string
	}{
		{"2026-07-01T05:30:00Z", "sent", ""},
		{"2026-07-01T04:30:00Z", "held", "2026-07-01T05:00:00"},
	} {
		line := `{"received_at":"` + tc.at + `","icao_hex":"ABCDEF","altitude":3000,"latitude":52.5,"longitude":13.4}`
		code, _, raw := f.do("POST", "/api/rules/test", map[string]any{"rule": r, "traffic": line})
		require.Equal(t, 200, code, string(raw))
		var res struct {
			Matches []struct{ Delivery struct{ State, Until string } }
		}
		require.NoError(t, json.Unmarshal(raw, &res))
		require.Len(t, res.Matches, 1, string(raw))
		require.Equal(t, tc.state, res.Matches[0].Delivery.State, "%s: %s", tc.at, raw)
		require.True(t, strings.HasPrefix(res.Matches[0].Delivery.Until, tc.until), "%s: until %s", tc.at, res.Matches[0].Delivery.Until)
	}
}

// The test endpoint answers as a save would on a bad rule (422, 400), 400 on traffic it
// cannot read (naming the first bad line), and 413 over its own 32 MiB limit.
func TestRuleTestRefusesBadInput(t *testing.T) {
	t.Parallel() // its own Redis (setup): the slow rule tests overlap
	f := setup(t, "")
	cond := func(typ, op string, v any) map[string]any {
		return map[string]any{"type": typ, "operator": op, "value": v}
	}
	code, _, raw := f.do("POST", "/api/rules/test", map[string]any{"rule": rule("r", cond("altitude", "maximum", 70000))})
	require.Equal(t, 422, code, string(raw))
	require.Contains(t, string(raw), `"loc":["body","conditions",0,"value"]`)
	code, body, _ := f.do("POST", "/api/rules/test", map[string]any{"rule": rule("r", cond("area", "equals", "NOWHERE"))})
	require.Equal(t, 400, code)
	require.Contains(t, body["detail"], "area 'NOWHERE' not found in areas config")
	code, body, _ = f.do("POST", "/api/rules/test", map[string]any{"rule": rule("r"),
		"traffic": "{\"received_at\":\"2026-01-01T00:00:00Z\",\"icao_hex\":\"400B83\"}\n\nnot json\n"})
	require.Equal(t, 400, code)
	require.Contains(t, body["detail"], "line 3")
	code, body, _ = f.do("POST", "/api/rules/test", map[string]any{"rule": rule("r"),
		"traffic": "{\"received_at\":\"2026-01-01T00:00:00Z\",\"icao_hex\":\"400B83\"}\n" + strings.Repeat("x", trafficline.MaxLine+1) + "\n"})
	require.Equal(t, 400, code)
	require.Contains(t, body["detail"], "traffic line 2: the line is larger than the limit of 4 MiB (4194304 bytes)")
	code, _, _ = f.do("POST", "/api/rules/test", `{"traffic":""}`)
	require.Equal(t, 422, code, "a rule is required")
	big := `{"rule":` + strings.Repeat(" ", api.MaxTestBody) + `1}`
	code, body, _ = f.do("POST", "/api/rules/test", big)
	require.Equal(t, 413, code)
	require.Contains(t, body["detail"], "33554432")
	// Under the limit, a body larger than the other endpoints' is taken.
	code, _, raw = f.do("POST", "/api/rules/test", map[string]any{"rule": rule("r"), "traffic": strings.Repeat("\n", 2<<20)})
	require.Equal(t, 200, code, string(raw))
}

// versions are the stored bodies and version keys.
func versions(t *testing.T, f *fixture) []string {
	var out []string
	for _, k := range []string{rules.RulesKey, rules.RulesKey + ":version", rules.AreasKey, rules.AreasKey + ":version"} {
		v, _ := f.r.Do(t.Context(), f.r.B().Get().Key(k).Build()).ToString()
		out = append(out, v)
	}
	return out
}
