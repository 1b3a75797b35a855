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
