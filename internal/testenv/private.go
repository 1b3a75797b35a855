package testenv

import (
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// Each test process (one package's tests) gets a Redis and a Mosquitto of its own: the real
// servers installed by scripts/services.sh, started on free loopback ports in a few
// milliseconds the first time a test asks, and killed with the process. Packages therefore
// run in parallel (go test -p 2) without seeing each other's keys or messages; RabbitMQ,
// slow to start and used by one package, stays the one scripts/services.sh runs. A test that
// must not see other tests of its own package (parallel monitors publishing the same topics)
// asks for servers of its own (WithOwnMosquitto, WithOwnRedis), stopped at its cleanup.

// server is one Redis or Mosquitto on a port, restartable on the same port.
type server struct {
	name, addr, dir, logPath string
	args                     []string

	mu   sync.Mutex
	cmd  *exec.Cmd
	done chan struct{}
}

var (
	processOnce                    sync.Once
	processRedis, processMosquitto *server
	processErr                     error
)

// processServers starts the process's Redis and Mosquitto once.
func processServers(password string) (*server, *server, error) {
	processOnce.Do(func() {
		dir, err := os.MkdirTemp("", "tracker-test-services-")
		if err != nil {
			processErr = err
			return
		}
		if processRedis, processErr = newRedis(filepath.Join(dir, "redis"), password); processErr != nil {
			return
		}
		processMosquitto, processErr = newMosquitto(filepath.Join(dir, "mosquitto"))
	})
	return processRedis, processMosquitto, processErr
}

func freePort() (string, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer l.Close()
	_, p, _ := net.SplitHostPort(l.Addr().String())
	return p, nil
}

func newRedis(dir, password string) (*server, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	return onFreePort(func(port string) (*server, error) {
		return &server{name: "redis-server", addr: "127.0.0.1:" + port, dir: dir, logPath: filepath.Join(dir, "redis.log"),
			args: []string{"--bind", "127.0.0.1", "--port", port, "--requirepass", password, "--dir", dir, "--save", "", "--appendonly", "no"}}, nil
	})
}

func newMosquitto(dir string) (*server, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	return onFreePort(func(port string) (*server, error) {
		conf := filepath.Join(dir, "mosquitto.conf")
		settings := fmt.Appendf(nil, "listener %s 127.0.0.1\nallow_anonymous true\npersistence false\n", port)
		if os.Geteuid() == 0 {
			// Started as root, Mosquitto changes to its own user, and a change of user clears the
			// parent-death signal: it would outlive the test process. It stays root instead
			// (loopback only, for the tests' lifetime).
			settings = append(settings, "user root\n"...)
		}
		if err := os.WriteFile(conf, settings, 0o600); err != nil {
			return nil, err
		}
		return &server{name: "mosquitto", addr: "127.0.0.1:" + port, dir: dir, logPath: filepath.Join(dir, "mosquitto.log"), args: []string{"-c", conf}}, nil
	})
}

// spawner starts every server from one OS thread that lives as long as the process: a
// server's parent-death signal follows the thread that started it, so the servers are
// killed when the test process ends, however it ends.
var spawner = func() chan func() {
	ch := make(chan func())
	go func() {
		runtime.LockOSThread() // never unlocked: the thread lives until the process ends
		for fn := range ch {
			fn()
		}
	}()
	return ch
}()

// start runs the server and waits until it accepts connections.
func (s *server) start() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cmd != nil {
		return nil // running
	}
	bin, err := exec.LookPath(s.name)
	if err != nil {
		return fmt.Errorf("%s is installed by scripts/services.sh (make test): %w", s.name, err)
	}
	logf, err := os.OpenFile(s.logPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return err
	}
	cmd := exec.Command(bin, s.args...)
	cmd.Stdout, cmd.Stderr = logf, logf
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	started := make(chan error, 1)
	spawner <- func() { started <- cmd.Start() }
	if err := <-started; err != nil {
		logf.Close()
		return fmt.Errorf("starting %s: %w", s.name, err)
	}
	done := make(chan struct{})
	go func() { _ = cmd.Wait(); logf.Close(); close(done) }()
	s.cmd, s.done = cmd, done
	_, port, _ := net.SplitHostPort(s.addr)
	deadline := time.Now().Add(10 * time.Second)
	answered := false // something answered on the port: ours, or a process that took it
	for {
		if c, err := net.DialTimeout("tcp", s.addr, time.Second); err == nil {
			c.Close()
			answered = true
			if Listening(cmd.Process.Pid, port) {
				return nil
			}
		}
		select {
		case <-done:
			s.cmd = nil
			if answered {
				return fmt.Errorf("%s on %s: %w", s.name, s.addr, errPortTaken)
			}
			b, _ := os.ReadFile(s.logPath)
			return fmt.Errorf("%s exited at start: %s", s.name, b)
		default:
		}
		if time.Now().After(deadline) {
			_ = cmd.Process.Kill()
			<-done
			s.cmd = nil
			if answered {
				return fmt.Errorf("%s on %s: %w", s.name, s.addr, errPortTaken)
			}
			return fmt.Errorf("%s did not listen on %s within 10 s", s.name, s.addr)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// onFreePort starts the server mk makes for a free loopback port, and again on another when
// something took the port before it could listen there.
func onFreePort(mk func(port string) (*server, error)) (*server, error) {
	var err error
	for range startAttempts {
		var port string
		if port, err = freePort(); err != nil {
			return nil, err
		}
		var s *server
		if s, err = mk(port); err != nil {
			return nil, err
		}
		if err = s.start(); !errors.Is(err, errPortTaken) {
			return s, err
		}
	}
	return nil, err
}

func (s *server) stop() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cmd == nil {
		return
	}
	_ = s.cmd.Process.Kill()
	<-s.done
	s.cmd = nil
}

// own starts a server for one test, stopped at its cleanup.
func own(t testing.TB, mk func(dir string) (*server, error)) *server {
	t.Helper()
	s, err := mk(t.TempDir())
	require.NoError(t, err)
	t.Cleanup(s.stop)
	return s
}

// WithOwnMosquitto is e with a Mosquitto of the test's own (no other test publishes there).
func (e *Env) WithOwnMosquitto(t testing.TB) *Env {
	s := own(t, newMosquitto)
	c := *e
	c.MQTTAddr, c.mosquitto = s.addr, s
	return &c
}

// WithOwnRedis is e with a Redis of the test's own, with the same password.
func (e *Env) WithOwnRedis(t testing.TB) *Env {
	s := own(t, func(dir string) (*server, error) { return newRedis(dir, e.RedisPassword) })
	c := *e
	c.RedisAddr, c.redis = s.addr, s
	return &c
}

// errUnknownAction is a Service action testenv does not know.
var errUnknownAction = errors.New("unknown service action")

// restart stops or starts e's Redis or Mosquitto.
func (e *Env) restart(action string) error {
	var s *server
	var start bool
	switch action {
	case "stop-redis", "start-redis":
		s, start = e.redis, action == "start-redis"
	case "stop-mosquitto", "start-mosquitto":
		s, start = e.mosquitto, action == "start-mosquitto"
	default:
		return errUnknownAction
	}
	if !start {
		s.stop()
		return nil
	}
	return s.start()
}
