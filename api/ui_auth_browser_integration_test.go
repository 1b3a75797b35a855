//go:build integration

package api_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/api"
	"github.com/tracker-adsb/tracker-core-health/flightlog"
	"github.com/tracker-adsb/tracker-core-health/internal/testenv"
	"github.com/tracker-adsb/tracker-core-health/rules"
)

// oneFlightLog is a flight log holding one flight of today (the server's zone, UTC), for the
// Flights page to load.
func oneFlightLog(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "flights.db")
	l, err := flightlog.Open(t.Context(), path, nopLog())
	require.NoError(t, err)
	// Early in today, never before it: ten minutes ago was yesterday for a run just after
	// midnight; and today still when the page opens, not tomorrow for a run just before.
	first := flightlog.DayStart(testenv.ClearOfMidnight(t, time.UTC, 2*time.Minute), time.UTC).Add(time.Minute)
	require.NoError(t, l.Insert(t.Context(), []flightlog.Row{{IcaoHex: "4CA87C", Ident: "RYR1AB", FirstSeen: first,
		LastSeen: first.Add(5 * time.Minute), Messages: 100}}))
	require.NoError(t, l.Close())
	return path
}

// The address the server logs signs a browser in: its ?token= becomes a session cookie the
// page cannot read, the address bar no longer holds it, and the pages and their API calls
// work. When the session ends mid-use, the page asks for the token once and carries on
// (nothing kept in the page's storage); a new browser gets the short page saying where the
// address is, and may paste the token there; a link from another site signs in too.
func TestUISignsInWithTheLoggedAddress(t *testing.T) {
	env := browserTest(t)
	r := env.Redis(t)
	srv := httptest.NewServer(newServer(t, api.NewStore(r, "", nopLog()), api.Options{Token: testToken, FlightLog: oneFlightLog(t), Zone: time.UTC}).Handler())
	t.Cleanup(srv.Close)
	b := newBrowser(t, srv.URL)
	tab := b.tab()
	b.run(tab, chromedp.Navigate(srv.URL+"/?token="+testToken+"#rules"), chromedp.WaitVisible(`body[data-ready="rules"]`, chromedp.ByQuery))
	var href, cookie string
	b.run(tab, chromedp.Evaluate(`location.href`, &href), chromedp.Evaluate(`document.cookie`, &cookie))
	require.Equal(t, srv.URL+"/#rules", href, "the address bar no longer holds the token")
	require.Empty(t, cookie, "the session cookie is HttpOnly")
	for _, page := range []string{"areas", "flights", "matches", "watchlists"} {
		b.open(tab, page)
	}
	b.waitText(tab, "#flights-rows", "RYR1AB")

	// The session ends (a new token, or 90 days): the next call asks for the token, once.
	b.run(tab, network.ClearBrowserCookies(), chromedp.Evaluate(`location.hash = '#rules'`, nil), chromedp.WaitVisible("#token-input", chromedp.ByQuery))
	b.run(tab, chromedp.SendKeys("#token-input", "wrong", chromedp.ByQuery), press("#token-save"))
	b.waitText(tab, "#token-error", "not accepted")
	b.run(tab, chromedp.SendKeys("#token-input", testToken, chromedp.ByQuery), press("#token-save"),
		chromedp.WaitVisible(`body[data-ready="rules"]`, chromedp.ByQuery))
	var kept int
	b.run(tab, chromedp.Evaluate(`sessionStorage.length + localStorage.length`, &kept))
	require.Zero(t, kept, "the page keeps no token")
	b.open(tab, "areas") // signed in again: no new prompt
	var open bool
	b.run(tab, chromedp.Evaluate(`!document.querySelector('#token-dialog').hidden`, &open))
	require.False(t, open)

	// Another browser, without the address: the short page, where the token may be pasted.
	fresh := newBrowser(t, srv.URL)
	other := fresh.tab()
	fresh.run(other, chromedp.Navigate(srv.URL+"/"), chromedp.WaitVisible("#sign-in", chromedp.ByQuery))
	var text string
	fresh.run(other, chromedp.Evaluate(`document.body.innerText`, &text))
	require.Contains(t, text, "printed in its log")
	fresh.run(other, chromedp.SendKeys(`input[name="token"]`, testToken, chromedp.ByQuery), chromedp.Submit(`input[name="token"]`, chromedp.ByQuery),
		chromedp.WaitVisible(`body[data-ready="areas"]`, chromedp.ByQuery), chromedp.Evaluate(`location.href`, &href))
	require.Equal(t, srv.URL+"/", href)
	fresh.mu.Lock()
	for _, u := range fresh.requests {
		require.NotContains(t, u, testToken, "the pasted token is posted, in no address a proxy would log")
	}
	fresh.mu.Unlock()

	// A link on another site (a dashboard's): a redirect from there would arrive without the
	// SameSite=Strict cookie, so the page goes on from its own site, to the page the link's
	// #fragment names; so does a link without the token, once signed in.
	u, err := url.Parse(srv.URL)
	require.NoError(t, err)
	link := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		fmt.Fprintf(w, `<!doctype html><a id="go" href="%s/?token=%s#rules">Tracker</a><a id="flights" href="%s/#flights">Flights</a>`,
			srv.URL, testToken, srv.URL)
	}))
	t.Cleanup(link.Close)
	linkURL := strings.Replace(link.URL, "127.0.0.1", "localhost", 1) // another site than 127.0.0.1
	third := newBrowser(t, srv.URL)
	tab3 := third.tab()
	third.run(tab3, chromedp.Navigate(linkURL), chromedp.WaitVisible("#go", chromedp.ByQuery), press("#go"),
		chromedp.WaitVisible(`body[data-ready="rules"]`, chromedp.ByQuery), chromedp.Evaluate(`location.href`, &href))
	require.Equal(t, "http://"+u.Host+"/#rules", href)
	third.run(tab3, chromedp.Navigate(linkURL), chromedp.WaitVisible("#flights", chromedp.ByQuery), press("#flights"),
		chromedp.WaitVisible(`body[data-ready="flights"]`, chromedp.ByQuery), chromedp.Evaluate(`location.href`, &href))
	require.Equal(t, "http://"+u.Host+"/#flights", href)
	for _, br := range []*browser{b, fresh, third} {
		require.Empty(t, br.problems(), "no console errors")
	}
}

// Behind a reverse proxy that serves the UI under /some/prefix/ (as Home Assistant's ingress
// does under /api/hassio_ingress/<token>/): signing in, the areas, the rules and the flights
// load, a rule saves, and every request the page makes stays under the prefix.
func TestUIBehindAPathPrefix(t *testing.T) {
	env := browserTest(t)
	r := env.Redis(t)
	backend := httptest.NewServer(newServer(t, api.NewStore(r, "", nopLog()), api.Options{Token: testToken, FlightLog: oneFlightLog(t), Zone: time.UTC}).Handler())
	t.Cleanup(backend.Close)
	target, err := url.Parse(backend.URL)
	require.NoError(t, err)
	const prefix = "/some/prefix"
	var outside atomic.Int32
	mux := http.NewServeMux()
	mux.Handle(prefix+"/", &httputil.ReverseProxy{Rewrite: func(pr *httputil.ProxyRequest) {
		pr.SetURL(target)
		pr.Out.URL.Path = strings.TrimPrefix(pr.In.URL.Path, prefix)
		pr.Out.URL.RawPath = ""
		pr.SetXForwarded()
	}})
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		outside.Add(1)
		t.Logf("a request outside the prefix: %s", r.URL)
		http.NotFound(w, r)
	})
	proxy := httptest.NewServer(mux)
	t.Cleanup(proxy.Close)
	base := proxy.URL + prefix

	b := newBrowser(t, base)
	tab := b.tab()
	b.run(tab, chromedp.Navigate(base+"/?token="+testToken+"#areas"), chromedp.WaitVisible(`body[data-ready="areas"]`, chromedp.ByQuery))
	var href string
	b.run(tab, chromedp.Evaluate(`location.href`, &href))
	require.Equal(t, base+"/#areas", href)
	b.open(tab, "rules")
	b.open(tab, "flights")
	b.waitText(tab, "#flights-rows", "RYR1AB")
	b.open(tab, "rules")
	b.run(tab, press("#rule-new"), chromedp.SendKeys("#rule-identifier", "behind-a-proxy", chromedp.ByQuery),
		choose("#rule-conditions li:first-child select", "squawk"))
	b.run(tab, chromedp.SendKeys(`#rule-conditions li:first-child .value input`, "7700", chromedp.ByQuery), press("#rule-save"))
	b.waitText(tab, "#messages", "Rule behind-a-proxy saved.")
	_, stored := storedJSON(t, r, rules.RulesKey)
	var set []map[string]any
	require.NoError(t, json.Unmarshal(stored, &set))
	require.Len(t, set, 1)
	require.Equal(t, "behind-a-proxy", set[0]["identifier"])

	b.mu.Lock()
	requests := append([]string{}, b.requests...)
	b.mu.Unlock()
	require.NotEmpty(t, requests)
	for _, u := range requests {
		if strings.HasPrefix(u, "http") {
			require.True(t, strings.HasPrefix(u, base+"/"), "every request stays under the prefix: %s", u)
		}
	}
	require.Zero(t, outside.Load(), "no request reached the proxy outside the prefix")
	require.Empty(t, b.problems(), "no console errors")
}
