//go:build integration

package api_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/api"
	"github.com/tracker-adsb/tracker-core-health/internal/testenv"
)

const testToken = "kXq3-9vB_2mZ8rT5wY1nL6pQ4sD7fH0j" // the shape of a token made at first start

// authServer serves the API with opts over a Redis of the test's own.
func authServer(t *testing.T, opts api.Options) (*api.Server, *httptest.Server) {
	t.Helper()
	r := testenv.Get(t).WithOwnRedis(t).Redis(t)
	s, err := api.NewServer(api.NewStore(r, "", nopLog()), opts, nopLog())
	require.NoError(t, err)
	srv := httptest.NewServer(s.Handler())
	t.Cleanup(srv.Close)
	return s, srv
}

// noRedirects is a client that shows redirects instead of following them.
var noRedirects = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

func get(t *testing.T, url string, header map[string]string, cookies ...*http.Cookie) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, url, nil)
	require.NoError(t, err)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	for _, c := range cookies {
		req.AddCookie(c)
	}
	resp, err := noRedirects.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp, string(b)
}

// A server is never open by accident: no token and not Open is refused when it is built.
func TestServerRefusesToRunOpenByAccident(t *testing.T) {
	r := testenv.Get(t).Redis(t)
	_, err := api.NewServer(api.NewStore(r, "", nopLog()), api.Options{}, nopLog())
	require.ErrorContains(t, err, "no API token")
	_, err = api.NewServer(api.NewStore(r, "", nopLog()), api.Options{Open: true}, nopLog())
	require.NoError(t, err, "open on purpose (CONFIG_API_TOKEN=none)")
}

// Nothing but /healthz answers without the token: not the page, not its files, not its
// configuration, not an API call, not an unknown path; /healthz says nothing else. The page
// answers a browser with a short page saying where the address is printed.
func TestEverythingButHealthzNeedsTheToken(t *testing.T) {
	_, srv := authServer(t, api.Options{Token: testToken})
	for _, tc := range []struct {
		path string
		html bool
	}{
		{"/", true}, {"/ui/app.js", false}, {"/ui/index.html", false}, {"/ui/config.json", false}, {"/api/rules", false},
		{"/api/openapi.json", false}, {"/api/flights", false}, {"/api/traffic", false}, {"/api/watchlists", false}, {"/nowhere", false},
	} {
		t.Run(tc.path, func(t *testing.T) {
			resp, body := get(t, srv.URL+tc.path, nil)
			require.Equal(t, http.StatusUnauthorized, resp.StatusCode, body)
			if tc.html {
				require.Contains(t, resp.Header.Get("Content-Type"), "text/html")
				require.Contains(t, body, "printed in its log")
				require.Contains(t, body, "docker compose logs tracker-config-api")
				require.NotContains(t, body, testToken)
				return
			}
			require.Equal(t, "Bearer", resp.Header.Get("WWW-Authenticate"))
			require.JSONEq(t, `{"detail":"Not authenticated"}`, body)
			resp, body = get(t, srv.URL+tc.path, map[string]string{"Authorization": "Bearer wrong"})
			require.Equal(t, http.StatusUnauthorized, resp.StatusCode, body)
			resp, _ = get(t, srv.URL+tc.path, map[string]string{"Authorization": "Bearer " + testToken})
			require.NotEqual(t, http.StatusUnauthorized, resp.StatusCode)
		})
	}
	resp, body := get(t, srv.URL+"/healthz", nil)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.JSONEq(t, `{"status":"ok"}`, body, "the health check says nothing else")
	resp, _ = get(t, srv.URL+"/?token=", nil)
	require.Equal(t, http.StatusUnauthorized, resp.StatusCode, "an empty token is no token")
}

// ?token= on the page becomes a session cookie (HttpOnly, SameSite=Strict, Secure under HTTPS)
// and a redirect to the same page without it, by a relative address; the cookie then opens
// the page and the API. A wrong token, a forged or foreign cookie and an expired one do not.
func TestTokenInTheAddressBecomesASessionCookie(t *testing.T) {
	s, srv := authServer(t, api.Options{Token: testToken})
	resp, body := get(t, srv.URL+"/?token="+testToken+"&x=1", nil)
	require.Equal(t, http.StatusSeeOther, resp.StatusCode, body)
	require.Equal(t, "./?x=1", resp.Header.Get("Location"), "the same page, without the token, wherever a proxy serves it")
	cookies := resp.Cookies()
	require.Len(t, cookies, 1)
	c := cookies[0]
	require.Equal(t, api.SessionCookie, c.Name)
	require.True(t, c.HttpOnly)
	require.Equal(t, http.SameSiteStrictMode, c.SameSite)
	require.False(t, c.Secure, "plain HTTP")
	require.Empty(t, c.Path, "the folder the page was opened in")
	require.NotContains(t, c.Value, testToken, "the cookie is not the token")
	require.Equal(t, int(api.SessionLifetime/time.Second), c.MaxAge)
	for _, p := range []string{"/", "/ui/app.js", "/ui/config.json", "/api/rules"} {
		resp, body = get(t, srv.URL+p, nil, c)
		require.Equal(t, http.StatusOK, resp.StatusCode, "%s: %s", p, body)
	}

	resp, _ = get(t, srv.URL+"/?token="+testToken, map[string]string{"X-Forwarded-Proto": "https"})
	require.True(t, resp.Cookies()[0].Secure, "behind an HTTPS proxy the cookie is Secure")

	// A base64 token (openssl rand -base64) pasted unencoded: the query's "+" reads as a
	// space, and a token has none.
	const plus = "ab+cd/ef=gh+ij/kl+mn/op=="
	_, plusSrv := authServer(t, api.Options{Token: plus})
	resp, _ = get(t, plusSrv.URL+"/?token="+plus, nil)
	require.Equal(t, http.StatusSeeOther, resp.StatusCode, "a token with + signs in the address")

	resp, body = get(t, srv.URL+"/?token=wrong", nil)
	require.Equal(t, http.StatusUnauthorized, resp.StatusCode)
	require.Empty(t, resp.Cookies())
	require.Contains(t, body, "token is not this server")

	_, other := authServer(t, api.Options{Token: testToken + "-other"})
	resp, _ = get(t, other.URL+"/?token="+testToken+"-other", nil)
	foreign := resp.Cookies()[0]
	forged := *c
	forged.Value = strings.Replace(c.Value, ".", "0.", 1)
	for name, bad := range map[string]*http.Cookie{"another token's": foreign, "forged": &forged, "garbage": {Name: api.SessionCookie, Value: "x"}} {
		resp, body = get(t, srv.URL+"/", nil, bad)
		require.Equal(t, http.StatusUnauthorized, resp.StatusCode, name)
		require.Contains(t, body, "sign-in has ended", name)
		resp, _ = get(t, srv.URL+"/api/rules", nil, bad)
		require.Equal(t, http.StatusUnauthorized, resp.StatusCode, name)
	}

	// Expired: a session issued longer ago than SessionLifetime. A visit a day after it was
	// issued renews it.
	start := time.Now()
	api.SetClock(s, func() time.Time { return start.Add(-api.SessionLifetime - time.Hour) })
	resp, _ = get(t, srv.URL+"/?token="+testToken, nil)
	old := resp.Cookies()[0]
	api.SetClock(s, func() time.Time { return start.Add(-48 * time.Hour) })
	resp, _ = get(t, srv.URL+"/?token="+testToken, nil)
	aging := resp.Cookies()[0]
	api.SetClock(s, time.Now)
	resp, body = get(t, srv.URL+"/", nil, old)
	require.Equal(t, http.StatusUnauthorized, resp.StatusCode)
	require.Contains(t, body, "sign-in has ended")
	resp, _ = get(t, srv.URL+"/", nil, aging)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Len(t, resp.Cookies(), 1, "renewed")
	require.NotEqual(t, aging.Value, resp.Cookies()[0].Value)

	// A link from another site arrives without the SameSite=Strict cookie: the page asks
	// once more from its own site (then the cookie goes with it); ?token= from there sets
	// the cookie and goes on from the page's own site too, not by a redirect (which would
	// arrive without it).
	// It goes on by a script (keeping the link's #fragment, which a refresh drops), allowed
	// by its hash alone; without scripts, by a refresh.
	crossSite := map[string]string{"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate"}
	resp, body = get(t, srv.URL+"/?x=1", crossSite)
	require.Contains(t, body, `<meta name="next" content="./?x=1">`)
	require.Contains(t, body, "u.hash=location.hash")
	require.Contains(t, body, `<noscript><meta http-equiv="refresh" content="0; url=./?x=1"></noscript>`)
	require.Regexp(t, `script-src 'self' 'sha256-[A-Za-z0-9+/]+=*';`, resp.Header.Get("Content-Security-Policy"))
	_, body = get(t, srv.URL+"/", map[string]string{"Sec-Fetch-Site": "same-origin", "Sec-Fetch-Mode": "navigate"})
	require.NotContains(t, body, `name="next"`, "never twice")
	resp, body = get(t, srv.URL+"/?token="+testToken+"&x=1", crossSite)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Len(t, resp.Cookies(), 1)
	require.Contains(t, body, `<meta name="next" content="./?x=1">`)
	require.NotContains(t, body, testToken)
}

// The Authorization header's scheme is case-insensitive (RFC 7235 2.1): scripts that write
// "bearer" get in; another scheme, a missing token or a wrong one do not.
func TestBearerSchemeInAnyCase(t *testing.T) {
	_, srv := authServer(t, api.Options{Token: testToken})
	for _, tc := range []struct {
		header string
		want   int
	}{
		{"Bearer " + testToken, http.StatusOK},
		{"bearer " + testToken, http.StatusOK},
		{"BEARER " + testToken, http.StatusOK},
		{"bEaReR  " + testToken + " ", http.StatusOK},
		{"Basic " + testToken, http.StatusUnauthorized},
		{"Bearer" + testToken, http.StatusUnauthorized},
		{"bearer", http.StatusUnauthorized},
		{"bearer wrong", http.StatusUnauthorized},
	} {
		t.Run(tc.header, func(t *testing.T) {
			resp, body := get(t, srv.URL+"/api/rules", map[string]string{"Authorization": tc.header})
			require.Equal(t, tc.want, resp.StatusCode, body)
		})
	}
}

// The sign-in page's form posts the token in the body (never in an address a proxy logs): the
// right one sets the session and sends the browser to the page (303, relative); a wrong one
// is the page again, with why; another site's page cannot post it.
func TestSignInFormPostsTheToken(t *testing.T) {
	_, srv := authServer(t, api.Options{Token: testToken})
	_, body := get(t, srv.URL+"/", nil)
	require.Contains(t, body, `<form method="post" action="./">`)
	post := func(token string, header map[string]string) (*http.Response, string) {
		req, err := http.NewRequestWithContext(t.Context(), http.MethodPost, srv.URL+"/", strings.NewReader(url.Values{"token": {token}}.Encode()))
		require.NoError(t, err)
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		for k, v := range header {
			req.Header.Set(k, v)
		}
		resp, err := noRedirects.Do(req)
		require.NoError(t, err)
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		require.NoError(t, err)
		return resp, string(b)
	}
	for _, tc := range []struct {
		name, token string
		header      map[string]string
		status      int
		says        string
	}{
		{"the token, from the page", testToken, map[string]string{"Sec-Fetch-Site": "same-origin"}, http.StatusSeeOther, ""},
		{"a wrong token", "wrong", map[string]string{"Sec-Fetch-Site": "same-origin"}, http.StatusUnauthorized, "That token is not this server"},
		{"from another site", testToken, map[string]string{"Sec-Fetch-Site": "cross-site"}, http.StatusForbidden, "Cross-origin request refused"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp, body := post(tc.token, tc.header)
			require.Equal(t, tc.status, resp.StatusCode, body)
			require.Contains(t, body, tc.says)
			if tc.status != http.StatusSeeOther {
				require.Empty(t, resp.Cookies())
				return
			}
			require.Equal(t, "./", resp.Header.Get("Location"))
			require.Len(t, resp.Cookies(), 1)
			resp, _ = get(t, srv.URL+"/api/rules", nil, resp.Cookies()[0])
			require.Equal(t, http.StatusOK, resp.StatusCode)
		})
	}
}

// HA_INGRESS: the Supervisor's address (the connection's, never a header) needs no token, and
// may frame the page from its own origin; every other address needs the token.
func TestIngressTrustsOnlyTheSupervisorsAddress(t *testing.T) {
	r := testenv.Get(t).WithOwnRedis(t).Redis(t)
	build := func(ingress bool) http.Handler {
		s, err := api.NewServer(api.NewStore(r, "", nopLog()), api.Options{Token: testToken, Ingress: ingress}, nopLog())
		require.NoError(t, err)
		return s.Handler()
	}
	on, off := build(true), build(false)
	for _, tc := range []struct {
		name    string
		h       http.Handler
		remote  string
		header  map[string]string
		allowed bool
	}{
		{"the Supervisor", on, "172.30.32.2:43210", nil, true},
		{"the Supervisor, as IPv4 in IPv6", on, "[::ffff:172.30.32.2]:43210", nil, true},
		{"another add-on", on, "172.30.32.3:43210", nil, false},
		{"the Docker gateway of a published port", on, "172.30.32.1:43210", nil, false},
		{"a neighbour", on, "192.168.1.20:43210", nil, false},
		{"a neighbour claiming to be the Supervisor", on, "192.168.1.20:43210",
			map[string]string{"X-Forwarded-For": "172.30.32.2", "X-Real-IP": "172.30.32.2", "X-Ingress-Path": "/api/hassio_ingress/x"}, false},
		{"the Supervisor's address without HA_INGRESS", off, "172.30.32.2:43210", nil, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, path := range []string{"/", "/api/rules", "/ui/config.json"} {
				req := httptest.NewRequestWithContext(t.Context(), http.MethodGet, path, nil)
				req.RemoteAddr = tc.remote
				for k, v := range tc.header {
					req.Header.Set(k, v)
				}
				w := httptest.NewRecorder()
				tc.h.ServeHTTP(w, req)
				if !tc.allowed {
					require.Equal(t, http.StatusUnauthorized, w.Code, path)
					require.Equal(t, "DENY", w.Header().Get("X-Frame-Options"))
					continue
				}
				require.Equal(t, http.StatusOK, w.Code, "%s: %s", path, w.Body)
				require.Equal(t, "SAMEORIGIN", w.Header().Get("X-Frame-Options"), "Home Assistant's panel frames it")
				require.Contains(t, w.Header().Get("Content-Security-Policy"), "frame-ancestors 'self'")
			}
		})
	}
}

// CONFIG_API_TOKEN=none: open, on purpose.
func TestOpenOnPurposeNeedsNoToken(t *testing.T) {
	_, srv := authServer(t, api.Options{Open: true})
	for _, p := range []string{"/", "/ui/config.json", "/api/rules"} {
		resp, body := get(t, srv.URL+p, nil)
		require.Equal(t, http.StatusOK, resp.StatusCode, "%s: %s", p, body)
	}
	_, body := get(t, srv.URL+"/ui/config.json", nil)
	require.Contains(t, body, `"auth":false`)
}

// Check order (CONTRACT.md 8): authentication first. A cross-site write without the token (or
// with a wrong one, or a foreign session) is 401 {"detail":"Not authenticated"} with
// WWW-Authenticate: Bearer; only an authenticated one meets the cross-origin check, 403. None
// of them writes anything.
func TestAuthenticationComesBeforeTheCrossSiteCheck(t *testing.T) {
	s, srv := authServer(t, api.Options{Token: testToken})
	resp, _ := get(t, srv.URL+"/?token="+testToken, nil)
	require.Len(t, resp.Cookies(), 1)
	session := resp.Cookies()[0]
	api.SetClock(s, func() time.Time { return time.Now().Add(-api.SessionLifetime - time.Hour) })
	resp, _ = get(t, srv.URL+"/?token="+testToken, nil)
	require.Len(t, resp.Cookies(), 1)
	expired := resp.Cookies()[0]
	api.SetClock(s, time.Now)
	for _, tc := range []struct {
		name   string
		auth   map[string]string
		cookie *http.Cookie
		status int
	}{
		{"no token", nil, nil, http.StatusUnauthorized},
		{"a wrong token", map[string]string{"Authorization": "Bearer wrong"}, nil, http.StatusUnauthorized},
		{"an expired session", nil, expired, http.StatusUnauthorized},
		{"the token", map[string]string{"Authorization": "Bearer " + testToken}, nil, http.StatusForbidden},
		{"a session", nil, session, http.StatusForbidden},
	} {
		for _, site := range []map[string]string{{"Sec-Fetch-Site": "cross-site"}, {"Origin": "http://evil.example"}} {
			for _, w := range []struct{ method, path, body string }{
				{"POST", "/api/areas", `{"identifier":"EVIL","geometry":{"type":"Point","coordinates":[1,2]}}`},
				{"PUT", "/api/rules", `[]`},
				{"DELETE", "/api/watchlists/x", ""},
			} {
				t.Run(tc.name+" "+w.method+" "+w.path, func(t *testing.T) {
					req, err := http.NewRequestWithContext(t.Context(), w.method, srv.URL+w.path, strings.NewReader(w.body))
					require.NoError(t, err)
					req.Header.Set("Content-Type", "application/json")
					for k, v := range tc.auth {
						req.Header.Set(k, v)
					}
					for k, v := range site {
						req.Header.Set(k, v)
					}
					if tc.cookie != nil {
						req.AddCookie(tc.cookie)
					}
					resp, err := http.DefaultClient.Do(req)
					require.NoError(t, err)
					defer resp.Body.Close()
					b, _ := io.ReadAll(resp.Body)
					require.Equal(t, tc.status, resp.StatusCode, string(b))
					if tc.status == http.StatusUnauthorized {
						require.Equal(t, "Bearer", resp.Header.Get("WWW-Authenticate"))
						require.JSONEq(t, `{"detail":"Not authenticated"}`, string(b))
						return
					}
					require.Empty(t, resp.Header.Get("WWW-Authenticate"))
					require.Contains(t, string(b), "Cross-origin request refused")
				})
			}
		}
	}
	resp, body := get(t, srv.URL+"/api/areas", map[string]string{"Authorization": "Bearer " + testToken})
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.JSONEq(t, `[]`, body, "nothing written")
}
