package heapprofile

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestRateIsOffUnlessTheProfilingEndpointIsServed(t *testing.T) {
	tests := []struct {
		addr    string
		current int
		want    int
	}{
		{"", 512 * 1024, 0},
		{"127.0.0.1:6060", 512 * 1024, 512 * 1024},
		{"127.0.0.1:6060", 1, 1}, // GODEBUG=memprofilerate=1 kept for an exact profile
	}
	for _, tt := range tests {
		require.Equal(t, tt.want, Rate(tt.addr, tt.current), "PPROF_ADDR=%q", tt.addr)
	}
}
