package monitor

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestGCPercentDefaultsTo10UnlessGOGCIsSet(t *testing.T) {
	for _, tc := range []struct {
		gogc string
		want []int // the percentages set
	}{
		{"", []int{defaultGCPercent}},
		{"100", nil},
		{"off", nil},
		{"25", nil},
	} {
		t.Run("GOGC="+tc.gogc, func(t *testing.T) {
			var got []int
			setGCPercent(tc.gogc, func(p int) int { got = append(got, p); return 100 })
			require.Equal(t, tc.want, got)
		})
	}
	require.Equal(t, 10, defaultGCPercent)
}

func TestMaxProcsDefaultsTo1UnlessGOMAXPROCSIsSet(t *testing.T) {
	for _, tc := range []struct {
		env  string
		want []int // the values set
	}{
		{"", []int{defaultMaxProcs}},
		{"2", nil},
		{"8", nil},
	} {
		t.Run("GOMAXPROCS="+tc.env, func(t *testing.T) {
			var got []int
			setMaxProcs(tc.env, func(n int) int { got = append(got, n); return 2 })
			require.Equal(t, tc.want, got)
		})
	}
	require.Equal(t, 1, defaultMaxProcs)
}
