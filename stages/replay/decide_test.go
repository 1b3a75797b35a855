package replay_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/rules"
	"github.com/tracker-adsb/tracker-core-health/stages/replay"
)

func compile(t testing.TB, rulesJSON string) *rules.Set {
	t.Helper()
	s, err := rules.Compile(&rules.Snapshot{Rules: []byte(rulesJSON), Zone: time.UTC})
	require.NoError(t, err)
	return s
}

// notification is what a test reads of a replayed notification line.
type notification struct {
	Aircraft struct {
		IcaoHex string `json:"icao_hex"`
	} `json:"aircraft"`
	Squawk       string   `json:"squawk"`
	LastMessage  string   `json:"last_message"`
	MatchedRules []string `json:"matched_rules"`
	Rule         struct {
		Identifier string `json:"identifier"`
	} `json:"rule"`
	Delivery *struct {
		State  string `json:"state"`
		Reason string `json:"reason"`
	} `json:"delivery"`
}

func notifications(t *testing.T, out string) []notification {
	t.Helper()
	var got []notification
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		if l == "" {
			continue
		}
		var n notification
		require.NoError(t, json.Unmarshal([]byte(l), &n), l)
		got = append(got, n)
	}
	return got
}

// CONTRACT.md 10.2, an emergency after a hold: a flight held for quiet hours that squawks 7700
// a minute later is sent, once, with reason emergency and matched_rules unchanged; a rule
// whose bypass is off stays held; the trigger count is not counted again.
func TestEmergencyAfterAHoldIsSentOnce(t *testing.T) {
	s := compile(t, `[
		{"identifier":"night","name":"Night","enabled":true,"conditions":[{"type":"altitude","operator":"minimum","value":0}],
		 "notify":{"timezone":"UTC","quiet_hours":[{"from":"22:00","to":"06:00"}]}},
		{"identifier":"strict","name":"Strict","enabled":true,"conditions":[{"type":"altitude","operator":"minimum","value":0}],
		 "notify":{"timezone":"UTC","quiet_hours":[{"from":"22:00","to":"06:00"}],"emergency_bypass":false}}]`)
	traffic := []byte(strings.Join([]string{
		`{"received_at":"2026-11-26T23:00:00Z","icao_hex":"AAAAAA","altitude":3000,"latitude":51.5,"longitude":-0.1,"squawk":"1000"}`,
		`{"received_at":"2026-11-26T23:00:30Z","icao_hex":"AAAAAA","altitude":3000,"latitude":51.5,"longitude":-0.1,"squawk":"1000"}`,
		`{"received_at":"2026-11-26T23:01:00Z","icao_hex":"AAAAAA","altitude":3000,"latitude":51.5,"longitude":-0.1,"squawk":"7700"}`,
		`{"received_at":"2026-11-26T23:01:30Z","icao_hex":"AAAAAA","altitude":3000,"latitude":51.5,"longitude":-0.1,"squawk":"7700"}`,
		`{"received_at":"2026-11-26T23:02:00Z","icao_hex":"BBBBBB","altitude":3000,"latitude":51.5,"longitude":-0.1,"squawk":"7600"}`,
	}, "\n") + "\n")
	out, _, res := run(t, s, traffic, replay.Options{})
	got := notifications(t, out)
	require.Len(t, got, 5, out)
	for i, want := range []struct{ rule, icao, state, reason string }{
		{"night", "AAAAAA", "held", "quiet_hours"},
		{"strict", "AAAAAA", "held", "quiet_hours"},
		{"night", "AAAAAA", "sent", "emergency"}, // the 7700 message: once
		{"night", "BBBBBB", "sent", ""},          // an emergency from the start: the bypass
		{"strict", "BBBBBB", "held", "quiet_hours"},
	} {
		n := got[i]
		require.Equal(t, want.rule, n.Rule.Identifier, "notification %d", i)
		require.Equal(t, want.icao, n.Aircraft.IcaoHex, "notification %d", i)
		require.Equal(t, want.state, n.Delivery.State, "notification %d", i)
		require.Equal(t, want.reason, n.Delivery.Reason, "notification %d", i)
	}
	require.Equal(t, "7700", got[2].Squawk, "the flight as it is then")
	require.Equal(t, "2026-11-26T23:01:00+00:00", got[2].LastMessage)
	require.Equal(t, []string{"night", "strict"}, got[2].MatchedRules, "matched_rules unchanged")
	require.Equal(t, replay.RuleStats{Matched: 2, Sent: 2, Held: 0}, *res.Rules["night"], "the held match moved to sent")
	require.Equal(t, replay.RuleStats{Matched: 2, Held: 2}, *res.Rules["strict"])
}

// CONTRACT.md 10.2: trace decides exactly as replay. The repro: max_per_hour 1, 0000AA
// at 12:00, 0000BB at 12:10: replay holds 0000BB, and so must trace --icao 0000BB.
func TestTraceDecidesAsReplay(t *testing.T) {
	s := compile(t, `[{"identifier":"cap","enabled":true,"conditions":[{"type":"altitude","operator":"minimum","value":0}],"notify":{"max_per_hour":1}}]`)
	traffic := []byte(`{"received_at":"2026-11-26T12:00:00Z","icao_hex":"0000AA","altitude":1000,"latitude":51.5,"longitude":-0.1}
{"received_at":"2026-11-26T12:10:00Z","icao_hex":"0000BB","altitude":1000,"latitude":51.5,"longitude":-0.1}
`)
	var out, bad bytes.Buffer
	_, err := replay.Trace(bytes.NewReader(traffic), &out, &bad, rules.NewEngine(s, 0), "cap", "0000BB")
	require.NoError(t, err)
	var tl replay.TraceLine
	require.NoError(t, json.Unmarshal(out.Bytes(), &tl))
	require.Equal(t, "fired", tl.Result)
	require.JSONEq(t, `{"state":"held","reason":"rate_limit"}`, string(tl.Delivery))
}

// A property over generated traffic: for every rule and aircraft, trace's decision of each
// firing equals replay's (caps and cooldowns across aircraft, lagging messages, emergencies
// after holds, flights split by the TTL).
func TestTraceAgreesWithReplayOnEveryDecision(t *testing.T) {
	s := compile(t, `[
		{"identifier":"cap","enabled":true,"conditions":[{"type":"altitude","operator":"minimum","value":0}],"notify":{"max_per_hour":3}},
		{"identifier":"cool","enabled":true,"conditions":[{"type":"altitude","operator":"maximum","value":5000}],"notify":{"cooldown_minutes":20}},
		{"identifier":"quiet","enabled":true,"conditions":[{"type":"altitude","operator":"minimum","value":2000}],
		 "notify":{"timezone":"UTC","quiet_hours":[{"from":"12:30","to":"13:00"}],"max_per_hour":5}},
		{"identifier":"plain","enabled":true,"conditions":[{"type":"altitude","operator":"minimum","value":8000}]}]`)
	rng := rand.New(rand.NewPCG(7, 11))
	start := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	var lines []string
	for i := range 3000 {
		at := start.Add(time.Duration(i) * 2 * time.Second)
		if rng.IntN(20) == 0 { // late: sometimes within the lag, sometimes beyond it
			at = at.Add(-time.Duration(rng.IntN(60)) * time.Second)
		}
		squawk := "1000"
		if rng.IntN(40) == 0 {
			squawk = "7700"
		}
		lines = append(lines, fmt.Sprintf(`{"received_at":"%s","icao_hex":"%06X","altitude":%d,"latitude":51.5,"longitude":-0.1,"squawk":"%s"}`,
			at.Format(time.RFC3339), 0xA00000+rng.IntN(40), rng.IntN(12000), squawk))
	}
	traffic := []byte(strings.Join(lines, "\n") + "\n")
	out, _, _ := run(t, s, traffic, replay.Options{})
	type key struct{ rule, icao, at string }
	fromReplay := map[key]string{}
	for _, n := range notifications(t, out) {
		d := "none"
		if n.Delivery != nil {
			d = n.Delivery.State + "/" + n.Delivery.Reason
		}
		fromReplay[key{n.Rule.Identifier, n.Aircraft.IcaoHex, n.LastMessage}] += d + ";"
	}
	require.NotEmpty(t, fromReplay)
	compared, held := 0, 0
	for _, id := range []string{"cap", "cool", "quiet", "plain"} {
		for _, icao := range []string{"A00003", "A00011", "A00027"} {
			var tout, bad bytes.Buffer
			_, err := replay.Trace(bytes.NewReader(traffic), &tout, &bad, rules.NewEngine(s, 0), id, icao)
			require.NoError(t, err)
			for _, l := range strings.Split(strings.TrimSpace(tout.String()), "\n") {
				var tl replay.TraceLine
				require.NoError(t, json.Unmarshal([]byte(l), &tl))
				if tl.Result != "fired" && tl.Result != "held match sent for an emergency" || tl.Suppressed {
					continue
				}
				d := "none"
				if len(tl.Delivery) > 0 {
					var v struct{ State, Reason string }
					require.NoError(t, json.Unmarshal(tl.Delivery, &v))
					d = v.State + "/" + v.Reason
				}
				k := key{id, icao, tl.ReceivedAt}
				compared++
				if strings.HasPrefix(d, "held") {
					held++
				}
				require.Contains(t, fromReplay[k], d+";", "rule %s, %s at %s: trace says %s, replay %q", id, icao, tl.ReceivedAt, d, fromReplay[k])
			}
		}
	}
	t.Logf("%d decisions compared, %d held", compared, held)
	require.Greater(t, compared, 30, "the property saw decisions")
	require.Positive(t, held, "and holds among them")
}

// CONTRACT.md 11.4: a notification shows the entry of the first list the firing rule names
// (as written), else the aircraft's first list in id order; rules firing on the same message
// each show their own.
func TestNotificationShowsTheEntryOfTheListTheRuleNames(t *testing.T) {
	lists := `{"alpha":{"name":"A","entries":[{"icao_hex":"AAAAAA","category":"From A"}]},
		"beta":{"name":"B","entries":[{"icao_hex":"AAAAAA","category":"From B","link":"https://b.example/"}]}}`
	s, err := rules.Compile(&rules.Snapshot{Zone: time.UTC, Watchlists: []byte(lists), Rules: []byte(`[
		{"identifier":"on-beta","enabled":true,"conditions":[{"type":"watchlist","operator":"in_list","value":["beta","alpha"]}]},
		{"identifier":"on-alpha","enabled":true,"conditions":[{"type":"watchlist","operator":"equals","value":"alpha"}]},
		{"identifier":"any","enabled":true,"conditions":[{"type":"altitude","operator":"minimum","value":0}]}]`)})
	require.NoError(t, err)
	traffic := []byte(`{"received_at":"2026-11-26T12:00:00Z","icao_hex":"AAAAAA","altitude":1000,"latitude":51.5,"longitude":-0.1}` + "\n")
	out, _, _ := run(t, s, traffic, replay.Options{})
	shown := map[string]string{}
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var n struct {
			Aircraft struct {
				Watchlist struct{ List, Category, Link string } `json:"watchlist"`
			} `json:"aircraft"`
			Rule struct{ Identifier string } `json:"rule"`
		}
		require.NoError(t, json.Unmarshal([]byte(l), &n))
		shown[n.Rule.Identifier] = n.Aircraft.Watchlist.List + "/" + n.Aircraft.Watchlist.Category + "/" + n.Aircraft.Watchlist.Link
	}
	require.Equal(t, map[string]string{"on-beta": "beta/From B/https://b.example/", "on-alpha": "alpha/From A/", "any": "alpha/From A/"}, shown)
}
