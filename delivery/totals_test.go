package delivery

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestDigestSaysTheFlightLogsTotals(t *testing.T) {
	g := NewDigest()
	from := time.Date(2026, 11, 26, 8, 0, 0, 0, time.UTC)
	g.Add(from.Add(time.Hour), "low", "Low", "4CA123", "EZY16EG", Decision{State: Sent})
	r := g.Report(from, from.Add(24*time.Hour))
	nm, alt, low := 0.4, 1200, 17
	r.Totals = &Totals{Flights: 1412, Aircraft: 987, Low: &low, LowNM: 2.5, LowFT: 3000,
		Closest: &TotalFlight{IcaoHex: "4CA123", Label: "EZY16EG (Airbus A320neo, easyJet)", NM: &nm, Altitude: &alt, At: from.Add(6 * time.Hour)},
		Lowest:  &TotalFlight{IcaoHex: "400001", Label: "G-ABCD", Altitude: &alt, At: from.Add(7 * time.Hour)}}
	london, err := time.LoadLocation("Europe/London")
	require.NoError(t, err)
	require.Equal(t, "Thu 26 Nov 08:00 – Fri 27 Nov 08:00\n"+
		"Flights logged: 1,412 (987 aircraft)\n"+
		"Closest: EZY16EG (Airbus A320neo, easyJet) · 0.4 nm · 1,200 ft · 14:00\n"+
		"Lowest: G-ABCD · 1,200 ft · 15:00\n"+
		"Low and close (within 2.5 nm, at or below 3,000 ft): 17\n"+
		"Low: 1 sent\nMost seen:\nEZY16EG × 1", r.Text(london))
	b, err := json.Marshal(r)
	require.NoError(t, err)
	var back map[string]any
	require.NoError(t, json.Unmarshal(b, &back))
	totals := back["totals"].(map[string]any)
	require.Equal(t, 1412.0, totals["flights"])
	require.Equal(t, 17.0, totals["low_and_close"])
	require.Equal(t, 0.4, totals["closest"].(map[string]any)["nm"])

	r.Totals = nil
	b, err = json.Marshal(r)
	require.NoError(t, err)
	require.NotContains(t, string(b), "totals", "without a flight log, the digest as before")
	require.NotContains(t, r.Text(london), "Flights logged")
}

// A zone nobody gave is UTC (model.Zone), here as everywhere: a Schedule made without one
// goes out at its time in UTC, a digest's text with totals reads its times in UTC and a Policy
// made without one keeps quiet hours in UTC, where before each panicked on the missing zone
// (the digest's period alone read UTC).
func TestANilZoneIsUTCInSchedulesAndDigests(t *testing.T) {
	s := Schedule{Minute: 8 * 60}
	at := time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)
	require.Equal(t, time.Date(2026, 11, 27, 8, 0, 0, 0, time.UTC), s.Next(at).UTC())
	require.Equal(t, time.Date(2026, 11, 26, 8, 0, 0, 0, time.UTC), s.Before(at).UTC())

	from := time.Date(2026, 11, 26, 8, 0, 0, 0, time.UTC)
	r := NewDigest().Report(from, from.Add(24*time.Hour))
	r.Totals = &Totals{Flights: 1, Aircraft: 1, Closest: &TotalFlight{IcaoHex: "4CA123", Label: "EZY16EG", At: from.Add(6 * time.Hour)}}
	require.Equal(t, "Thu 26 Nov 08:00 – Fri 27 Nov 08:00\nFlights logged: 1 (1 aircraft)\nClosest: EZY16EG · 14:00\nNo matches.", r.Text(nil))

	p := &Policy{Quiet: []Window{{From: 22 * 60, To: 7 * 60, Days: EveryDay}}}
	d := NewDecider(nil).Decide("r", p, "4CA123", "", time.Date(2026, 11, 26, 6, 30, 0, 0, time.UTC))
	require.Equal(t, Decision{State: Held, Reason: QuietHours, Until: time.Date(2026, 11, 26, 7, 0, 0, 0, time.UTC)}, d)
}
