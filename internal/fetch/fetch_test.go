package fetch

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/model"
)

func TestCheckAddressRefusesLocalAndPrivate(t *testing.T) {
	for addr, refused := range map[string]bool{
		"127.0.0.1:80": true, "127.8.9.10:6379": true, "10.0.0.1:80": true, "172.16.3.4:80": true, "192.168.1.1:443": true,
		"169.254.169.254:80": true, "0.0.0.0:80": true, "[::1]:80": true, "[::]:80": true, "[fe80::1]:80": true,
		"[fd00::1]:80": true, "[::ffff:127.0.0.1]:80": true, "100.64.0.1:80": true, "224.0.0.1:80": true,
		"93.184.216.34:443": false, "[2606:4700::1111]:443": false, "1.1.1.1:80": false,
	} {
		err := CheckAddress(addr)
		if refused {
			require.ErrorIs(t, err, ErrLocalAddress, addr)
			require.Contains(t, err.Error(), "ALLOW_PRIVATE_DOWNLOADS", addr)
		} else {
			require.NoError(t, err, addr)
		}
	}
}

// Every hop is checked: a server the client may reach (the test's own, let through by name)
// that redirects to a local address is refused at the redirect, before that address is
// dialled; more than MaxRedirects hops are refused; the error never quotes the body.
func TestRedirectsAreCheckedAndBounded(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if to := r.URL.Query().Get("to"); to != "" {
			http.Redirect(w, r, to, http.StatusFound)
			return
		}
		if n := r.URL.Query().Get("hops"); n != "" && n != "0" {
			var left int
			_, _ = fmt.Sscan(n, &left)
			http.Redirect(w, r, fmt.Sprintf("/?hops=%d", left-1), http.StatusFound)
			return
		}
		_, _ = io.WriteString(w, "a body with a secret")
	}))
	t.Cleanup(srv.Close)
	own := srv.Listener.Addr().String()
	dialled := []string{}
	c := newClient(10*time.Second, func(address string) error {
		dialled = append(dialled, address)
		if address == own {
			return nil
		}
		return CheckAddress(address)
	})
	ctx := context.Background()
	for _, to := range []string{"http://127.0.0.1:9/x", "http://10.0.0.1/x", "http://169.254.169.254/latest/", "http://[::1]:9/x"} {
		dialled = dialled[:0]
		_, err := Get(ctx, c, srv.URL+"/?to="+to, 1<<20, "a list")
		require.ErrorIs(t, err, ErrLocalAddress, to)
		host := strings.SplitN(strings.TrimPrefix(to, "http://"), "/", 2)[0]
		if _, _, e := net.SplitHostPort(host); e != nil {
			host = net.JoinHostPort(host, "80")
		}
		require.NotEmpty(t, dialled)
		require.Equal(t, host, dialled[len(dialled)-1], "the redirect's address was checked, and nothing after it")
	}
	b, err := Get(ctx, c, srv.URL+fmt.Sprintf("/?hops=%d", MaxRedirects), 1<<20, "a list")
	require.NoError(t, err, "five redirects are followed")
	require.Equal(t, "a body with a secret", string(b))
	_, err = Get(ctx, c, srv.URL+fmt.Sprintf("/?hops=%d", MaxRedirects+1), 1<<20, "a list")
	require.ErrorContains(t, err, "more than 5 redirects")

	_, err = Get(ctx, c, srv.URL+"/", 4, "a list")
	require.ErrorContains(t, err, "a list")
	require.NotContains(t, err.Error(), "secret", "the body is never quoted")
}

// A URL's password never shows in an error.
func TestErrorsHideThePassword(t *testing.T) {
	_, err := Get(context.Background(), NewClient(time.Second, false), "http://user:hunter2@127.0.0.1:9/x", 10, "a list")
	require.Error(t, err)
	require.NotContains(t, err.Error(), "hunter2")
	require.Contains(t, err.Error(), "refused")
}

func TestDownloadsNameTheProjectAndSaveStreams(t *testing.T) {
	var agent string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		agent = r.Header.Get("User-Agent")
		_, _ = w.Write([]byte(strings.Repeat("x", 100)))
	}))
	defer srv.Close()
	path := filepath.Join(t.TempDir(), "file")
	require.NoError(t, Save(t.Context(), NewClient(0, true), srv.URL, 100, "the file", path))
	require.Regexp(t, `^tracker-core-health/\S+ \(\+https://github.com/tracker-adsb/tracker-core-health\)$`, agent)
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	require.Len(t, b, 100)

	err = Save(t.Context(), NewClient(0, true), srv.URL, 99, "the file", path)
	require.ErrorIs(t, err, model.ErrTooLarge)
	require.ErrorContains(t, err, "the file is larger")
}

// A failed download says why in words a user can act on, never the network stack's own
// ("context deadline exceeded"), the original still reachable.
func TestFailuresAreSaidInWords(t *testing.T) {
	hang := make(chan struct{})
	t.Cleanup(func() { close(hang) })
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(200)
		w.(http.Flusher).Flush()
		select {
		case <-hang:
		case <-r.Context().Done():
		}
	}))
	t.Cleanup(srv.Close)
	ctx, cancel := context.WithTimeout(t.Context(), time.Second)
	defer cancel()
	err := Save(ctx, NewClient(0, true), srv.URL, 100, "the file", filepath.Join(t.TempDir(), "f"))
	require.ErrorIs(t, err, context.DeadlineExceeded)
	require.ErrorContains(t, err, "timed out after 1s")
	require.NotContains(t, err.Error(), "context deadline exceeded")
	short, cancelShort := context.WithTimeout(t.Context(), 200*time.Millisecond)
	defer cancelShort()
	err = Save(short, NewClient(0, true), srv.URL, 100, "the file", filepath.Join(t.TempDir(), "g"))
	require.ErrorContains(t, err, "timed out after 200ms", "a deadline under a second in milliseconds")

	closed := httptest.NewServer(http.NotFoundHandler())
	addr := closed.URL
	closed.Close()
	_, err = Get(t.Context(), NewClient(5*time.Second, true), addr, 10, "the file")
	require.ErrorContains(t, err, "the connection was refused")
}

// A deadline is said as it was set, whatever the moments between setting it and the download.
func TestRoundGiven(t *testing.T) {
	for _, tt := range []struct {
		given time.Duration
		want  string
	}{
		{999*time.Millisecond + 300*time.Microsecond, "1s"},
		{30*time.Second - time.Millisecond, "30s"},
		{200*time.Millisecond - 300*time.Microsecond, "200ms"},
		{499 * time.Millisecond, "499ms"},
	} {
		require.Equal(t, tt.want, roundGiven(tt.given).String(), tt.given)
	}
}
