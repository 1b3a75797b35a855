//go:build integration

package api_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/redis/rueidis"
	"github.com/rs/zerolog"
	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/api"
	"github.com/tracker-adsb/tracker-core-health/internal/testenv"
	"github.com/tracker-adsb/tracker-core-health/rules"
)

type fixture struct {
	t   *testing.T
	srv *httptest.Server
	r   rueidis.Client
	tok string
	api *api.Server // setupWith's (nil in the fixtures made by hand)
}

// newServer serves opts. A test that gives no token is about something else than who may
// come in: it runs the server open on purpose (CONFIG_API_TOKEN=none), which a server never
// does by itself (TestServerRefusesToRunOpenByAccident).
func newServer(t *testing.T, store *api.Store, opts api.Options) *api.Server {
	if opts.Token == "" {
		opts.Open = true
	}
	s, err := api.NewServer(store, opts, zerolog.Nop())
	require.NoError(t, err)
	return s
}

func setup(t *testing.T, token string) *fixture {
	return setupWith(t, api.Options{Token: token})
}

// setupWith serves the API with opts over a real Redis of the test's own (empty; a test may
// run beside others with t.Parallel).
func setupWith(t *testing.T, opts api.Options) *fixture {
	token := opts.Token
	r := testenv.Get(t).WithOwnRedis(t).Redis(t)
	store := api.NewStore(r, "", zerolog.Nop())
	s := newServer(t, store, opts)
	srv := httptest.NewServer(s.Handler())
	t.Cleanup(srv.Close)
	return &fixture{t: t, srv: srv, r: r, tok: token, api: s}
}

// kept waits until GET /api/matches answers at least n matches: the keeper writes a
// notification to the store's stream a moment after it arrives, and the Matches page shows what
// that answers when it opens.
func (f *fixture) kept(n int) {
	f.t.Helper()
	require.Eventually(f.t, func() bool {
		code, got, _ := f.do("GET", "/api/matches", nil)
		ms, _ := got["matches"].([]any)
		return code == 200 && len(ms) >= n
	}, 10*time.Second, 50*time.Millisecond, "%d notifications kept", n)
}

func (f *fixture) do(method, path string, body any) (int, map[string]any, []byte) {
	f.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	default:
		j, _ := json.Marshal(b)
		rd = bytes.NewReader(j)
	}
	req, _ := http.NewRequest(method, f.srv.URL+path, rd)
	if f.tok != "" {
		req.Header.Set("Authorization", "Bearer "+f.tok)
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(f.t, err)
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	var m map[string]any
	_ = json.Unmarshal(raw, &m)
	return resp.StatusCode, m, raw
}

// versionMatches asserts the version key equals the SHA-256 of the stored body.
func (f *fixture) versionMatches(key string) []byte {
	f.t.Helper()
	body, err := f.r.Do(f.t.Context(), f.r.B().Get().Key(key).Build()).AsBytes()
	require.NoError(f.t, err)
	ver, err := f.r.Do(f.t.Context(), f.r.B().Get().Key(key+":version").Build()).ToString()
	require.NoError(f.t, err)
	require.Equal(f.t, rules.Version(body), ver)
	return body
}

var square = map[string]any{"type": "Polygon", "coordinates": [][][]float64{{{0, 0}, {10, 0}, {10, 10}, {0, 10}, {0, 0}}}}

func area(id string, geom any) map[string]any {
	return map[string]any{"identifier": id, "name": "Area " + id, "geometry": geom}
}

func rule(id string, conds ...map[string]any) map[string]any {
	if len(conds) == 0 {
		conds = []map[string]any{{"type": "squawk", "operator": "equals", "value": "7700"}}
	}
	return map[string]any{"identifier": id, "name": "Rule " + id, "enabled": true, "conditions": conds}
}

func TestAreasEndpoints(t *testing.T) {
	f := setup(t, "")
	code, _, raw := f.do("GET", "/api/areas", nil)
	require.Equal(t, 200, code)
	require.JSONEq(t, `[]`, string(raw))

	a := area("SQ", square)
	a["fill"] = "#ff0000"
	a["marker-size"] = "small"
	code, body, _ := f.do("POST", "/api/areas", a)
	require.Equal(t, 201, code, body)
	require.Equal(t, "SQ", body["identifier"])
	require.Equal(t, false, body["locked"])
	require.Equal(t, "#ff0000", body["fill"])
	stored := f.versionMatches(rules.AreasKey)
	require.Contains(t, string(stored), `"type":"FeatureCollection"`)
	require.Contains(t, string(stored), `"properties":{`)

	code, body, _ = f.do("POST", "/api/areas", area("SQ", square))
	require.Equal(t, 409, code)
	require.Equal(t, "Area 'SQ' already exists", body["detail"])

	code, body, _ = f.do("GET", "/api/areas/SQ", nil)
	require.Equal(t, 200, code)
	require.Equal(t, "Area SQ", body["name"])
	code, body, _ = f.do("GET", "/api/areas/NOPE", nil)
	require.Equal(t, 404, code)
	require.Equal(t, "Area 'NOPE' not found", body["detail"])

	// PUT clears a style key left out; mismatch and 404 answers.
	code, body, _ = f.do("PUT", "/api/areas/SQ", area("SQ", square))
	require.Equal(t, 200, code)
	require.NotContains(t, body, "fill")
	code, _, _ = f.do("PUT", "/api/areas/NOPE", area("OTHER", square))
	require.Equal(t, 404, code, "404 is checked before the mismatch")
	code, body, _ = f.do("PUT", "/api/areas/SQ", area("OTHER", square))
	require.Equal(t, 400, code)
	require.Equal(t, "Body identifier 'OTHER' does not match path identifier 'SQ'", body["detail"])

	// Engine-invalid polygon: 400 failed validation; nothing written.
	before := f.versionMatches(rules.AreasKey)
	bowtie := map[string]any{"type": "Polygon", "coordinates": [][][]float64{{{0, 0}, {2, 2}, {2, 0}, {0, 2}, {0, 0}}}}
	code, body, _ = f.do("POST", "/api/areas", area("BOW", bowtie))
	require.Equal(t, 400, code)
	require.Equal(t, "Area 'BOW' failed validation (check identifier has no spaces and geometry is a valid Polygon)", body["detail"])
	require.Equal(t, before, f.versionMatches(rules.AreasKey), "a rejected save leaves the store untouched")

	// Non-polygons are stored and served.
	code, _, _ = f.do("POST", "/api/areas", area("PT", map[string]any{"type": "Point", "coordinates": []float64{1, 2}}))
	require.Equal(t, 201, code)
	code, _, _ = f.do("POST", "/api/areas", area("LN", map[string]any{"type": "LineString", "coordinates": [][]float64{{1, 2}, {3, 4}}}))
	require.Equal(t, 201, code)

	// Deleting a referenced area: 409 naming the rules in stored order.
	code, _, _ = f.do("POST", "/api/rules", rule("r1", map[string]any{"type": "area", "operator": "equals", "value": "SQ"}))
	require.Equal(t, 201, code)
	disabled := rule("r2", map[string]any{"type": "area", "operator": "equals", "value": "SQ"})
	disabled["enabled"] = false
	code, _, _ = f.do("POST", "/api/rules", disabled)
	require.Equal(t, 201, code)
	code, body, _ = f.do("DELETE", "/api/areas/SQ", nil)
	require.Equal(t, 409, code)
	require.Equal(t, "Area 'SQ' is referenced by rule(s): r1, r2", body["detail"])
	// Turning a referenced polygon into a point fails the survival check.
	code, body, _ = f.do("PUT", "/api/areas/SQ", area("SQ", map[string]any{"type": "Point", "coordinates": []float64{1, 2}}))
	require.Equal(t, 400, code)
	require.Equal(t, "Rule #0 invalid: rule 'r1' condition #0: area 'SQ' not found in areas config", body["detail"])

	code, _, raw = f.do("DELETE", "/api/areas/PT", nil)
	require.Equal(t, 204, code)
	require.Empty(t, raw)
	code, _, _ = f.do("DELETE", "/api/areas/PT", nil)
	require.Equal(t, 404, code)
	code, _, raw = f.do("GET", "/api/areas", nil)
	require.Equal(t, 200, code)
	var list []map[string]any
	require.NoError(t, json.Unmarshal(raw, &list))
	require.Len(t, list, 2)
	f.versionMatches(rules.AreasKey)
}

func TestAreaBodyValidation(t *testing.T) {
	f := setup(t, "")
	cases := []struct {
		name string
		body any
		loc  string
	}{
		{"malformed JSON", `{"identifier":`, `["body"]`},
		{"identifier with spaces", area("a b", square), `["body","identifier"]`},
		{"unclosed ring", area("U", map[string]any{"type": "Polygon", "coordinates": [][][]float64{{{0, 0}, {1, 0}, {1, 1}, {0, 1}}}}), `["body","geometry","coordinates",0]`},
		{"longitude out of range", area("O", map[string]any{"type": "Polygon", "coordinates": [][][]float64{{{0, 0}, {190, 0}, {1, 1}, {0, 0}}}}), `["body","geometry","coordinates",0,1]`},
		{"latitude out of range", area("O", map[string]any{"type": "Point", "coordinates": []float64{0, 91}}), `["body","geometry","coordinates"]`},
		{"other geometry", area("M", map[string]any{"type": "MultiPolygon", "coordinates": []any{}}), `["body","geometry","type"]`},
		{"bad marker size", map[string]any{"identifier": "S", "geometry": square, "marker-size": "huge"}, `["body","marker-size"]`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, _, raw := f.do("POST", "/api/areas", tc.body)
			require.Equal(t, 422, code, string(raw))
			var e struct {
				Detail []struct {
					Loc  json.RawMessage `json:"loc"`
					Msg  string          `json:"msg"`
					Type string          `json:"type"`
				} `json:"detail"`
			}
			require.NoError(t, json.Unmarshal(raw, &e))
			require.NotEmpty(t, e.Detail)
			require.JSONEq(t, tc.loc, string(e.Detail[0].Loc))
			require.NotEmpty(t, e.Detail[0].Msg)
			require.NotEmpty(t, e.Detail[0].Type)
		})
	}
	exists, err := f.r.Do(t.Context(), f.r.B().Exists().Key(rules.AreasKey).Build()).AsInt64()
	require.NoError(t, err)
	require.Zero(t, exists, "nothing is written")

	// The areas' limit is larger than the rules' (a detailed outline is big); past it, 413
	// naming the limit, and what is stored is untouched.
	code, _, raw := f.do("POST", "/api/areas", area("KEEP", map[string]any{"type": "Point", "coordinates": []float64{0, 51}}))
	require.Equal(t, 201, code, string(raw))
	code, _, raw = f.do("POST", "/api/rules", rule("keep"))
	require.Equal(t, 201, code, string(raw))
	stored := func() []string {
		var out []string
		for _, k := range []string{rules.AreasKey, rules.RulesKey} {
			v, _ := storedJSON(t, f.r, k)
			out = append(out, v)
		}
		return out
	}
	before := stored()
	code, _, _ = f.do("POST", "/api/areas", `{"identifier":"x"`+strings.Repeat(" ", api.MaxBody+1)+`}`)
	require.Equal(t, 422, code, "a body past the rules' limit is still read for an area")
	code, body, _ := f.do("POST", "/api/areas", `{"identifier":"x"`+strings.Repeat(" ", api.MaxAreasBody+1)+`}`)
	require.Equal(t, 413, code)
	require.Equal(t, "Request body larger than the limit of 8 MiB (8388608 bytes)", body["detail"])
	code, body, _ = f.do("PUT", "/api/areas", `[`+strings.Repeat(" ", api.MaxAreasBody+1)+`]`)
	require.Equal(t, 413, code)
	require.Equal(t, "Request body larger than the limit of 8 MiB (8388608 bytes)", body["detail"])
	code, body, _ = f.do("POST", "/api/rules", `{"identifier":"x"`+strings.Repeat(" ", api.MaxBody+1)+`}`)
	require.Equal(t, 413, code)
	require.Equal(t, "Request body larger than the limit of 1 MiB (1048576 bytes)", body["detail"])
	code, _, _ = f.do("PUT", "/api/rules", `[`+strings.Repeat(" ", api.MaxBody+1)+`]`)
	require.Equal(t, 413, code)
	require.Equal(t, before, stored(), "nothing stored is touched")
}

func TestRulesEndpoints(t *testing.T) {
	f := setup(t, "")
	code, _, raw := f.do("GET", "/api/rules", nil)
	var body map[string]any
	require.Equal(t, 200, code)
	require.JSONEq(t, `[]`, string(raw))

	r := rule("emergency")
	r["unknown_key"] = "ignored"
	code, _, raw = f.do("POST", "/api/rules", r)
	require.Equal(t, 201, code, string(raw))
	require.JSONEq(t, `{"identifier":"emergency","name":"Rule emergency","description":"","enabled":true,"force_archive":false,
	  "conditions":[{"type":"squawk","operator":"equals","value":"7700"}],"triggered_lifetime":0,"triggered_last_30_days":0}`, string(raw))
	require.NotContains(t, string(f.versionMatches(rules.RulesKey)), "unknown_key", "other keys are not stored")

	code, body, _ = f.do("POST", "/api/rules", rule("emergency"))
	require.Equal(t, 409, code)
	require.Equal(t, "Rule 'emergency' already exists", body["detail"])
	code, body, _ = f.do("POST", "/api/rules", rule("r", map[string]any{"type": "area", "operator": "equals", "value": "NOWHERE"}))
	require.Equal(t, 400, code)
	require.Equal(t, "Rule #1 invalid: rule 'r' condition #0: area 'NOWHERE' not found in areas config", body["detail"])

	// Trigger counts come from the store: the UTC days of the server's clock, set here (the
	// wall's could pass midnight between the keys written and the request). The server's
	// clock reads New York's 19:30 on 20 November, 00:30 UTC on the 21st, three weeks after the
	// clocks went back: the UTC days counted back from there, not New York's.
	ctx := t.Context()
	ny, err := time.LoadLocation("America/New_York")
	require.NoError(t, err)
	now := time.Date(2026, 11, 21, 0, 30, 0, 0, time.UTC)
	api.SetClock(f.api, func() time.Time { return now.In(ny) })
	for k, v := range map[string]string{
		rules.TriggerLifetimeKey("emergency"):                    "12",
		rules.TriggerDayKey("emergency", now):                    "2",
		rules.TriggerDayKey("emergency", now.AddDate(0, 0, -20)): "4", // 1 November, the day the clocks went back
		rules.TriggerDayKey("emergency", now.AddDate(0, 0, -29)): "3",
		rules.TriggerDayKey("emergency", now.AddDate(0, 0, -30)): "100",
	} {
		require.NoError(t, f.r.Do(ctx, f.r.B().Set().Key(k).Value(v).Build()).Error())
	}
	code, body, _ = f.do("GET", "/api/rules/emergency", nil)
	require.Equal(t, 200, code)
	require.Equal(t, 12.0, body["triggered_lifetime"])
	require.Equal(t, 9.0, body["triggered_last_30_days"], "today … today-29")
	code, body, _ = f.do("GET", "/api/rules/none", nil)
	require.Equal(t, 404, code)
	require.Equal(t, "Rule 'none' not found", body["detail"])

	// PUT keeps the position; mismatch after 404.
	code, _, _ = f.do("POST", "/api/rules", rule("second"))
	require.Equal(t, 201, code)
	upd := rule("emergency", map[string]any{"type": "squawk", "operator": "equals", "value": "7600"})
	code, body, _ = f.do("PUT", "/api/rules/emergency", upd)
	require.Equal(t, 200, code)
	require.Equal(t, 12.0, body["triggered_lifetime"])
	stored := f.versionMatches(rules.RulesKey)
	require.Less(t, strings.Index(string(stored), "emergency"), strings.Index(string(stored), "second"))
	require.Contains(t, string(stored), "7600")
	code, _, _ = f.do("PUT", "/api/rules/none", rule("x"))
	require.Equal(t, 404, code)
	code, body, _ = f.do("PUT", "/api/rules/emergency", rule("second"))
	require.Equal(t, 400, code)
	require.Equal(t, "Body identifier 'second' does not match path identifier 'emergency'", body["detail"])

	code, _, _ = f.do("DELETE", "/api/rules/emergency", nil)
	require.Equal(t, 204, code)
	n, err := f.r.Do(ctx, f.r.B().Exists().Key(rules.TriggerLifetimeKey("emergency"), rules.TriggerDayKey("emergency", now)).Build()).AsInt64()
	require.NoError(t, err)
	require.Zero(t, n, "the trigger keys are deleted with the rule")
	code, _, _ = f.do("DELETE", "/api/rules/emergency", nil)
	require.Equal(t, 404, code)
	f.versionMatches(rules.RulesKey)
}

func TestRuleBodyValidation(t *testing.T) {
	f := setup(t, "")
	cond := func(typ, op string, v any) map[string]any {
		return rule("r", map[string]any{"type": typ, "operator": op, "value": v})
	}
	cases := []struct {
		name string
		body any
		loc  string
	}{
		{"not JSON", `nope`, `["body"]`},
		{"missing identifier", map[string]any{"enabled": true, "conditions": []any{map[string]any{"type": "squawk", "operator": "equals", "value": "7700"}}}, `["body","identifier"]`},
		{"identifier with space", rule("a b"), `["body","identifier"]`},
		{"missing enabled", map[string]any{"identifier": "r", "conditions": []any{map[string]any{"type": "squawk", "operator": "equals", "value": "7700"}}}, `["body","enabled"]`},
		{"empty conditions", map[string]any{"identifier": "r", "enabled": true, "conditions": []any{}}, `["body","conditions"]`},
		{"extra key in condition", rule("r", map[string]any{"type": "squawk", "operator": "equals", "value": "7700", "x": 1}), `["body","conditions",0,"x"]`},
		{"unknown type", cond("colour", "equals", "red"), `["body","conditions",0,"type"]`},
		{"unknown operator", cond("altitude", "above", 1), `["body","conditions",0,"operator"]`},
		{"operator outside the type's set", cond("altitude", "equals", 1), `["body","conditions",0,"operator"]`},
		{"altitude range", cond("altitude", "maximum", 70000), `["body","conditions",0,"value"]`},
		{"velocity range", cond("velocity", "minimum", -1), `["body","conditions",0,"value"]`},
		{"squawk pattern", cond("squawk", "equals", "7800"), `["body","conditions",0,"value"]`},
		{"receiver_source duplicate", cond("receiver_source", "equals", []string{"1090", "1090"}), `["body","conditions",0,"value"]`},
		{"registration pattern", cond("aircraft_registration", "equals", "-GABC"), `["body","conditions",0,"value"]`},
		{"icao hex pattern", cond("aircraft_icao_hex", "equals", "XYZ123"), `["body","conditions",0,"value"]`},
		{"matched_rules empty", cond("matched_rules", "in_list", []string{}), `["body","conditions",0,"value"]`},
		{"name too long", map[string]any{"identifier": "r", "name": strings.Repeat("n", 65), "enabled": true, "conditions": []any{map[string]any{"type": "squawk", "operator": "equals", "value": "7700"}}}, `["body","name"]`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, _, raw := f.do("POST", "/api/rules", tc.body)
			require.Equal(t, 422, code, string(raw))
			var e struct {
				Detail []struct {
					Loc json.RawMessage `json:"loc"`
				} `json:"detail"`
			}
			require.NoError(t, json.Unmarshal(raw, &e))
			require.JSONEq(t, tc.loc, string(e.Detail[0].Loc))
		})
	}
	// Engine-level value errors are 400.
	code, body, _ := f.do("POST", "/api/rules", cond("date", "minimum", "2026-01-01T10:00"))
	require.Equal(t, 400, code)
	require.Contains(t, body["detail"], "timezone designator")
}

func TestAuthentication(t *testing.T) {
	f := setup(t, "s3cret")
	for _, p := range []string{"/api/rules", "/api/areas", "/api/openapi.json"} {
		req, _ := http.NewRequest("GET", f.srv.URL+p, nil)
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		raw, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		require.Equal(t, 401, resp.StatusCode)
		require.Equal(t, "Bearer", resp.Header.Get("WWW-Authenticate"))
		require.JSONEq(t, `{"detail":"Not authenticated"}`, string(raw))
	}
	// Auth comes before body validation.
	req, _ := http.NewRequest("POST", f.srv.URL+"/api/rules", strings.NewReader("garbage"))
	req.Header.Set("Authorization", "Bearer wrong")
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, 401, resp.StatusCode)
	code, _, _ := f.do("GET", "/api/rules", nil)
	require.Equal(t, 200, code, "the right token passes")
	resp, err = http.Get(f.srv.URL + "/healthz")
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, 200, resp.StatusCode)

	open := setup(t, "")
	code, _, raw := open.do("GET", "/api/openapi.json", nil)
	require.Equal(t, 200, code)
	var doc map[string]any
	require.NoError(t, json.Unmarshal(raw, &doc))
	require.Contains(t, doc["openapi"], "3.")
}

func TestConcurrentAreaSavesLoseNothing(t *testing.T) {
	f := setup(t, "")
	var wg sync.WaitGroup
	codes := make([]int, 50)
	for i := range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			x := float64(i % 170)
			geom := map[string]any{"type": "Polygon", "coordinates": [][][]float64{{{x, 0}, {x + 1, 0}, {x + 1, 1}, {x, 0}}}}
			codes[i], _, _ = f.do("POST", "/api/areas", area(fmt.Sprintf("A%02d", i), geom))
		}()
	}
	wg.Wait()
	for i, c := range codes {
		require.Equal(t, 201, c, "area %d", i)
	}
	var list []map[string]any
	_, _, raw := f.do("GET", "/api/areas", nil)
	require.NoError(t, json.Unmarshal(raw, &list))
	require.Len(t, list, 50)
	f.versionMatches(rules.AreasKey)
}

func TestStoreErrorIs500(t *testing.T) {
	env := testenv.Get(t)
	r, err := rueidis.NewClient(rueidis.ClientOption{InitAddress: []string{env.RedisAddr}, Password: env.RedisPassword, DisableCache: true})
	require.NoError(t, err)
	store := api.NewStore(r, "", zerolog.Nop())
	srv := httptest.NewServer(newServer(t, store, api.Options{}).Handler())
	defer srv.Close()
	r.Close() // every store call now fails
	resp, err := http.Get(srv.URL + "/api/rules")
	require.NoError(t, err)
	raw, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	require.Equal(t, 500, resp.StatusCode)
	require.Contains(t, string(raw), "Redis error: ")
}

// While the store is down, every request that needs it answers 500 "Redis error: …" within
// the store calls' bound (CONTRACT.md 8), reads and writes alike, though the client retries
// read-only commands for as long as a request would let it; once the store is back, 200.
func TestStoreDownIs500NotAHang(t *testing.T) {
	env := testenv.Get(t).WithOwnRedis(t)
	r := env.Redis(t) // rueidis's defaults: read-only commands retried until the context ends
	store := api.NewStore(r, "", zerolog.Nop())
	api.SetStoreTimeout(store, time.Second)
	srv := httptest.NewServer(newServer(t, store, api.Options{}).Handler())
	t.Cleanup(srv.Close)
	client := &http.Client{Timeout: 20 * time.Second} // a hang fails here, not at the test's deadline
	do := func(t *testing.T, method, path, body string) (int, string) {
		req, err := http.NewRequestWithContext(t.Context(), method, srv.URL+path, strings.NewReader(body))
		require.NoError(t, err)
		resp, err := client.Do(req)
		require.NoError(t, err, "%s %s answers", method, path)
		defer resp.Body.Close()
		raw, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(raw)
	}
	requests := []struct{ method, path, body string }{
		{"GET", "/api/rules", ""},
		{"GET", "/api/rules/r", ""},
		{"GET", "/api/areas", ""},
		{"GET", "/api/watchlists", ""},
		{"GET", "/api/mutes", ""},
		{"GET", "/api/rule-status", ""},
		{"POST", "/api/rules", `{"identifier":"r","enabled":true,"conditions":[{"type":"squawk","operator":"equals","value":"7700"}]}`},
		{"PUT", "/api/areas", `[]`},
	}
	env.Service(t, "stop-redis")
	for _, rq := range requests {
		t.Run("down "+rq.method+" "+rq.path, func(t *testing.T) {
			code, body := do(t, rq.method, rq.path, rq.body)
			require.Equal(t, http.StatusInternalServerError, code, body)
			require.Contains(t, body, `"detail":"Redis error: `)
		})
	}
	env.Service(t, "start-redis")
	require.Eventually(t, func() bool { code, _ := do(t, "GET", "/api/rules", ""); return code == http.StatusOK }, 10*time.Second, 100*time.Millisecond)
	code, body := do(t, "POST", "/api/rules", requests[6].body)
	require.Equal(t, http.StatusCreated, code, body)
}

func TestBackupsAndStartupRepair(t *testing.T) {
	env := testenv.Get(t)
	r := env.Redis(t)
	ctx := t.Context()
	require.NoError(t, r.Do(ctx, r.B().Flushdb().Build()).Error())
	dir := t.TempDir()
	store := api.NewStore(r, dir, zerolog.Nop())
	srv := httptest.NewServer(newServer(t, store, api.Options{}).Handler())
	defer srv.Close()
	resp, err := http.Post(srv.URL+"/api/areas", "application/json", strings.NewReader(`{"identifier":"A","geometry":{"type":"Point","coordinates":[1,2]}}`))
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, 201, resp.StatusCode)
	stored, err := r.Do(ctx, r.B().Get().Key(rules.AreasKey).Build()).AsBytes()
	require.NoError(t, err)
	backup, err := os.ReadFile(filepath.Join(dir, "areas-backup.json"))
	require.NoError(t, err)
	require.Equal(t, stored, backup, "the backup is the stored body")

	// Body gone, backup present: restored with its version in one transaction.
	require.NoError(t, r.Do(ctx, r.B().Del().Key(rules.AreasKey, rules.AreasKey+":version").Build()).Error())
	// A body without a version key gets one.
	require.NoError(t, r.Do(ctx, r.B().Set().Key(rules.RulesKey).Value("[]").Build()).Error())
	require.NoError(t, store.Startup(ctx))
	got, err := r.Do(ctx, r.B().Get().Key(rules.AreasKey).Build()).AsBytes()
	require.NoError(t, err)
	require.Equal(t, backup, got)
	ver, err := r.Do(ctx, r.B().Get().Key(rules.AreasKey+":version").Build()).ToString()
	require.NoError(t, err)
	require.Equal(t, rules.Version(backup), ver)
	ver, err = r.Do(ctx, r.B().Get().Key(rules.RulesKey+":version").Build()).ToString()
	require.NoError(t, err)
	require.Equal(t, rules.Version([]byte("[]")), ver)
	rb, err := os.ReadFile(filepath.Join(dir, "rules-backup.json"))
	require.NoError(t, err, "a body without a backup file gets one")
	require.Equal(t, "[]", string(rb))

	// A corrupt backup is ignored, never restored.
	require.NoError(t, os.WriteFile(filepath.Join(dir, "areas-backup.json"), []byte("{corrupt"), 0o644))
	require.NoError(t, r.Do(ctx, r.B().Del().Key(rules.AreasKey, rules.AreasKey+":version").Build()).Error())
	require.NoError(t, store.Startup(ctx))
	n, err := r.Do(ctx, r.B().Exists().Key(rules.AreasKey).Build()).AsInt64()
	require.NoError(t, err)
	require.Zero(t, n)
}

func TestCorruptStoredBodyIsAClear500AndNothingIsOverwritten(t *testing.T) {
	f := setup(t, "")
	require.NoError(t, f.r.Do(t.Context(), f.r.B().Set().Key(rules.RulesKey).Value("{not json").Build()).Error())
	code, body, _ := f.do("GET", "/api/rules", nil)
	require.Equal(t, 500, code)
	require.Contains(t, body["detail"], "Stored configuration is corrupt: stored rules are not a JSON array")
	code, _, _ = f.do("POST", "/api/rules", rule("r"))
	require.Equal(t, 500, code)
	got, err := f.r.Do(t.Context(), f.r.B().Get().Key(rules.RulesKey).Build()).ToString()
	require.NoError(t, err)
	require.Equal(t, "{not json", got, "a save never overwrites what it cannot read")
}
