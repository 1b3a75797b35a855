package testenv

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// Ports without a race. Asking the kernel for a free port, closing it and handing the number to
// a server lets anything else on a loaded machine take it in between ("bind: address already
// in use", or worse, a test talking to another test's server). Servers of ours bind port 0 and
// log the address they got (WaitAddr); servers we start ourselves are checked to be the ones
// listening on their port, and started again on another when they lost it (Listening,
// errPortTaken); a port that must stay closed, or open later, is reserved (Reserve).

// errPortTaken is a server that could not have its port: start it again on another.
var errPortTaken = errors.New("another process took the port")

// startAttempts bounds how often a server is started again on a new port.
const startAttempts = 5

// Listening reports whether process pid has a socket listening on TCP port (from /proc: the
// listening sockets' inodes against the process's file descriptors), so that a dial that
// succeeds is known to reach our server and not a process that took its port.
func Listening(pid int, port string) bool {
	p, err := strconv.Atoi(port)
	if err != nil {
		return false
	}
	inodes := map[string]bool{}
	for _, table := range []string{"/proc/net/tcp", "/proc/net/tcp6"} {
		f, err := os.Open(table)
		if err != nil {
			continue
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			fields := strings.Fields(sc.Text())
			if len(fields) < 10 || fields[3] != "0A" { // 0A: LISTEN
				continue
			}
			_, hexPort, ok := strings.Cut(fields[1], ":")
			if v, err := strconv.ParseInt(hexPort, 16, 32); ok && err == nil && int(v) == p {
				inodes[fields[9]] = true
			}
		}
		f.Close()
	}
	if len(inodes) == 0 {
		return false
	}
	fds, err := filepath.Glob(fmt.Sprintf("/proc/%d/fd/*", pid))
	if err != nil {
		return false
	}
	for _, fd := range fds {
		link, err := os.Readlink(fd)
		if err != nil {
			continue
		}
		if inode, ok := strings.CutPrefix(link, "socket:["); ok && inodes[strings.TrimSuffix(inode, "]")] {
			return true
		}
	}
	return false
}

// Reserved is a loopback port held by a bound socket that does not listen: a connection to it
// is refused, and no other process can take it until Listen (a backend that comes up late)
// or the test's end.
type Reserved struct {
	Port string
	fd   int
}

// Reserve holds a loopback port for the test.
func Reserve(t testing.TB) *Reserved {
	t.Helper()
	fd, err := syscall.Socket(syscall.AF_INET, syscall.SOCK_STREAM|syscall.SOCK_CLOEXEC, 0)
	require.NoError(t, err)
	require.NoError(t, syscall.Bind(fd, &syscall.SockaddrInet4{Addr: [4]byte{127, 0, 0, 1}}))
	sa, err := syscall.Getsockname(fd)
	require.NoError(t, err)
	r := &Reserved{Port: strconv.Itoa(sa.(*syscall.SockaddrInet4).Port), fd: fd}
	t.Cleanup(func() { _ = syscall.Close(r.fd) })
	return r
}

// Listen starts listening on the reserved port: the same socket, so nothing could take it.
func (r *Reserved) Listen(t testing.TB) net.Listener {
	t.Helper()
	require.NoError(t, syscall.Listen(r.fd, 128))
	f := os.NewFile(uintptr(r.fd), "reserved:"+r.Port)
	ln, err := net.FileListener(f) // a duplicate of the descriptor: ours is closed at cleanup
	require.NoError(t, err)
	_ = f.Close()
	r.fd = -1
	t.Cleanup(func() { _ = ln.Close() })
	return ln
}

// WaitAddr waits for the process's JSON log line whose message is msg and returns its "addr"
// field's port: a server of ours started on port 0 says there which one it got.
func (p *Process) WaitAddr(t testing.TB, msg string, timeout time.Duration) string {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		for _, line := range strings.Split(p.Output(), "\n") {
			var l struct {
				Message string `json:"message"`
				Addr    string `json:"addr"`
			}
			if json.Unmarshal([]byte(line), &l) == nil && l.Message == msg && l.Addr != "" {
				_, port, err := net.SplitHostPort(l.Addr)
				require.NoError(t, err, line)
				return port
			}
		}
		select {
		case <-p.done:
			t.Fatalf("the process ended before logging %q:\n%s", msg, p.Output())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("no %q log line within %s:\n%s", msg, timeout, p.Output())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// StartOnPort starts a server that takes its port as an argument (args makes them) on a free
// loopback port, and again on another while something else took it first: it returns the
// process once it is the one listening there, and the port.
func StartOnPort(t testing.TB, bin string, env []string, within time.Duration, args func(port string) []string) (*Process, string) {
	t.Helper()
	for attempt := 1; ; attempt++ {
		port := FreePort(t)
		p := Start(t, bin, env, args(port)...)
		deadline := time.Now().Add(within)
		for !Listening(p.Cmd.Process.Pid, port) {
			select {
			case <-p.done:
				require.Less(t, attempt, startAttempts, "%s never got a port of its own:\n%s", bin, p.Output())
			case <-time.After(20 * time.Millisecond):
				require.True(t, time.Now().Before(deadline), "%s did not listen on %s within %s:\n%s", bin, port, within, p.Output())
				continue
			}
			break
		}
		if Listening(p.Cmd.Process.Pid, port) {
			return p, port
		}
	}
}
