// Package testenv gives integration tests the real local services started by
// scripts/services.sh (make test does that): their addresses, an MQTT recorder, a Redis
// client, broker administration over the management API, and the built binaries.
package testenv

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/redis/rueidis"
	"github.com/stretchr/testify/require"
)

// Env holds the addresses of the real services.
type Env struct {
	RedisAddr, RedisPassword   string
	MgmtURL, MgmtPort          string
	AdminUser, AdminPassword   string
	MonitorUser, MonitorPasswd string
	MQTTAddr                   string
	ServicesScript             string
	// The Redis and Mosquitto behind RedisAddr and MQTTAddr (the process's, or a test's own).
	redis, mosquitto *server
}

// Get reads the services' environment (RabbitMQ's, from scripts/services.sh) and gives the
// process's own Redis and Mosquitto (private.go); it fails the test with a hint when the
// services are not running (run `make test`, or `make services-up` and source the env file).
func Get(t testing.TB) *Env {
	t.Helper()
	load := func(k string) string {
		v := os.Getenv(k)
		if v == "" {
			v = fileEnv()[k]
		}
		if v == "" {
			t.Fatalf("%s is not set: start the services with `make services-up` (or run `make test`)", k)
		}
		return v
	}
	e := &Env{
		RedisPassword: load("TEST_REDIS_PASSWORD"),
		MgmtURL:       load("TEST_MGMT_URL"), MgmtPort: load("TEST_MGMT_PORT"),
		AdminUser: load("TEST_ADMIN_USER"), AdminPassword: load("TEST_ADMIN_PASSWORD"),
		MonitorUser: load("TEST_MONITOR_USER"), MonitorPasswd: load("TEST_MONITOR_PASSWORD"),
		ServicesScript: load("TEST_SERVICES_SCRIPT"),
	}
	redis, mosquitto, err := processServers(e.RedisPassword)
	require.NoError(t, err, "the test process's own Redis and Mosquitto")
	e.RedisAddr, e.redis = redis.addr, redis
	e.MQTTAddr, e.mosquitto = mosquitto.addr, mosquitto
	return e
}

var (
	envOnce sync.Once
	envFile map[string]string
)

// fileEnv reads the env file written by `scripts/services.sh up`.
func fileEnv() map[string]string {
	envOnce.Do(func() {
		envFile = map[string]string{}
		dir := os.Getenv("SERVICES_DIR")
		if dir == "" {
			dir = "/tmp/tracker-core-health-services"
		}
		b, err := os.ReadFile(filepath.Join(dir, "env"))
		if err != nil {
			return
		}
		for _, line := range strings.Split(string(b), "\n") {
			line = strings.TrimPrefix(strings.TrimSpace(line), "export ")
			if k, v, ok := strings.Cut(line, "="); ok {
				envFile[k] = v
			}
		}
	})
	return envFile
}

// Host and port of an address.
func Split(t testing.TB, addr string) (string, string) {
	h, p, err := net.SplitHostPort(addr)
	require.NoError(t, err)
	return h, p
}

// MonitorEnv is a complete environment for tracker-core-health against the services.
func (e *Env) MonitorEnv(t testing.TB, extra map[string]string) []string {
	rh, rp := Split(t, e.RedisAddr)
	mh, mp := Split(t, e.MQTTAddr)
	u, err := url.Parse(e.MgmtURL)
	require.NoError(t, err)
	vars := map[string]string{
		"BROKER_HOST": u.Hostname(), "BROKER_MANAGEMENT_PORT": u.Port(),
		"BROKER_MONITORING_USERNAME": e.MonitorUser, "BROKER_MONITORING_PASSWORD": e.MonitorPasswd,
		"STORE_HOST": rh, "STORE_PORT": rp, "STORE_PASSWORD": e.RedisPassword,
		"MQTT_HOST": mh, "MQTT_PORT": mp,
		"BROKER_POLL_INTERVAL": "1s", "STORE_POLL_INTERVAL": "1s",
		"HEARTBEAT_PATH": filepath.Join(t.TempDir(), "heartbeat"),
		"LOG_LEVEL":      "debug",
	}
	for k, v := range extra {
		vars[k] = v
	}
	out := []string{"PATH=" + os.Getenv("PATH"), "HOME=" + os.Getenv("HOME")}
	for k, v := range vars {
		if v != "" {
			out = append(out, k+"="+v)
		}
	}
	return out
}

// Service stops or starts a backend (Control), failing the test when it cannot.
func (e *Env) Service(t testing.TB, action string) {
	t.Helper()
	require.NoError(t, e.Control(action))
}

// Control stops or starts a backend: stop-redis, start-redis, stop-mosquitto and
// start-mosquitto act on e's own servers, anything else runs `scripts/services.sh <action>`
// (stop-rabbitmq, start-rabbitmq).
func (e *Env) Control(action string) error {
	if err := e.restart(action); !errors.Is(err, errUnknownAction) {
		return err
	}
	if out, err := exec.Command("bash", e.ServicesScript, action).CombinedOutput(); err != nil {
		return fmt.Errorf("services.sh %s: %w: %s", action, err, out)
	}
	return nil
}

// Redis is a client of the test store.
func (e *Env) Redis(t testing.TB) rueidis.Client {
	t.Helper()
	c, err := rueidis.NewClient(rueidis.ClientOption{InitAddress: []string{e.RedisAddr}, Password: e.RedisPassword, DisableCache: true})
	require.NoError(t, err)
	t.Cleanup(c.Close)
	return c
}

// Mgmt calls the management API as the administrator.
func (e *Env) Mgmt(t testing.TB, method, path string, body any) []byte {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		require.NoError(t, err)
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, e.MgmtURL+path, rd)
	require.NoError(t, err)
	req.SetBasicAuth(e.AdminUser, e.AdminPassword)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	out, _ := io.ReadAll(resp.Body)
	require.Less(t, resp.StatusCode, 300, "%s %s: %d %s", method, path, resp.StatusCode, out)
	return out
}

// DeclareQueue declares a durable queue in vhost "/" and deletes it at cleanup.
func (e *Env) DeclareQueue(t testing.TB, name string) {
	t.Helper()
	e.Mgmt(t, http.MethodPut, "/api/queues/%2F/"+url.PathEscape(name), map[string]any{"durable": true})
	t.Cleanup(func() { e.DeleteQueue(t, name) })
}

// DeleteQueue deletes a queue (ignoring a missing one).
func (e *Env) DeleteQueue(t testing.TB, name string) {
	req, _ := http.NewRequest(http.MethodDelete, e.MgmtURL+"/api/queues/%2F/"+url.PathEscape(name), nil)
	req.SetBasicAuth(e.AdminUser, e.AdminPassword)
	if resp, err := http.DefaultClient.Do(req); err == nil {
		resp.Body.Close()
	}
}

// Publish publishes n messages to the default exchange with the queue name as routing key.
func (e *Env) Publish(t testing.TB, exchange, routingKey string, n int) {
	t.Helper()
	for range n {
		e.Mgmt(t, http.MethodPost, "/api/exchanges/%2F/"+url.PathEscape(exchange)+"/publish", map[string]any{
			"properties": map[string]any{}, "routing_key": routingKey, "payload": "x", "payload_encoding": "string",
		})
	}
}

var (
	buildOnce sync.Once
	buildDir  string
	buildErr  error
)

// TestLDFlags is how the tests' binaries are built: version 9.9.9-test.
const TestLDFlags = "-X github.com/tracker-adsb/tracker-core-health/internal/version.Version=9.9.9-test"

// Binary builds (once per test process) and returns the path of ./cmd/<name>; make test
// builds them once for every package (TRACKER_TEST_BIN, the folder of the three).
func Binary(t testing.TB, name string) string {
	t.Helper()
	if dir := os.Getenv("TRACKER_TEST_BIN"); dir != "" {
		return filepath.Join(dir, name)
	}
	buildOnce.Do(func() {
		buildDir, buildErr = os.MkdirTemp("", "tracker-bin-")
		if buildErr != nil {
			return
		}
		_, file, _, _ := runtime.Caller(0)
		root := filepath.Join(filepath.Dir(file), "..", "..")
		cmd := exec.Command("go", "build", "-ldflags", TestLDFlags, "-o", buildDir+"/", "./cmd/...")
		cmd.Dir = root
		out, err := cmd.CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("go build: %w: %s", err, out)
		}
	})
	require.NoError(t, buildErr)
	return filepath.Join(buildDir, name)
}

// Process is a running binary with its stderr captured.
type Process struct {
	Cmd    *exec.Cmd
	mu     sync.Mutex
	stderr bytes.Buffer
	done   chan struct{} // closed when the process has exited and its output is read
}

// Start runs the binary with env; it is killed at cleanup. Unless env says otherwise, watch
// keeps its state (WATCH_STATE) in the test's own folder, never in the source tree.
func Start(t testing.TB, bin string, env []string, args ...string) *Process {
	t.Helper()
	p := &Process{Cmd: exec.Command(bin, args...), done: make(chan struct{})}
	if !slices.ContainsFunc(env, func(v string) bool { return strings.HasPrefix(v, "WATCH_STATE=") }) {
		env = append(slices.Clip(env), "WATCH_STATE="+filepath.Join(t.TempDir(), "watch-state.json"))
	}
	if !slices.ContainsFunc(env, func(v string) bool { return strings.HasPrefix(v, "FLIGHT_LOG=") }) {
		env = append(slices.Clip(env), "FLIGHT_LOG="+filepath.Join(t.TempDir(), "flights.db")) // never the package's folder
	}
	p.Cmd.Env = env
	pr, pw := io.Pipe()
	p.Cmd.Stderr = pw
	p.Cmd.Stdout = pw
	require.NoError(t, p.Cmd.Start())
	readDone := make(chan struct{})
	go func() {
		defer close(readDone)
		sc := bufio.NewScanner(pr)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			p.mu.Lock()
			p.stderr.Write(sc.Bytes())
			p.stderr.WriteByte('\n')
			p.mu.Unlock()
		}
	}()
	go func() {
		_ = p.Cmd.Wait()
		pw.Close()
		<-readDone
		close(p.done)
	}()
	t.Cleanup(func() {
		KillTree(p.Cmd.Process.Pid) // and whatever it started (buildah run's container process)
		<-p.done
		if t.Failed() {
			t.Logf("process output:\n%s", p.Output())
		}
	})
	return p
}

// WaitMore waits until text is in the process's output n more times than now: n more cycles
// of a loop that logs each one ("broker poll ok" at debug), say. A test that shows that
// nothing happens over a few cycles waits for them, not for a fixed time that may hold no
// cycle at all on a loaded machine.
func (p *Process) WaitMore(t testing.TB, text string, n int) {
	t.Helper()
	from := strings.Count(p.Output(), text)
	deadline := time.Now().Add(60 * time.Second)
	for strings.Count(p.Output(), text) < from+n {
		if time.Now().After(deadline) {
			t.Fatalf("%q not logged %d more times within 60 s:\n%s", text, n, p.Output())
		}
		select {
		case <-p.done:
			t.Fatalf("the process ended before %q was logged %d more times:\n%s", text, n, p.Output())
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// Output is what the process wrote so far.
func (p *Process) Output() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.stderr.String()
}

// Wait waits for the process to exit and returns its exit code, or -1 on timeout.
func (p *Process) Wait(timeout time.Duration) int {
	select {
	case <-p.done:
		return p.Cmd.ProcessState.ExitCode()
	case <-time.After(timeout):
		return -1
	}
}

// Ctx returns a context bound to the test with a deadline.
func Ctx(t testing.TB, d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return ctx
}

// Atoi is strconv.Atoi that fails the test.
func Atoi(t testing.TB, s string) int {
	n, err := strconv.Atoi(s)
	require.NoError(t, err)
	return n
}

// RoundTripCounter wraps a Redis client and counts its round trips (one per Do, one per
// DoMulti or DoMultiStream batch), so that a test can prove how many a stage needs.
type RoundTripCounter struct {
	rueidis.Client
	mu sync.Mutex
	n  int
}

// Do counts one round trip.
func (c *RoundTripCounter) Do(ctx context.Context, cmd rueidis.Completed) rueidis.RedisResult {
	c.add()
	return c.Client.Do(ctx, cmd)
}

// DoMulti counts one round trip for the batch.
func (c *RoundTripCounter) DoMulti(ctx context.Context, cmds ...rueidis.Completed) []rueidis.RedisResult {
	c.add()
	return c.Client.DoMulti(ctx, cmds...)
}

// DoMultiStream counts one round trip for the streamed batch.
func (c *RoundTripCounter) DoMultiStream(ctx context.Context, cmds ...rueidis.Completed) rueidis.MultiRedisResultStream {
	c.add()
	return c.Client.DoMultiStream(ctx, cmds...)
}

func (c *RoundTripCounter) add() {
	c.mu.Lock()
	c.n++
	c.mu.Unlock()
}

// Take returns the round trips counted since the last Take.
func (c *RoundTripCounter) Take() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := c.n
	c.n = 0
	return n
}

// Buffer is an output sink safe to read while a process or a logger writes to it.
type Buffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *Buffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

// String is what was written so far.
func (b *Buffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
