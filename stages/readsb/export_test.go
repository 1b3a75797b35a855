package readsb

import "net/http"

// SetTransport is the tests' hook into the feed's HTTP client: a transport of their own
// (an answer that never ends, say) without a server or the network between.
func SetTransport(f *Feed, rt http.RoundTripper) { f.client.Transport = rt }
