//go:build !pprof

package monitor

import (
	"bytes"
	"context"
	"testing"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/require"
)

// The shipped build has no profiling endpoint: PPROF_ADDR is said to be ignored, nothing
// listens, and the stage ends with the monitor.
func TestPprofAddrIsIgnoredWithoutThePprofBuildTag(t *testing.T) {
	var out bytes.Buffer
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	require.NoError(t, servePprof(ctx, "127.0.0.1:0", zerolog.New(&out)))
	require.Contains(t, out.String(), "PPROF_ADDR ignored")
}
