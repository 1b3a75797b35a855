package watch

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/delivery"
	"github.com/tracker-adsb/tracker-core-health/flightlog"
)

// The digest's totals (CONTRACT.md 13.4) from the log watch writes: the period's flights and
// aircraft, the closest and the lowest named as the digest names aircraft, and the flights
// within LOW_NM at or below LOW_FT.
func TestDigestTotalsComeFromTheFlightLog(t *testing.T) {
	fl, err := openFlightLog(t.Context(), flightLogEnv{path: filepath.Join(t.TempDir(), "flights.db"), zone: time.UTC}, time.Now, zerolog.Nop())
	require.NoError(t, err)
	t.Cleanup(fl.close)
	from := time.Date(2026, 5, 1, 8, 0, 0, 0, time.UTC)
	row := func(hex, ident string, at time.Duration, nm float64, alt int) flightlog.Row {
		first := from.Add(at)
		return flightlog.Row{IcaoHex: hex, Ident: ident, FirstSeen: first, LastSeen: first.Add(time.Minute), ClosestNM: &nm, ClosestAt: &first,
			ClosestAltitude: &alt, ManufacturerModel: "Airbus A320neo", Operator: &flightlog.Operator{Name: "easyJet"}}
	}
	require.NoError(t, fl.log.Insert(t.Context(), []flightlog.Row{
		row("AAA001", "EZY1", time.Hour, 0.8, 4000), row("AAA002", "EZY2", 2*time.Hour, 2.0, 1500),
		row("AAA001", "EZY3", 3*time.Hour, 5.0, 900), row("AAA003", "EZY4", -time.Hour, 0.1, 100), // the day before: not this digest's
	}))
	got := fl.totals(2.5, 3000)(t.Context(), from, from.Add(24*time.Hour))
	nm, alt, lowNM, lowAlt, low := 0.8, 4000, 5.0, 900, 1
	require.Equal(t, &delivery.Totals{Flights: 3, Aircraft: 2, Low: &low, LowNM: 2.5, LowFT: 3000,
		Closest: &delivery.TotalFlight{IcaoHex: "AAA001", Label: "EZY1 (Airbus A320neo, easyJet)", NM: &nm, Altitude: &alt, At: from.Add(time.Hour)},
		Lowest:  &delivery.TotalFlight{IcaoHex: "AAA001", Label: "EZY3 (Airbus A320neo, easyJet)", NM: &lowNM, Altitude: &lowAlt, At: from.Add(3 * time.Hour)},
	}, got)
	require.Nil(t, fl.totals(0, 3000)(t.Context(), from, from.Add(24*time.Hour)).Low, "LOW_NM unset: no count")
}
