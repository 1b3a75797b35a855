//go:build integration

package api_test

import (
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/aircraftdb"
	"github.com/tracker-adsb/tracker-core-health/api"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/registers"
	"github.com/tracker-adsb/tracker-core-health/registers/registerstest"
	"github.com/tracker-adsb/tracker-core-health/stages/keeper"
)

// registrantDB is the fixture database with two registers naming aircraft of the London
// snapshot: the FAA N585DW (A788DB), a corporation's, and EZY16EG's address (407689), a
// person's; Transport Canada 4CA762, a company's (whose card must show Canada's notice
// and only it).
func registrantDB(t *testing.T) *aircraftdb.Handle {
	t.Helper()
	master := filepath.Join(t.TempDir(), "MASTER.txt")
	rows := registerstest.MasterHeader + "\r\n" +
		registerstest.MasterRow(registerstest.Owner{NNumber: "585DW", Hex: "A788DB", Type: "3", Name: "DELTA AIR LINES INC",
			Street: "1030 DELTA BLVD", City: "ATLANTA", State: "GA", Zip: "30354", Country: "US"}) +
		registerstest.MasterRow(registerstest.Owner{NNumber: "1EZ", Hex: "407689", Type: "1", Name: "SMITH JOHN",
			Street: "1 HIGH ST", City: "LUTON", Zip: "LU1", Country: "GB"})
	require.NoError(t, os.WriteFile(master, []byte("\ufeff"+rows), 0o600))
	tc := t.TempDir()
	tcRow := func(n int, cells map[int]string) string {
		out := make([]string, n)
		for i := range out {
			out[i] = `""`
		}
		for i, v := range cells {
			out[i] = `"` + v + `"`
		}
		return strings.Join(out, ",") + "\r\n"
	}
	require.NoError(t, os.WriteFile(filepath.Join(tc, "carsownr.txt"), []byte(tcRow(20, map[int]string{0: "FEJH", 1: "MAPLE LEAF LEASING LTD",
		3: "1 BAY ST", 5: "TORONTO", 6: "Ontario", 9: "CANADA", 11: "ENTITY", 13: "A"})), 0o600))
	require.NoError(t, os.WriteFile(filepath.Join(tc, "carscurr.txt"), []byte(tcRow(47, map[int]string{0: "FEJH",
		42: "010011001010011101100010", 46: "FEJH"})), 0o600))
	b, _, err := aircraftdb.BuildWith(aircraftdb.Options{Mictronics: "../aircraftdb/testdata/mictronics", StandingData: "../aircraftdb/testdata/standing-data",
		Registers: []aircraftdb.RegisterFile{{Register: registers.FAA{}, Path: master}, {Register: registers.TC{}, Path: tc}}})
	require.NoError(t, err)
	db, err := aircraftdb.Load(b)
	require.NoError(t, err)
	return aircraftdb.Fixed(db)
}

// Who owns it, as a user sees it (issues 43, 51): the traffic card says "Registered to" with a
// company's name and only the type of a person (REGISTRANT_DETAIL=standard), and the notice of
// the record's own register, never another's; the rule editor offers the registrant
// conditions, its banner naming them as owner conditions, with the types of the database; a
// test of a registrant_name rule on the traffic lists the company's aircraft.
func TestUIShowsTheRegistrant(t *testing.T) {
	env := browserTest(t)
	r := env.Redis(t)
	src := registrantDB(t)
	feed := liveLondonFeed(t)
	traffic := keeper.NewTraffic(feed.URL+"/data/aircraft.json", 200*time.Millisecond, 30*time.Minute, nopLog())
	traffic.EnrichWith(src, model.DetailStandard, nil, nopLog())
	stop := runKeepers(t, traffic, nil)
	defer stop()
	srv := httptest.NewServer(newServer(t, api.NewStore(r, "", nopLog()), api.Options{Traffic: traffic, AircraftDB: src}).Handler())
	defer srv.Close()
	require.Eventually(t, func() bool { return traffic.Len() > 40 }, 10*time.Second, 50*time.Millisecond)

	b := newBrowser(t, srv.URL)
	tab := b.tab()
	b.run(tab, chromedp.EmulateViewport(1366, 768))
	b.open(tab, "areas")
	shots := t.TempDir()
	if os.Getenv("UPDATE_SCREENSHOTS") == "1" {
		shots = "../docs"
	}
	shot := func(name string) {
		settleForDocs(600 * time.Millisecond)
		var png []byte
		b.run(tab, chromedp.CaptureScreenshot(&png))
		require.NoError(t, os.WriteFile(filepath.Join(shots, "ui-"+name+".png"), png, 0o644))
	}
	for _, tc := range []struct{ hex, want, notice, other string }{
		{"A788DB", "DELTA AIR LINES INC (ATLANTA, GA, US)", "Registrant: FAA aircraft registry", "Canada"},
		{"407689", "Individual (LUTON, GB)", "Registrant: FAA aircraft registry", "Canada"},
		{"4CA762", "MAPLE LEAF LEASING LTD (TORONTO, Ontario, CA)", "Registrant: Transport Canada Canadian Civil Aircraft Register", "FAA"},
	} {
		sel := `#map .aircraft[data-hex="` + tc.hex + `"]`
		b.run(tab, chromedp.WaitVisible(sel, chromedp.ByQuery), chromedp.Evaluate(`document.querySelector('`+sel+`').click()`, nil))
		b.waitText(tab, ".leaflet-popup .aircraft-card", tc.want)
		card := b.text(tab, ".leaflet-popup .aircraft-card")
		require.Contains(t, card, "Registered to\n"+tc.want, tc.hex)
		require.Contains(t, card, tc.notice, "the record's own register's notice")
		require.NotContains(t, card, tc.other, "and no other register's")
		require.NotContains(t, strings.ToUpper(card), "SMITH", "a person's name never reaches the page under standard")
		require.NotContains(t, card, "HIGH ST")
		if tc.hex == "4CA762" {
			shot("registrant-card")
		}
	}

	b.open(tab, "rules")
	b.run(tab, press("#rule-new"), chromedp.SendKeys("#rule-identifier", "delta", chromedp.ByQuery))
	var offered []string
	b.run(tab, chromedp.Evaluate(`[...document.querySelector('#rule-conditions li:first-child select').options].map(o => o.value)`, &offered))
	require.Contains(t, offered, "registrant_type")
	require.Contains(t, offered, "registrant_name")
	b.run(tab, choose("#rule-conditions li:first-child select", "registrant_type"))
	var types []string
	b.run(tab, chromedp.Evaluate(`[...document.querySelectorAll('#rule-conditions li:first-child .registrant-types input[type=checkbox]')].map(b => b.value)`, &types))
	require.Equal(t, []string{"Corporation", "Entity", "Individual"}, types, "the types the database holds, each written one way")
	b.waitText(tab, "#rule-extension-note", "This rule uses owner (registrant) conditions")
	b.run(tab, choose("#rule-conditions li:first-child select", "registrant_name"))
	b.run(tab, chromedp.SendKeys(`#rule-conditions li:first-child textarea`, "delta  air", chromedp.ByQuery))
	b.run(tab, press("#rule-test"))
	b.waitText(tab, "#rule-test-summary", "1 of")
	row := b.text(tab, "#rule-test-matches tbody tr")
	require.Contains(t, row, "A788DB")
	require.Contains(t, row, "Registered to DELTA AIR LINES INC")
	attribution := b.text(tab, "#rule-test-attribution")
	require.Contains(t, attribution, "FAA aircraft registry")
	require.NotContains(t, attribution, "Canada", "only the registers of the records listed")
	shot("registrant-rule-test")
	require.Empty(t, b.problems(), "no console errors")
}

// Under REGISTRANT_DETAIL=none no registrant is made: the editor offers no owner condition and
// says why; a stored rule that has one still shows it, marked.
func TestUIOffersNoOwnerConditionUnderNone(t *testing.T) {
	env := browserTest(t)
	r := env.Redis(t)
	src := registrantDB(t)
	f := &fixture{t: t, r: r, srv: httptest.NewServer(newServer(t, api.NewStore(r, "", nopLog()),
		api.Options{AircraftDB: src, RegistrantDetail: model.DetailNone}).Handler())}
	defer f.srv.Close()
	require.NoError(t, r.Do(t.Context(), r.B().Flushdb().Build()).Error())
	code, _, raw := f.do("POST", "/api/rules", map[string]any{"identifier": "owners", "enabled": true,
		"conditions": []any{map[string]any{"type": "registrant_type", "operator": "equals", "value": "Corporation"}}})
	require.Equal(t, 201, code, string(raw))

	b := newBrowser(t, f.srv.URL)
	tab := b.tab()
	b.run(tab, chromedp.EmulateViewport(1366, 768))
	b.open(tab, "rules")
	b.run(tab, press("#rule-new"))
	var offered []string
	b.run(tab, chromedp.Evaluate(`[...document.querySelector('#rule-conditions li:first-child select').options].map(o => o.value)`, &offered))
	require.NotContains(t, offered, "registrant_type")
	require.NotContains(t, offered, "registrant_name")
	require.Contains(t, offered, "watchlist", "the other extensions are offered")
	b.waitText(tab, "#rule-owner-note", "REGISTRANT_DETAIL=none")
	var visible bool
	b.run(tab, chromedp.Evaluate(`!document.querySelector('#rule-owner-note').hidden`, &visible))
	require.True(t, visible)
	shot := filepath.Join(t.TempDir(), "ui-owner-none.png")
	if os.Getenv("UPDATE_SCREENSHOTS") == "1" {
		shot = "../docs/ui-owner-none.png"
	}
	settleForDocs(600 * time.Millisecond)
	var png []byte
	b.run(tab, chromedp.CaptureScreenshot(&png))
	require.NoError(t, os.WriteFile(shot, png, 0o644))

	// The stored rule's owner condition stays, so that its writer sees what it holds.
	b.run(tab, chromedp.Navigate(f.srv.URL+"/#rules?edit=owners"))
	b.waitValue(tab, "#rule-conditions li:first-child select", "registrant_type")
	require.Empty(t, b.problems(), "no console errors")
}
