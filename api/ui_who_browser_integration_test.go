//go:build integration

package api_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/aircraftdb"
	"github.com/tracker-adsb/tracker-core-health/aircraftdb/shipped"
	"github.com/tracker-adsb/tracker-core-health/api"
	"github.com/tracker-adsb/tracker-core-health/config"
	"github.com/tracker-adsb/tracker-core-health/enrich"
	"github.com/tracker-adsb/tracker-core-health/internal/testenv"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/stages/keeper"
)

// Who and where, as a user sees them (issue 33), over real Redis, Mosquitto and a local feed
// serving the London snapshot: a traffic card with registration, model, operator and route;
// "easy" in the operator field offers EZY; "Test rule" with operator EZY lists the snapshot's
// easyJet flights with their models; a notification on Tracker/rule/x on the Matches page, and
// again after the API restarted. Screenshots at 1366×768 and on a 390 px wide phone.
func TestUIWhoAndWhere(t *testing.T) {
	env := browserTest(t) // its own Redis and Mosquitto: empty
	r := env.Redis(t)
	db, err := shipped.Load()
	require.NoError(t, err)
	src := aircraftdb.Fixed(db)
	_, snap := londonFeed(t)
	feed := liveLondonFeed(t)
	mh, mp := testenv.Split(t, env.MQTTAddr)
	serve := func() (*httptest.Server, func()) {
		var cancel func()
		traffic := keeper.NewTraffic(feed.URL+"/data/aircraft.json", 200*time.Millisecond, 30*time.Minute, nopLog())
		traffic.EnrichWith(src, model.DetailStandard, nil, nopLog())
		matches := keeper.NewMatches(config.MQTT{MQTTHost: mh, MQTTPort: testenv.Atoi(t, mp)}, nopLog())
		matches.KeepIn(r)
		matches.PositionsFrom(traffic)
		cancel = runKeepers(t, traffic, matches)
		srv := httptest.NewServer(newServer(t, api.NewStore(r, "", nopLog()), api.Options{Traffic: traffic, Matches: matches,
			AircraftDB: src, Tar1090URL: "http://receiver.local/tar1090"}).Handler())
		require.Eventually(t, func() bool { return traffic.Len() >= len(snap.Messages(nil)) }, 10*time.Second, 50*time.Millisecond)
		return srv, func() { srv.Close(); cancel() }
	}
	srv, stop := serve()
	f := &fixture{t: t, srv: srv, r: r}
	loadExamples(f)
	shots := t.TempDir()
	if os.Getenv("UPDATE_SCREENSHOTS") == "1" {
		shots = "../docs"
	}
	b := newBrowser(t, srv.URL)
	tab := b.tab()
	shot := func(name string) {
		settleForDocs(600 * time.Millisecond)
		var png []byte
		b.run(tab, chromedp.CaptureScreenshot(&png))
		require.NoError(t, os.WriteFile(filepath.Join(shots, "ui-"+name+".png"), png, 0o644))
	}
	b.run(tab, chromedp.EmulateViewport(1366, 768))

	// The traffic card of an airline flight of the snapshot: EZY16EG, Palma → London Luton.
	b.open(tab, "areas")
	b.run(tab, chromedp.WaitVisible(`#map .aircraft[data-hex="407689"]`, chromedp.ByQuery))
	b.waitText(tab, `#map .aircraft[data-hex="407689"] .aircraft-label`, "EZY16EG") // redrawn every 5 s
	// A click on the marker (wherever the map has it: the element's own click, not a position).
	b.run(tab, chromedp.Evaluate(`document.querySelector('#map .aircraft[data-hex="407689"]').click()`, nil))
	b.waitText(tab, ".leaflet-popup .aircraft-card", "Easyjet")
	card := b.text(tab, ".leaflet-popup .aircraft-card")
	a, _ := enrich.Aircraft(db, 0x407689, "")
	require.Contains(t, card, a.Registration)
	require.Contains(t, card, "AIRBUS A-320neo")
	require.Contains(t, card, "PMI")
	require.Contains(t, card, "LTN")
	require.Contains(t, card, "Open in tar1090")
	var href string
	b.run(tab, chromedp.Evaluate(`document.querySelector('.leaflet-popup .aircraft-card a.tar1090').href`, &href))
	require.Equal(t, "http://receiver.local/tar1090/?icao=407689", href)
	shot("traffic-card")

	// The operator field suggests as the user types.
	b.open(tab, "rules")
	b.run(tab, press("#rule-new"), chromedp.SendKeys("#rule-identifier", "easyjet", chromedp.ByQuery))
	b.run(tab, choose("#rule-conditions li:first-child select", "operator_airline_designator"))
	b.run(tab, chromedp.SendKeys(`#rule-conditions li:first-child .value input`, "easy", chromedp.ByQuery))
	var offered []string
	require.Eventually(t, func() bool {
		b.run(tab, chromedp.Evaluate(`[...document.querySelectorAll('#rule-conditions li:first-child datalist option')].map(o => o.textContent)`, &offered))
		for _, o := range offered {
			if strings.HasPrefix(o, "EZY — ") {
				return true
			}
		}
		return false
	}, 10*time.Second, 100*time.Millisecond, "offered: %v", offered)
	// The code typed whole: its name beside it; then "Test rule" on the kept traffic.
	b.run(tab, chromedp.Evaluate(`document.querySelector('#rule-conditions li:first-child .value input').value = ''`, nil),
		chromedp.SendKeys(`#rule-conditions li:first-child .value input`, "EZY", chromedp.ByQuery))
	b.waitText(tab, "#rule-conditions li:first-child .code-name", "Easyjet")
	b.run(tab, press("#rule-test"))
	b.waitText(tab, "#rule-test-summary", "aircraft would match")
	var rows [][]string
	b.run(tab, chromedp.Evaluate(`[...document.querySelectorAll('#rule-test-matches tbody tr')].map(r => [...r.cells].slice(0, 6).map(c => c.textContent))`, &rows))
	var want int
	for _, m := range snap.Messages(nil) {
		if d, ok := enrich.Designator(m.Ident); ok && d == "EZY" {
			want++
		}
	}
	require.Positive(t, want)
	require.Len(t, rows, want, "every easyJet flight of the snapshot")
	for _, row := range rows {
		require.True(t, strings.HasPrefix(row[1], "EZY"), "%v", row)
		require.NotEmpty(t, row[2], "registration of %v", row)
		require.NotEmpty(t, row[3], "model of %v", row)
		require.Contains(t, row[4], "Easyjet")
	}
	shot("rule-test-who")
	var link string
	b.run(tab, chromedp.Evaluate(`document.querySelector('#rule-test-matches-link a').getAttribute('href')`, &link))
	require.Equal(t, "#matches?rule=easyjet", link, "the test links to the rule's matches")

	// A notification on Tracker/rule/x: on the Matches page, and again after the API restarted.
	rec := env.Record(t, "Tracker/rule/#")
	require.Eventually(t, func() bool {
		code, body, _ := f.do("GET", "/api/matches", nil)
		return code == 200 && body["mqtt"] == "connected"
	}, 10*time.Second, 100*time.Millisecond)
	rec.Publish("Tracker/rule/x", `{"aircraft":{"icao_hex":"407689","registration":"G-UZHF","manufacturer_model":"AIRBUS A-320neo"},"ident":"EZY16EG",`+
		`"operator":{"airline_designator":"EZY","name":"easyJet"},"origin":{"icao_code":"LEPA","iata_code":"PMI","city":"Palma"},`+
		`"destination":{"icao_code":"EGGW","iata_code":"LTN","city":"London"},"rule":{"identifier":"x","name":"","description":""}}`, false)
	f.kept(1)
	b.open(tab, "matches")
	b.waitText(tab, "#matches-rows", "EZY16EG")
	b.waitText(tab, "#matches-rows", "PMI Palma → LTN London")
	b.waitText(tab, "#matches-rows", "23950 ft") // where the receiver saw it: a notification has no position
	b.run(tab, press("#matches-rows tr"))
	b.run(tab, chromedp.WaitVisible(`#matches-map .aircraft.match[data-hex="407689"]`, chromedp.ByQuery))
	shot("matches-who")
	// The page leaves the server before it stops: its timers (the traffic refresh) would
	// otherwise hit a closed port, an error the page would rightly log.
	b.run(tab, chromedp.Navigate("about:blank"))
	stop()
	srv, stop = serve() // the API restarted: the same store
	defer stop()
	b.base = srv.URL
	b.open(tab, "matches")
	b.waitText(tab, "#matches-rows", "G-UZHF")
	b.waitText(tab, "#matches-rows", "AIRBUS A-320neo")
	b.run(tab, chromedp.Evaluate(`document.querySelector('#matches-rows a').getAttribute('href')`, &link))
	require.Equal(t, "#rules?edit=x", link, "a match links to its rule's editor")
	b.run(tab, chromedp.Navigate(srv.URL+"/#matches?rule=x"), chromedp.WaitVisible(`body[data-ready="matches"]`, chromedp.ByQuery))
	b.waitText(tab, "#matches-rows", "EZY16EG")
	var selected string
	b.run(tab, chromedp.Evaluate(`document.querySelector('#matches-rule').value`, &selected))
	require.Equal(t, "x", selected, "#matches?rule= selects the rule")

	// A phone: the Matches page and the rule editor still work at 390 px.
	b.run(tab, chromedp.EmulateViewport(390, 844))
	b.open(tab, "matches")
	b.waitText(tab, "#matches-rows", "EZY16EG")
	var overflow bool
	b.run(tab, chromedp.Evaluate(`document.documentElement.scrollWidth > window.innerWidth + 1`, &overflow))
	require.False(t, overflow, "the page fits 390 px (wide tables scroll inside)")
	shot("matches-phone")
	b.open(tab, "rules")
	b.run(tab, press("#rule-new"))
	shot("rules-phone")
	var outside []string
	b.run(tab, chromedp.Evaluate(`[...document.querySelectorAll('body *')].filter(e => !e.closest('.table-scroll') && e.getClientRects().length && e.getBoundingClientRect().right > window.innerWidth + 1).slice(0, 8).map(e => e.tagName + '#' + e.id + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right))`, &outside))
	require.Empty(t, outside, "the rules page fits 390 px (the rule list scrolls inside)")
	var wide []string
	b.run(tab, chromedp.Evaluate(`[...document.querySelectorAll('#rule-form *')].filter(e => e.getBoundingClientRect().right > window.innerWidth + 1).slice(0, 8).map(e => e.tagName + '#' + e.id + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right))`, &wide))
	require.Empty(t, wide, "every field of the rule editor fits 390 px")
	require.Empty(t, b.problems(), "no console errors")
}

// liveLondonFeed serves the London snapshot as a live receiver would: its "now" is the present,
// so that the traffic's times and the notifications' are one clock.
func liveLondonFeed(t *testing.T) *httptest.Server {
	raw, err := os.ReadFile("../examples/readsb-london.json")
	require.NoError(t, err)
	var doc map[string]any
	require.NoError(t, json.Unmarshal(raw, &doc))
	var mu sync.Mutex // requests come concurrently (a test's servers share the feed)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		doc["now"] = float64(time.Now().UnixMilli()) / 1000
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(doc)
	}))
	t.Cleanup(srv.Close)
	return srv
}
