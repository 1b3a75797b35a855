//go:build integration

package api_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/rs/zerolog"
	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/api"
	"github.com/tracker-adsb/tracker-core-health/config"
	"github.com/tracker-adsb/tracker-core-health/internal/testenv"
	"github.com/tracker-adsb/tracker-core-health/rules"
	"github.com/tracker-adsb/tracker-core-health/stages/keeper"
	"github.com/tracker-adsb/tracker-core-health/stages/readsb"
	"github.com/tracker-adsb/tracker-core-health/stages/replay"
)

// londonFeed serves the real London snapshot as a receiver's aircraft.json.
func londonFeed(t *testing.T) (*httptest.Server, *readsb.Snapshot) {
	raw, err := os.ReadFile("../examples/readsb-london.json")
	require.NoError(t, err)
	snap, err := readsb.Parse(bytes.NewReader(raw))
	require.NoError(t, err)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(raw)
	}))
	t.Cleanup(srv.Close)
	return srv, snap
}

// replayed is what tracker-rules replay prints for rule id on the snapshot's traffic with the
// example rules and areas: the aircraft, sorted.
func replayed(t *testing.T, snap *readsb.Snapshot, id string) []string {
	rulesBody, err := os.ReadFile("../examples/rules.json")
	require.NoError(t, err)
	areasBody, err := os.ReadFile("../examples/areas.json")
	require.NoError(t, err)
	set, err := rules.Compile(&rules.Snapshot{Rules: rulesBody, Areas: areasBody})
	require.NoError(t, err)
	var lines bytes.Buffer
	for _, m := range snap.Messages(nil) {
		b, err := json.Marshal(m)
		require.NoError(t, err)
		lines.Write(append(b, '\n'))
	}
	var out, errOut bytes.Buffer
	_, err = replay.Run(t.Context(), &lines, &out, &errOut, replay.Options{Engine: rules.NewEngine(set, 0), Log: zerolog.Nop()})
	require.NoError(t, err)
	var hexes []string
	for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var n struct {
			Aircraft struct {
				IcaoHex string `json:"icao_hex"`
			} `json:"aircraft"`
			Rule struct{ Identifier string } `json:"rule"`
		}
		require.NoError(t, json.Unmarshal([]byte(l), &n))
		if n.Rule.Identifier == id {
			hexes = append(hexes, n.Aircraft.IcaoHex)
		}
	}
	sort.Strings(hexes)
	return hexes
}

// A user who has never seen the command line: the aircraft of their receiver on the map, an
// airport to draw against, a rule tested on the traffic before it is saved (the same aircraft
// replay would alert on), why a rule matches nothing, and the recent notifications.
func TestUITrafficRuleTestAndMatches(t *testing.T) {
	env := browserTest(t) // its own Redis and Mosquitto: empty
	r := env.Redis(t)
	feed, snap := londonFeed(t)
	traffic := keeper.NewTraffic(feed.URL+"/data/aircraft.json", 200*time.Millisecond, 30*time.Minute, nopLog())
	mh, mp := testenv.Split(t, env.MQTTAddr)
	matches := keeper.NewMatches(config.MQTT{MQTTHost: mh, MQTTPort: testenv.Atoi(t, mp)}, nopLog())
	defer runKeepers(t, traffic, matches)()
	srv := httptest.NewServer(newServer(t, api.NewStore(r, "", nopLog()), api.Options{Traffic: traffic, Matches: matches}).Handler())
	t.Cleanup(srv.Close)
	f := &fixture{t: t, srv: srv, r: r}
	loadExamples(f)
	require.Eventually(t, func() bool { return traffic.Len() == len(snap.Messages(nil)) }, 10*time.Second, 50*time.Millisecond)
	shots := t.TempDir()
	if os.Getenv("UPDATE_SCREENSHOTS") == "1" {
		shots = "../docs"
	}
	b := newBrowser(t, srv.URL)
	tab := b.tab()
	shot := func(name string) {
		settleForDocs(600 * time.Millisecond)
		var png []byte
		b.run(tab, chromedp.CaptureScreenshot(&png)) // the pages fit the window
		require.NoError(t, os.WriteFile(filepath.Join(shots, "ui-"+name+".png"), png, 0o644))
	}

	// The traffic layer: every positioned aircraft of the snapshot, at its place.
	b.open(tab, "areas")
	var want []string
	for _, m := range snap.Messages(nil) {
		if m.Latitude != nil && m.Longitude != nil {
			want = append(want, strings.ToUpper(m.IcaoHex))
		}
	}
	sort.Strings(want)
	var onMap []string
	require.Eventually(t, func() bool {
		b.run(tab, chromedp.Evaluate(`[...document.querySelectorAll('#map .aircraft')].map(e => e.dataset.hex).sort()`, &onMap))
		return len(onMap) == len(want)
	}, 15*time.Second, 200*time.Millisecond, "aircraft on the map: %v", onMap)
	require.Equal(t, want, onMap)
	b.waitText(tab, ".traffic-status", "aircraft")

	// The airports layer and the search box: EGLL labelled at Heathrow.
	b.run(tab, chromedp.SendKeys("#map-search", "LHR", chromedp.ByQuery), chromedp.Submit("#map-search", chromedp.ByQuery))
	b.run(tab, chromedp.WaitVisible(`#map .airport-label[data-icao="EGLL"]`, chromedp.ByQuery))
	// The label is drawn again as the map settles (it can be gone for a moment between two
	// reads), so the check is asked until it holds.
	require.Eventually(t, func() bool {
		var near bool
		b.run(tab, chromedp.Evaluate(`(() => { const c = document.querySelector('#map').getBoundingClientRect();
			const label = document.querySelector('#map .airport-label[data-icao="EGLL"]');
			if (!label) return false;
			const e = label.getBoundingClientRect();
			return Math.abs((e.left + e.right) / 2 - (c.left + c.right) / 2) < 150 && Math.abs((e.top + e.bottom) / 2 - (c.top + c.bottom) / 2) < 150; })()`, &near))
		return near
	}, 10*time.Second, 200*time.Millisecond, "the map is centred on Heathrow, and EGLL is labelled there")
	shot("traffic")

	// "Test rule" on the example heathrow-low: the aircraft replay alerts on.
	b.open(tab, "rules")
	b.run(tab, press(`button[aria-label="Edit rule heathrow-low"]`), press("#rule-test"))
	b.waitText(tab, "#rule-test-summary", "aircraft would match")
	wantHeathrow := replayed(t, snap, "heathrow-low")
	require.NotEmpty(t, wantHeathrow)
	var listed []string
	b.run(tab, chromedp.Evaluate(`[...document.querySelectorAll('#rule-test-matches tbody tr')].map(r => r.dataset.hex).sort()`, &listed))
	require.Equal(t, wantHeathrow, listed, "the same aircraft as tracker-rules replay")
	b.waitText(tab, "#rule-test-summary", "of 44 aircraft would match")
	var drawn int
	require.Eventually(t, func() bool {
		b.run(tab, chromedp.Evaluate(`document.querySelectorAll('#rule-test-map .aircraft.match').length`, &drawn))
		return drawn == len(wantHeathrow)
	}, 10*time.Second, 100*time.Millisecond, "their positions are on the map: %d of %d", drawn, len(wantHeathrow))
	var label string
	b.run(tab, chromedp.Evaluate(`document.querySelector('#rule-test-results').getAttribute('aria-label')`, &label))
	require.Equal(t, "Test results", label)
	shot("rule-test")

	// An unsaved rule that matches nothing: each condition with its count, nothing stored.
	versionBefore, _ := storedJSON(t, r, rules.RulesKey)
	b.run(tab, press("#rule-cancel"), press("#rule-new"),
		chromedp.SendKeys("#rule-identifier", "nothing", chromedp.ByQuery))
	b.run(tab, choose("#rule-conditions li:first-child select", "squawk"))
	b.run(tab, chromedp.SendKeys(`#rule-conditions li:first-child .value input`, "7777", chromedp.ByQuery), press("#rule-test"))
	b.waitText(tab, "#rule-test-summary", "0 of 44 aircraft would match")
	b.waitText(tab, "#rule-test-conditions", "squawk equals 7777")
	var hidden bool
	b.run(tab, chromedp.Evaluate(`document.querySelector('#rule-test-conditions').hidden`, &hidden))
	require.False(t, hidden, "the per-condition counts say why nothing matched")
	versionAfter, _ := storedJSON(t, r, rules.RulesKey)
	require.Equal(t, versionBefore, versionAfter, "a test writes nothing")

	// "Test on a file…": the London traffic as JSON lines.
	file := filepath.Join(t.TempDir(), "london.jsonl")
	var lines bytes.Buffer
	for _, m := range snap.Messages(nil) {
		j, _ := json.Marshal(m)
		lines.Write(append(j, '\n'))
	}
	require.NoError(t, os.WriteFile(file, lines.Bytes(), 0o644))
	b.run(tab, chromedp.SetUploadFiles("#rule-test-file-input", []string{file}, chromedp.ByQuery))
	b.waitText(tab, "#rule-test-summary", "london.jsonl")

	// A notification published to Tracker/rule/x appears on the Matches page.
	rec := env.Record(t, "Tracker/rule/#")
	require.Eventually(t, func() bool {
		code, body, _ := f.do("GET", "/api/matches", nil)
		return code == 200 && body["mqtt"] == "connected"
	}, 10*time.Second, 100*time.Millisecond)
	rec.Publish("Tracker/rule/x", `{"aircraft":{"icao_hex":"400B83","registration":"G-EUUA"},"ident":"BAW12","operator":{"name":"British Airways"},"rule":{"identifier":"x","name":"","description":""}}`, false)
	f.kept(1)
	b.open(tab, "matches")
	b.waitText(tab, "#matches-rows", "G-EUUA")
	b.waitText(tab, "#matches-rows", "BAW12")
	b.waitText(tab, "#matches-rows", "British Airways")
	shot("matches")
	// A new match appears by itself while the page is open (no Refresh), newest first.
	rec.Publish("Tracker/rule/y", `{"aircraft":{"icao_hex":"4CA2D1","registration":"EI-DWF"},"ident":"RYR7NT","rule":{"identifier":"y","name":"","description":""}}`, false)
	b.waitText(tab, "#matches-rows tr:first-child", "RYR7NT")
	var n int
	b.run(tab, chromedp.Evaluate(`document.querySelectorAll('#matches-rows tr').length`, &n))
	require.Equal(t, 2, n, "redrawn, not appended")

	require.Empty(t, b.problems(), "no console errors")
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, u := range b.requests {
		require.True(t, strings.HasPrefix(u, srv.URL) || strings.HasPrefix(u, "data:") || strings.HasPrefix(u, "blob:"), "no request leaves the machine: %s", u)
	}
}
