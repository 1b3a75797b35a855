package enrich_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/aircraftdb"
	"github.com/tracker-adsb/tracker-core-health/enrich"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/rules"
)

func fixtureDB(t *testing.T) *aircraftdb.Handle {
	t.Helper()
	b, _, err := aircraftdb.Build("../aircraftdb/testdata/mictronics", "../aircraftdb/testdata/standing-data")
	require.NoError(t, err)
	db, err := aircraftdb.Load(b)
	require.NoError(t, err)
	return aircraftdb.Fixed(db)
}

func f64(v float64) *float64 { return &v }

var t0 = time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)

// engine runs the rules (JSON) with the fixture database.
func engine(t *testing.T, rulesJSON string, src enrich.Source) *rules.Engine {
	t.Helper()
	set, err := rules.LoadRules([]byte(rulesJSON), rules.Areas{}, rules.Strict)
	require.NoError(t, err)
	e := rules.NewEngine(set, 0)
	if src != nil {
		e.SetEnricher(enrich.New(src, zerolog.Nop()))
	}
	return e
}

func payload(t *testing.T, f *model.Flight) map[string]any {
	t.Helper()
	var out map[string]any
	require.NoError(t, json.Unmarshal(model.NewNotificationBody(f).JSON(), &out))
	return out
}

func TestAircraftFilledAtCreationInputWins(t *testing.T) {
	e := engine(t, `[]`, fixtureDB(t))
	e.Process(&model.AircraftMessage{ReceivedAt: t0, IcaoHex: "4ca87d"})
	got := payload(t, e.Flight("4CA87D"))["aircraft"]
	require.Equal(t, map[string]any{"icao_hex": "4CA87D", "registration": "EI-EJH", "type_designator": "A332",
		"manufacturer_model": "AIRBUS A-330-200", "type": "Airplane", "category": "Land",
		"powerplant": map[string]any{"count": 2.0, "type": "Jet"}}, got)

	// The feed's own registration and type are kept; the type's details follow the feed's type.
	e.Process(&model.AircraftMessage{ReceivedAt: t0, IcaoHex: "406A3A",
		Aircraft: &model.Aircraft{Registration: "G-FEED", TypeDesignator: "C172", WakeTurbulenceCategory: "light"}})
	got = payload(t, e.Flight("406A3A"))["aircraft"]
	require.Equal(t, map[string]any{"icao_hex": "406A3A", "registration": "G-FEED", "type_designator": "C172",
		"manufacturer_model": "CESSNA 172 Skyhawk", "type": "Airplane", "category": "Land", "wake_turbulence_category": "light",
		"powerplant": map[string]any{"count": 1.0, "type": "Piston"}}, got)

	// A non-ICAO address is never looked up; an unknown one gets nothing but its block's flag.
	e.Process(&model.AircraftMessage{ReceivedAt: t0, IcaoHex: "~4CA87E"})
	require.Equal(t, map[string]any{"icao_hex": "~4CA87E"}, payload(t, e.Flight("~4CA87E"))["aircraft"])
	require.Nil(t, e.Flight("4CA87E"), "a track of its own, not the aircraft 4CA87E's flight")
	e.Process(&model.AircraftMessage{ReceivedAt: t0, IcaoHex: "43C999"})
	require.Equal(t, map[string]any{"icao_hex": "43C999", "military": true}, payload(t, e.Flight("43C999"))["aircraft"])
}

func TestOperatorOnceTheIdentIsSeen(t *testing.T) {
	for _, tc := range []struct {
		name, hex, ident string
		want             any
	}{
		{"an airline callsign", "4CA87D", "BAW12", map[string]any{"airline_designator": "BAW", "name": "British Airways", "country": "United Kingdom", "callsign": "SPEEDBIRD"}},
		{"the standing data's airline", "4CA87D", "XYZ1", map[string]any{"airline_designator": "XYZ", "name": "Extra Air"}},
		{"the aircraft's own registration", "406A3A", "GEZWX", nil},
		{"a US N-number", "A00001", "N123AB", nil},
		{"a military aircraft", "43C6E1", "RCH123", nil},
		{"an IATA-style callsign", "4CA87D", "BA123", nil},
		{"letters only", "4CA87D", "EZYAB", nil},
		{"an unknown designator", "4CA87D", "QQQ123", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := engine(t, `[]`, fixtureDB(t))
			e.Process(&model.AircraftMessage{ReceivedAt: t0, IcaoHex: tc.hex})
			e.Process(&model.AircraftMessage{ReceivedAt: t0.Add(time.Second), IcaoHex: tc.hex, Ident: tc.ident})
			require.Equal(t, tc.want, payload(t, e.Flight(tc.hex))["operator"])
		})
	}
	// The input's operator is kept.
	e := engine(t, `[]`, fixtureDB(t))
	e.Process(&model.AircraftMessage{ReceivedAt: t0, IcaoHex: "4CA87D", Ident: "BAW12", Operator: &model.Party{Raw: json.RawMessage(`{"airline_designator":"SHT","name":"Shuttle"}`), AirlineDesignator: "SHT"}})
	require.Equal(t, map[string]any{"airline_designator": "SHT", "name": "Shuttle"}, payload(t, e.Flight("4CA87D"))["operator"])
}

func TestRouteSettlesOnceAsSoonAsItCan(t *testing.T) {
	e := engine(t, `[]`, fixtureDB(t))
	msg := func(s int, lat, lon float64, heading *float64) *model.AircraftMessage {
		return &model.AircraftMessage{ReceivedAt: t0.Add(time.Duration(s) * time.Second), IcaoHex: "4CA87D", Ident: "BAW12",
			Latitude: f64(lat), Longitude: f64(lon), Altitude: f64(36000), Heading: heading}
	}
	e.Process(msg(0, 30, 60, nil)) // between Singapore and London, no heading yet
	f := e.Flight("4CA87D")
	require.Nil(t, payload(t, f)["origin"], "no heading yet: not resolved")
	require.False(t, f.Enrichment.RouteDone)
	e.Process(msg(1, 30.1, 59.9, f64(300)))
	p := payload(t, f)
	require.Equal(t, map[string]any{"icao_code": "WSSS", "iata_code": "SIN", "name": "Singapore Changi International Airport", "city": "Singapore",
		"country": "SG", "latitude": 1.35019, "longitude": 103.994003, "altitude_feet": 22.0}, p["origin"])
	require.Equal(t, "EGLL", p["destination"].(map[string]any)["icao_code"])
	require.True(t, f.Enrichment.RouteDone)
	require.Nil(t, f.Enrichment.Track.Positions, "settled: the track is dropped")

	// A flight far off its route gets neither.
	e.Process(&model.AircraftMessage{ReceivedAt: t0, IcaoHex: "406A3A", Ident: "EZY16EG", Latitude: f64(10), Longitude: f64(10), Altitude: f64(30000), Heading: f64(0)})
	require.Nil(t, payload(t, e.Flight("406A3A"))["origin"])
	require.True(t, e.Flight("406A3A").Enrichment.RouteDone)
}

func TestConditionsMatchEnrichedFlights(t *testing.T) {
	rulesJSON := `[{"identifier":"ba-twin","enabled":true,"conditions":[
		{"type":"operator_airline_designator","operator":"equals","value":"BAW"},
		{"type":"aircraft_powerplant_count","operator":"equals","value":2},
		{"type":"aircraft_type_designator","operator":"equals","value":"A332"}]}]`
	m := func() *model.AircraftMessage {
		return &model.AircraftMessage{ReceivedAt: t0, IcaoHex: "4CA87D", Ident: "BAW12"}
	}
	require.Empty(t, engine(t, rulesJSON, nil).Process(m()), "without the database the rule never matches")
	require.Empty(t, engine(t, rulesJSON, aircraftdb.Fixed(nil)).Process(m()), "no database: nothing filled, nothing fails")
	matches := engine(t, rulesJSON, fixtureDB(t)).Process(m())
	require.Len(t, matches, 1)
	require.Equal(t, "ba-twin", matches[0].Rule.Identifier)
}

func TestEnrichingAFlightAllocatesLittle(t *testing.T) {
	e := engine(t, `[]`, fixtureDB(t))
	e.Process(&model.AircraftMessage{ReceivedAt: t0, IcaoHex: "4CA87D", Ident: "BAW12", Latitude: f64(30), Longitude: f64(60), Altitude: f64(36000), Heading: f64(300)})
	n := 0
	m := &model.AircraftMessage{IcaoHex: "4CA87D", Ident: "BAW12", Latitude: f64(30), Longitude: f64(60), Altitude: f64(36000), Heading: f64(300)}
	allocs := testing.AllocsPerRun(200, func() {
		n++
		m.ReceivedAt = t0.Add(time.Duration(n) * time.Second)
		e.Process(m)
	})
	require.Zero(t, allocs, "a settled flight's messages cost the enrichment nothing")
}

// No route when the ident is the aircraft's own registration (the original refuses), and
// whitespace of any kind around a callsign finds its route as its operator.
func TestRouteCorners(t *testing.T) {
	e := engine(t, `[]`, fixtureDB(t))
	near := func(hex, ident string) *model.AircraftMessage { // on the EGLL → EGKK leg
		return &model.AircraftMessage{ReceivedAt: t0, IcaoHex: hex, Ident: ident, Latitude: f64(51.3), Longitude: f64(-0.3), Altitude: f64(3000), Heading: f64(140)}
	}
	e.Process(near("A00001", "N123AB")) // A00001 is N123AB
	f := e.Flight("A00001")
	require.True(t, f.Enrichment.RouteDone)
	require.Nil(t, payload(t, f)["origin"], "its own registration: no route")
	e.Process(near("406A3A", "N123AB")) // another aircraft flying that callsign
	require.Equal(t, "EGLL", payload(t, e.Flight("406A3A"))["origin"].(map[string]any)["icao_code"])

	e.Process(&model.AircraftMessage{ReceivedAt: t0, IcaoHex: "4CA87D", Ident: "\tBAW12 \r", Latitude: f64(30), Longitude: f64(60), Altitude: f64(36000), Heading: f64(300)})
	p := payload(t, e.Flight("4CA87D"))
	require.Equal(t, "BAW", p["operator"].(map[string]any)["airline_designator"])
	require.Equal(t, "WSSS", p["origin"].(map[string]any)["icao_code"], "a tab before the callsign finds the route too")
}

// The sanity check judges every position however long the flight waited for a stable heading:
// one position far off the leg, early in a track of 10,000, rejects it (a thinned track could
// have passed it).
func TestSanityCheckJudgesEveryPosition(t *testing.T) {
	stops := []enrich.Stop{egll, lfpg, lepa}
	var pos [][2]float64
	for i := range 10000 {
		pos = append(pos, along(lfpg, lepa, 0.3+float64(i)/100000))
	}
	pos[4097] = [2]float64{44, 20} // ≈ 673 nm off the Paris → Palma leg
	south := []float64{190, 192, 188}
	got := enrich.ResolveLeg(stops, track(35000, 0, south, pos...))
	require.Equal(t, "a position too far off the leg", got.Reason)
	pos[4097] = pos[4096]
	got = enrich.ResolveLeg(stops, track(35000, 0, south, pos...))
	require.True(t, got.Found)
}
