package readsb_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/stages/readsb"
)

func TestWakeCategoryFromTheEmitterCategory(t *testing.T) {
	for in, want := range map[string]string{
		"A1": "light", "A2": "medium", "A3": "medium", "A4": "medium", "A5": "heavy", " a5 ": "heavy",
		"A0": "", "A6": "", "A7": "", "B1": "", "C3": "", "D0": "", "": "",
	} {
		require.Equal(t, want, readsb.WakeCategory(in), in)
	}
}

func TestMessagesCarryTheDecodedCategoryAndTheAddressKind(t *testing.T) {
	snap, err := readsb.Parse(strings.NewReader(`{"now": 1700000000, "aircraft": [
		{"hex": "4ca87d", "category": "A5", "gs": 480},
		{"hex": "~2a0001", "category": "A1"},
		{"hex": "406a3a", "category": "B2"}]}`))
	require.NoError(t, err)
	msgs := snap.Messages(nil)
	require.Len(t, msgs, 3)
	require.Equal(t, "heavy", msgs[0].Aircraft.WakeTurbulenceCategory)
	require.False(t, model.NonICAO(msgs[0].IcaoHex))
	require.True(t, model.NonICAO(msgs[1].IcaoHex), "readsb's ~ marks a non-ICAO address")
	require.Equal(t, "~2a0001", msgs[1].IcaoHex, "and stays: the track is not the aircraft that owns 2A0001")
	require.Equal(t, "light", msgs[1].Aircraft.WakeTurbulenceCategory)
	require.Nil(t, msgs[2].Aircraft, "B2 is no wake category")
}
