//go:build integration

package api_test

import (
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/rs/zerolog"
	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/api"
	"github.com/tracker-adsb/tracker-core-health/flightlog"
	"github.com/tracker-adsb/tracker-core-health/internal/testenv"
)

// The Flights page as a user sees it (issue 44): today's flights per hour beside the week
// before, the rows, a filter, a row's details with a link to tar1090, the CSV export of what
// is shown; at 1366×768 and on a phone; without a log, how to turn it on.
func TestUIFlightsPage(t *testing.T) {
	env := browserTest(t)
	r := env.Redis(t)
	path := filepath.Join(t.TempDir(), "flights.db")
	l, err := flightlog.Open(t.Context(), path, zerolog.Nop())
	require.NoError(t, err)
	defer func() { _ = l.Close() }()
	// The page opens on the browser's today: the fixture's day, unless the test began in the
	// last minutes of it.
	today := flightlog.DayStart(testenv.ClearOfMidnight(t, time.UTC, 2*time.Minute), time.UTC)
	var rows []flightlog.Row
	for d := -7; d <= 0; d++ { // the 7 days before: 4 flights an hour from 06:00 to 21:00; today 40 from midnight
		n := 64
		if d == 0 {
			n = 40
		}
		for i := range n {
			f := flightRow(i)
			f.FirstSeen = today.AddDate(0, 0, d).Add(6*time.Hour + time.Duration(i)*15*time.Minute)
			if d == 0 {
				f.FirstSeen = today.Add(time.Duration(i) * 15 * time.Minute)
			}
			f.LastSeen = f.FirstSeen.Add(5 * time.Minute)
			rows = append(rows, f)
		}
	}
	require.NoError(t, l.Insert(t.Context(), rows))
	srv := httptest.NewServer(newServer(t, api.NewStore(r, "", nopLog()), api.Options{FlightLog: path, Zone: time.UTC,
		Tar1090URL: "http://receiver.local/tar1090"}).Handler())
	defer srv.Close()
	shots := t.TempDir()
	if os.Getenv("UPDATE_SCREENSHOTS") == "1" {
		shots = "../docs"
	}
	b := newBrowser(t, srv.URL)
	tab := b.tab()
	shot := func(name string) {
		settleForDocs(300 * time.Millisecond)
		var png []byte
		b.run(tab, chromedp.CaptureScreenshot(&png))
		require.NoError(t, os.WriteFile(filepath.Join(shots, "ui-"+name+".png"), png, 0o644))
	}
	b.run(tab, chromedp.EmulateViewport(1366, 768))
	b.open(tab, "flights")
	b.waitText(tab, "#flights-summary", "40 flights on "+today.Format("2006-01-02"))
	var bars []int
	b.run(tab, chromedp.Evaluate(`[...document.querySelectorAll('#flights-chart rect.bar')].map(r => +r.dataset.flights)`, &bars))
	require.Len(t, bars, 24)
	require.Equal(t, []int{4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 0, 0}, bars[:12], "today: 4 an hour from midnight")
	var line string
	b.run(tab, chromedp.Evaluate(`document.querySelector('#flights-chart polyline.average').getAttribute('points')`, &line))
	require.Len(t, strings.Fields(line), 24, "the week's average, hour by hour")
	var n int
	b.run(tab, chromedp.Evaluate(`document.querySelectorAll('#flights-rows tr').length`, &n))
	require.Equal(t, 40, n)
	shot("flights")

	// A filter: military only (every fifth); then a row's details.
	b.run(tab, chromedp.Evaluate(`document.querySelector('#flights-military').click()`, nil))
	b.waitText(tab, "#flights-summary", "8 flights")
	b.run(tab, chromedp.Evaluate(`document.querySelectorAll('#flights-rows tr').length`, &n))
	require.Equal(t, 8, n)
	b.run(tab, press("#flights-rows tr"))
	b.waitText(tab, "#flights-details", "Squawks")
	details := b.text(tab, "#flights-details")
	require.Contains(t, details, "7700")
	require.Contains(t, details, "Military")
	var href string
	b.run(tab, chromedp.Evaluate(`document.querySelector('#flights-details a.tar1090').href`, &href))
	require.Regexp(t, `^http://receiver\.local/tar1090/\?icao=40[0-9a-f]{4}$`, href)
	shot("flights-details")

	// The CSV of what is shown: the header and the 8 military rows.
	var csv string
	b.run(tab, chromedp.Evaluate(`(async () => { const m = await import('/ui/api.js'); return await m.api.flightsCSV({from: document.querySelector('#flights-day').value, military: 'true'}); })()`,
		&csv, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }))
	require.Equal(t, 1+8, len(strings.Split(strings.TrimSpace(csv), "\n")), csv)
	require.True(t, strings.HasPrefix(csv, "id,first_seen,last_seen,icao_hex"))

	// A phone: the page fits 390 px (the table scrolls inside).
	b.run(tab, chromedp.EmulateViewport(390, 844))
	b.open(tab, "flights")
	b.waitText(tab, "#flights-summary", "flights")
	var outside []string
	b.run(tab, chromedp.Evaluate(`[...document.querySelectorAll('body *')].filter(e => !e.closest('.table-scroll') && e.getClientRects().length && e.getBoundingClientRect().right > window.innerWidth + 1).slice(0, 8).map(e => e.tagName + '#' + e.id + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right))`, &outside))
	require.Empty(t, outside, "the Flights page fits 390 px")
	shot("flights-phone")
	require.Empty(t, b.problems(), "no console errors")
}

// The page shows days, hours and times in NOTIFY_TIMEZONE, whatever the browser's, and says
// which: a server in Kolkata (UTC+5:30) read from a browser in New York; "today" is Kolkata's,
// a flight at 00:10 there is in the 00h bar and shows 00:10.
func TestUIFlightsPageShowsTimesInNotifyTimezone(t *testing.T) {
	env := browserTest(t)
	kolkata, err := time.LoadLocation("Asia/Kolkata")
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "flights.db")
	l, err := flightlog.Open(t.Context(), path, zerolog.Nop())
	require.NoError(t, err)
	defer func() { _ = l.Close() }()
	today := flightlog.DayStart(testenv.ClearOfMidnight(t, kolkata, 2*time.Minute), kolkata) // the page's today, Kolkata's, is the fixture's
	var rows []flightlog.Row
	for _, at := range []time.Duration{10 * time.Minute, 13*time.Hour + 45*time.Minute} {
		r := flightRow(len(rows))
		r.FirstSeen = today.Add(at).UTC()
		r.LastSeen = r.FirstSeen.Add(5 * time.Minute)
		rows = append(rows, r)
	}
	require.NoError(t, l.Insert(t.Context(), rows))
	srv := httptest.NewServer(newServer(t, api.NewStore(env.Redis(t), "", nopLog()), api.Options{FlightLog: path, Zone: kolkata}).Handler())
	defer srv.Close()
	b := newBrowser(t, srv.URL)
	tab := b.tab()
	b.run(tab, emulation.SetTimezoneOverride("America/New_York"))
	var browserZone string
	b.run(tab, chromedp.Evaluate(`Intl.DateTimeFormat().resolvedOptions().timeZone`, &browserZone))
	require.Equal(t, "America/New_York", browserZone)
	b.open(tab, "flights")
	b.waitText(tab, "#flights-summary", "2 flights on "+today.Format("2006-01-02"))
	var day string
	b.run(tab, chromedp.Evaluate(`document.querySelector('#flights-day').value`, &day))
	require.Equal(t, today.Format("2006-01-02"), day, "today is Kolkata's")
	require.Contains(t, b.text(tab, "#flights-zone"), "Asia/Kolkata")
	var times []string
	b.run(tab, chromedp.Evaluate(`[...document.querySelectorAll('#flights-rows td.when')].map(td => td.textContent)`, &times))
	require.Equal(t, []string{"13:45", "00:10"}, times)
	var bars []int
	b.run(tab, chromedp.Evaluate(`[...document.querySelectorAll('#flights-chart rect.bar')].map(r => +r.dataset.flights)`, &bars))
	require.Len(t, bars, 24)
	require.Equal(t, 1, bars[0], "00:10 is in the 00h bar")
	require.Equal(t, 1, bars[13])
	b.run(tab, press("#flights-rows tr:last-child"))
	b.waitText(tab, "#flights-details", "First seen")
	require.Contains(t, b.text(tab, "#flights-details"), today.Format("2006-01-02")+" 00:10:00")
	require.Empty(t, b.problems(), "no console errors")
}

func TestUIFlightsPageWithoutALog(t *testing.T) {
	env := browserTest(t)
	srv := httptest.NewServer(newServer(t, api.NewStore(env.Redis(t), "", nopLog()), api.Options{}).Handler())
	defer srv.Close()
	b := newBrowser(t, srv.URL)
	tab := b.tab()
	b.open(tab, "flights")
	b.waitText(tab, "#flights-note", "No flight log: set FLIGHT_LOG")
	require.Contains(t, b.text(tab, "#flights-note"), "tracker-rules watch")
}
