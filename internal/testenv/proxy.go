package testenv

import (
	"io"
	"net"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
)

// FreePort returns a loopback port with nothing listening on it (yet). Something else may take
// it before it is used: only for servers whose start is checked (StartOnPort), never for a
// port a test listens on later or keeps closed (Reserve).
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

// StartProxy listens on the reserved port and forwards to target until cleanup or Close.
func StartProxy(t testing.TB, port *Reserved, target string) *Proxy {
	t.Helper()
	p := &Proxy{l: port.Listen(t)}
	go p.accept(target, func(c, up net.Conn) {
		go func() { _, _ = io.Copy(up, c); up.Close() }()
		go func() { _, _ = io.Copy(c, up); c.Close() }()
	})
	t.Cleanup(p.Close)
	return p
}

// accept takes connections until the listener closes and hands each on with its own to
// target (target "": no upstream, up is nil), keeping both to be cut by Close.
func (p *Proxy) accept(target string, handle func(c, up net.Conn)) {
	for {
		c, err := p.l.Accept()
		if err != nil {
			return
		}
		var up net.Conn
		if target != "" {
			if up, err = net.Dial("tcp", target); err != nil {
				c.Close()
				continue
			}
		}
		p.mu.Lock()
		p.conns = append(p.conns, c)
		if up != nil {
			p.conns = append(p.conns, up)
		}
		p.mu.Unlock()
		handle(c, up)
	}
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

// StallProxy forwards connections to target until Stall: from then on it stops reading what
// the client sends (the client's writes fill the socket buffers and block), while what the
// server sends still reaches the client. A server that stops reading.
type StallProxy struct {
	*Proxy
	stalled chan struct{}
	once    sync.Once
}

// StartStallProxy listens on a free loopback port, forwarding to target; it returns the port.
func StartStallProxy(t testing.TB, target string) (*StallProxy, string) {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	p := &StallProxy{Proxy: &Proxy{l: l}, stalled: make(chan struct{})}
	go p.accept(target, func(c, up net.Conn) {
		go func() { // client → server, until stalled
			buf := make([]byte, 4096)
			for {
				select {
				case <-p.stalled:
					return // never read from the client again
				default:
				}
				n, err := c.Read(buf)
				if n > 0 {
					if _, werr := up.Write(buf[:n]); werr != nil {
						return
					}
				}
				if err != nil {
					up.Close()
					return
				}
			}
		}()
		go func() { _, _ = io.Copy(c, up); c.Close() }()
	})
	t.Cleanup(p.Close)
	_, port, _ := net.SplitHostPort(l.Addr().String())
	return p, port
}

// Stall stops reading from every client, now and for the connections to come.
func (p *StallProxy) Stall() { p.once.Do(func() { close(p.stalled) }) }

// Mute accepts connections on a free loopback port and reads them, but never answers: a
// server that takes the TCP connection and never sends a byte (an MQTT server that never
// sends CONNACK). It returns the port.
func Mute(t testing.TB) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	p := &Proxy{l: l}
	go p.accept("", func(c, _ net.Conn) { go func() { _, _ = io.Copy(io.Discard, c) }() })
	t.Cleanup(p.Close)
	_, port, _ := net.SplitHostPort(l.Addr().String())
	return port
}
