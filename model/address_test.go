package model_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/model"
)

func TestParseAddress(t *testing.T) {
	for _, c := range []struct {
		in   string
		want uint32
		ok   bool
	}{
		{"4CA87D", 0x4CA87D, true},
		{"4ca87d", 0x4CA87D, true},
		{"000000", 0, true},
		{"FFFFFF", 0xFFFFFF, true},
		{"~4CA87D", 0, false}, // readsb's non-ICAO mark: not an address
		{"4CA87", 0, false},
		{"4CA87DA", 0, false},
		{"4CA87G", 0, false},
		{" 4CA87D", 0, false},
		{"", 0, false},
	} {
		got, ok := model.ParseAddress(c.in)
		require.Equal(t, c.ok, ok, c.in)
		require.Equal(t, c.want, got, c.in)
	}
}
