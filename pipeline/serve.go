package pipeline

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"
)

// ServeHTTP serves h on ln until ctx ends, then shuts the server down (one second for the
// requests in flight). Used by the optional listeners (/metrics, pprof).
func ServeHTTP(ctx context.Context, ln net.Listener, h http.Handler, writeTimeout time.Duration) error {
	return Serve(ctx, ln, &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second, WriteTimeout: writeTimeout}, time.Second)
}

// Serve runs srv on ln until ctx ends, then shuts it down, letting the requests in flight
// finish within grace (its error when they do not), or until it fails.
func Serve(ctx context.Context, ln net.Listener, srv *http.Server, grace time.Duration) error {
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		if !errors.Is(err, http.ErrServerClosed) {
			return fmt.Errorf("serving %s: %w", ln.Addr(), err)
		}
		return nil
	case <-ctx.Done():
		sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), grace)
		defer cancel()
		return srv.Shutdown(sctx)
	}
}
