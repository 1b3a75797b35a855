package api

import (
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"html/template"
	"mime"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"time"
)

// Who may use the API (CONTRACT.md 8, "Secure by default"): a request carries the token as a
// bearer header (scripts) or a session cookie (the browser, set by opening the UI once with
// ?token=); with Options.Open anyone may; with Options.Ingress the Home Assistant Supervisor
// may, from its own address. GET /healthz is open and says nothing else.

// SupervisorAddr is the Home Assistant Supervisor's address on its internal network: the one
// peer Options.Ingress lets in without a token (it has authenticated the user itself).
var SupervisorAddr = netip.MustParseAddr("172.30.32.2")

// SessionCookie is the browser's session: the time it was issued and a MAC over it keyed by the
// token, so the token itself never sits in the browser and a new token ends every session.
const SessionCookie = "tracker_session"

// SessionLifetime is how long a session lasts without a visit; a visit to the page a day or
// more after it was issued renews it, so a browser in use signs in once.
const SessionLifetime = 90 * 24 * time.Hour

const sessionRenewAfter = 24 * time.Hour

// errNoToken refuses to build a server that would serve open by accident.
var errNoToken = errors.New("no API token: set Options.Token, or Options.Open to serve without one on purpose")

// authenticator is the token and what is made of it.
type authenticator struct {
	token      []byte
	sessionKey []byte
}

func newAuthenticator(opts Options) (authenticator, error) {
	if opts.Token == "" {
		if !opts.Open {
			return authenticator{}, errNoToken
		}
		return authenticator{}, nil
	}
	key := sha256.Sum256([]byte("tracker-config-api session key\x00" + opts.Token))
	return authenticator{token: []byte(opts.Token), sessionKey: key[:]}, nil
}

// tokenOK compares in constant time.
func (a authenticator) tokenOK(got string) bool {
	return len(a.token) > 0 && subtle.ConstantTimeCompare([]byte(got), a.token) == 1
}

func (a authenticator) session(issued int64) string {
	m := hmac.New(sha256.New, a.sessionKey)
	m.Write([]byte("session " + strconv.FormatInt(issued, 10)))
	return strconv.FormatInt(issued, 10) + "." + base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// sessionIssued is when a valid, unexpired session cookie was issued.
func (a authenticator) sessionIssued(r *http.Request, now time.Time) (time.Time, bool) {
	c, err := r.Cookie(SessionCookie)
	if err != nil || len(a.token) == 0 {
		return time.Time{}, false
	}
	at, _, ok := strings.Cut(c.Value, ".")
	issued, err := strconv.ParseInt(at, 10, 64)
	if !ok || err != nil || !hmac.Equal([]byte(c.Value), []byte(a.session(issued))) {
		return time.Time{}, false
	}
	t := time.Unix(issued, 0)
	if now.Sub(t) > SessionLifetime || t.Sub(now) > time.Minute {
		return time.Time{}, false
	}
	return t, true
}

// fromSupervisor reports a request whose peer is the Home Assistant Supervisor, with
// Options.Ingress on. The peer is the connection's own address, never a header.
func (s *Server) fromSupervisor(r *http.Request) bool {
	if !s.opts.Ingress {
		return false
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return false
	}
	ip, err := netip.ParseAddr(host)
	return err == nil && ip.Unmap() == SupervisorAddr
}

func (s *Server) auth(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.URL.Path == "/healthz", s.opts.Open, s.fromSupervisor(r):
			next.ServeHTTP(w, r)
			return
		}
		if h := r.Header.Get("Authorization"); h != "" {
			if got, ok := bearer(h); ok && s.authn.tokenOK(got) {
				next.ServeHTTP(w, r)
			} else {
				s.unauthorized(w, r, "")
			}
			return
		}
		if tok, ok := r.URL.Query()["token"]; ok && isPage(r) {
			// A query reads "+" as a space, and a token has none: a base64 token pasted
			// unencoded (openssl rand -base64) is still its own.
			s.signIn(w, r, strings.ReplaceAll(tok[0], " ", "+"))
			return
		}
		if isSignInForm(r) {
			if err := s.cop.Check(r); err != nil { // another site's page posting a token
				crossOriginRefused(w, r)
				return
			}
			r.Body = http.MaxBytesReader(w, r.Body, 4<<10)
			s.signIn(w, r, r.PostFormValue("token"))
			return
		}
		if issued, ok := s.authn.sessionIssued(r, s.now()); ok {
			if isPage(r) && s.now().Sub(issued) > sessionRenewAfter {
				s.setSession(w, r)
			}
			next.ServeHTTP(w, r)
			return
		}
		reason := "This browser is not signed in."
		if _, err := r.Cookie(SessionCookie); err == nil {
			reason = "This browser's sign-in has ended: it expired, or the server's token changed."
		}
		s.unauthorized(w, r, reason)
	})
}

// bearer is the token of an Authorization header of the Bearer scheme, whose name is
// case-insensitive (RFC 7235 2.1, RFC 6750 2.1): "Bearer", "bearer" and "BEARER" alike.
func bearer(h string) (string, bool) {
	scheme, token, ok := strings.Cut(strings.TrimSpace(h), " ")
	token = strings.TrimSpace(token)
	return token, ok && strings.EqualFold(scheme, "Bearer") && token != ""
}

// isPage is a request for the UI's page itself (where ?token= signs a browser in).
func isPage(r *http.Request) bool {
	return (r.Method == http.MethodGet || r.Method == http.MethodHead) && r.URL.Path == "/"
}

// isSignInForm is the sign-in page's form, posted to the page (the token in the body, so that
// no address, and no proxy's access log, holds it). Another site's page cannot post it: auth
// makes the cross-origin check on it first.
func isSignInForm(r *http.Request) bool {
	if r.Method != http.MethodPost || r.URL.Path != "/" {
		return false
	}
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	return mt == "application/x-www-form-urlencoded"
}

// signIn turns ?token= (or the sign-in form's token) into a session cookie and sends the
// browser to the same page without the token, by a relative address (the page may sit under a
// proxy's path prefix).
func (s *Server) signIn(w http.ResponseWriter, r *http.Request, token string) {
	if !s.authn.tokenOK(token) {
		reason := "That address's token is not this server's: it changes when the token file is deleted, so open the address of the latest start."
		if r.Method == http.MethodPost {
			reason = "That token is not this server's: copy it again from the address the log printed at the latest start."
		}
		s.unauthorized(w, r, reason)
		return
	}
	s.setSession(w, r)
	q := r.URL.Query()
	q.Del("token")
	loc := "./"
	if len(q) > 0 {
		loc += "?" + q.Encode()
	}
	w.Header().Set("Cache-Control", "no-store")
	if crossSite(r) {
		// Followed from another site's link, a redirect would arrive without the
		// SameSite=Strict cookie just set: the page goes on from its own site instead,
		// keeping the link's #fragment (the page it opens).
		s.writeSignInPage(w, http.StatusOK, map[string]any{"Next": loc, "Reason": "Signed in."})
		return
	}
	w.Header().Set("Location", loc) // not http.Redirect: it makes the address absolute
	w.WriteHeader(http.StatusSeeOther)
}

// crossSite is a navigation from another site's page: SameSite=Strict cookies are not sent
// with it, nor with where it is redirected.
func crossSite(r *http.Request) bool {
	return r.Header.Get("Sec-Fetch-Site") == "cross-site" && r.Header.Get("Sec-Fetch-Mode") == "navigate"
}

func (s *Server) setSession(w http.ResponseWriter, r *http.Request) {
	http.SetCookie(w, &http.Cookie{
		Name: SessionCookie, Value: s.authn.session(s.now().Unix()),
		MaxAge: int(SessionLifetime / time.Second), HttpOnly: true, SameSite: http.SameSiteStrictMode, Secure: viaHTTPS(r),
		// No Path: the folder the page was opened in, so under a proxy's prefix the cookie
		// goes to this UI only.
	})
}

// viaHTTPS is a request that reached us, or the proxy in front of us, over HTTPS.
func viaHTTPS(r *http.Request) bool {
	proto, _, _ := strings.Cut(r.Header.Get("X-Forwarded-Proto"), ",")
	return r.TLS != nil || strings.EqualFold(strings.TrimSpace(proto), "https")
}

// unauthorized answers 401: the short sign-in page to a browser opening the UI (or posting
// its form), the contract's JSON to anything else.
func (s *Server) unauthorized(w http.ResponseWriter, r *http.Request, reason string) {
	if !isPage(r) && !isSignInForm(r) {
		w.Header().Set("WWW-Authenticate", "Bearer")
		writeDetail(w, http.StatusUnauthorized, "Not authenticated")
		return
	}
	page := map[string]any{"Reason": reason}
	if crossSite(r) {
		// A link from another site opens the page without the SameSite=Strict cookie: the
		// page asks again from its own site, once (that request is same-site, never asked
		// twice), with the link's #fragment.
		page["Next"] = "./"
		if q := r.URL.Query().Encode(); q != "" {
			page["Next"] = "./?" + q
		}
	}
	s.writeSignInPage(w, http.StatusUnauthorized, page)
}

// writeSignInPage writes the sign-in page. Its one script goes on to the page's Next address
// with the #fragment of the address it was opened at (a server never sees a fragment, and a
// refresh or a redirect would drop it), allowed by its hash alone in the page's policy.
func (s *Server) writeSignInPage(w http.ResponseWriter, status int, page map[string]any) {
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("Content-Security-Policy", strings.Replace(h.Get("Content-Security-Policy"), "script-src 'self'", "script-src 'self' "+signInScriptHash, 1))
	w.WriteHeader(status)
	_ = signInPage.Execute(w, page)
}

// signInScript goes on to the address in <meta name="next">, with this address's #fragment;
// to this very address by a reload (going to it would only move to the fragment), once: a
// page that is itself a reload stays (never a loop, whatever a browser makes of a reload).
const signInScript = `var n=document.querySelector('meta[name="next"]');` +
	`if(n){var u=new URL(n.content,location.href);u.hash=location.hash;` +
	`if(u.href.split('#')[0]!==location.href.split('#')[0])location.replace(u.href);` +
	`else if(performance.getEntriesByType('navigation')[0].type!=='reload')location.reload()}`

var signInScriptHash = func() string {
	sum := sha256.Sum256([]byte(signInScript))
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}()

var signInPage = template.Must(template.New("signin").Parse(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
{{with .Next}}<meta name="next" content="{{.}}">
<script>` + signInScript + `</script>
<noscript><meta http-equiv="refresh" content="0; url={{.}}"></noscript>{{end}}
<title>Tracker · sign in</title>
</head>
<body>
<main id="sign-in">
<h1>Tracker: sign in</h1>
<p id="reason">{{.Reason}}</p>
<p>Open the address <code>tracker-config-api</code> printed in its log when it started (the line
<q>open the UI</q>, ending in <code>/?token=…</code>): it signs this browser in for 90 days.</p>
<ul>
<li>Docker Compose: <code>docker compose logs tracker-config-api | grep token=</code></li>
<li>Home Assistant add-on: open it from the sidebar, where no token is needed, or find the line in the add-on's Log tab</li>
<li>Elsewhere: the program's log; the token itself is in its file <code>api-token</code> (beside the flight log, <code>/data/api-token</code> in the container)</li>
</ul>
<form method="post" action="./">
<label>Or paste the token <input name="token" type="password" autocomplete="off" required></label>
<button type="submit">Sign in</button>
</form>
</main>
</body>
</html>
`))
