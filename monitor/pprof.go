//go:build pprof

package monitor

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/pprof"

	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/pipeline"
)

// servePprof answers net/http/pprof on addr (PPROF_ADDR) until ctx ends: for profiling a
// real run (scripts/scale.sh). Only in a build with -tags pprof (pprof_off.go otherwise).
func servePprof(ctx context.Context, addr string, log zerolog.Logger) error {
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("PPROF_ADDR: %w", err)
	}
	log.Warn().Str("addr", ln.Addr().String()).Msg("serving net/http/pprof (PPROF_ADDR)")
	// No write timeout: a CPU profile answers after its own duration.
	return pipeline.ServeHTTP(ctx, ln, mux, 0)
}
