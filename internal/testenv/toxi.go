package testenv

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// Toxi is Shopify's toxiproxy between a process under test and the real services, with faults
// (toxics) added and cleared at will. The server runs as a process of its own (built once,
// without the race detector, and shared by the test process's rigs through its HTTP API): a
// fault's work, a trickle's pacing say, never competes with the race-instrumented test for
// time, so a monitor's deadline is missed only when the fault says so.
type Toxi struct {
	api     string
	prefix  string // this rig's proxies' names
	proxies map[string]bool
}

var (
	toxiOnce sync.Once
	toxiAPI  string
	toxiErr  error
	toxiSeq  atomic.Int64
)

// toxiServer starts the test process's toxiproxy server once; it dies with the process.
func toxiServer() (string, error) {
	toxiOnce.Do(func() {
		dir, err := os.MkdirTemp("", "tracker-toxiproxy-")
		if err != nil {
			toxiErr = err
			return
		}
		bin := os.Getenv("TRACKER_TEST_TOXIPROXY") // make test builds it once for every package
		if bin == "" {
			bin = filepath.Join(dir, "toxiproxy-server")
			_, file, _, _ := runtime.Caller(0)
			build := exec.Command("go", "build", "-o", bin, "github.com/Shopify/toxiproxy/v2/cmd/server")
			build.Dir = filepath.Join(filepath.Dir(file), "..", "..")
			if out, err := build.CombinedOutput(); err != nil {
				toxiErr = fmt.Errorf("building toxiproxy-server: %w: %s", err, out)
				return
			}
		}
		var s *server
		s, toxiErr = onFreePort(func(port string) (*server, error) {
			return &server{name: bin, addr: "127.0.0.1:" + port, dir: dir, logPath: filepath.Join(dir, "toxiproxy.log"),
				args: []string{"-host", "127.0.0.1", "-port", port}}, nil
		})
		if toxiErr == nil {
			toxiAPI = "http://" + s.addr
		}
	})
	return toxiAPI, toxiErr
}

// NewToxi is a rig's set of proxies on the process's toxiproxy; they go at cleanup.
func NewToxi(t testing.TB) *Toxi {
	t.Helper()
	api, err := toxiServer()
	require.NoError(t, err)
	x := &Toxi{api: api, prefix: fmt.Sprintf("rig%d-", toxiSeq.Add(1)), proxies: map[string]bool{}}
	t.Cleanup(func() {
		for name := range x.proxies {
			_, _ = x.call(http.MethodDelete, "/proxies/"+x.prefix+name, nil)
		}
	})
	return x
}

// toxiClient opens a connection per call: a kept-alive one the server has just closed made a
// POST fail with EOF (a POST is not retried on a fresh connection).
var toxiClient = &http.Client{Transport: &http.Transport{DisableKeepAlives: true}, Timeout: 30 * time.Second}

func (x *Toxi) call(method, path string, body []byte) ([]byte, error) {
	req, err := http.NewRequest(method, x.api+path, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := toxiClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	out, _ := io.ReadAll(resp.Body)
	if resp.StatusCode >= 300 {
		return out, fmt.Errorf("toxiproxy %s %s: %d %s", method, path, resp.StatusCode, out)
	}
	return out, nil
}

// Proxy listens on a free loopback port and forwards to upstream; it returns the port.
func (x *Toxi) Proxy(t testing.TB, name, upstream string) string {
	t.Helper()
	body, _ := json.Marshal(map[string]any{"name": x.prefix + name, "listen": "127.0.0.1:0", "upstream": upstream, "enabled": true})
	out, err := x.call(http.MethodPost, "/proxies", body)
	require.NoError(t, err)
	var p struct{ Listen string }
	require.NoError(t, json.Unmarshal(out, &p))
	x.proxies[name] = true
	_, port, err := net.SplitHostPort(p.Listen)
	require.NoError(t, err)
	return port
}

// Add adds a toxic to the proxy, for its connections open and to come. The toxic is toxiproxy's
// JSON: {"name", "type", "stream": "upstream"|"downstream", "attributes": {…}}.
//
// Toxiproxy adds a toxic to every open connection of the proxy under a lock; on a loaded machine
// its answer has been lost (EOF after the write timeout) although the toxic was added. The call
// is tried three times, and a 409 on a retry ("toxic already exists") is the earlier attempt's
// success.
func (x *Toxi) Add(t testing.TB, proxy, toxicJSON string) {
	t.Helper()
	var err error
	for attempt := range 3 {
		var out []byte
		out, err = x.call(http.MethodPost, "/proxies/"+x.prefix+proxy+"/toxics", []byte(toxicJSON))
		if err == nil || attempt > 0 && strings.Contains(err.Error(), ": 409 ") {
			return
		}
		t.Logf("toxiproxy: adding %s: %v %s (trying again)", toxicJSON, err, out)
		time.Sleep(500 * time.Millisecond)
	}
	require.NoError(t, err, toxicJSON)
}

// Clear removes every toxic of the proxy: the network is healthy again.
func (x *Toxi) Clear(proxy string) {
	out, err := x.call(http.MethodGet, "/proxies/"+x.prefix+proxy+"/toxics", nil)
	if err != nil {
		return
	}
	var toxics []struct{ Name string }
	_ = json.Unmarshal(out, &toxics)
	for _, tx := range toxics {
		_, _ = x.call(http.MethodDelete, "/proxies/"+x.prefix+proxy+"/toxics/"+strings.TrimSpace(tx.Name), nil)
	}
}
