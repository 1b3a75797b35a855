package testenv

import (
	"io"
	"net"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
)

// FreePort returns a loopback port with nothing listening on it (yet).
func FreePort(t testing.TB) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer l.Close()
	_, p, _ := net.SplitHostPort(l.Addr().String())
	return p
}

// Proxy forwards connections on 127.0.0.1:port to target: a backend that "comes up" late.
type Proxy struct {
	l     net.Listener
	mu    sync.Mutex
	conns []net.Conn
}

// StartProxy listens on port and forwards to target until cleanup or Close.
func StartProxy(t testing.TB, port, target string) *Proxy {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:"+port)
	require.NoError(t, err)
	p := &Proxy{l: l}
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			up, err := net.Dial("tcp", target)
			if err != nil {
				c.Close()
				continue
			}
			p.mu.Lock()
			p.conns = append(p.conns, c, up)
			p.mu.Unlock()
			go func() { _, _ = io.Copy(up, c); up.Close() }()
			go func() { _, _ = io.Copy(c, up); c.Close() }()
		}
	}()
	t.Cleanup(p.Close)
	return p
}

// Close stops listening and cuts every forwarded connection: the backend "goes down".
func (p *Proxy) Close() {
	p.l.Close()
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, c := range p.conns {
		c.Close()
	}
	p.conns = nil
}
