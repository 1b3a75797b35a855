package channels

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/nicholas-fedor/shoutrrr/pkg/router"
	"github.com/nicholas-fedor/shoutrrr/pkg/services/chat/telegram"
	shoutrrrsmtp "github.com/nicholas-fedor/shoutrrr/pkg/services/email/smtp"
	"github.com/nicholas-fedor/shoutrrr/pkg/services/specialized/generic"
	"github.com/nicholas-fedor/shoutrrr/pkg/services/specialized/logger"
	"github.com/nicholas-fedor/shoutrrr/pkg/types"
	"github.com/stretchr/testify/require"
)

// Every service the router knows has a sender: our own, or the library's Send on its concrete
// type (sendFunc). A newer library with a service sendFunc lacks fails here, not at a user's.
func TestEveryRouterServiceHasASender(t *testing.T) {
	var r router.ServiceRouter
	names := r.ListServices()
	require.NotEmpty(t, names)
	for _, name := range names {
		svc, err := r.NewService(name)
		require.NoError(t, err, name)
		switch svc.(type) {
		case *telegram.Service, *shoutrrrsmtp.Service, *generic.Service, *logger.Service:
			continue // own senders (newSender)
		}
		require.NotNil(t, sendFunc(svc), "service %q has no sender: add it to sendFunc", name)
	}
}

// hookRequest is what a webhook received.
type hookRequest struct {
	method, path, query, body string
	header                    http.Header
}

// webhook records every request and answers status.
func webhook(t *testing.T, status int) (string, func() []hookRequest) {
	t.Helper()
	var mu sync.Mutex
	var got []hookRequest
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		h := r.Header.Clone()
		h.Del("User-Agent")      // Go's, the same for both
		h.Del("Accept-Encoding") // the transport's
		h.Del("Content-Length")  // as the body
		mu.Lock()
		got = append(got, hookRequest{r.Method, r.URL.Path, r.URL.RawQuery, string(b), h})
		mu.Unlock()
		w.WriteHeader(status)
		_, _ = w.Write([]byte("thanks"))
	}))
	t.Cleanup(srv.Close)
	return strings.TrimPrefix(srv.URL, "http://"), func() []hookRequest {
		mu.Lock()
		defer mu.Unlock()
		return append([]hookRequest(nil), got...)
	}
}

// The generic webhook's own sender sends what the library's generic service sends, request
// for request, and fails as it fails.
func TestGenericSenderSendsWhatTheLibrarySends(t *testing.T) {
	for _, tc := range []struct {
		name, query string
		status      int
		title       string
	}{
		{"plain text", "disabletls=yes", 200, "Police overhead"},
		{"json", "template=json&disabletls=yes", 200, "Police overhead"},
		{"JSON, no title", "template=JSON&disabletls=yes", 200, ""},
		{"keys, extra fields, headers", "template=json&disabletls=yes&titlekey=subject&messagekey=text&$source=tracker&$prio=5&@X-Api-Key=k3y&@Authorization=Bearer+t0k", 200, "Low over Heathrow"},
		{"method and content type", "template=json&disabletls=yes&method=PUT&contenttype=application/x-custom", 200, "t"},
		{"the webhook's own query", "disabletls=yes&token=abc&channel=planes", 200, "t"},
		{"a template never loaded", "template=mine&disabletls=yes", 200, "t"},
		{"a failing webhook", "template=json&disabletls=yes", 502, "t"},
		{"a refusing webhook", "disabletls=yes", 404, "t"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			host, got := webhook(t, tc.status)
			url := "generic://" + host + "/hook/in?" + tc.query
			text := "NPAS G-POLA (Eurocopter EC135) · 1,500 ft"

			var r router.ServiceRouter
			svc, err := r.Locate(url)
			require.NoError(t, err)
			libErr := svc.Send(text, &types.Params{"title": tc.title})

			own, err := newSender(url, http.DefaultClient)
			require.NoError(t, err)
			ownErr := own.Send(context.Background(), Message{Title: tc.title, Text: text})

			if libErr == nil {
				require.NoError(t, ownErr)
			} else {
				require.EqualError(t, ownErr, libErr.Error())
			}
			reqs := got()
			if tc.query == "template=mine&disabletls=yes" {
				require.Empty(t, reqs)
				return
			}
			require.Len(t, reqs, 2)
			require.Equal(t, reqs[0], reqs[1], "the library's hookRequest, then ours")
		})
	}
}

// A custom generic URL (generic+http://) is the same webhook.
func TestGenericSenderCustomURL(t *testing.T) {
	host, got := webhook(t, 200)
	own, err := newSender("generic+http://"+host+"/in?template=json&@X-Token=abc", http.DefaultClient)
	require.NoError(t, err)
	require.NoError(t, own.Send(context.Background(), Message{Title: "t", Text: "m"}))
	reqs := got()
	require.Len(t, reqs, 1)
	require.Equal(t, "/in", reqs[0].path)
	require.Equal(t, "abc", reqs[0].header.Get("X-Token"))
	require.JSONEq(t, `{"title":"t","message":"m"}`, reqs[0].body)
}

// The logger service logs to a logger nobody set: nothing goes anywhere, and the message counts
// as sent, as with the library.
func TestLoggerServiceDiscards(t *testing.T) {
	s, err := newSender("logger://", http.DefaultClient)
	require.NoError(t, err)
	require.NoError(t, s.Send(context.Background(), Message{Title: "t", Text: "m"}))
	var r router.ServiceRouter
	svc, err := r.Locate("logger://")
	require.NoError(t, err)
	require.NoError(t, svc.Send("m", &types.Params{"title": "t"}))
}
