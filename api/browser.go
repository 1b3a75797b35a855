package api

import (
	"fmt"
	"mime"
	"net/http"
	"net/url"
	"strings"
)

// crossOrigin is the standard library's cross-origin protection (Sec-Fetch-Site, then Origin
// against Host): a cross-site POST, PUT or DELETE from a browser gets 403 and reaches nothing;
// same-origin pages and non-browser clients (curl, scripts) are unaffected. It runs after
// authentication (CONTRACT.md 8, check order: a request without the token is 401 first), and
// before it for the sign-in form alone (auth.go). An origin of CONFIG_API_TRUSTED_ORIGINS that
// is not scheme://host[:port] is an error.
func crossOrigin(trusted []string) (*http.CrossOriginProtection, error) {
	p := http.NewCrossOriginProtection()
	for _, o := range trusted {
		if err := p.AddTrustedOrigin(o); err != nil {
			return nil, fmt.Errorf("CONFIG_API_TRUSTED_ORIGINS: %w", err)
		}
	}
	p.SetDenyHandler(http.HandlerFunc(crossOriginRefused))
	return p, nil
}

func crossOriginRefused(w http.ResponseWriter, _ *http.Request) {
	writeDetail(w, http.StatusForbidden, "Cross-origin request refused: this server only accepts writes from its own pages"+
		" (or an origin listed in CONFIG_API_TRUSTED_ORIGINS)")
}

// requireJSON refuses a write whose body is declared as anything but JSON (415). A form or a
// text/plain body is what a browser sends cross-site without asking; a request without a
// Content-Type header (a script that forgot it) is read as JSON.
func requireJSON(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost || r.Method == http.MethodPut || r.Method == http.MethodPatch {
			if ct := r.Header.Get("Content-Type"); ct != "" {
				mt, _, err := mime.ParseMediaType(ct)
				csv := mt == "text/csv" && r.Method == http.MethodPut && strings.HasPrefix(r.URL.Path, "/api/watchlists/")
				if err != nil || (mt != "application/json" && !csv) {
					writeDetail(w, http.StatusUnsupportedMediaType,
						fmt.Sprintf("Unsupported Content-Type %q: send the body as application/json", ct))
					return
				}
			}
		}
		next.ServeHTTP(w, r)
	})
}

// headers sets what a browser-facing server is expected to send on every answer, and
// no-store on the API's. A page no one may frame, except through Home Assistant's ingress:
// its panel frames the UI from Home Assistant's own origin, which the Supervisor's requests
// come through.
func (s *Server) headers(next http.Handler) http.Handler {
	framed := strings.Replace(s.csp, "frame-ancestors 'none'", "frame-ancestors 'self'", 1)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		csp, frames := s.csp, "DENY"
		if s.fromSupervisor(r) {
			csp, frames = framed, "SAMEORIGIN"
		}
		h.Set("Content-Security-Policy", csp)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("X-Frame-Options", frames)
		if strings.HasPrefix(r.URL.Path, "/api/") || r.URL.Path == "/healthz" {
			h.Set("Cache-Control", "no-store")
		}
		next.ServeHTTP(w, r)
	})
}

// contentSecurityPolicy allows only the server's own scripts, styles, images and requests,
// no framing, and, when a tile server is configured, images from its origin only.
func contentSecurityPolicy(tileURL string) (string, error) {
	img := "'self' data:"
	if tileURL != "" {
		origin, err := tileOrigin(tileURL)
		if err != nil {
			return "", err
		}
		img += " " + origin
	}
	return "default-src 'self'; script-src 'self'; style-src 'self'; img-src " + img +
		"; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'", nil
}

// tileOrigin is scheme://host of a tile template such as
// https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png; a {s} subdomain becomes a wildcard.
func tileOrigin(tmpl string) (string, error) {
	u, err := url.Parse(strings.NewReplacer("{s}", "s", "{z}", "0", "{x}", "0", "{y}", "0", "{r}", "").Replace(tmpl))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", fmt.Errorf("CONFIG_UI_TILE_URL: want an http(s) URL template, got %q", tmpl)
	}
	host := u.Host
	if strings.Contains(tmpl, "{s}.") {
		host = "*." + strings.TrimPrefix(host, "s.")
	}
	return u.Scheme + "://" + host, nil
}
