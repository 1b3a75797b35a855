package channels

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/require"
)

func TestParseURLs(t *testing.T) {
	for _, c := range []struct {
		name, in string
		want     []string // name=URL
		problems []string
	}{
		{"bare URL is default", "ntfy://ntfy.sh/planes", []string{"default=ntfy://ntfy.sh/planes"}, nil},
		{"named, separated by spaces, commas and newlines",
			"phone=ntfy://ntfy.sh/planes?tags=a,b, hook=generic://h/x\nchat=discord://tok@123",
			[]string{"chat=discord://tok@123", "hook=generic://h/x", "phone=ntfy://ntfy.sh/planes?tags=a,b"}, nil},
		{"a name twice: both kept, New takes the first that works", "a=ntfy://x/y a=ntfy://x/z", []string{"a=ntfy://x/y", "a=ntfy://x/z"}, nil},
		{"a bad first x= keeps the valid second", "x=not-a-url x=ntfy://x/z", []string{"x=ntfy://x/z"}, []string{"channel 'x' (item 1): not a service URL (scheme://…); left out"}},
		{"no scheme", "phone=not-a-url", nil, []string{"channel 'phone' (item 1): not a service URL (scheme://…); left out"}},
		{"empty", "  ,\n", nil, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			specs, problems := ParseURLs(c.in)
			var got []string
			for _, s := range specs {
				got = append(got, s.Name+"="+s.URL)
			}
			require.Equal(t, c.want, got)
			require.Equal(t, c.problems, problems)
		})
	}
}

func TestRedactHidesEverySecret(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"telegram://123456:ABCtoken@telegram?chats=@mychan", "telegram://***@telegram?***"},
		{"ntfy://user:hunter22@ntfy.example.org/planes", "ntfy://***@ntfy.example.org/***"},
		{"gotify://gotify.example.org/Atoken123", "gotify://gotify.example.org/***"},
		{"generic://hooks.example.org", "generic://hooks.example.org"},
		{"%%%", "(a URL that is not one)"},
	} {
		require.Equal(t, c.want, Redact(c.in), c.in)
		require.Equal(t, "x="+c.want, Spec{Name: "x", URL: c.in}.String())
	}
}

// recorder is a local web server standing in for ntfy or a webhook: it records each request
// and answers with the status fail gives (200 when nil), or never answers while stall is set.
type recorder struct {
	mu    sync.Mutex
	reqs  []request
	fails atomic.Int32 // answer 500 this many more times
	stall chan struct{}
}

type request struct {
	path   string
	header http.Header
	body   string
}

func (r *recorder) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	if r.stall != nil {
		select {
		case <-r.stall:
		case <-req.Context().Done():
			return
		}
	}
	b, _ := io.ReadAll(req.Body)
	r.mu.Lock()
	r.reqs = append(r.reqs, request{req.URL.Path, req.Header.Clone(), string(b)})
	r.mu.Unlock()
	if r.fails.Add(-1) >= 0 {
		http.Error(w, `{"code":50001,"http":500,"error":"try later"}`, http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_, _ = io.WriteString(w, `{"id":"x"}`)
}

func (r *recorder) got() []request {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]request(nil), r.reqs...)
}

func serve(t *testing.T, r *recorder) string {
	srv := httptest.NewServer(r)
	t.Cleanup(func() {
		if r.stall != nil { // let the stalled requests end, or Close waits for them
			close(r.stall)
		}
		srv.Close()
	})
	return strings.TrimPrefix(srv.URL, "http://")
}

func run(t *testing.T, s *Set) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); _ = s.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-done })
}

// The text and title reach ntfy as its API takes them (body, Title header), and a webhook as
// JSON; the counts and ok follow.
func TestDeliversToNtfyAndAWebhook(t *testing.T) {
	ntfy, hook := &recorder{}, &recorder{}
	specs, problems := ParseURLs("phone=ntfy://" + serve(t, ntfy) + "/planes?disabletls=yes hook=generic://" + serve(t, hook) + "/in?template=json&disabletls=yes")
	require.Empty(t, problems)
	s := New(specs, zerolog.Nop())
	require.Len(t, s.Channels(), 2)
	run(t, s)
	s.Send(Message{Title: "Police overhead", Text: "NPAS G-POLA (Eurocopter EC135) · 1,500 ft"}, nil)

	require.Eventually(t, func() bool { return len(ntfy.got()) == 1 && len(hook.got()) == 1 }, 10*time.Second, 20*time.Millisecond)
	n := ntfy.got()[0]
	require.Equal(t, "/planes", n.path)
	require.Equal(t, "Police overhead", n.header.Get("Title"))
	require.Equal(t, "NPAS G-POLA (Eurocopter EC135) · 1,500 ft", n.body)
	var j map[string]string
	require.NoError(t, json.Unmarshal([]byte(hook.got()[0].body), &j))
	require.Equal(t, "Police overhead", j["title"])
	require.Equal(t, "NPAS G-POLA (Eurocopter EC135) · 1,500 ft", j["message"])
	require.Eventually(t, func() bool {
		h := s.Channels()[0].Health()
		return h.OK && h.Tried && h.Sent == 1
	}, 5*time.Second, 10*time.Millisecond)

	// Only the channels a rule names.
	s.Send(Message{Title: "t", Text: "only the hook"}, []string{"hook", "nowhere"})
	require.Eventually(t, func() bool { return len(hook.got()) == 2 }, 10*time.Second, 20*time.Millisecond)
	require.Len(t, ntfy.got(), 1)
}

// A 500 is retried with back-off until it goes through; the channel is not ok until then, and
// a message delivered in the end is no failure (failed counts messages given up on).
func TestRetriesUntilTheServiceAnswers(t *testing.T) {
	ntfy := &recorder{}
	ntfy.fails.Store(2)
	specs, _ := ParseURLs("ntfy://" + serve(t, ntfy) + "/planes?disabletls=yes")
	s := New(specs, zerolog.Nop())
	c := s.Channels()[0]
	c.backoffStart, c.backoffMax = 10*time.Millisecond, 40*time.Millisecond
	run(t, s)
	s.Send(Message{Title: "t", Text: "once"}, nil)
	require.Eventually(t, func() bool { return c.Health().Sent == 1 }, 10*time.Second, 10*time.Millisecond)
	h := c.Health()
	require.Zero(t, h.Failed, "no message was given up")
	require.Zero(t, h.Dropped)
	require.True(t, h.OK)
	require.Len(t, ntfy.got(), 3, "two failures, then the same message once more")
	for _, r := range ntfy.got() {
		require.Equal(t, "once", r.body)
	}
}

// A message that keeps failing is given up RetryFor after it was queued (5 minutes;
// shortened here), counted as failed (a message, not its tries), and the next one is tried.
func TestAMessageFailingTooLongIsDropped(t *testing.T) {
	ntfy := &recorder{}
	ntfy.fails.Store(1 << 20)
	specs, _ := ParseURLs("ntfy://" + serve(t, ntfy) + "/planes?disabletls=yes")
	s := New(specs, zerolog.Nop())
	c := s.Channels()[0]
	c.backoffStart, c.backoffMax, c.retryFor = 5*time.Millisecond, 20*time.Millisecond, 150*time.Millisecond
	run(t, s)
	s.Send(Message{Title: "t", Text: "one"}, nil)
	require.Eventually(t, func() bool { return c.Health().Failed == 1 }, 10*time.Second, 10*time.Millisecond)
	s.Send(Message{Title: "t", Text: "two"}, nil)
	require.Eventually(t, func() bool { return c.Health().Failed == 2 }, 10*time.Second, 10*time.Millisecond)
	h := c.Health()
	require.False(t, h.OK)
	require.Zero(t, h.Sent)
	require.Zero(t, h.Dropped)
	require.GreaterOrEqual(t, len(ntfy.got()), 4, "retried a few times")
	bodies := map[string]bool{}
	for _, r := range ntfy.got() {
		bodies[r.body] = true
	}
	require.Equal(t, map[string]bool{"one": true, "two": true}, bodies)
}

// A service that never answers holds nobody: Send returns at once, the queue stays bounded
// (the oldest dropped and counted), and the other channel delivers.
func TestAStalledServiceNeverBlocks(t *testing.T) {
	stalled, good := &recorder{stall: make(chan struct{})}, &recorder{}
	specs, _ := ParseURLs("slow=ntfy://" + serve(t, stalled) + "/a?disabletls=yes good=ntfy://" + serve(t, good) + "/b?disabletls=yes")
	s := New(specs, zerolog.Nop())
	run(t, s)
	var slow *Channel
	for _, c := range s.Channels() {
		if c.Name == "slow" {
			slow = c
		}
	}
	s.Send(Message{Title: "t", Text: "first"}, nil)
	require.Eventually(t, func() bool { return len(good.got()) == 1 }, 10*time.Second, 10*time.Millisecond)
	require.Eventually(t, func() bool { return slow.Health().Queued == 0 }, 5*time.Second, 10*time.Millisecond, "the first is in flight, out of the queue")
	for range QueueSize + 25 {
		s.Send(Message{Title: "t", Text: "more"}, []string{"slow"})
	}
	h := slow.Health()
	require.Equal(t, QueueSize, h.Queued)
	require.Equal(t, int64(25), h.Dropped)
	require.Zero(t, h.Sent)
}

// A URL Shoutrrr cannot use (an unknown service, a bad setting) is left out with one error
// naming the channel, never its credentials; the other channels run.
func TestABadURLIsLeftOutWithoutItsSecrets(t *testing.T) {
	var logs bytes.Buffer
	good := &recorder{}
	specs, problems := ParseURLs("bad=nosuchservice://user:hunter22@host/secretpath ugly=ntfy://user:pw12345@host/t?priority=nonsense good=ntfy://" + serve(t, good) + "/b?disabletls=yes")
	require.Empty(t, problems)
	s := New(specs, zerolog.New(&logs))
	require.Len(t, s.Channels(), 1)
	require.Equal(t, "good", s.Channels()[0].Name)
	text := logs.String()
	require.Contains(t, text, `"channel":"bad"`)
	require.Contains(t, text, `"channel":"ugly"`)
	for _, secret := range []string{"hunter22", "secretpath", "pw12345"} {
		require.NotContains(t, text, secret)
	}

	// A name whose first URL cannot be used and whose second can: the second is the channel.
	specs, _ = ParseURLs("x=nosuchservice://h/p x=ntfy://" + serve(t, good) + "/b?disabletls=yes x=ntfy://h/third")
	s = New(specs, zerolog.Nop())
	require.Len(t, s.Channels(), 1)
	require.Equal(t, "x", s.Channels()[0].Name)
}
