package watch

import (
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/catalog"
	"github.com/tracker-adsb/tracker-core-health/flightlog"
	"github.com/tracker-adsb/tracker-core-health/model"
)

// low_flights_today is published only with LOW_NM and LOW_FT both set; max_range_today_nm
// always, null before any flight.
func TestReachSensorsFollowTheThresholds(t *testing.T) {
	now := time.Date(2026, 11, 27, 15, 0, 0, 0, time.UTC)
	home := &model.Home{Latitude: 51.4, Longitude: -0.5}
	alt, nm := 1200, 0.8
	row := flightlog.Row{IcaoHex: "4CA7B5", Ident: "EZY1", FirstSeen: now.Add(-time.Hour), ClosestNM: &nm, ClosestAltitude: &alt,
		Track: []flightlog.TrackPoint{{Lat: 51.4, Lon: -0.5, Offset: 0}, {Lat: 51.9, Lon: -0.5, Altitude: &alt, Offset: 600}}}
	for _, tc := range []struct {
		name  string
		lowNM float64
		lowFT int
		low   string // the state, "": not published
	}{
		{"both set", 1, 1500, `{"count":1,`},
		{"only LOW_NM", 1, 0, ""},
		{"neither", 0, 0, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fl := &flightLogger{writer: flightlog.NewWriter(nil, flightlog.WriterOptions{}, zerolog.Nop()), today: flightlog.NewToday(time.UTC)}
			fl.today.Thresholds(home, tc.lowNM, tc.lowFT)
			states := func() map[string]string {
				out := map[string]string{}
				for _, r := range fl.readings(now) {
					if r.Kind == model.StickyMessage {
						out[r.Topic()] = r.Text()
					}
				}
				return out
			}
			require.Equal(t, `{"nm":null}`, states()[catalog.MaxRangeTodayEntity.StateTopic])
			fl.today.Began(row.IcaoHex, row.FirstSeen, now)
			fl.today.Ended(&row, now)
			got := states()
			low, ok := got[catalog.LowFlightsTodayEntity.StateTopic]
			if tc.low == "" {
				require.False(t, ok, "not published")
			} else {
				require.True(t, strings.HasPrefix(low, tc.low), low)
			}
			require.Contains(t, got[catalog.MaxRangeTodayEntity.StateTopic], `"nm":30`, "0.5° north: 30 nm")
			require.Contains(t, got[catalog.MaxRangeTodayEntity.StateTopic], `"ident":"EZY1"`)
			declared := map[string]bool{}
			for _, e := range catalog.FlightLogEntities(tc.low != "") {
				declared[e.UniqueID] = true
			}
			require.Equal(t, tc.low != "", declared[catalog.LowFlightsTodayEntity.UniqueID])
			require.True(t, declared[catalog.MaxRangeTodayEntity.UniqueID])
		})
	}
}
