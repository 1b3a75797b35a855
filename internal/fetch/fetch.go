// Package fetch is the one bounded HTTP GET of the project: a download of a list, a database
// source or a receiver's document (Document, which also reads a file), never more than a limit, its errors naming the URL with its
// password hidden and never quoting what the server answered. A download a server makes on
// someone else's behalf (the API's "import from a URL") goes through a Public client, which
// refuses loopback, private, link-local and unspecified addresses after DNS and on every
// redirect (CONTRACT.md 11.2), so the API cannot be used to probe the network it sits in.
package fetch

import (
	"bytes"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"os"
	"strings"
	"syscall"
	"time"

	"github.com/tracker-adsb/tracker-core-health/internal/version"
	"github.com/tracker-adsb/tracker-core-health/model"
)

// MaxRedirects is how many redirects a download follows.
const MaxRedirects = 5

// ErrLocalAddress is a download refused because it would reach a local or private address.
var ErrLocalAddress = errors.New("refused: the address is local or private")

// IsURL reports whether src is an http(s) URL.
func IsURL(src string) bool {
	return strings.HasPrefix(src, "http://") || strings.HasPrefix(src, "https://")
}

// Redacted is a URL fit for a message: its password replaced.
func Redacted(src string) string {
	if u, err := url.Parse(src); err == nil && IsURL(src) {
		return u.Redacted()
	}
	return src
}

// NewClient is a download client with a timeout per request. allowPrivate false: it refuses
// every local or private address (Public); true: it goes wherever it is sent (the command
// line fetches what its user asks, ALLOW_PRIVATE_DOWNLOADS=true lets the API do the same).
func NewClient(timeout time.Duration, allowPrivate bool) *http.Client {
	if allowPrivate {
		return newClient(timeout, nil)
	}
	return newClient(timeout, CheckAddress)
}

// newClient is a download client whose connections are each checked by check (nil: none).
func newClient(timeout time.Duration, check func(address string) error) *http.Client {
	dialer := &net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second}
	tr := &http.Transport{
		Proxy: http.ProxyFromEnvironment, DialContext: dialer.DialContext, ForceAttemptHTTP2: true,
		TLSHandshakeTimeout: 10 * time.Second, MaxIdleConns: 4, IdleConnTimeout: 30 * time.Second,
	}
	if check != nil {
		// Checked on the address being dialled, after DNS, for every connection (every
		// redirect too), before a packet is sent. No proxy: the guard would see only its address.
		dialer.Control = func(_, address string, _ syscall.RawConn) error { return check(address) }
		tr.Proxy = nil
	}
	return &http.Client{Timeout: timeout, Transport: tr, CheckRedirect: func(_ *http.Request, via []*http.Request) error {
		if len(via) > MaxRedirects {
			return fmt.Errorf("more than %d redirects", MaxRedirects)
		}
		return nil
	}}
}

// local are address ranges a public download never reaches besides those netip names:
// "this network" and the carrier-grade NAT range.
var local = []netip.Prefix{netip.MustParsePrefix("0.0.0.0/8"), netip.MustParsePrefix("100.64.0.0/10")}

// CheckAddress refuses a host:port whose IP is loopback, private, link-local, unspecified or
// multicast.
func CheckAddress(address string) error {
	host, _, err := net.SplitHostPort(address)
	if err != nil {
		host = address
	}
	ip, err := netip.ParseAddr(strings.Trim(host, "[]"))
	if err != nil {
		return fmt.Errorf("%w: %s is no IP address", ErrLocalAddress, host)
	}
	ip = ip.Unmap()
	bad := ip.IsLoopback() || ip.IsPrivate() || ip.IsLinkLocalUnicast() || ip.IsLinkLocalMulticast() ||
		ip.IsInterfaceLocalMulticast() || ip.IsMulticast() || ip.IsUnspecified()
	for _, p := range local {
		bad = bad || p.Contains(ip)
	}
	if bad {
		return fmt.Errorf("%w (%s; ALLOW_PRIVATE_DOWNLOADS=true allows it)", ErrLocalAddress, ip)
	}
	return nil
}

// Get fetches src with client: the body of a 2xx answer, at most limit bytes (more is
// model.TooLarge naming what). An error names the URL (its password hidden) and what went
// wrong, never the answer's body.
func Get(ctx context.Context, client *http.Client, src string, limit int64, what string) ([]byte, error) {
	start := time.Now()
	resp, err := open(ctx, client, src)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	b, err := ReadLimited(resp.Body, limit, what)
	if err != nil {
		return nil, fmt.Errorf("downloading %s: %w", Redacted(src), InWords(ctx, client, start, err))
	}
	return b, nil
}

// Save streams the body of a 2xx answer to the file at path (at most limit bytes: more is
// model.TooLarge naming what), so that a large download never sits in memory whole.
func Save(ctx context.Context, client *http.Client, src string, limit int64, what, path string) error {
	start := time.Now()
	resp, err := open(ctx, client, src)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	f, err := os.OpenFile(path, os.O_CREATE|os.O_TRUNC|os.O_WRONLY, 0o600) //nolint:gosec // the caller's scratch file
	if err != nil {
		return err
	}
	_, err = CopyLimited(f, resp.Body, limit, what)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	switch {
	case errors.Is(err, model.ErrTooLarge):
		return fmt.Errorf("downloading %s: %w", Redacted(src), err)
	case err != nil:
		return fmt.Errorf("downloading %s: %w", Redacted(src), InWords(ctx, client, start, err))
	}
	return nil
}

// UserAgent names the project, its version and its repository on every download (the FAA's
// and CASA's hosts refuse default client agents; CONTRACT.md 12.6).
var UserAgent = "tracker-core-health/" + version.Version + " (+https://github.com/tracker-adsb/tracker-core-health)"

// open sends the GET and checks the status; an error names the URL (its password hidden).
func open(ctx context.Context, client *http.Client, src string) (*http.Response, error) {
	if !IsURL(src) {
		return nil, fmt.Errorf("%s is no http(s) URL", Redacted(src))
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, src, nil)
	if err != nil {
		return nil, fmt.Errorf("downloading %s: %w", Redacted(src), err)
	}
	req.Header.Set("User-Agent", UserAgent)
	start := time.Now()
	resp, err := client.Do(req)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) { // its text repeats the URL, password included
			err = ue.Err
		}
		return nil, fmt.Errorf("downloading %s: %w", Redacted(src), InWords(ctx, client, start, err))
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		_ = resp.Body.Close()
		return nil, fmt.Errorf("downloading %s: HTTP %s", Redacted(src), resp.Status)
	}
	return resp, nil
}

// Document reads a small document a receiver serves (a readsb/tar1090 aircraft.json, a
// stats.json): an http(s) URL through Get with client, or a file path; never more than limit
// bytes (model.TooLarge naming what).
func Document(ctx context.Context, client *http.Client, src string, limit int64, what string) ([]byte, error) {
	if IsURL(src) {
		return Get(ctx, client, src, limit, what)
	}
	f, err := os.Open(src) //nolint:gosec // the user's file
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.Size() > limit {
		return nil, model.TooLarge(what, limit)
	}
	return ReadLimited(f, limit, what)
}

// ReadLimited reads all of r, refusing more than limit bytes (model.TooLarge naming what).
func ReadLimited(r io.Reader, limit int64, what string) ([]byte, error) {
	var b bytes.Buffer
	if _, err := CopyLimited(&b, r, limit, what); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// CopyLimited copies all of r to w, refusing more than limit bytes (model.TooLarge naming
// what, once limit bytes are written): the one read-at-most-N of the project (a reader
// reusing its buffer passes it as w).
func CopyLimited(w io.Writer, r io.Reader, limit int64, what string) (int64, error) {
	n, err := io.Copy(w, io.LimitReader(r, limit+1))
	switch {
	case err != nil:
		return n, err
	case n > limit:
		return n, model.TooLarge(what, limit)
	}
	return n, nil
}

// worded is an error said in words (what a user can act on), the original kept for errors.Is.
type worded struct {
	words string
	err   error
}

func (w worded) Error() string { return w.words }
func (w worded) Unwrap() error { return w.err }

// roundGiven is a deadline as it was set: in seconds (a second's deadline made a moment before
// the download began is 999.3 ms of it, "1s"), one under half a second in milliseconds (a feed
// every 200 ms), never "0s".
func roundGiven(d time.Duration) time.Duration {
	if r := d.Round(time.Second); r > 0 {
		return r
	}
	return d.Round(time.Millisecond)
}

// InWords says a download's failure as a person would ("timed out after 30s", "the connection
// was refused"), not as the network stack does ("context deadline exceeded"); the original
// error stays reachable (errors.Is, errors.As). start is when the download began: a time-out
// says how long it was given.
func InWords(ctx context.Context, client *http.Client, start time.Time, err error) error {
	var (
		ne  net.Error
		dns *net.DNSError
	)
	switch {
	case errors.Is(err, context.DeadlineExceeded) || errors.As(err, &ne) && ne.Timeout():
		given := time.Since(start)
		if d, ok := ctx.Deadline(); ok {
			given = d.Sub(start)
		} else if client != nil && client.Timeout > 0 {
			given = client.Timeout
		}
		return worded{"timed out after " + roundGiven(given).String(), err}
	case errors.Is(err, context.Canceled):
		return worded{"stopped before it finished (the program was told to stop)", err}
	case errors.As(err, &dns):
		return worded{fmt.Sprintf("the host name %s could not be found (%s)", dns.Name, dns.Err), err}
	case errors.Is(err, syscall.ECONNREFUSED):
		return worded{"the connection was refused (nothing answers at that address and port)", err}
	case errors.Is(err, syscall.ECONNRESET), errors.Is(err, io.ErrUnexpectedEOF):
		return worded{"the connection was cut before the whole answer arrived", err}
	case errors.Is(err, syscall.EHOSTUNREACH), errors.Is(err, syscall.ENETUNREACH):
		return worded{"the host cannot be reached from here (no route to it)", err}
	}
	var cert *tls.CertificateVerificationError
	if errors.As(err, &cert) {
		return worded{fmt.Sprintf("its TLS certificate is not trusted (%v)", cert.Err), err}
	}
	return err
}
