//go:build integration

package api_test

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/redis/rueidis"
	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/rules"
)

// storedFeature is one feature of config:areas as stored.
type storedFeature struct {
	Properties map[string]any  `json:"properties"`
	Geometry   json.RawMessage `json:"geometry"`
}

// storedAreas is config:areas by identifier (the version key checked on the way).
func storedAreas(t *testing.T, r rueidis.Client) map[string]storedFeature {
	t.Helper()
	_, body := storedJSON(t, r, rules.AreasKey)
	var coll struct {
		Features []storedFeature `json:"features"`
	}
	require.NoError(t, json.Unmarshal(body, &coll))
	out := map[string]storedFeature{}
	for _, f := range coll.Features {
		out[f.Properties["identifier"].(string)] = f
	}
	return out
}

func geometryType(t *testing.T, f storedFeature) string {
	var g struct{ Type string }
	require.NoError(t, json.Unmarshal(f.Geometry, &g))
	return g.Type
}

func ids(m map[string]storedFeature) []string {
	out := make([]string, 0, len(m))
	for id := range m {
		out = append(out, id)
	}
	sort.Strings(out)
	return out
}

// Every row of the original UI's area and rule editing, and the two steps beyond it, as a user
// does them in the browser over the real store: lock and unlock, duplicate, labels, lines and
// points, import into the set with clashes, export of one area, the rules' status badges, a
// polygon typed as coordinates and its size.
func TestUIAreaEditing(t *testing.T) {
	f := browserServer(t)
	loadExamples(f)
	later := rule("later", map[string]any{"type": "date", "operator": "minimum", "value": "2099-01-01"})
	code, _, raw := f.do("POST", "/api/rules", later)
	require.Equal(t, 201, code, string(raw))
	shots := t.TempDir()
	if os.Getenv("UPDATE_SCREENSHOTS") == "1" {
		shots = "../docs"
	}
	b := newBrowser(t, f.srv.URL)
	tab := b.tab()
	downloads := t.TempDir()
	b.run(tab, cdpbrowser.SetDownloadBehavior(cdpbrowser.SetDownloadBehaviorBehaviorAllow).WithDownloadPath(downloads).WithBrowserContextID(b.context))
	eval := func(js string, out any) { b.t.Helper(); b.run(tab, chromedp.Evaluate(js, out)) }
	disabled := func(sel string) bool {
		var d bool
		eval(fmt.Sprintf(`document.querySelector(%q).disabled`, sel), &d)
		return d
	}

	// Rule status: "Not enabled" for the disabled example, "Inactive" (why, on hover) for a
	// rule whose date conditions exclude now; nothing for a live rule.
	b.open(tab, "rules")
	var badges map[string]string
	eval(`Object.fromEntries([...document.querySelectorAll('#rule-rows tr')].map(r => [r.dataset.id, [...r.querySelectorAll('.badge.status')].map(b => b.textContent + '|' + (b.title || '')).join(',')]))`, &badges)
	require.Equal(t, "Not enabled|This rule is stored but never evaluated.", badges["old"])
	require.Equal(t, "Inactive|before 2099-01-01", badges["later"])
	require.Empty(t, badges["heathrow-low"])

	// Labels: each area's name at a point inside it (these rectangles' centroids).
	b.open(tab, "areas")
	for _, id := range []string{"HEATHROW", "CITY"} {
		var at []float64
		b.run(tab, chromedp.WaitVisible(fmt.Sprintf(`#map .area-label[data-id=%q]`, id), chromedp.ByQuery))
		eval(fmt.Sprintf(`(() => { const c = (e) => { const r = e.getBoundingClientRect(); return [(r.left + r.right) / 2, (r.top + r.bottom) / 2]; };
			return [...c(document.querySelector('#map .area-label[data-id=%q]')), ...c(document.querySelector('#map path[data-id=%q]'))]; })()`, id, id), &at)
		require.Len(t, at, 4)
		require.Less(t, math.Hypot(at[0]-at[2], at[1]-at[3]), 12.0, "%s's label at its centroid: label %v, shape %v", id, at[:2], at[2:])
	}
	var labelText string
	eval(`document.querySelector('#map .area-label[data-id="HEATHROW"]').textContent`, &labelText)
	require.Equal(t, "Heathrow approach", labelText)

	// Lock: the vertices and the delete control are disabled, the API holds the area locked.
	selectArea := func(id string) {
		b.run(tab, press(fmt.Sprintf(`#area-list .item[data-id=%q]`, id)))
		b.waitText(tab, "#area-form-title", "")
	}
	selectArea("HEATHROW")
	require.False(t, disabled("#area-delete"))
	b.run(tab, press("#area-lock"))
	b.waitText(tab, "#area-lock", "Unlock")
	require.True(t, disabled("#area-delete"), "a locked area cannot be deleted from the UI")
	require.True(t, disabled("#area-edit-vertices"), "nor its vertices edited")
	require.True(t, disabled("#area-coords"), "nor its coordinates typed")
	require.True(t, disabled("#area-save"))
	code, got, _ := f.do("GET", "/api/areas/HEATHROW", nil)
	require.Equal(t, 200, code)
	require.Equal(t, true, got["locked"])
	b.run(tab, press("#area-delete")) // a click on the disabled control does nothing
	code, _, _ = f.do("GET", "/api/areas/HEATHROW", nil)
	require.Equal(t, 200, code, "the API still holds the area")

	// Unlock, after the confirmation.
	b.run(tab, press("#area-lock"))
	b.waitText(tab, "#area-lock", "Lock")
	code, got, _ = f.do("GET", "/api/areas/HEATHROW", nil)
	require.Equal(t, 200, code)
	require.Equal(t, false, got["locked"])
	require.False(t, disabled("#area-delete"))
	b.mu.Lock()
	require.Contains(t, b.dialogs, "confirm: Unlock area HEATHROW? It can then be edited and deleted.")
	b.mu.Unlock()

	// Export one: a GeoJSON Feature named after the area.
	b.run(tab, press("#area-export-one"))
	var exported []byte
	require.Eventually(t, func() bool {
		exported, _ = os.ReadFile(filepath.Join(downloads, "HEATHROW.geojson"))
		return len(exported) > 0 && json.Valid(exported)
	}, 10*time.Second, 100*time.Millisecond, "HEATHROW.geojson is downloaded")
	var feature struct {
		Type       string          `json:"type"`
		Properties map[string]any  `json:"properties"`
		Geometry   json.RawMessage `json:"geometry"`
	}
	require.NoError(t, json.Unmarshal(exported, &feature))
	require.Equal(t, "Feature", feature.Type)
	require.Equal(t, "HEATHROW", feature.Properties["identifier"])
	require.Equal(t, "Heathrow approach", feature.Properties["name"])
	require.JSONEq(t, string(storedAreas(t, f.r)["HEATHROW"].Geometry), string(feature.Geometry))
	_, err := os.Stat(filepath.Join(downloads, "areas.json"))
	require.True(t, os.IsNotExist(err), "only the one area")

	// Duplicate: a free identifier and "(copy)", saved only when the user saves.
	b.run(tab, press("#area-duplicate"))
	var idValue, nameValue string
	b.run(tab, chromedp.Value("#area-identifier", &idValue, chromedp.ByQuery), chromedp.Value("#area-name", &nameValue, chromedp.ByQuery))
	require.Equal(t, "HEATHROW-2", idValue)
	require.Equal(t, "Heathrow approach (copy)", nameValue)
	require.Len(t, storedAreas(t, f.r), 2, "nothing saved yet")
	b.run(tab, press("#area-save"))
	b.waitText(tab, "#messages", "Area HEATHROW-2 saved.")
	stored := storedAreas(t, f.r)
	require.Equal(t, []string{"CITY", "HEATHROW", "HEATHROW-2"}, ids(stored))
	require.JSONEq(t, string(stored["HEATHROW"].Geometry), string(stored["HEATHROW-2"].Geometry))
	require.Equal(t, "Heathrow approach (copy)", stored["HEATHROW-2"].Properties["name"])

	// A line and a point, drawn by clicking on the map (away from the areas, in the lower left).
	var box []float64
	eval(`(() => { const r = document.querySelector('#map').getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; })()`, &box)
	at := func(fx, fy float64) (float64, float64) { return box[0] + fx*box[2], box[1] + fy*box[3] }
	b.run(tab, press("#area-cancel"), press("#area-new-line"))
	for _, p := range [][2]float64{{0.1, 0.6}, {0.2, 0.7}, {0.12, 0.8}, {0.12, 0.8}} {
		x, y := at(p[0], p[1])
		b.run(tab, chromedp.MouseClickXY(x, y))
		time.Sleep(200 * time.Millisecond)
	}
	b.run(tab, chromedp.WaitNotPresent(`#area-draw-hint:not([hidden])`, chromedp.ByQuery),
		chromedp.SendKeys("#area-identifier", "ROUTE", chromedp.ByQuery), chromedp.SendKeys("#area-name", "Arrival route", chromedp.ByQuery),
		press("#area-save"))
	b.waitText(tab, "#messages", "Area ROUTE saved.")
	b.run(tab, press("#area-cancel"), press("#area-new-point"))
	x, y := at(0.25, 0.85)
	b.run(tab, chromedp.MouseClickXY(x, y))
	b.run(tab, chromedp.WaitNotPresent(`#area-draw-hint:not([hidden])`, chromedp.ByQuery),
		chromedp.SendKeys("#area-identifier", "MAST", chromedp.ByQuery), chromedp.SendKeys("#area-name", "Radio mast", chromedp.ByQuery),
		choose("#area-marker-size", "large"),
		press("#area-save"))
	b.waitText(tab, "#messages", "Area MAST saved.")
	stored = storedAreas(t, f.r)
	require.Equal(t, "LineString", geometryType(t, stored["ROUTE"]))
	var line struct{ Coordinates [][2]float64 }
	require.NoError(t, json.Unmarshal(stored["ROUTE"].Geometry, &line))
	require.Len(t, line.Coordinates, 3, "three clicked points")
	require.Equal(t, "#3388ff", stored["ROUTE"].Properties["stroke"], "with its style keys")
	require.Equal(t, "Point", geometryType(t, stored["MAST"]))
	require.Equal(t, "large", stored["MAST"].Properties["marker-size"])
	require.NotEmpty(t, stored["MAST"].Properties["marker-color"])
	require.NotContains(t, stored["MAST"].Properties, "fill", "a point has no fill")
	b.waitText(tab, `#area-list .item[data-id="ROUTE"]`, "not usable in rules")
	b.waitText(tab, `#area-list .item[data-id="MAST"]`, "not usable in rules")

	// …and never offered in the rule editor's area select.
	b.run(tab, press("#tab-rules"), chromedp.WaitVisible(`body[data-ready="rules"]`, chromedp.ByQuery),
		press("#rule-new"), choose("#rule-conditions li:nth-child(1) select", "area"))
	var offered []string
	eval(`[...document.querySelectorAll('#rule-conditions li:nth-child(1) .value select option')].map(o => o.value).filter(Boolean)`, &offered)
	require.Equal(t, []string{"HEATHROW", "CITY", "HEATHROW-2"}, offered)
	b.run(tab, press("#rule-cancel"))

	// A polygon typed as coordinates: a typo is named by its line and draws nothing; the fixed
	// text is drawn, measured, and stored as typed.
	b.open(tab, "areas")
	b.run(tab, press("#area-new"))
	typeCoords := func(text string) {
		eval(fmt.Sprintf(`(() => { const t = document.querySelector('#area-coords'); t.focus(); t.value = %q; t.dispatchEvent(new Event('input', {bubbles: true})); return true; })()`, text), nil)
	}
	typeCoords("51.30, -0.95\n51.30, -0.70\n51.2O, -0.70\n51.20, -0.95")
	b.waitText(tab, `#area-form [data-loc="coordinates"]`, "Line 3: “51.2O, -0.70”")
	// The form's shape is drawn dashed (selected); the stored ones are not.
	var drafts int
	eval(`document.querySelectorAll('#map path[stroke-dasharray="6 4"]').length`, &drafts)
	require.Zero(t, drafts, "a typo draws nothing")
	typeCoords("51.30, -0.95\n51.30, -0.70\n51.20, -0.70\n51.20, -0.95")
	b.waitText(tab, "#area-measure", "km²")
	eval(`document.querySelectorAll('#map path[stroke-dasharray="6 4"]').length`, &drafts)
	require.Equal(t, 1, drafts, "the typed polygon is on the map")
	measure := b.text(tab, "#area-measure")
	require.Contains(t, measure, "perimeter")
	require.Empty(t, b.text(tab, `#area-form [data-loc="coordinates"]`), "the error is gone")
	b.run(tab, chromedp.SendKeys("#area-identifier", "TYPED", chromedp.ByQuery), chromedp.SendKeys("#area-name", "Typed from a chart", chromedp.ByQuery),
		press("#area-save"))
	b.waitText(tab, "#messages", "Area TYPED saved.")
	require.JSONEq(t, `{"type":"Polygon","coordinates":[[[-0.95,51.3],[-0.7,51.3],[-0.7,51.2],[-0.95,51.2],[-0.95,51.3]]]}`,
		string(storedAreas(t, f.r)["TYPED"].Geometry), "stored as typed")
	shot := func(name string) {
		settleForDocs(600 * time.Millisecond)
		var png []byte
		b.run(tab, chromedp.CaptureScreenshot(&png))
		require.NoError(t, os.WriteFile(filepath.Join(shots, "ui-"+name+".png"), png, 0o644))
	}
	shot("area-edit")

	// An import file that is not JSON: said next to the import, nothing written.
	dir := t.TempDir()
	bad := filepath.Join(dir, "broken.geojson")
	require.NoError(t, os.WriteFile(bad, []byte(`{"type":"FeatureCollection","features":[`), 0o644))
	before := ids(storedAreas(t, f.r))
	b.run(tab, press("#area-cancel"), chromedp.SetUploadFiles("#area-import-file", []string{bad}, chromedp.ByQuery))
	b.waitText(tab, "#area-import-error", "broken.geojson is not valid JSON")
	require.Equal(t, before, ids(storedAreas(t, f.r)))

	// Import into the set: a new feature, a clash renamed, a clash skipped (the default), a
	// feature without an identifier (one proposed from its name), an invalid one (listed with
	// the API's reason, never written).
	poly := func(lon, lat float64) map[string]any {
		return map[string]any{"type": "Polygon", "coordinates": [][][]float64{{{lon, lat}, {lon + 0.1, lat}, {lon + 0.1, lat + 0.1}, {lon, lat + 0.1}, {lon, lat}}}}
	}
	feat := func(props map[string]any, g any) map[string]any {
		return map[string]any{"type": "Feature", "properties": props, "geometry": g}
	}
	file := filepath.Join(dir, "more-areas.geojson")
	coll, _ := json.Marshal(map[string]any{"type": "FeatureCollection", "features": []any{
		feat(map[string]any{"identifier": "GATWICK", "name": "Gatwick"}, poly(-0.25, 51.1)),
		feat(map[string]any{"identifier": "HEATHROW", "name": "Heathrow, redrawn"}, poly(-0.5, 51.45)),
		feat(map[string]any{"identifier": "CITY", "name": "City, redrawn"}, poly(-0.1, 51.5)),
		feat(map[string]any{"name": "Farnborough box"}, poly(-0.8, 51.25)),
		feat(map[string]any{"identifier": "BOWTIE", "name": "Crossed"}, map[string]any{"type": "Polygon", "coordinates": [][][]float64{{{0, 51}, {0.1, 51.1}, {0.1, 51}, {0, 51.1}, {0, 51}}}}),
	}})
	require.NoError(t, os.WriteFile(file, coll, 0o644))
	b.run(tab, chromedp.SetUploadFiles("#area-import-file", []string{file}, chromedp.ByQuery))
	b.run(tab, chromedp.WaitVisible("#import-dialog", chromedp.ByQuery))
	var states []string
	eval(`[...document.querySelectorAll('#import-table tbody tr')].map(r => r.dataset.state)`, &states)
	require.Equal(t, []string{"new", "clash", "clash", "new", "invalid"}, states)
	b.waitText(tab, `#import-table tbody tr[data-index="4"]`, "intersects itself")
	var proposed string
	eval(`document.querySelector('#import-table tbody tr[data-index="3"] input.import-id').value`, &proposed)
	require.Equal(t, "FARNBOROUGH-BOX", proposed)
	var action string
	eval(`document.querySelector('#import-table tbody tr[data-index="2"] select').value`, &action)
	require.Equal(t, "skip", action, "a clash is skipped unless the user chooses otherwise")
	b.run(tab, choose(`#import-table tbody tr[data-index="1"] select`, "rename"))
	var renamed string
	eval(`document.querySelector('#import-table tbody tr[data-index="1"] input.import-id').value`, &renamed)
	require.Equal(t, "HEATHROW-3", renamed, "a suggested free identifier")
	require.Equal(t, before, ids(storedAreas(t, f.r)), "nothing written before the import is confirmed")
	shot("area-import")

	// Someone else saves meanwhile: the write is refused (412), the import asked again.
	code, _, raw = f.do("POST", "/api/areas", area("OTHER", poly(1, 52)))
	require.Equal(t, 201, code, string(raw))
	b.run(tab, press("#import-confirm"))
	b.waitText(tab, "#import-intro", "Someone else changed the areas meanwhile")
	b.run(tab, choose(`#import-table tbody tr[data-index="1"] select`, "rename"), press("#import-confirm"))
	b.waitText(tab, "#messages", "Imported 3 areas from more-areas.geojson.")
	stored = storedAreas(t, f.r)
	require.Equal(t, []string{"CITY", "FARNBOROUGH-BOX", "GATWICK", "HEATHROW", "HEATHROW-2", "HEATHROW-3", "MAST", "OTHER", "ROUTE", "TYPED"}, ids(stored))
	require.Equal(t, "Heathrow approach", stored["HEATHROW"].Properties["name"], "the stored HEATHROW is kept")
	require.Equal(t, "Heathrow, redrawn", stored["HEATHROW-3"].Properties["name"], "the clash came in under its new name")
	require.Equal(t, "City of London", stored["CITY"].Properties["name"], "the skipped clash left the stored one alone")
	require.Equal(t, "Farnborough box", stored["FARNBOROUGH-BOX"].Properties["name"])
	require.False(t, slices.Contains(ids(stored), "BOWTIE"))

	require.Empty(t, b.problems(), "no console errors")
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, u := range b.requests {
		require.True(t, strings.HasPrefix(u, f.srv.URL) || strings.HasPrefix(u, "data:") || strings.HasPrefix(u, "blob:"), "no request leaves the machine: %s", u)
	}
}

// The page's geometry helpers (api/ui/geo.js), run in the browser: a label point inside a
// concave area and outside its hole, the size of a known square, coordinates read back as
// written, and typos named by their line.
func TestUIGeometryHelpers(t *testing.T) {
	f := browserServer(t)
	b := newBrowser(t, f.srv.URL)
	tab := b.tab()
	b.open(tab, "areas")
	run := func(js string, out any) {
		t.Helper()
		b.run(tab, chromedp.Evaluate(`import('/ui/geo.js').then((geo) => { `+js+` })`, out, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }))
	}
	var inside []bool
	run(`const u = {type: 'Polygon', coordinates: [[[0,0],[3,0],[3,3],[2,3],[2,1],[1,1],[1,3],[0,3],[0,0]]]};
		const holed = {type: 'Polygon', coordinates: [[[0,0],[4,0],[4,4],[0,4],[0,0]], [[1,1],[3,1],[3,3],[1,3],[1,1]]]};
		const square = {type: 'Polygon', coordinates: [[[0,0],[2,0],[2,2],[0,2],[0,0]]]};
		const pu = geo.labelPoint(u), ph = geo.labelPoint(holed), ps = geo.labelPoint(square);
		return [geo.inside(u.coordinates, pu), geo.inside(holed.coordinates, ph), ps[0] === 1 && ps[1] === 1];`, &inside)
	require.Equal(t, []bool{true, true, true}, inside, "a U's label inside the U, a ring's outside its hole, a square's at its centre")

	var size string
	run(`return geo.describeSize({type: 'Polygon', coordinates: [[[0,0],[1,0],[1,1],[0,1],[0,0]]]});`, &size)
	require.Equal(t, "Size 12,364 km² · perimeter 445 km", size, "one degree square at the equator")

	var round []any
	run(`const g = {type: 'Polygon', coordinates: [[[-0.62,51.4],[-0.25,51.4],[-0.25,51.55],[-0.62,51.4]]]};
		const text = geo.formatCoordinates(g); return [text, JSON.stringify(geo.parseCoordinates(text, 'Polygon')) === JSON.stringify(g)];`, &round)
	require.Equal(t, "51.4, -0.62\n51.4, -0.25\n51.55, -0.25\n51.4, -0.62", round[0])
	require.Equal(t, true, round[1], "read back as written")

	var errs []string
	run(`const e = (text, kind) => { try { geo.parseCoordinates(text, kind); return 'no error'; } catch (x) { return x.message; } };
		return [e('51, 0\n\n51, 1\n52, 1\n52, 0\n\nx, 0', 'Polygon'), e('95, 0', 'Point'), e('51, 0\n52, 1', 'Point'), e('{"type":"Point","coordinates":[0,0]}', 'Polygon'), e('{oops', 'Polygon')];`, &errs)
	require.Equal(t, "Line 7: “x, 0” is not “latitude, longitude”.", errs[0])
	require.Equal(t, "Line 1: latitude 95 is outside -90 to 90.", errs[1])
	require.Equal(t, "A point is one “latitude, longitude” line.", errs[2])
	require.Contains(t, errs[3], "A GeoJSON Polygon is wanted here")
	require.Contains(t, errs[4], "Not a GeoJSON geometry")
	require.Empty(t, b.problems())
}
