//go:build integration

package api_test

import (
	"bytes"
	"encoding/json"
	"sort"
	"strings"
	"testing"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/aircraftdb"
	"github.com/tracker-adsb/tracker-core-health/aircraftdb/shipped"
	"github.com/tracker-adsb/tracker-core-health/api"
	"github.com/tracker-adsb/tracker-core-health/enrich"
	"github.com/tracker-adsb/tracker-core-health/rules"
	"github.com/tracker-adsb/tracker-core-health/stages/readsb"
	"github.com/tracker-adsb/tracker-core-health/stages/replay"
)

// The heavy-and-fast rule on the global snapshot: the rule test (the readsb document
// uploaded) and replay --enrich (the same traffic as lines) match the same 541 aircraft, of
// which 518 are notified and 23 are older than the 30 s lag limit.
func TestRuleTestEnrichesAsReplayDoes(t *testing.T) {
	t.Parallel() // its own Redis (setup): the slow rule tests overlap
	db, err := shipped.Load()
	require.NoError(t, err)
	f := setupWith(t, api.Options{AircraftDB: aircraftdb.Fixed(db)})
	doc, _ := wholeGlobalSnapshot(t)
	heavy := rule("heavy-fast",
		map[string]any{"type": "wake_turbulence_category", "operator": "equals", "value": "heavy"},
		map[string]any{"type": "velocity", "operator": "minimum", "value": 450})

	code, _, raw := f.do("POST", "/api/rules/test", map[string]any{"rule": heavy, "traffic": string(doc)})
	require.Equal(t, 200, code, string(raw))
	var res struct {
		Fired, Suppressed int
		Matches           []struct {
			IcaoHex string `json:"icao_hex"`
		}
	}
	require.NoError(t, json.Unmarshal(raw, &res))
	require.Equal(t, 518, res.Fired)
	require.Equal(t, 23, res.Suppressed)

	// replay --enrich on the same traffic.
	snap, err := readsb.Parse(bytes.NewReader(doc))
	require.NoError(t, err)
	var lines strings.Builder
	for _, m := range snap.Messages(nil) {
		j, err := json.Marshal(m)
		require.NoError(t, err)
		lines.Write(j)
		lines.WriteByte('\n')
	}
	body, err := json.Marshal([]any{heavy})
	require.NoError(t, err)
	set, err := rules.Compile(&rules.Snapshot{Rules: body})
	require.NoError(t, err)
	engine := rules.NewEngine(set, 0)
	engine.SetEnricher(enrich.New(aircraftdb.Fixed(db), zerolog.Nop()))
	var out, errOut bytes.Buffer
	rr, err := replay.Run(t.Context(), strings.NewReader(lines.String()), &out, &errOut, replay.Options{Engine: engine, Log: zerolog.Nop()})
	require.NoError(t, err)
	require.Equal(t, 541, rr.Rules["heavy-fast"].Matched)
	require.Equal(t, 518, rr.Rules["heavy-fast"].Sent)

	var fromReplay, fromTest []string
	for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var n struct {
			Aircraft struct {
				IcaoHex string `json:"icao_hex"`
			} `json:"aircraft"`
		}
		require.NoError(t, json.Unmarshal([]byte(l), &n))
		fromReplay = append(fromReplay, n.Aircraft.IcaoHex)
	}
	for _, m := range res.Matches {
		fromTest = append(fromTest, m.IcaoHex)
	}
	sort.Strings(fromReplay)
	sort.Strings(fromTest)
	require.Equal(t, fromReplay, fromTest, "the same aircraft notified")
}

// An operator rule matches only with the database; each match's conditions observed the
// enriched value.
func TestRuleTestOperatorNeedsTheDatabase(t *testing.T) {
	t.Parallel() // its own Redis (setup): the slow rule tests overlap
	doc, _ := globalSnapshot(t)
	ezy := rule("easyjet", map[string]any{"type": "operator_airline_designator", "operator": "equals", "value": "EZY"})
	fired := func(opts api.Options) (int, []byte) {
		f := setupWith(t, opts)
		code, _, raw := f.do("POST", "/api/rules/test", map[string]any{"rule": ezy, "traffic": string(doc)})
		require.Equal(t, 200, code, string(raw))
		var res struct{ Fired, Suppressed int }
		require.NoError(t, json.Unmarshal(raw, &res))
		return res.Fired + res.Suppressed, raw
	}
	none, _ := fired(api.Options{})
	require.Zero(t, none, "no database: the operator is never known")
	db, err := shipped.Load()
	require.NoError(t, err)
	n, raw := fired(api.Options{AircraftDB: aircraftdb.Fixed(db)})
	snap, err := readsb.Parse(bytes.NewReader(doc))
	require.NoError(t, err)
	want := 0
	for _, m := range snap.Messages(nil) {
		if d, ok := enrich.Designator(m.Ident); ok && d == "EZY" {
			want++
		}
	}
	require.Positive(t, want)
	require.Equal(t, want, n, "every aircraft flying an EZY callsign")
	require.Contains(t, string(raw), `"observed":"EZY"`)
}
