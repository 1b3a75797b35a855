package testenv

import (
	"context"
	"net"
	"strings"
	"sync"
	"testing"

	"github.com/Shopify/toxiproxy/v2"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/rs/zerolog"
	"github.com/rs/zerolog/log"
	"github.com/stretchr/testify/require"
)

// Toxi is Shopify's toxiproxy run as a library inside the test: proxies between a process
// under test and the real services, with faults (toxics) added and cleared at will.
type Toxi struct {
	srv     *toxiproxy.ApiServer
	proxies map[string]*toxiproxy.Proxy
}

var quietToxics sync.Once

// NewToxi starts an empty toxiproxy; its proxies stop at cleanup.
func NewToxi(t testing.TB) *Toxi {
	// Some toxics (bandwidth) log through zerolog's global logger at trace level, which would
	// fill the test output; nothing of ours uses that logger.
	// Set once, before the first proxy, so that no toxic reads it while it changes.
	quietToxics.Do(func() { log.Logger = zerolog.Nop() })
	x := &Toxi{srv: toxiproxy.NewServer(toxiproxy.NewMetricsContainer(prometheus.NewRegistry()), zerolog.Nop()), proxies: map[string]*toxiproxy.Proxy{}}
	t.Cleanup(func() {
		for _, p := range x.proxies {
			p.Stop()
		}
	})
	return x
}

// Proxy listens on a free loopback port and forwards to upstream; it returns the port.
func (x *Toxi) Proxy(t testing.TB, name, upstream string) string {
	t.Helper()
	p := toxiproxy.NewProxy(x.srv, name, "127.0.0.1:0", upstream)
	require.NoError(t, p.Start())
	x.proxies[name] = p
	_, port, err := net.SplitHostPort(p.Listen)
	require.NoError(t, err)
	return port
}

// Add adds a toxic to the proxy, for its connections open and to come. The toxic is toxiproxy's
// JSON: {"name", "type", "stream": "upstream"|"downstream", "attributes": {…}}.
func (x *Toxi) Add(t testing.TB, proxy, toxicJSON string) {
	t.Helper()
	_, err := x.proxies[proxy].Toxics.AddToxicJson(strings.NewReader(toxicJSON))
	require.NoError(t, err, toxicJSON)
}

// Clear removes every toxic of the proxy: the network is healthy again.
func (x *Toxi) Clear(proxy string) {
	x.proxies[proxy].Toxics.ResetToxics(context.Background())
}
