//go:build !pprof

package monitor

import (
	"context"

	"github.com/rs/zerolog"
)

// servePprof, in a build without the pprof tag, only says that PPROF_ADDR is not served here:
// net/http/pprof and runtime/pprof stay out of the binary (and its resident pages). make scale
// builds with the tag when SCALE_PROFILE is set.
func servePprof(ctx context.Context, addr string, log zerolog.Logger) error {
	log.Warn().Str("addr", addr).Msg("PPROF_ADDR ignored: this build has no profiling endpoint (build with -tags pprof)")
	<-ctx.Done()
	return nil
}
