package channels

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/require"
)

// Two ntfy messages through one channel carry two titles (the library keeps headers in a
// client shared by a service's whole life: each message gets a service of its own).
func TestNtfyEachMessageItsOwnTitle(t *testing.T) {
	ntfy := &recorder{}
	specs, _ := ParseURLs("phone=ntfy://" + serve(t, ntfy) + "/planes?disabletls=yes")
	s := New(specs, zerolog.Nop())
	run(t, s)
	for _, title := range []string{"Police overhead", "Low over Heathrow", "Military"} {
		s.Send(Message{Title: title, Text: "who and where: " + title}, nil)
	}
	require.Eventually(t, func() bool { return len(ntfy.got()) == 3 }, 10*time.Second, 10*time.Millisecond)
	for i, title := range []string{"Police overhead", "Low over Heathrow", "Military"} {
		r := ntfy.got()[i]
		require.Equal(t, []string{title}, r.header.Values("Title"), "message %d", i)
		require.Equal(t, "who and where: "+title, r.body)
	}
}

// telegramChannel is a channel of a Telegram URL whose Bot API is api.
func telegramChannel(t *testing.T, api string) (*Set, *Channel) {
	t.Helper()
	specs, problems := ParseURLs("tg=telegram://123456:ABC-secret-token@telegram?chats=@planes,-1001234")
	require.Empty(t, problems)
	var logs bytes.Buffer
	s := New(specs, zerolog.New(&logs))
	require.Len(t, s.Channels(), 1)
	c := s.Channels()[0]
	c.sender.(*telegramSender).api = api
	c.backoffStart, c.backoffMax, c.retryFor = 10*time.Millisecond, 20*time.Millisecond, 300*time.Millisecond
	t.Cleanup(func() { require.NotContains(t, logs.String(), "ABC-secret-token", "the token is never logged") })
	return s, c
}

// Telegram, through a stand-in of the Bot API: the message and title as Telegram takes them
// (HTML, the title in bold, every chat), delivered only on {"ok": true}.
func TestTelegramDelivers(t *testing.T) {
	var mu sync.Mutex
	var bodies []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		require.Equal(t, "/bot123456:ABC-secret-token/sendMessage", r.URL.Path)
		b, _ := io.ReadAll(r.Body)
		mu.Lock()
		bodies = append(bodies, string(b))
		mu.Unlock()
		_, _ = io.WriteString(w, `{"ok":true,"result":{"message_id":1}}`)
	}))
	t.Cleanup(srv.Close)
	s, c := telegramChannel(t, srv.URL)
	run(t, s)
	s.Send(Message{Title: "Police <overhead>", Text: "G-POLA & co"}, nil)
	require.Eventually(t, func() bool { return c.Health().Sent == 1 }, 10*time.Second, 10*time.Millisecond)
	mu.Lock()
	defer mu.Unlock()
	require.Len(t, bodies, 2, "one request per chat")
	require.JSONEq(t, `{"chat_id":"@planes","text":"<b>Police &lt;overhead&gt;</b>\nG-POLA &amp; co","parse_mode":"HTML","disable_notification":false,"disable_web_page_preview":false}`, bodies[0])
	require.Contains(t, bodies[1], `"chat_id":"-1001234"`)
}

// A Telegram that cannot be reached, that answers an HTML 502, or that says ok false is a
// failure: retried, and given up and counted at the end (it used to report success).
func TestTelegramFailuresAreFailures(t *testing.T) {
	closed, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	closedURL := "http://" + closed.Addr().String()
	require.NoError(t, closed.Close())
	var tries atomic.Int32
	html502 := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		tries.Add(1)
		w.Header().Set("Content-Type", "text/html")
		w.WriteHeader(http.StatusBadGateway)
		_, _ = io.WriteString(w, "<html><body>502 Bad Gateway</body></html>")
	}))
	t.Cleanup(html502.Close)
	refused := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		_, _ = io.WriteString(w, `{"ok":false,"error_code":400,"description":"Bad Request: chat not found"}`)
	}))
	t.Cleanup(refused.Close)
	for name, api := range map[string]string{"closed port": closedURL, "HTML 502": html502.URL, "ok false": refused.URL} {
		t.Run(name, func(t *testing.T) {
			s, c := telegramChannel(t, api)
			run(t, s)
			s.Send(Message{Title: "t", Text: "x"}, nil)
			require.Eventually(t, func() bool { return c.Health().Failed == 1 }, 10*time.Second, 10*time.Millisecond)
			h := c.Health()
			require.False(t, h.OK)
			require.True(t, h.Tried)
			require.Zero(t, h.Sent)
		})
	}
	require.Greater(t, tries.Load(), int32(1), "retried before giving up")
}

// A channel down for longer than RetryFor with messages queued one after another: each is
// given up at its own RetryFor after it was queued (not one every RetryFor behind the one
// before), counted as failed; a message never waits past its own end behind another's retries.
func TestEachMessageGivenUpAtItsOwnTime(t *testing.T) {
	down := &recorder{}
	down.fails.Store(1 << 20)
	specs, _ := ParseURLs("ntfy://" + serve(t, down) + "/planes?disabletls=yes")
	s := New(specs, zerolog.Nop())
	c := s.Channels()[0]
	const retry, gap = 600 * time.Millisecond, 100 * time.Millisecond
	c.backoffStart, c.backoffMax, c.retryFor = 50*time.Millisecond, 400*time.Millisecond, retry
	run(t, s)
	start := time.Now()
	for i := range 6 {
		s.Send(Message{Title: "t", Text: "m"}, nil)
		if i < 5 {
			time.Sleep(gap)
		}
	}
	// All six are given up by the last one's end (plus a scheduling margin): 6 × 5 minutes in
	// the old loop, 5 minutes 30 s here in real time.
	require.Eventually(t, func() bool { return c.Health().Failed == 6 }, 5*time.Second, 5*time.Millisecond)
	took := time.Since(start)
	require.Less(t, took, retry+5*gap+time.Second, "each at its own time")
	require.GreaterOrEqual(t, took, retry+5*gap, "none before its time")
	require.Zero(t, c.Health().Queued)
	require.Zero(t, c.Health().Dropped)
}

// A stop drops what is still queued, counted, with one line per channel and no failure.
func TestStoppingCountsTheQueuedAsDropped(t *testing.T) {
	stalled := &recorder{stall: make(chan struct{})}
	specs, _ := ParseURLs("slow=ntfy://" + serve(t, stalled) + "/a?disabletls=yes")
	var logs bytes.Buffer
	s := New(specs, zerolog.New(&logs))
	c := s.Channels()[0]
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); _ = s.Run(ctx) }()
	for range 4 {
		s.Send(Message{Title: "t", Text: "m"}, nil)
	}
	require.Eventually(t, func() bool { return c.Health().Queued == 3 }, 5*time.Second, 5*time.Millisecond, "the first is in flight")
	cancel()
	<-done
	h := c.Health()
	require.Equal(t, int64(4), h.Dropped, "the one in flight and the three behind it")
	require.Zero(t, h.Queued)
	require.Zero(t, h.Failed)
	require.NotContains(t, logs.String(), "failed")
	require.Equal(t, 1, strings.Count(logs.String(), "still queued when stopping"))
}

// An SMTP server that accepts and never greets costs one bounded try each time: no goroutine
// and no socket left behind over ten tries, and the channel still delivers to a server that
// answers afterwards.
func TestSMTPThatNeverGreetsLeavesNothingBehind(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	var mu sync.Mutex
	var conns []net.Conn
	go func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, conn) // never a word
			mu.Unlock()
		}
	}()
	t.Cleanup(func() { _ = ln.Close() })
	specs, problems := ParseURLs("mail=smtp://" + ln.Addr().String() + "/?from=tracker@example.org&to=me@example.org&auth=None&usestarttls=No")
	require.Empty(t, problems)
	s := New(specs, zerolog.Nop())
	require.Len(t, s.Channels(), 1)
	c := s.Channels()[0]
	c.backoffStart, c.backoffMax, c.retryFor = 10*time.Millisecond, 10*time.Millisecond, 150*time.Millisecond
	run(t, s)
	var before int
	for i := range 11 { // one after another: each given up after its tries
		s.Send(Message{Title: "t", Text: "m"}, nil)
		require.Eventually(t, func() bool { return c.Health().Failed == int64(i+1) }, 10*time.Second, 5*time.Millisecond)
		if i == 0 { // every goroutine of the set is running: the count to keep
			before = runtime.NumGoroutine()
		}
	}
	closedAll := func() bool { // the server side reads EOF on every connection the client made
		mu.Lock()
		defer mu.Unlock()
		for _, conn := range conns {
			_ = conn.SetReadDeadline(time.Now().Add(20 * time.Millisecond))
			if _, err := conn.Read(make([]byte, 1)); err != io.EOF {
				return false
			}
		}
		return len(conns) >= 10
	}
	require.Eventually(t, closedAll, 5*time.Second, 50*time.Millisecond, "every socket closed by the client")
	if !assertEventually(func() bool { return runtime.NumGoroutine() <= before }, 5*time.Second) {
		buf := make([]byte, 1<<20)
		t.Fatalf("goroutines left behind: %d before, %d after\n%s", before, runtime.NumGoroutine(), buf[:runtime.Stack(buf, true)])
	}
}

// assertEventually reports whether cond held within d.
func assertEventually(cond func() bool, d time.Duration) bool {
	for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		if cond() {
			return true
		}
	}
	return cond()
}

// Scrubbing replaces a channel's secrets as whole tokens only: an error text stays readable
// ("failed", "http://", "json"), and the secrets go wherever they stand alone.
func TestScrubWholeTokensOnly(t *testing.T) {
	sec := secrets("generic://user:hunter22@hooks.example.org/fail/Atoken123?template=json&disabletls=yes&token=s3cr3tv4lue")
	for in, want := range map[string]string{
		"failed to send: Post \"http://hooks.example.org/fail/Atoken123\": EOF": "failed to send: Post \"http://hooks.example.org/***/***\": EOF",
		"template json refused":                        "template json refused",
		"password hunter22 refused, token=s3cr3tv4lue": "password *** refused, token=***",
		"Atoken1234 is another token":                  "Atoken1234 is another token",
	} {
		require.Equal(t, want, scrub(in, sec), in)
	}
}

// An e-mail through a stand-in SMTP server: the rule's name as the subject, the text as the
// body, to every address.
func TestSMTPDelivers(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	t.Cleanup(func() { _ = ln.Close() })
	got := make(chan string, 4)
	go func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer conn.Close()
				var data strings.Builder
				rd := bufio.NewReader(conn)
				say := func(s string) { _, _ = io.WriteString(conn, s+"\r\n") }
				say("220 mail.example.org ESMTP")
				inData := false
				for {
					line, err := rd.ReadString('\n')
					if err != nil {
						return
					}
					switch {
					case inData && line == ".\r\n":
						inData = false
						got <- data.String()
						data.Reset()
						say("250 queued")
					case inData:
						data.WriteString(line)
					case strings.HasPrefix(line, "EHLO"):
						say("250-mail.example.org")
						say("250 8BITMIME")
					case strings.HasPrefix(line, "DATA"):
						inData = true
						say("354 go on")
					case strings.HasPrefix(line, "QUIT"):
						say("221 bye")
						return
					default:
						say("250 ok")
					}
				}
			}()
		}
	}()
	specs, _ := ParseURLs("mail=smtp://" + ln.Addr().String() + "/?from=tracker@example.org&to=me@example.org,you@example.org&auth=None&usestarttls=No")
	s := New(specs, zerolog.Nop())
	run(t, s)
	s.Send(Message{Title: "Police overhead", Text: "NPAS G-POLA · 1,500 ft"}, nil)
	for range 2 {
		select {
		case m := <-got:
			require.Contains(t, m, "Subject: Police overhead\r\n")
			require.Contains(t, m, "\r\n\r\nNPAS G-POLA · 1,500 ft\r\n")
		case <-time.After(10 * time.Second):
			t.Fatal("no e-mail")
		}
	}
	require.Eventually(t, func() bool { return s.Channels()[0].Health().Sent == 1 }, 5*time.Second, 10*time.Millisecond)
}
