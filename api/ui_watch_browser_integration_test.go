//go:build integration

package api_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/api"
	"github.com/tracker-adsb/tracker-core-health/config"
	"github.com/tracker-adsb/tracker-core-health/internal/testenv"
	"github.com/tracker-adsb/tracker-core-health/pipeline"
	"github.com/tracker-adsb/tracker-core-health/stages/keeper"
)

// A person who cares about some aircraft (CONTRACT.md 10, 11): imports a watchlist from a
// file and sees what the import did, with the list's source and licence; searches it; adds an
// aircraft of their own receiver, which the map then highlights with its category; writes a
// rule on that category, tests it on the kept traffic, says when to be told ("When to tell
// me", in words); mutes it for an hour and lifts the mute; sees held matches greyed and
// filters them. Screenshots at 1366×768 and 390×844.
func TestUIWatchlistsAndDelivery(t *testing.T) {
	env := browserTest(t) // its own Redis and Mosquitto: empty
	r := env.Redis(t)
	feed, snap := londonFeed(t)
	var hex string // an aircraft of the receiver with a position: it goes on the list
	for _, m := range snap.Messages(nil) {
		if m.Latitude != nil && m.Longitude != nil && m.Altitude != nil {
			hex = strings.ToUpper(m.IcaoHex)
			break
		}
	}
	require.NotEmpty(t, hex)
	traffic := keeper.NewTraffic(feed.URL+"/data/aircraft.json", 200*time.Millisecond, 30*time.Minute, nopLog())
	mh, mp := testenv.Split(t, env.MQTTAddr)
	matches := keeper.NewMatches(config.MQTT{MQTTHost: mh, MQTTPort: testenv.Atoi(t, mp)}, nopLog())
	defer runKeepers(t, traffic, matches)()
	gctx, cancel := context.WithCancel(t.Context())
	g := pipeline.NewGroup(gctx)
	traffic.FollowWatchlists(g, r) // as tracker-config-api runs it
	defer func() { cancel(); require.NoError(t, g.Wait()) }()
	srv := httptest.NewServer(newServer(t, api.NewStore(r, "", nopLog()), api.Options{Traffic: traffic, Matches: matches}).Handler())
	t.Cleanup(srv.Close)
	f := &fixture{t: t, srv: srv, r: r}
	shots := t.TempDir()
	if os.Getenv("UPDATE_SCREENSHOTS") == "1" {
		shots = "../docs"
	}
	b := newBrowser(t, srv.URL)
	tab := b.tab()
	b.run(tab, chromedp.EmulateViewport(1366, 768))
	shot := func(name string) {
		settleForDocs(600 * time.Millisecond)
		var png []byte
		b.run(tab, chromedp.CaptureScreenshot(&png))
		require.NoError(t, os.WriteFile(filepath.Join(shots, "ui-"+name+".png"), png, 0o644))
	}

	// Import a file: the counts, the licence, the categories.
	b.open(tab, "watchlists")
	b.waitText(tab, "#wl-empty", "No watchlist yet")
	small, err := filepath.Abs("../watchlist/testdata/small.csv")
	require.NoError(t, err)
	b.run(tab, press("#wl-new"),
		chromedp.SendKeys("#wl-id", "pa", chromedp.ByQuery), chromedp.SendKeys("#wl-name", "Plane-Alert", chromedp.ByQuery),
		chromedp.SendKeys("#wl-source", "Plane-Alert-DB", chromedp.ByQuery), chromedp.SendKeys("#wl-licence", "ODbL 1.0", chromedp.ByQuery),
		chromedp.SetUploadFiles("#wl-file", []string{small}, chromedp.ByQuery), press("#wl-import-go"))
	b.waitText(tab, "#wl-import-result", "5 aircraft imported into pa: 1 repaired, 4 skipped, 1 duplicate.")
	b.waitText(tab, "#wl-lists", "Source: Plane-Alert-DB · Licence: ODbL 1.0")
	b.waitText(tab, "#wl-entries-attribution", "Licence: ODbL 1.0")
	b.waitText(tab, "#wl-category", "Police Forces (1)")
	b.waitText(tab, "#wl-total", "of 5")
	b.run(tab, chromedp.SendKeys("#wl-q", "police", chromedp.ByQuery))
	b.waitText(tab, "#wl-total", "Aircraft 1–1 of 1")
	b.waitText(tab, "#wl-rows", "G-POLA")
	b.run(tab, chromedp.Evaluate(`document.querySelector('#wl-q').value = ''`, nil), choose("#wl-group", "mil"))
	b.waitText(tab, "#wl-total", "of 2")
	shot("watchlists")

	// Add an aircraft of the receiver, as the traffic card's link does.
	b.run(tab, chromedp.Navigate(srv.URL+"/#watchlists?add="+hex+"&registration=G-MINE"), chromedp.WaitVisible("#wl-add-box", chromedp.ByQuery))
	b.waitValue(tab, "#wl-add-hex", hex)
	b.waitValue(tab, "#wl-add-registration", "G-MINE")
	b.run(tab, choose("#wl-add-group", "pol"), chromedp.SendKeys("#wl-add-category", "Police Forces", chromedp.ByQuery),
		press("#wl-add-go"))
	b.waitText(tab, "#messages", hex+" added to pa.")
	b.waitText(tab, "#wl-category", "Police Forces (2)")

	// The map highlights it with its category; its card says so, with the list's licence.
	b.open(tab, "areas")
	sel := fmt.Sprintf(`#map .aircraft.watched[data-hex=%q]`, hex)
	b.run(tab, chromedp.WaitVisible(sel, chromedp.ByQuery)) // the traffic follows the lists within seconds
	var watch string
	b.run(tab, chromedp.Evaluate(fmt.Sprintf(`document.querySelector(%q).dataset.watch`, sel), &watch))
	require.Equal(t, "Police Forces", watch)
	b.run(tab, chromedp.Evaluate(fmt.Sprintf(`document.querySelector(%q).closest('.leaflet-marker-icon').click()`, sel), nil))
	b.waitText(tab, ".leaflet-popup .aircraft-card", "Police Forces (Police)")
	b.waitText(tab, ".leaflet-popup .aircraft-card", "Plane-Alert — Source: Plane-Alert-DB · Licence: ODbL 1.0")
	shot("traffic-watched")

	// A rule on the category, tested on the kept traffic: the aircraft, marked with its entry.
	b.open(tab, "rules")
	b.run(tab, press("#rule-new"), chromedp.SendKeys("#rule-identifier", "police", chromedp.ByQuery),
		chromedp.SendKeys("#rule-name", "Police overhead", chromedp.ByQuery))
	b.run(tab, choose("#rule-conditions li:first-child select", "watchlist_category"))
	b.waitText(tab, "#rule-conditions li:first-child .value", "Police Forces (2)")
	var extension bool
	b.run(tab, chromedp.Evaluate(`!document.querySelector('#rule-extension-note').hidden`, &extension))
	require.True(t, extension, "the editor marks a rule with extension types")
	b.run(tab, press(`#rule-conditions li:first-child .value input[value="Police Forces"]`), press("#rule-test"))
	b.waitText(tab, "#rule-test-summary", "1 of 44 aircraft would match")
	b.waitText(tab, "#rule-test-matches tbody", hex)
	b.waitText(tab, "#rule-test-matches tbody", "Police Forces (Police)")
	b.waitText(tab, "#rule-test-attribution", "Licence: ODbL 1.0")

	// When to tell me: the summary in words follows the form; the policy is saved.
	b.waitText(tab, "#notify-summary", "Every match is told at once")
	b.run(tab, press("#notify-add-window"))
	var zone string
	b.run(tab, chromedp.Evaluate(`document.querySelector('#notify-timezone').value === Intl.DateTimeFormat().resolvedOptions().timeZone ? 'browser' : 'other'`, &zone))
	require.Equal(t, "browser", zone, "quiet hours start in the browser's time zone")
	b.run(tab, chromedp.Evaluate(`document.querySelector('#notify-timezone').value = ''`, nil))
	b.run(tab, chromedp.SendKeys("#notify-timezone", "Europe/London", chromedp.ByQuery), chromedp.SendKeys("#notify-cooldown", "12", chromedp.ByQuery))
	b.waitText(tab, "#notify-summary", "Quiet 23:00–07:00 Europe/London, every day; each aircraft at most once every 12 h. Emergencies (7500, 7600, 7700) are always told.")
	shot("rule-notify")
	b.run(tab, press("#rule-save"))
	b.waitText(tab, "#messages", "Rule police saved.")
	code, got, _ := f.do("GET", "/api/rules/police", nil)
	require.Equal(t, 200, code)
	require.Equal(t, map[string]any{"timezone": "Europe/London", "quiet_hours": []any{map[string]any{"from": "23:00", "to": "07:00"}}, "cooldown_minutes": 720.0}, got["notify"])
	b.waitText(tab, `#rule-rows tr[data-id="police"]`, "Quiet 23:00–07:00 Europe/London")
	b.waitText(tab, `#rule-rows tr[data-id="police"]`, "Extension")

	// Mute for an hour, then lift it.
	b.run(tab, press(`button[aria-label="Mute rule police for 1 hour"]`))
	b.waitText(tab, `#rule-rows tr[data-id="police"]`, "Muted until")
	b.waitText(tab, `#rule-rows tr[data-id="police"]`, "min left)")
	field, err := r.Do(t.Context(), r.B().Hget().Key("notify:mutes").Field("police").Build()).ToString()
	require.NoError(t, err)
	until, err := time.Parse(time.RFC3339Nano, field)
	require.NoError(t, err)
	require.WithinDuration(t, time.Now().Add(time.Hour), until, time.Minute)
	shot("rules-muted")
	b.run(tab, press(`button[aria-label="Unmute rule police"]`))
	b.run(tab, chromedp.WaitVisible(`button[aria-label="Mute rule police for 1 hour"]`, chromedp.ByQuery))

	// Held matches greyed, with why; the delivery filter.
	require.Eventually(t, func() bool { _, got, _ := f.do("GET", "/api/matches", nil); return got["mqtt"] == "connected" }, 10*time.Second, 100*time.Millisecond)
	pub := env.Record(t, "test/none")
	pub.Publish("Tracker/rule/police", `{"aircraft":{"icao_hex":"`+hex+`","registration":"G-MINE","watchlist":{"list":"pa","group":"pol","category":"Police Forces"}},"ident":"POL1","delivery":{"state":"held","reason":"quiet_hours","until":"2026-11-27T07:00:00Z"}}`, false)
	pub.Publish("Tracker/rule/police", `{"aircraft":{"icao_hex":"406F2B","registration":"G-POLA"},"ident":"POL2","delivery":{"state":"sent"}}`, false)
	f.kept(2)
	b.open(tab, "matches")
	b.waitText(tab, "#matches-rows", "POL2")
	b.waitText(tab, `#matches-rows tr.held`, "held: quiet hours until")
	b.waitText(tab, `#matches-rows tr.held`, "Police Forces")
	shot("matches-held")
	b.run(tab, choose("#matches-state", "held"))
	require.Eventually(t, func() bool {
		var n int
		b.run(tab, chromedp.Evaluate(`document.querySelectorAll('#matches-rows tr').length`, &n))
		return n == 1
	}, 10*time.Second, 100*time.Millisecond)
	b.waitText(tab, "#matches-rows", "POL1")

	// A phone: the Watchlists page fits.
	b.run(tab, chromedp.EmulateViewport(390, 844))
	b.run(tab, chromedp.Navigate(srv.URL+"/#watchlists?open=pa"), chromedp.WaitVisible(`body[data-ready="watchlists"]`, chromedp.ByQuery))
	b.waitText(tab, "#wl-total", "of 6")
	var overflow bool
	b.run(tab, chromedp.Evaluate(`document.documentElement.scrollWidth > window.innerWidth + 1`, &overflow))
	require.False(t, overflow, "the Watchlists page fits 390 px")
	shot("watchlists-phone")
	b.run(tab, chromedp.Navigate("about:blank"))
	require.Empty(t, b.problems(), "no console errors")
}
