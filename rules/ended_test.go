package rules_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/rules"
)

// With TrackFlights, every flight that ends (a gap over the TTL, Expire, EndAll) waits for
// Ended, in the order they ended, whole; EndAll's flights stay tracked; without it, none.
func TestEndedHandsOverEveryFlightThatEnds(t *testing.T) {
	t0 := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	msg := func(hex string, at time.Duration) *model.AircraftMessage {
		alt := 1000.0
		return &model.AircraftMessage{IcaoHex: hex, ReceivedAt: t0.Add(at), Altitude: &alt}
	}
	ended := func(e *rules.Engine) []string {
		var out []string
		for f := range e.Ended() {
			out = append(out, f.IcaoHex+"@"+f.FirstMessage.Sub(t0).String()+"/"+f.LastMessage.Sub(t0).String())
		}
		return out
	}

	e := rules.NewEngine(nil, time.Minute)
	e.TrackFlights(nil)
	e.Process(msg("AAA001", 0))
	e.Process(msg("AAA001", 30*time.Second))
	e.Process(msg("BBB001", 40*time.Second))
	require.Empty(t, ended(e))
	e.Process(msg("AAA001", 5*time.Minute)) // a gap over the TTL: a new flight
	require.Equal(t, []string{"AAA001@0s/30s"}, ended(e))
	require.Empty(t, ended(e), "handed over once")
	e.Expire(t0.Add(3 * time.Minute))
	require.Equal(t, []string{"BBB001@40s/40s"}, ended(e))
	require.Equal(t, 1, e.Flights())
	e.EndAll()
	require.Equal(t, []string{"AAA001@5m0s/5m0s"}, ended(e))
	require.Equal(t, 1, e.Flights(), "EndAll's flights stay tracked")
	require.Equal(t, 1, e.Flight("AAA001").TotalMessages)

	untracked := rules.NewEngine(nil, time.Minute)
	untracked.Process(msg("AAA001", 0))
	untracked.Process(msg("AAA001", 5*time.Minute))
	untracked.EndAll()
	require.Empty(t, ended(untracked))
}
