//go:build integration

package api_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/api"
	"github.com/tracker-adsb/tracker-core-health/internal/testenv"
)

// raw sends one request with the given headers and returns the status and the headers.
func raw(t *testing.T, url, method string, body any, headers map[string]string) (int, http.Header, []byte) {
	t.Helper()
	var rd io.Reader
	if body != nil {
		j, _ := json.Marshal(body)
		rd = bytes.NewReader(j)
	}
	req, err := http.NewRequest(method, url, rd)
	require.NoError(t, err)
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header, b
}

// snapshot is every config key's value, to prove a refused write wrote nothing.
func (f *fixture) snapshot() map[string]string {
	out := map[string]string{}
	for _, k := range []string{"config:rules", "config:rules:version", "config:areas", "config:areas:version"} {
		v, _ := f.r.Do(f.t.Context(), f.r.B().Get().Key(k).Build()).ToString()
		out[k] = v
	}
	return out
}

func TestCrossSiteWritesAreRefusedAndWriteNothing(t *testing.T) {
	f := setup(t, "")
	code, _, _ := f.do("POST", "/api/areas", area("A", square))
	require.Equal(t, 201, code)
	code, _, _ = f.do("POST", "/api/rules", rule("r"))
	require.Equal(t, 201, code)
	before := f.snapshot()

	crossSite := map[string]string{"Sec-Fetch-Site": "cross-site", "Content-Type": "application/json"}
	foreignOrigin := map[string]string{"Origin": "http://evil.example", "Content-Type": "application/json"}
	for name, h := range map[string]map[string]string{"Sec-Fetch-Site": crossSite, "Origin": foreignOrigin} {
		for _, w := range []struct {
			method, path string
			body         any
		}{
			{"POST", "/api/rules", rule("evil")},
			{"PUT", "/api/rules/r", rule("r")},
			{"DELETE", "/api/rules/r", nil},
			{"POST", "/api/areas", area("EVIL", square)},
			{"PUT", "/api/areas/A", area("A", square)},
			{"DELETE", "/api/areas/A", nil},
		} {
			code, _, body := raw(t, f.srv.URL+w.path, w.method, w.body, h)
			require.Equal(t, http.StatusForbidden, code, "%s %s %s", name, w.method, w.path)
			require.Contains(t, string(body), "Cross-origin request refused")
		}
	}
	require.Equal(t, before, f.snapshot(), "nothing was written")

	// Reads stay open; same-origin pages and non-browser clients keep working.
	code, _, _ = raw(t, f.srv.URL+"/api/rules", "GET", nil, crossSite)
	require.Equal(t, 200, code)
	code, _, _ = raw(t, f.srv.URL+"/api/rules", "POST", rule("same"), map[string]string{"Sec-Fetch-Site": "same-origin", "Origin": f.srv.URL, "Content-Type": "application/json"})
	require.Equal(t, 201, code)
	code, _, _ = raw(t, f.srv.URL+"/api/rules", "POST", rule("curl"), map[string]string{"Content-Type": "application/json"})
	require.Equal(t, 201, code)
}

func TestTrustedOriginMayWrite(t *testing.T) {
	env := testenv.Get(t)
	r := env.Redis(t)
	require.NoError(t, r.Do(t.Context(), r.B().Flushdb().Build()).Error())
	s := newServer(t, api.NewStore(r, "", nopLog()), api.Options{TrustedOrigins: []string{"https://ui.example:8443"}})
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	h := map[string]string{"Origin": "https://ui.example:8443", "Sec-Fetch-Site": "cross-site", "Content-Type": "application/json"}
	code, _, body := raw(t, srv.URL+"/api/rules", "POST", rule("ok"), h)
	require.Equal(t, 201, code, string(body))
	h["Origin"] = "https://other.example"
	code, _, _ = raw(t, srv.URL+"/api/rules", "POST", rule("no"), h)
	require.Equal(t, 403, code)

	_, err := api.NewServer(api.NewStore(r, "", nopLog()), api.Options{TrustedOrigins: []string{"not an origin"}, Token: "t"}, nopLog())
	require.ErrorContains(t, err, "CONFIG_API_TRUSTED_ORIGINS")
}

func TestWritesMustBeJSON(t *testing.T) {
	f := setup(t, "")
	before := f.snapshot()
	for _, ct := range []string{"text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/jsonx"} {
		for _, w := range []struct{ method, path string }{{"POST", "/api/rules"}, {"PUT", "/api/rules/r"}, {"POST", "/api/areas"}, {"PUT", "/api/areas/A"}} {
			code, _, body := raw(t, f.srv.URL+w.path, w.method, rule("r"), map[string]string{"Content-Type": ct})
			require.Equal(t, http.StatusUnsupportedMediaType, code, "%s %s", ct, w.path)
			var d map[string]any
			require.NoError(t, json.Unmarshal(body, &d))
			require.Contains(t, d["detail"], "application/json")
		}
	}
	require.Equal(t, before, f.snapshot(), "nothing was written")
	code, _, _ := raw(t, f.srv.URL+"/api/rules", "POST", rule("r"), map[string]string{"Content-Type": "application/json; charset=utf-8"})
	require.Equal(t, 201, code)
}

func TestBrowserHeadersOnPagesAndAPI(t *testing.T) {
	env := testenv.Get(t)
	r := env.Redis(t)
	s := newServer(t, api.NewStore(r, "", nopLog()), api.Options{TileURL: "https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png"})
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	for _, path := range []string{"/", "/api/rules", "/api/areas", "/api/openapi.json"} {
		_, h, _ := raw(t, srv.URL+path, "GET", nil, nil)
		csp := map[string]string{}
		for d := range strings.SplitSeq(h.Get("Content-Security-Policy"), ";") {
			name, value, _ := strings.Cut(strings.TrimSpace(d), " ")
			csp[name] = value
		}
		require.Equal(t, "'self'", csp["default-src"], path)
		require.Equal(t, "'self'", csp["script-src"], "no inline script")
		require.Equal(t, "'none'", csp["frame-ancestors"], path)
		require.Equal(t, "'self' data: https://*.tile.openstreetmap.org", csp["img-src"], "the tile server in img-src")
		for name, v := range csp {
			if name != "img-src" {
				require.NotContains(t, v, "openstreetmap", "the tile server in img-src only")
			}
		}
		require.Equal(t, "nosniff", h.Get("X-Content-Type-Options"), path)
		require.Equal(t, "no-referrer", h.Get("Referrer-Policy"), path)
		if path != "/" {
			require.Equal(t, "no-store", h.Get("Cache-Control"), path)
		}
	}
}

func nopLog() zerolog.Logger { return zerolog.Nop() }
