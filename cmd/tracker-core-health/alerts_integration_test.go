//go:build integration

package main_test

import (
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/internal/testenv"
)

// hook is a local webhook standing in for a channel (Shoutrrr's generic service, JSON).
type hook struct {
	mu   sync.Mutex
	msgs []string
}

func (h *hook) ServeHTTP(_ http.ResponseWriter, r *http.Request) {
	var m map[string]string
	b, _ := io.ReadAll(r.Body)
	_ = json.Unmarshal(b, &m)
	h.mu.Lock()
	h.msgs = append(h.msgs, m["title"]+": "+m["message"])
	h.mu.Unlock()
}

func (h *hook) saying(s string) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	n := 0
	for _, m := range h.msgs {
		if strings.Contains(m, s) {
			n++
		}
	}
	return n
}

func notifyURL(t *testing.T, h *hook) string {
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return "ops=generic://" + strings.TrimPrefix(srv.URL, "http://") + "/alert?template=json&disabletls=yes"
}

// The monitor's own problems on a channel (CONTRACT.md 10.7), against the real broker: an
// owned queue's backlog at QUEUE_BACKLOG_ALERT is told once it has lasted ALERT_AFTER, and
// its end once the queue is emptied; a broker that does not answer is told too.
func TestMonitorTellsItsOwnProblems(t *testing.T) {
	t.Parallel()
	env := testenv.Get(t).WithOwnMosquitto(t)
	const q = "tracker-adsb-alerts-test"
	env.DeclareQueue(t, q)
	h := &hook{}
	p := testenv.Start(t, testenv.Binary(t, "tracker-core-health"), env.MonitorEnv(t, map[string]string{
		"NOTIFY_URLS": notifyURL(t, h), "ALERT_AFTER": "1s", "QUEUE_BACKLOG_ALERT": "5",
	}))
	env.Publish(t, "amq.default", q, 6)
	require.Eventually(t, func() bool { return h.saying("Problem: queue "+q+": 6 messages waiting (alert at 5)") == 1 }, 40*time.Second, 200*time.Millisecond, p.Output())
	env.Mgmt(t, http.MethodDelete, "/api/queues/%2F/"+q+"/contents", nil)
	require.Eventually(t, func() bool { return h.saying("Resolved: queue "+q+": the backlog is below 5 again") == 1 }, 40*time.Second, 200*time.Millisecond)
	require.Equal(t, 1, h.saying("Problem: queue "+q), "told once")
	require.NotContains(t, p.Output(), "template=json", "the channel's URL is never logged")

	// A broker that never answers: its own problem.
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	_, port, _ := net.SplitHostPort(l.Addr().String())
	require.NoError(t, l.Close())
	h2 := &hook{}
	testenv.Start(t, testenv.Binary(t, "tracker-core-health"), env.MonitorEnv(t, map[string]string{
		"NOTIFY_URLS": notifyURL(t, h2), "ALERT_AFTER": "1s", "BROKER_MANAGEMENT_PORT": port,
	}))
	require.Eventually(t, func() bool { return h2.saying("Problem: the broker's management API is unreachable") == 1 }, 30*time.Second, 200*time.Millisecond)
}

// A data store that stops: "started" once it has been down ALERT_AFTER, "ended" once it is
// back (CONTRACT.md 10.7), on a local webhook.
func TestMonitorTellsAStoppedDataStore(t *testing.T) {
	t.Parallel()
	env := testenv.Get(t).WithOwnMosquitto(t).WithOwnRedis(t)
	h := &hook{}
	mon := testenv.Start(t, testenv.Binary(t, "tracker-core-health"), env.MonitorEnv(t, map[string]string{
		"NOTIFY_URLS": notifyURL(t, h), "ALERT_AFTER": "2s",
	}))
	mon.WaitMore(t, "store poll ok", 3) // a healthy start over more than ALERT_AFTER: nothing to tell about the store
	require.Zero(t, h.saying("data store"))
	env.Service(t, "stop-redis")
	require.Eventually(t, func() bool { return h.saying("Problem: the data store is unreachable") == 1 }, 30*time.Second, 200*time.Millisecond)
	env.Service(t, "start-redis")
	require.Eventually(t, func() bool { return h.saying("Resolved: the data store answers again") == 1 }, 30*time.Second, 200*time.Millisecond)
	require.Equal(t, 1, h.saying("Problem: the data store"), "told once")
}
