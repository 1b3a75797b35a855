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

// registrantDB is the fixture database with an FAA register naming two aircraft of the London
// snapshot: N585DW (A788DB) a corporation's, EZY16EG's address (407689) a person's.
func registrantDB(t *testing.T) *aircraftdb.Handle {
	t.Helper()
	master := filepath.Join(t.TempDir(), "MASTER.txt")
	rows := registerstest.MasterHeader + "\r\n" +
		registerstest.MasterRow(registerstest.Owner{NNumber: "585DW", Hex: "A788DB", Type: "3", Name: "DELTA AIR LINES INC",
			Street: "1030 DELTA BLVD", City: "ATLANTA", State: "GA", Zip: "30354", Country: "US"}) +
		registerstest.MasterRow(registerstest.Owner{NNumber: "1EZ", Hex: "407689", Type: "1", Name: "SMITH JOHN",
			Street: "1 HIGH ST", City: "LUTON", Zip: "LU1", Country: "GB"})
	require.NoError(t, os.WriteFile(master, []byte("\ufeff"+rows), 0o600))
	b, _, err := aircraftdb.BuildWith(aircraftdb.Options{Mictronics: "../aircraftdb/testdata/mictronics", StandingData: "../aircraftdb/testdata/standing-data",
		Registers: []aircraftdb.RegisterFile{{Register: registers.FAA{}, Path: master}}})
	require.NoError(t, err)
	db, err := aircraftdb.Load(b)
	require.NoError(t, err)
	return aircraftdb.Fixed(db)
}

// Who owns it, as a user sees it (issue 43): the traffic card says "Registered to" with a
// company's name and only the type of a person (REGISTRANT_DETAIL=standard); the rule editor
// offers the registrant conditions, marked as extensions, with the types of the database; a
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
	for _, tc := range []struct{ hex, want, never string }{
		{"A788DB", "DELTA AIR LINES INC (ATLANTA, GA, US)", ""},
		{"407689", "Individual (LUTON, GB)", "SMITH"},
	} {
		sel := `#map .aircraft[data-hex="` + tc.hex + `"]`
		b.run(tab, chromedp.WaitVisible(sel, chromedp.ByQuery), chromedp.Evaluate(`document.querySelector('`+sel+`').click()`, nil))
		b.waitText(tab, ".leaflet-popup .aircraft-card", tc.want)
		card := b.text(tab, ".leaflet-popup .aircraft-card")
		require.Contains(t, card, "Registered to\n"+tc.want, tc.hex)
		require.Contains(t, card, "Registrants: FAA aircraft registry")
		if tc.never != "" {
			require.NotContains(t, strings.ToUpper(card), tc.never, "a person's name never reaches the page under standard")
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
	require.Equal(t, []string{"Corporation", "Individual"}, types, "the types the database holds")
	b.waitText(tab, "#rule-form", "extension")
	b.run(tab, choose("#rule-conditions li:first-child select", "registrant_name"))
	b.run(tab, chromedp.SendKeys(`#rule-conditions li:first-child textarea`, "delta  air", chromedp.ByQuery))
	b.run(tab, press("#rule-test"))
	b.waitText(tab, "#rule-test-summary", "1 of")
	row := b.text(tab, "#rule-test-matches tbody tr")
	require.Contains(t, row, "A788DB")
	require.Contains(t, row, "Registered to DELTA AIR LINES INC")
	require.Empty(t, b.problems(), "no console errors")
}
