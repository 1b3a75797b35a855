//go:build integration

package api_test

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"math"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/rs/zerolog"
	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/api"
	"github.com/tracker-adsb/tracker-core-health/flightlog"
	"github.com/tracker-adsb/tracker-core-health/model"
)

// The "What flew over" fixture (issue 54): a week of flights around a home near Heathrow whose
// low-and-close ones, paths and reach are known here, computed independently of the server.

// uiHome is the fixture's home (HOME_LAT, HOME_LON).
var uiHome = [2]float64{51.47, -0.45} // lat, lon

// destination is the point d nm from (lat, lon) on the initial true bearing b (a sphere).
func destination(lat, lon, b, d float64) (float64, float64) {
	const earthNM = 3440.065
	φ1, λ1, θ, δ := lat*math.Pi/180, lon*math.Pi/180, b*math.Pi/180, d/earthNM
	φ2 := math.Asin(math.Sin(φ1)*math.Cos(δ) + math.Cos(φ1)*math.Sin(δ)*math.Cos(θ))
	λ2 := λ1 + math.Atan2(math.Sin(θ)*math.Sin(δ)*math.Cos(φ1), math.Cos(δ)-math.Sin(φ1)*math.Sin(φ2))
	return φ2 * 180 / math.Pi, math.Mod(λ2*180/math.Pi+540, 360) - 180
}

// bearingNM is the initial true bearing and the distance (nm) from home to (lat, lon).
func bearingNM(lat, lon float64) (float64, float64) {
	φ1, φ2 := uiHome[0]*math.Pi/180, lat*math.Pi/180
	Δλ := (lon - uiHome[1]) * math.Pi / 180
	b := math.Atan2(math.Sin(Δλ)*math.Cos(φ2), math.Cos(φ1)*math.Sin(φ2)-math.Sin(φ1)*math.Cos(φ2)*math.Cos(Δλ)) * 180 / math.Pi
	a := math.Pow(math.Sin((φ2-φ1)/2), 2) + math.Cos(φ1)*math.Cos(φ2)*math.Pow(math.Sin(Δλ/2), 2)
	return math.Mod(b+360, 360), 2 * 3440.065 * math.Asin(math.Sqrt(a))
}

// lowNightCounts are the low-and-close flights at night (23-07) of each day of the week, oldest
// first: what the report must count.
var lowNightCounts = []int{1, 2, 3, 1, 2, 3, 1}

// trackOf is a path as a row keeps it, from [lon, lat, ft] points a minute apart.
func trackOf(pts ...[3]float64) []flightlog.TrackPoint {
	out := make([]flightlog.TrackPoint, len(pts))
	for i, p := range pts {
		alt := int(p[2])
		out[i] = flightlog.TrackPoint{Lon: p[0], Lat: p[1], Altitude: &alt, Offset: 60 * i}
	}
	return out
}

// uiWeek is the week ending today (UTC): per day, low-and-close flights at night, one low in the
// day (outside 23-07), one close but at 3,000 ft, two far and high ones flying out on a radial
// (the reach); today also TRK101, which climbs out past home south-west to north-east. A row
// with a track has its closest point on it: the track's point nearest home.
func uiWeek(today time.Time) []flightlog.Row {
	var out []flightlog.Row
	ident := 0
	add := func(day time.Time, at time.Duration, nm float64, ft int, track []flightlog.TrackPoint) *flightlog.Row {
		ident++
		alt := ft
		r := flightRow(ident)
		r.Ident = fmt.Sprintf("NLW%03d", ident)
		r.FirstSeen = day.Add(at)
		r.LastSeen = r.FirstSeen.Add(6 * time.Minute)
		ca := r.FirstSeen.Add(3 * time.Minute)
		speed := 140 + ident
		r.ClosestNM, r.ClosestAltitude, r.MinAltitude, r.MaxAltitude, r.ClosestAt, r.MaxSpeed = &nm, &alt, &alt, &alt, &ca, &speed
		r.Positions, r.Track = len(track), track
		if len(track) > 0 {
			near := slices.MinFunc(track, func(a, b flightlog.TrackPoint) int {
				_, da := bearingNM(a.Lat, a.Lon)
				_, db := bearingNM(b.Lat, b.Lon)
				return cmp.Compare(da, db)
			})
			r.ClosestLat, r.ClosestLon = &near.Lat, &near.Lon
		}
		out = append(out, r)
		return &out[len(out)-1]
	}
	nights := []time.Duration{23*time.Hour + 30*time.Minute, 1*time.Hour + 15*time.Minute, 5*time.Hour + 40*time.Minute}
	for k, n := range lowNightCounts {
		day := today.AddDate(0, 0, k-len(lowNightCounts)+1)
		for i := range n {
			add(day, nights[i], 0.2+0.1*float64(i+k%2), 900+100*i+50*k, nil)
		}
		add(day, 12*time.Hour, 0.4, 1200, nil)                                   // low, but at noon
		add(day, 2*time.Hour, 0.5, 3000, nil)                                    // close, but high
		for j, b := range []float64{5 + 90*float64(k%4), 45 + 60*float64(k%3)} { // far and high, out on a radial
			lat1, lon1 := destination(uiHome[0], uiHome[1], b, 3)
			lat2, lon2 := destination(uiHome[0], uiHome[1], b, 40+10*float64(k)+5*float64(j))
			add(day, 14*time.Hour+time.Duration(j)*time.Hour, 3, 12000, trackOf([3]float64{lon1, lat1, 11000}, [3]float64{lon2, lat2, 12000}))
		}
	}
	trk := add(today, 9*time.Hour, 0.3, 1500, trackOf(
		[3]float64{-0.80, 51.30, 800}, [3]float64{-0.62, 51.39, 1200}, [3]float64{-0.46, 51.468, 1500}, [3]float64{-0.30, 51.55, 2600}, [3]float64{-0.10, 51.65, 6200},
	))
	trk.Ident = "TRK101"
	return out
}

// reachSectors are the sectors (start bearing) of the points of the flights first seen in
// [from, to) and the farthest distance in each: the reach the plot must show.
func reachSectors(flights []flightlog.Row, from, to time.Time) map[int]float64 {
	out := map[int]float64{}
	for _, f := range flights {
		if f.FirstSeen.Before(from) || !f.FirstSeen.Before(to) {
			continue
		}
		for _, p := range f.Track {
			b, nm := bearingNM(p.Lat, p.Lon)
			s := int(b/10) * 10
			out[s] = math.Max(out[s], nm)
		}
	}
	return out
}

// TestUIFlightsMapReportReach is the Flights page as a resident and a receiver owner use it
// (issue 54), at 1366×768 and on a phone: a week of flights, a flight's track on the map in
// the right place and order with home and the closest point labelled, the Low and close report
// printed to PDF by Chromium with its counts per day, and the reach as a polar plot with a
// wedge per sector heard.
func TestUIFlightsMapReportReach(t *testing.T) {
	env := browserTest(t)
	today := flightlog.DayStart(time.Now(), time.UTC)
	flights := uiWeek(today)
	path := filepath.Join(t.TempDir(), "flights.db")
	l, err := flightlog.Open(t.Context(), path, zerolog.Nop())
	require.NoError(t, err)
	defer func() { _ = l.Close() }()
	require.NoError(t, l.Insert(t.Context(), flights))
	home := &model.Home{Latitude: uiHome[0], Longitude: uiHome[1]}
	srv := httptest.NewServer(newServer(t, api.NewStore(env.Redis(t), "", nopLog()),
		api.Options{FlightLog: path, Zone: time.UTC, Home: home, LowNM: 1, LowFT: 2000}).Handler())
	defer srv.Close()
	shots := t.TempDir() // UPDATE_SCREENSHOTS=1 keeps the 1366×768 ones in docs; UI_SHOTS=DIR keeps every one there
	if d := os.Getenv("UI_SHOTS"); d != "" {
		shots = d
	}
	b := newBrowser(t, srv.URL)
	tab := b.tab()
	for _, size := range []struct {
		name string
		w, h int64
	}{{"", 1366, 768}, {"-phone", 390, 844}} {
		b.run(tab, chromedp.EmulateViewport(size.w, size.h))
		dir := shots
		if os.Getenv("UPDATE_SCREENSHOTS") == "1" && size.name == "" {
			dir = "../docs"
		}
		checkTrackOnMap(t, b, tab, today, filepath.Join(dir, "ui-flights-map"+size.name+".png"))
		checkLowReport(t, b, tab, today, filepath.Join(dir, "ui-flights-report"+size.name+".png"))
		checkReach(t, b, tab, flights, today, filepath.Join(dir, "ui-flights-reach"+size.name+".png"))
		var outside []string
		b.run(tab, chromedp.Evaluate(`[...document.querySelectorAll('body *')].filter(e => !e.closest('.table-scroll') && !e.closest('.leaflet-container') && e.getClientRects().length && e.getBoundingClientRect().right > window.innerWidth + 1).slice(0, 8).map(e => e.tagName + '#' + e.id + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right))`, &outside))
		require.Empty(t, outside, "the page fits %d px", size.w)
	}
	require.Empty(t, b.problems(), "no console errors")
}

// checkTrackOnMap opens the week's list, TRK101's details, and finds its path drawn from its
// first position (south-west of home) to its last (north-east) in that order, coloured by
// altitude, with home and the closest point labelled beside it.
func checkTrackOnMap(t *testing.T, b *browser, tab context.Context, today time.Time, shot string) {
	t.Helper()
	from := today.AddDate(0, 0, -6).Format(time.DateOnly)
	openFlights(b, tab, "range=week&day="+today.Format(time.DateOnly))
	b.waitText(tab, "#flights-summary", "from "+from+" to "+today.Format(time.DateOnly))
	var bars int
	b.run(tab, chromedp.Evaluate(`document.querySelectorAll('#flights-chart rect.bar[data-day]').length`, &bars))
	require.Equal(t, 7, bars, "a week: a bar per day")
	b.run(tab, chromedp.Evaluate(`[...document.querySelectorAll('#flights-rows tr')].find(tr => tr.textContent.includes('TRK101')).click()`, nil))
	b.waitText(tab, "#flights-track-note", "positions kept")
	var got struct {
		Track                     [][2]float64
		Start, End, Home, Closest [2]float64
		Runs                      int
		Labels                    []string
	}
	b.run(tab, chromedp.Evaluate(`(() => {
		const pts = (d) => [...d.matchAll(/[ML](-?[\d.]+)[ ,](-?[\d.]+)/g)].map(m => [+m[1], +m[2]]);
		const centre = (sel) => { const r = document.querySelector(sel).getBBox(); return [r.x + r.width / 2, r.y + r.height / 2]; };
		return { track: pts(document.querySelector('#flights-track-map path.flight-track').getAttribute('d')),
			start: centre('path.track-start'), end: centre('path.track-end'), home: centre('path.track-home'), closest: centre('path.track-closest'),
			runs: document.querySelectorAll('#flights-track-map path.flight-track-run').length,
			labels: [...document.querySelectorAll('#flights-track-map .track-label')].map(e => e.textContent) };
	})()`, &got))
	require.GreaterOrEqual(t, len(got.Track), 3, "the path has its points")
	first, last := got.Track[0], got.Track[len(got.Track)-1]
	require.InDelta(t, got.Start[0], first[0], 2, "the path starts at the first position")
	require.InDelta(t, got.Start[1], first[1], 2)
	require.InDelta(t, got.End[0], last[0], 2, "and ends at the last")
	require.InDelta(t, got.End[1], last[1], 2)
	for i := 1; i < len(got.Track); i++ {
		require.Greater(t, got.Track[i][0], got.Track[i-1][0], "eastwards, point after point: %v", got.Track)
		require.Less(t, got.Track[i][1], got.Track[i-1][1], "and northwards (up the screen): %v", got.Track)
	}
	require.Less(t, got.Start[0], got.Home[0], "home is east of the first position")
	require.Greater(t, got.Start[1], got.Home[1], "and north of it")
	require.Less(t, math.Hypot(got.Home[0]-got.Closest[0], got.Home[1]-got.Closest[1]), 40.0, "the closest point is beside home")
	require.Equal(t, 3, got.Runs, "from 800, 1,200 and 1,500, 2,600 ft: the segments in the bands below 1,000, 1,000–2,000 and 2,000–5,000 ft")
	require.Contains(t, got.Labels, "Home")
	require.Contains(t, strings.Join(got.Labels, "|"), "Closest 0.3 nm · 1,500 ft · 09:03:00")
	require.Contains(t, b.text(tab, "#flights-track-legend"), "1,000–2,000 ft")
	saveShot(t, b, tab, shot, "#flights-details")

	// By keyboard: Enter on a row opens its details (the focus on their title), Escape closes
	// them and gives the focus back to the row.
	b.run(tab, chromedp.Evaluate(`document.querySelector('#flights-details-close').click(); [...document.querySelectorAll('#flights-rows tr')].find(tr => tr.textContent.includes('TRK101')).focus()`, nil),
		chromedp.KeyEvent(kb.Enter))
	b.waitText(tab, "#flights-track-note", "positions kept")
	var focused string
	b.run(tab, chromedp.Evaluate(`document.activeElement.id`, &focused))
	require.Equal(t, "flights-details-title", focused)
	b.run(tab, chromedp.KeyEvent(kb.Escape))
	b.run(tab, chromedp.Evaluate(`document.querySelector('#flights-details').hidden + ' ' + document.activeElement.tagName + ' ' + document.activeElement.textContent.includes('TRK101')`, &focused))
	require.Equal(t, "true TR true", focused)

	// Records and tops: the closest flight opens its details; an operator is a link to its flights.
	openFlights(b, tab, "view=records&range=week&day="+today.Format(time.DateOnly))
	b.waitText(tab, "#flights-records", "Closest")
	require.Contains(t, b.text(tab, `#flights-records [data-record="closest"]`), "0.2 nm")
	b.run(tab, press(`#flights-records [data-record="closest"] button`))
	b.waitText(tab, "#flights-details-title", "Flight NLW")
	b.run(tab, press(`#flights-tops table[data-top="operators"] a`))
	b.waitText(tab, "#flights-summary", "(filtered)")
	var operator string
	b.run(tab, chromedp.Evaluate(`document.querySelector('#flights-operator').value`, &operator))
	require.Contains(t, []string{"EZY", "RYR"}, operator)
}

// checkLowReport makes the week's report of flights within 1 nm, at or below 2,000 ft, between 23:00
// and 07:00, closest first, and prints it to PDF as Chromium does: the filter in words, the
// counts per day, every flight, and none of the page's navigation.
func checkLowReport(t *testing.T, b *browser, tab context.Context, today time.Time, shot string) {
	t.Helper()
	day, from := today.Format(time.DateOnly), today.AddDate(0, 0, -6).Format(time.DateOnly)
	openFlights(b, tab, "view=low&range=week&day="+day+"&max_nm=1&max_alt=2000&hours=23-07&sort=closest")
	b.waitText(tab, "#low-total", "flights")
	var counts []int
	b.run(tab, chromedp.Evaluate(`[...document.querySelectorAll('#low-days li')].map(li => +li.dataset.flights)`, &counts))
	var nm []float64
	b.run(tab, chromedp.Evaluate(`[...document.querySelectorAll('#low-rows tr')].map(tr => parseFloat(tr.children[8].textContent))`, &nm))
	require.Equal(t, lowNightCounts, counts, "the counts per day, oldest first")
	require.Len(t, nm, 13)
	require.IsNonDecreasing(t, nm, "closest first")
	var csv string
	b.run(tab, chromedp.Evaluate(`document.querySelector('#low-csv').href`, &csv))
	for _, want := range []string{"/api/flights.csv?", "from=" + from, "to=" + day, "max_nm=1", "max_alt=2000", "hours=23-07", "sort=closest"} {
		require.Contains(t, csv, want)
	}
	// On paper: the report alone.
	var shown map[string]bool
	b.run(tab, emulation.SetEmulatedMedia().WithMedia("print"),
		chromedp.Evaluate(`Object.fromEntries(['header.top', '#low-filters', '.flights-views', '#flights-range-form', '#low-report', '#low-table'].map(s => [s, getComputedStyle(document.querySelector(s)).display !== 'none']))`, &shown),
		emulation.SetEmulatedMedia().WithMedia(""))
	require.Equal(t, map[string]bool{"header.top": false, "#low-filters": false, ".flights-views": false, "#flights-range-form": false, "#low-report": true, "#low-table": true}, shown)
	var pdf []byte
	b.run(tab, chromedp.ActionFunc(func(ctx context.Context) error {
		var err error
		pdf, _, err = page.PrintToPDF().WithPreferCSSPageSize(true).Do(ctx)
		return err
	}))
	text := pdfText(t, pdf, shot)
	if text == "" {
		return
	}
	for _, want := range []string{"Low and close flights, " + from + " to " + day, "Flights first seen from " + from + " to " + day,
		"within 1 nm of home (51.47000, -0.45000) and at or below 2,000 ft at their closest point", "first seen between 23:00–07:00", "closest first",
		"13 flights by", "Flights per day"} {
		require.Contains(t, text, want)
	}
	for k, n := range lowNightCounts {
		d := today.AddDate(0, 0, k-6).Format(time.DateOnly)
		m := regexp.MustCompile(regexp.QuoteMeta(d) + ` (\d+)(?: |$)`).FindStringSubmatch(text)
		require.NotNil(t, m, "%s's count on paper", d)
		require.Equal(t, strconv.Itoa(n), m[1], "%s's count on paper", d)
	}
	require.Len(t, regexp.MustCompile(`NLW\d{3}`).FindAllString(text, -1), 13, "every flight on paper, once")
	for _, chrome := range []string{"Watchlists", "Print report", "Earlier", "Records and tops"} {
		require.NotContains(t, text, chrome, "no navigation on paper")
	}
}

// pdfText is the PDF's text with its white space made single spaces (pdftotext), and its first
// page as a picture in shot (pdftoppm); "" when poppler-utils is missing.
func pdfText(t *testing.T, pdf []byte, shot string) string {
	t.Helper()
	require.True(t, bytes.HasPrefix(pdf, []byte("%PDF-")), "a PDF")
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Log("pdftotext (poppler-utils) is missing: the printed text is not read back")
		return ""
	}
	file := filepath.Join(t.TempDir(), "report.pdf")
	require.NoError(t, os.WriteFile(file, pdf, 0o644))
	out, err := exec.CommandContext(t.Context(), "pdftotext", "-layout", file, "-").Output()
	require.NoError(t, err)
	stem := strings.TrimSuffix(shot, ".png")
	require.NoError(t, exec.CommandContext(t.Context(), "pdftoppm", "-png", "-r", "70", "-f", "1", "-l", "1", "-singlefile", file, stem).Run())
	return strings.Join(strings.Fields(string(out)), " ")
}

// checkReach shows the reach of today against the 30 days to it: a wedge per sector heard,
// as far out as the farthest point there, and a sector opens its flight.
func checkReach(t *testing.T, b *browser, tab context.Context, flights []flightlog.Row, today time.Time, shot string) {
	t.Helper()
	openFlights(b, tab, "view=reach&day="+today.Format(time.DateOnly))
	b.waitText(tab, "#flights-reach-summary", "sectors heard")
	wantToday := reachSectors(flights, today, today.AddDate(0, 0, 1))
	wantMonth := reachSectors(flights, today.AddDate(0, 0, -29), today.AddDate(0, 0, 1))
	var got map[string]map[string]float64
	b.run(tab, chromedp.Evaluate(`Object.fromEntries(['today', 'month'].map(k => [k, Object.fromEntries([...document.querySelectorAll('#flights-reach path.sector.' + k)].map(p => [p.dataset.bearing, +p.dataset.nm]))]))`, &got))
	for name, want := range map[string]map[int]float64{"today": wantToday, "month": wantMonth} {
		require.Len(t, got[name], len(want), "%s: a wedge per sector heard", name)
		for s, nm := range want {
			require.InDelta(t, nm, got[name][strconv.Itoa(s)], 0.2, "%s, sector %d°", name, s)
		}
	}
	require.Greater(t, len(wantMonth), len(wantToday), "the month reaches sectors today does not")
	saveShot(t, b, tab, shot, ".reach")
	b.run(tab, chromedp.Evaluate(`document.querySelector('#flights-reach path.sector.today').dispatchEvent(new MouseEvent('click', {bubbles: true}))`, nil))
	b.waitText(tab, "#flights-track-note", "positions kept")
	require.Contains(t, b.text(tab, "#flights-details-title"), "Flight ")
}

// saveShot scrolls sel into view and keeps what the window shows.
func saveShot(t *testing.T, b *browser, tab context.Context, file, sel string) {
	t.Helper()
	b.run(tab, chromedp.Evaluate(fmt.Sprintf(`document.querySelector(%q).scrollIntoView({block: 'start'})`, sel), nil))
	time.Sleep(300 * time.Millisecond) // the map's tiles and labels settle
	var png []byte
	b.run(tab, chromedp.CaptureScreenshot(&png))
	require.NoError(t, os.WriteFile(file, png, 0o644))
}

// openFlights opens the Flights page at an address (#flights?query) and waits until it has
// loaded what the address shows (the same page at another address loads it anew).
func openFlights(b *browser, tab context.Context, query string) {
	b.t.Helper()
	b.run(tab, chromedp.Evaluate(`delete document.body.dataset.ready`, nil), chromedp.Navigate(b.base+"/#flights?"+query),
		chromedp.WaitVisible(`body[data-ready="flights"]`, chromedp.ByQuery))
}

// A flight from Fiji eastwards across the antimeridian is drawn as one unbroken path, point
// after point eastwards, never as a line back across the whole world; a flight heard at one
// position is a point; without a home the reach says so.
func TestUIFlightsTrackAcrossTheAntimeridian(t *testing.T) {
	env := browserTest(t)
	today := flightlog.DayStart(time.Now(), time.UTC)
	path := filepath.Join(t.TempDir(), "flights.db")
	l, err := flightlog.Open(t.Context(), path, zerolog.Nop())
	require.NoError(t, err)
	defer func() { _ = l.Close() }()
	r := flightRow(1)
	r.Ident, r.FirstSeen, r.LastSeen = "FJI411", today.Add(3*time.Hour), today.Add(3*time.Hour+40*time.Minute)
	r.Track = trackOf([3]float64{178.6, -17.2, 30000}, [3]float64{179.5, -17.0, 35000}, [3]float64{-179.6, -16.8, 37000}, [3]float64{-178.8, -16.6, 37000})
	// Its closest point is past ±180.
	r.Positions, r.ClosestLat, r.ClosestLon = len(r.Track), &r.Track[2].Lat, &r.Track[2].Lon
	// Heard at one position only: its track is a GeoJSON Point.
	one := flightRow(2)
	one.Ident, one.FirstSeen, one.LastSeen = "ONE222", today.Add(5*time.Hour), today.Add(5*time.Hour+time.Minute)
	one.Track = trackOf([3]float64{178.9, -17.5, 2000})
	one.Positions = 1
	require.NoError(t, l.Insert(t.Context(), []flightlog.Row{r, one}))
	srv := httptest.NewServer(newServer(t, api.NewStore(env.Redis(t), "", nopLog()), api.Options{FlightLog: path, Zone: time.UTC}).Handler()) // no home
	defer srv.Close()
	b := newBrowser(t, srv.URL)
	tab := b.tab()
	b.run(tab, chromedp.EmulateViewport(1366, 768))
	openFlights(b, tab, "day="+today.Format(time.DateOnly)) // the fixture's day, whatever the browser's clock says by now
	b.waitText(tab, "#flights-summary", "2 flights on "+today.Format(time.DateOnly))
	b.run(tab, chromedp.Evaluate(`[...document.querySelectorAll('#flights-rows tr')].find(tr => tr.textContent.includes('FJI411')).click()`, nil))
	b.waitText(tab, "#flights-track-note", "4 positions kept")
	var xs []float64
	b.run(tab, chromedp.Evaluate(`[...document.querySelector('#flights-track-map path.flight-track').getAttribute('d').matchAll(/[ML](-?[\d.]+)[ ,](-?[\d.]+)/g)].map(m => +m[1])`, &xs))
	require.Len(t, xs, 4, "one path through every point (the crossing's own points are the same place)")
	for i := 1; i < len(xs); i++ {
		require.Greater(t, xs[i], xs[i-1], "eastwards across ±180, point after point: %v", xs)
	}
	var width float64
	b.run(tab, chromedp.Evaluate(`document.querySelector('#flights-track-map').getBoundingClientRect().width`, &width))
	require.Less(t, xs[len(xs)-1]-xs[0], width, "the path stays on the map: never across the world")
	var closest float64
	b.run(tab, chromedp.Evaluate(`(() => { const r = document.querySelector('#flights-track-map path.track-closest').getBBox(); return r.x + r.width / 2; })()`, &closest))
	require.InDelta(t, xs[2], closest, 2, "the closest point (at -179.6°) drawn on its point of the path, past ±180 beside it")

	// One position: a point on the map, its first and last mark the same place.
	b.run(tab, chromedp.Evaluate(`[...document.querySelectorAll('#flights-rows tr')].find(tr => tr.textContent.includes('ONE222')).click()`, nil))
	b.waitText(tab, "#flights-track-note", "1 position kept")
	var marks []int
	b.run(tab, chromedp.Evaluate(`['path.track-start', 'path.track-end'].map(s => { const r = document.querySelector('#flights-track-map ' + s).getBBox(); return Math.round(r.x + r.width / 2); })`, &marks))
	require.Len(t, marks, 2)
	require.InDelta(t, marks[0], marks[1], 1, "first and last position are the one point")

	// No home: the reach says what to set instead of a plot.
	openFlights(b, tab, "view=reach&day="+today.Format(time.DateOnly))
	b.waitText(tab, "#flights-reach-summary", "No home: set HOME_LAT and HOME_LON")
	var wedges int
	b.run(tab, chromedp.Evaluate(`document.querySelectorAll('#flights-reach path.sector').length`, &wedges))
	require.Zero(t, wedges)
	require.Empty(t, b.problems(), "no console errors")
}
