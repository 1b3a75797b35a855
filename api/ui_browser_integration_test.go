//go:build integration

package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
	"github.com/redis/rueidis"
	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/api"
	"github.com/tracker-adsb/tracker-core-health/internal/testenv"
	"github.com/tracker-adsb/tracker-core-health/rules"
)

// browser is one headless Chromium (Debian's package, installed by services.sh) and what its
// pages did: console errors, JavaScript dialogs, every request.
type browser struct {
	t        *testing.T
	alloc    context.Context      // the shared Chromium
	context  cdp.BrowserContextID // the test's own
	base     string
	mu       sync.Mutex
	errors   []string
	dialogs  []string
	requests []string
}

// browserSlots bounds the browser tests that run at once (each a Chromium): on two cores,
// two overlap one test's waits with another's work without starving the pages.
var browserSlots = make(chan struct{}, 2)

// browserTest starts a browser test beside the others (t.Parallel) once a slot is free, with
// a Redis and a Mosquitto of its own, so that no other test's keys or notifications reach it.
func browserTest(t *testing.T) *testenv.Env {
	t.Parallel()
	browserSlots <- struct{}{}
	t.Cleanup(func() { <-browserSlots })
	return testenv.Get(t).WithOwnRedis(t).WithOwnMosquitto(t)
}

// browserServer is a browser test's API, with no token, over the test's own Redis.
func browserServer(t *testing.T) *fixture {
	env := browserTest(t)
	r := env.Redis(t)
	srv := httptest.NewServer(newServer(t, api.NewStore(r, "", nopLog()), api.Options{}).Handler())
	t.Cleanup(srv.Close)
	return &fixture{t: t, srv: srv, r: r}
}

// chromium is the one headless Chromium of the test process, started by the first browser
// test and stopped by TestMain: each test has a browser context of its own in it (its own
// cookies, storage and cache, like a fresh profile), which costs a fraction of a Chromium of
// its own (ten Chromiums were ≈ 20 CPU-seconds of start-up and their helper processes).
var chromium struct {
	once    sync.Once
	root    context.Context
	stop    func()
	profile string
	err     error
}

func sharedChromium() (context.Context, error) {
	chromium.once.Do(func() {
		path, err := exec.LookPath("chromium")
		if err != nil {
			chromium.err = fmt.Errorf("chromium is installed by scripts/services.sh: %w", err)
			return
		}
		if chromium.profile, err = os.MkdirTemp("", "tracker-ui-test-"); err != nil {
			chromium.err = err
			return
		}
		opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(path), chromedp.NoSandbox, chromedp.DisableGPU,
			chromedp.Flag("disable-quic", true), chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
			chromedp.UserDataDir(chromium.profile), chromedp.WindowSize(1400, 900))
		alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
		root, cancelRoot := chromedp.NewContext(alloc)
		chromium.root = root
		chromium.stop = func() { cancelRoot(); cancelAlloc() }
		if err := chromedp.Run(root); err != nil { // the browser the tests' contexts live in
			chromium.err = fmt.Errorf("start chromium: %w", err)
		}
	})
	return chromium.root, chromium.err
}

// stopChromium ends the shared Chromium and removes its profile (Chromium may still be
// writing to it for a moment after it was told to go).
func stopChromium() {
	if chromium.stop == nil {
		return
	}
	chromium.stop()
	for range 20 {
		if os.RemoveAll(chromium.profile) == nil {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func TestMain(m *testing.M) {
	code := m.Run()
	stopChromium()
	os.Exit(code)
}

// newBrowser is a browser context of the test's own in the shared Chromium, disposed of at
// the test's cleanup (after its tabs).
func newBrowser(t *testing.T, base string) *browser {
	root, err := sharedChromium()
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(root, 30*time.Second)
	defer cancel()
	c := chromedp.FromContext(root)
	id, err := target.CreateBrowserContext().Do(cdp.WithExecutor(ctx, c.Browser))
	require.NoError(t, err, "a browser context of the test's own")
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = target.DisposeBrowserContext(id).Do(cdp.WithExecutor(ctx, c.Browser))
	})
	return &browser{t: t, alloc: root, context: id, base: base}
}

// tab opens a page in the browser.
func (b *browser) tab() context.Context {
	// A window of its own in the test's browser context (headless Chromium opens no tab in a
	// context that has no window), the size the tests' layouts expect.
	opening, cancelOpening := context.WithTimeout(b.alloc, 30*time.Second)
	defer cancelOpening()
	id, err := target.CreateTarget("about:blank").WithBrowserContextID(b.context).WithNewWindow(true).
		WithWidth(1400).WithHeight(900).Do(cdp.WithExecutor(opening, chromedp.FromContext(b.alloc).Browser))
	require.NoError(b.t, err, "open a tab")
	ctx, cancel := chromedp.NewContext(b.alloc, chromedp.WithTargetID(id))
	b.t.Cleanup(cancel)
	chromedp.ListenTarget(ctx, func(ev any) {
		b.mu.Lock()
		defer b.mu.Unlock()
		switch e := ev.(type) {
		case *runtime.EventConsoleAPICalled:
			if e.Type == runtime.APITypeError {
				var parts []string
				for _, a := range e.Args {
					parts = append(parts, string(a.Value))
				}
				b.errors = append(b.errors, "console: "+strings.Join(parts, " "))
			}
		case *runtime.EventExceptionThrown:
			b.errors = append(b.errors, "exception: "+e.ExceptionDetails.Error())
		case *cdplog.EventEntryAdded:
			// The answers the tests provoke on purpose (422, 409, 412) are logged by Chromium
			// as failed loads; anything else (a missing asset, a CSP violation) is an error.
			// A flight whose track is no longer kept is a 404 the Flights page asks for and explains.
			provoked := e.Entry.Source == cdplog.SourceNetwork && (strings.Contains(e.Entry.Text, "status of 409") ||
				strings.Contains(e.Entry.Text, "status of 404") && strings.HasSuffix(e.Entry.URL, "/track") ||
				strings.Contains(e.Entry.Text, "status of 401") ||
				strings.Contains(e.Entry.Text, "status of 412") || strings.Contains(e.Entry.Text, "status of 422"))
			if e.Entry.Level == cdplog.LevelError && !provoked {
				b.errors = append(b.errors, "log: "+e.Entry.Text+" "+e.Entry.URL)
			}
		case *network.EventRequestWillBeSent:
			b.requests = append(b.requests, e.Request.URL)
		case *page.EventJavascriptDialogOpening:
			b.dialogs = append(b.dialogs, string(e.Type)+": "+e.Message)
			go func() { _ = chromedp.Run(ctx, page.HandleJavaScriptDialog(e.Type == page.DialogTypeConfirm)) }()
		}
	})
	// The first Run opens the tab and must not have a deadline: its end would close the tab.
	// The tab is brought to the front: a background tab paints no frames (no
	// requestAnimationFrame, which Leaflet's zoom needs, and no screenshot).
	require.NoError(b.t, chromedp.Run(ctx, network.Enable(), cdplog.Enable(), runtime.Enable(), page.BringToFront()))
	return ctx
}

// run runs the actions, failing the test with a screenshot when they have not finished in a
// minute: a bound for a page that never gets there, not a measure of speed (typing a form
// key by key beside the race-detected tests can take 20 s).
func (b *browser) run(ctx context.Context, actions ...chromedp.Action) {
	b.t.Helper()
	tctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	if err := chromedp.Run(tctx, actions...); err != nil {
		// What the page showed when it failed, for whoever reads the test log.
		var png []byte
		sctx, scancel := context.WithTimeout(ctx, 5*time.Second)
		defer scancel()
		if chromedp.Run(sctx, chromedp.CaptureScreenshot(&png)) == nil {
			shot := filepath.Join(os.TempDir(), "tracker-ui-failure.png")
			_ = os.WriteFile(shot, png, 0o644)
			b.t.Logf("screenshot of the failure: %s", shot)
		}
		b.t.Logf("page problems: %v", b.problems())
		require.NoError(b.t, err)
	}
}

// open loads a page and waits until it has loaded its data.
func (b *browser) open(ctx context.Context, name string) {
	b.t.Helper()
	b.run(ctx, chromedp.Navigate(b.base+"/#"+name), chromedp.WaitVisible(`body[data-ready="`+name+`"]`, chromedp.ByQuery))
}

// text is the element's visible text, read in one step in the page (a list re-rendered
// between finding a node and reading it would lose the node), once the element exists.
func (b *browser) text(ctx context.Context, sel string) string {
	b.t.Helper()
	const missing = "\x00missing"
	deadline := time.Now().Add(15 * time.Second)
	for {
		var s string
		b.run(ctx, chromedp.Evaluate(fmt.Sprintf(`(() => { const e = document.querySelector(%q); return e ? e.innerText : %q; })()`, sel, missing), &s))
		if s != missing {
			return s
		}
		if time.Now().After(deadline) {
			b.t.Fatalf("%s never appeared", sel)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// waitText waits until the element's text contains want.
func (b *browser) waitText(ctx context.Context, sel, want string) {
	b.t.Helper()
	b.waitProperty(ctx, sel, "textContent", want)
}

// waitValue waits until the form field's value contains want.
func (b *browser) waitValue(ctx context.Context, sel, want string) {
	b.t.Helper()
	b.waitProperty(ctx, sel, "value", want)
}

// waitProperty waits, polling in the page every 50 ms (a message that shows for 6 s is seen
// however slow the round trips to the browser are on a loaded machine), until the element's
// property contains want.
func (b *browser) waitProperty(ctx context.Context, sel, prop, want string) {
	b.t.Helper()
	read := fmt.Sprintf(`String((document.querySelector(%q) || {})[%q] ?? "")`, sel, prop)
	pctx, cancel := context.WithTimeout(ctx, 35*time.Second)
	defer cancel()
	var seen bool
	err := chromedp.Run(pctx, chromedp.Poll(fmt.Sprintf(`%s.includes(%q)`, read, want), &seen,
		chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(30*time.Second)))
	if err == nil && seen {
		return
	}
	var got string
	b.run(ctx, chromedp.Evaluate(read, &got))
	b.t.Logf("page problems: %v", b.problems())
	var png []byte
	if chromedp.Run(ctx, chromedp.CaptureScreenshot(&png)) == nil {
		shot := filepath.Join(os.TempDir(), "tracker-ui-failure.png")
		_ = os.WriteFile(shot, png, 0o644)
		b.t.Logf("screenshot of the failure: %s", shot)
	}
	b.t.Fatalf("%s never showed %q (%v); it shows %q", sel, want, err, got)
}

// press clicks an element once it is visible, as its own click() does: a mouse click at the
// element's coordinates lands elsewhere when the layout moves in between (a list above it
// redrawn by an answer that came late), which a loaded machine makes likely.
func press(sel string) chromedp.Action {
	return chromedp.Tasks{
		chromedp.WaitVisible(sel, chromedp.ByQuery),
		chromedp.Evaluate(fmt.Sprintf(`document.querySelector(%q).click()`, sel), nil),
	}
}

// choose sets a select's value the way a user does (a change event follows).
func choose(sel, value string) chromedp.Action {
	return chromedp.Evaluate(fmt.Sprintf(`(() => { const s = document.querySelector(%q); s.value = %q; s.dispatchEvent(new Event('change', {bubbles: true})); return s.value; })()`, sel, value), nil)
}

func (b *browser) problems() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]string{}, b.errors...)
}

func storedJSON(t *testing.T, r rueidis.Client, key string) (string, []byte) {
	body, err := r.Do(t.Context(), r.B().Get().Key(key).Build()).AsBytes()
	require.NoError(t, err)
	ver, err := r.Do(t.Context(), r.B().Get().Key(key+":version").Build()).ToString()
	require.NoError(t, err)
	require.Equal(t, rules.Version(body), ver, "%s: the version key is the SHA-256 of the stored body", key)
	return ver, body
}

func TestUIAreasAndRulesInTheBrowser(t *testing.T) {
	f := browserServer(t)
	b := newBrowser(t, f.srv.URL)
	one := b.tab()

	// Draw a polygon by clicking on the map, name it, save it.
	b.open(one, "areas")
	b.run(one, press("#area-new"))
	var box []float64
	b.run(one, chromedp.Evaluate(`(() => { const r = document.querySelector('#map').getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; })()`, &box))
	cx, cy := box[0]+box[2]/2, box[1]+box[3]/2
	corners := [][2]float64{{cx - 150, cy - 100}, {cx + 150, cy - 100}, {cx + 150, cy + 100}, {cx - 150, cy + 100}, {cx - 150, cy - 100}}
	for _, c := range corners {
		b.run(one, chromedp.MouseClickXY(c[0], c[1]))
		time.Sleep(150 * time.Millisecond)
	}
	if os.Getenv("DEBUG_SHOTS") != "" {
		var png []byte
		b.run(one, chromedp.CaptureScreenshot(&png))
		_ = os.WriteFile("/tmp/dbg-drawn.png", png, 0o644)
	}
	b.run(one,
		chromedp.WaitNotPresent(`#area-draw-hint:not([hidden])`, chromedp.ByQuery),
		chromedp.SendKeys("#area-identifier", "DRAWN", chromedp.ByQuery),
		chromedp.SendKeys("#area-name", "Drawn by hand", chromedp.ByQuery),
		press("#area-save"))
	b.waitText(one, "#messages", "Area DRAWN saved.")
	_, areasBody := storedJSON(t, f.r, rules.AreasKey)
	var coll struct {
		Features []struct {
			Properties map[string]any `json:"properties"`
			Geometry   struct {
				Type        string         `json:"type"`
				Coordinates [][][2]float64 `json:"coordinates"`
			} `json:"geometry"`
		} `json:"features"`
	}
	require.NoError(t, json.Unmarshal(areasBody, &coll))
	require.Len(t, coll.Features, 1)
	require.Equal(t, "DRAWN", coll.Features[0].Properties["identifier"])
	require.Equal(t, "Drawn by hand", coll.Features[0].Properties["name"])
	require.Equal(t, "Polygon", coll.Features[0].Geometry.Type)
	ring := coll.Features[0].Geometry.Coordinates[0]
	require.Len(t, ring, 5, "four clicked corners, closed")
	require.Equal(t, ring[0], ring[4])
	b.waitText(one, "#area-list", "Drawn by hand")

	// A rule using that area, built with the condition editor.
	b.run(one, press("#tab-rules"), chromedp.WaitVisible(`body[data-ready="rules"]`, chromedp.ByQuery),
		press("#rule-new"),
		chromedp.SendKeys("#rule-identifier", "in-drawn", chromedp.ByQuery),
		chromedp.SendKeys("#rule-name", "Low in the drawn area", chromedp.ByQuery),
		choose("#rule-conditions li:nth-child(1) select", "area"))
	var ops []string
	b.run(one, chromedp.Evaluate(`[...document.querySelectorAll('#rule-conditions li:nth-child(1) .cond-fields > select')[1].options].map(o => o.value)`, &ops))
	require.Equal(t, []string{"equals"}, ops, "the type drives the operators offered")
	b.run(one, choose("#rule-conditions li:nth-child(1) .value select", "DRAWN"),
		press("#rule-add-condition"),
		choose("#rule-conditions li:nth-child(2) select", "altitude"))
	b.run(one, chromedp.Evaluate(`[...document.querySelectorAll('#rule-conditions li:nth-child(2) .cond-fields > select')[1].options].map(o => o.value)`, &ops))
	require.Equal(t, []string{"minimum", "maximum"}, ops)
	b.run(one, choose("#rule-conditions li:nth-child(2) .cond-fields > select:nth-of-type(2)", "maximum"),
		chromedp.SendKeys("#rule-conditions li:nth-child(2) .value input", "70000", chromedp.ByQuery),
		press("#rule-save"))
	// Out of range: the API's 422 shows next to the value, and nothing is lost from the form.
	b.waitText(one, `[data-loc="conditions.1.value"]`, "65000")
	var kept string
	b.run(one, chromedp.Value("#rule-name", &kept, chromedp.ByQuery))
	require.Equal(t, "Low in the drawn area", kept)
	b.run(one, chromedp.SetValue("#rule-conditions li:nth-child(2) .value input", "", chromedp.ByQuery),
		chromedp.SendKeys("#rule-conditions li:nth-child(2) .value input", "10000", chromedp.ByQuery),
		press("#rule-save"))
	b.waitText(one, "#messages", "Rule in-drawn saved.")
	_, rulesBody := storedJSON(t, f.r, rules.RulesKey)
	var stored []map[string]any
	require.NoError(t, json.Unmarshal(rulesBody, &stored))
	require.Len(t, stored, 1)
	require.Equal(t, []any{
		map[string]any{"type": "area", "operator": "equals", "value": "DRAWN"},
		map[string]any{"type": "altitude", "operator": "maximum", "value": 10000.0},
	}, stored[0]["conditions"])

	// Deleting the area the rule uses shows the API's 409 naming the rule.
	b.open(one, "areas")
	b.run(one, press(`#area-list .item[data-id="DRAWN"]`), press("#area-delete"))
	b.waitText(one, "#area-form .form-error", "Area 'DRAWN' is referenced by rule(s): in-drawn")
	b.waitText(one, "#area-list", "Used by: in-drawn")

	// Two people edit the same rule: the second save of a stale page is refused with 412.
	b.open(one, "rules")
	b.run(one, press(`button[aria-label="Edit rule in-drawn"]`))
	other := newBrowser(t, f.srv.URL) // a second browser, as a second person would have
	two := other.tab()
	b, b2 := b, other
	b2.open(two, "rules")
	b2.run(two, press(`button[aria-label="Edit rule in-drawn"]`),
		chromedp.SetValue("#rule-name", "Renamed in the second browser", chromedp.ByQuery),
		press("#rule-save"))
	b2.waitText(two, "#messages", "Rule in-drawn saved.")
	b.run(one, chromedp.SetValue("#rule-description", "edited on a stale page", chromedp.ByQuery), press("#rule-save"))
	b.waitText(one, "#messages", "Someone else changed the rules")
	b.waitText(one, "#rule-rows", "Renamed in the second browser") // reloaded
	_, rulesBody = storedJSON(t, f.r, rules.RulesKey)
	require.Contains(t, string(rulesBody), "Renamed in the second browser")
	require.NotContains(t, string(rulesBody), "stale page", "the stale save wrote nothing")

	// Reload: everything is still there.
	b.open(one, "areas")
	b.waitText(one, "#area-list", "Drawn by hand")
	b.open(one, "rules")
	b.waitText(one, "#rule-rows", "Renamed in the second browser")

	require.Empty(t, b.problems(), "no console errors")
	b.mu.Lock()
	for _, d := range b.dialogs {
		require.True(t, strings.HasPrefix(d, "confirm: Delete"), "only the delete confirmations: %s", d)
	}
	b.mu.Unlock()
	for _, u := range b.requests {
		require.True(t, strings.HasPrefix(u, f.srv.URL) || strings.HasPrefix(u, "data:") || strings.HasPrefix(u, "blob:"),
			"no request leaves the server: %s", u)
	}
}

// Text is text: names, identifiers and descriptions are shown literally, never run.
func TestUIShowsHostileTextAsText(t *testing.T) {
	f := browserServer(t)
	img, script := `<img src=x onerror=alert(1)>`, `<script>alert(2)</script>`
	a := area("XSS", square)
	a["name"] = img
	code, body, _ := f.do("POST", "/api/areas", a)
	require.Equal(t, 201, code, body)
	ru := rule("xss", map[string]any{"type": "area", "operator": "equals", "value": "XSS"})
	ru["name"], ru["description"] = img, script
	code, body, _ = f.do("POST", "/api/rules", ru)
	require.Equal(t, 201, code, body)

	b := newBrowser(t, f.srv.URL)
	tab := b.tab()
	b.open(tab, "areas")
	b.waitText(tab, "#area-list", img) // the name shown literally: as text, not markup
	b.run(tab, press(`#area-list .item[data-id="XSS"]`))
	var name string
	b.run(tab, chromedp.Value("#area-name", &name, chromedp.ByQuery))
	require.Equal(t, img, name)
	b.open(tab, "rules")
	b.waitText(tab, "#rule-rows", img)
	b.run(tab, press(`button[aria-label="Edit rule xss"]`))
	var desc string
	b.run(tab, chromedp.Value("#rule-description", &desc, chromedp.ByQuery))
	require.Equal(t, script, desc)
	var imgs int
	b.run(tab, chromedp.Evaluate(`document.querySelectorAll('#page-areas img:not(.leaflet-tile), #page-rules img, #page-rules script').length`, &imgs))
	require.Zero(t, imgs, "no element was made from the text")
	// A sentinel image the page loads after all that: once its request is seen, a load (or a
	// dialog) the text had set off would have been seen before it, however slow the machine.
	var loaded bool
	b.run(tab, chromedp.Evaluate(`new Promise((done) => { const i = new Image(); i.onload = i.onerror = () => done(true); i.src = '/ui/geo.js?sentinel-after-the-text'; })`,
		&loaded, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }))
	require.Eventually(t, func() bool {
		b.mu.Lock()
		defer b.mu.Unlock()
		return slices.ContainsFunc(b.requests, func(u string) bool { return strings.HasSuffix(u, "?sentinel-after-the-text") })
	}, 15*time.Second, 20*time.Millisecond, "the sentinel's request")
	b.mu.Lock()
	defer b.mu.Unlock()
	require.Empty(t, b.dialogs, "no script ran")
	for _, u := range b.requests {
		require.False(t, strings.HasSuffix(u, "/x"), "the img in the name was never loaded")
	}
}

// settleForDocs gives a page time to settle (map tiles loaded, a fly-to ended) before a
// screenshot, only when UPDATE_SCREENSHOTS=1 writes it to docs/: otherwise nothing compares
// the picture (that it can be taken is what is tested), and the run pays no fixed wait.
func settleForDocs(d time.Duration) {
	if os.Getenv("UPDATE_SCREENSHOTS") == "1" {
		time.Sleep(d)
	}
}

// Screenshots of both pages with the London example areas and rules, for docs/ui-and-api.md:
// written to docs/ when UPDATE_SCREENSHOTS=1, else to a temporary folder.
func TestUIScreenshots(t *testing.T) {
	f := browserServer(t)
	loadExamples(f)
	dir := t.TempDir()
	if os.Getenv("UPDATE_SCREENSHOTS") == "1" {
		dir = "../docs"
	}
	b := newBrowser(t, f.srv.URL)
	tab := b.tab()
	for _, name := range []string{"areas", "rules"} {
		b.open(tab, name)
		if name == "areas" {
			b.run(tab, press(`#area-list .item[data-id="HEATHROW"]`))
		} else {
			b.run(tab, press(`button[aria-label="Edit rule heathrow-low"]`))
		}
		settleForDocs(700 * time.Millisecond) // tiles of the outline layer and the fly-to
		var png []byte
		b.run(tab, chromedp.FullScreenshot(&png, 100))
		out := filepath.Join(dir, "ui-"+name+".png")
		require.NoError(t, os.WriteFile(out, png, 0o644))
		require.Greater(t, len(png), 20_000, "%s has content", out)
	}
	require.Empty(t, b.problems(), "no console errors")
}

// Import checks the whole file first and lists every problem with nothing written; a valid
// file replaces the set once confirmed. Export gives back what is stored.
func TestUIImportListsEveryProblemFirst(t *testing.T) {
	f := browserServer(t)
	r := f.r
	areas, err := os.ReadFile("../examples/areas.json")
	require.NoError(t, err)
	code, body, _ := f.do("PUT", "/api/areas", string(areas))
	require.Equal(t, 200, code, body)

	dir := t.TempDir()
	bad := filepath.Join(dir, "bad-rules.json")
	require.NoError(t, os.WriteFile(bad, []byte(`[
	 {"identifier":"ok","enabled":true,"conditions":[{"type":"squawk","operator":"equals","value":"7700"}]},
	 {"identifier":"nowhere","enabled":true,"conditions":[{"type":"area","operator":"equals","value":"NOWHERE"}]},
	 {"identifier":"too high","enabled":true,"conditions":[{"type":"altitude","operator":"maximum","value":99999}]}]`), 0o644))
	good, err := filepath.Abs("../examples/rules.json")
	require.NoError(t, err)

	b := newBrowser(t, f.srv.URL)
	tab := b.tab()
	b.open(tab, "rules")
	b.run(tab, chromedp.SetUploadFiles("#rule-import-file", []string{bad}, chromedp.ByQuery))
	b.waitText(tab, "#problems-list", "NOWHERE")
	var problems []string
	b.run(tab, chromedp.Evaluate(`[...document.querySelectorAll('#problems-list li')].map(li => li.textContent)`, &problems))
	require.Len(t, problems, 3, "every problem: %v", problems)
	_, err = r.Do(t.Context(), r.B().Get().Key("config:rules").Build()).ToString()
	require.True(t, rueidis.IsRedisNil(err), "nothing was written")

	b.run(tab, press("#problems-close"), chromedp.SetUploadFiles("#rule-import-file", []string{good}, chromedp.ByQuery))
	b.waitText(tab, "#messages", "Imported 5 rules")
	b.waitText(tab, "#rule-rows", "heathrow-low")
	_, stored := storedJSON(t, f.r, rules.RulesKey)
	var items []map[string]any
	require.NoError(t, json.Unmarshal(stored, &items))
	require.Len(t, items, 5)
	b.mu.Lock()
	defer b.mu.Unlock()
	require.Contains(t, b.dialogs, "confirm: Replace all rules with the 5 of rules.json?")
	require.Empty(t, b.errors)
}

// loadExamples stores the London example areas and rules through the API, as the demo does.
func loadExamples(f *fixture) {
	for _, set := range []struct{ path, file string }{{"/api/areas", "../examples/areas.json"}, {"/api/rules", "../examples/rules.json"}} {
		data, err := os.ReadFile(set.file)
		require.NoError(f.t, err)
		code, body, _ := f.do("PUT", set.path, string(data))
		require.Equal(f.t, 200, code, body)
	}
}
