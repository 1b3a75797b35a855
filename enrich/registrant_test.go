package enrich_test

import (
	"strings"
	"testing"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/aircraftdb"
	"github.com/tracker-adsb/tracker-core-health/enrich"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/registers"
	"github.com/tracker-adsb/tracker-core-health/rules"
)

// registersDB is the fixture database with the FAA register's fixture (an individual at
// A0B1C2, ACME AVIATION INC at A12345, a government at A7FFFF…).
func registersDB(t *testing.T) *aircraftdb.Handle {
	t.Helper()
	b, _, err := aircraftdb.BuildWith(aircraftdb.Options{Mictronics: "../aircraftdb/testdata/mictronics",
		StandingData: "../aircraftdb/testdata/standing-data",
		Registers:    []aircraftdb.RegisterFile{{Register: registers.FAA{}, Path: "../registers/testdata/MASTER.txt"}}})
	require.NoError(t, err)
	db, err := aircraftdb.Load(b)
	require.NoError(t, err)
	return aircraftdb.Fixed(db)
}

// registrantEngine runs rulesJSON enriched at detail d.
func registrantEngine(t *testing.T, rulesJSON string, d model.RegistrantDetail) *rules.Engine {
	t.Helper()
	set, err := rules.LoadRules([]byte(rulesJSON), rules.Areas{}, rules.Strict)
	require.NoError(t, err)
	e := rules.NewEngine(set, 0)
	en := enrich.New(registersDB(t), zerolog.Nop())
	en.SetRegistrantDetail(d)
	e.SetEnricher(en)
	return e
}

// An individual's name never leaves the database under standard: not in the payload, and no
// condition can match it; an organisation's can. Full shows everything; none nothing.
func TestRegistrantDetailAppliesWhereTheRecordIsMade(t *testing.T) {
	const rulesJSON = `[
	  {"name":"Smith","identifier":"smith","enabled":true,"conditions":[{"type":"registrant_name","operator":"contains","value":"smith"}]},
	  {"name":"Acme","identifier":"acme","enabled":true,"conditions":[{"type":"registrant_name","operator":"contains","value":["nobody","acme  aviation"]}]},
	  {"name":"People","identifier":"people","enabled":true,"conditions":[{"type":"registrant_type","operator":"equals","value":"individual"}]},
	  {"name":"Firms","identifier":"firms","enabled":true,"conditions":[{"type":"registrant_type","operator":"in_list","value":["Government","CORPORATION"]}]}]`
	tests := []struct {
		detail       model.RegistrantDetail
		smith, acme  []string // the rules each aircraft fires
		smithPayload map[string]any
	}{
		{model.DetailStandard, []string{"people"}, []string{"acme", "firms"},
			map[string]any{"city": "WICHITA", "administrative_area": "KS", "country": "US", "type": "Individual"}},
		{model.DetailFull, []string{"smith", "people"}, []string{"acme", "firms"},
			map[string]any{"names": []any{"SMITH JOHN A"}, "street": []any{"123 MAIN ST"}, "city": "WICHITA", "administrative_area": "KS",
				"postal_code": "672011234", "country": "US", "type": "Individual"}},
		{model.DetailNone, nil, nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.detail.String(), func(t *testing.T) {
			e := registrantEngine(t, rulesJSON, tt.detail)
			smith := ids(e.Process(&model.AircraftMessage{ReceivedAt: t0, IcaoHex: "a0b1c2"})) // the engine reuses its slice
			acme := ids(e.Process(&model.AircraftMessage{ReceivedAt: t0, IcaoHex: "A12345"}))
			require.ElementsMatch(t, tt.smith, smith)
			require.ElementsMatch(t, tt.acme, acme)
			p := payload(t, e.Flight("A0B1C2"))
			if tt.smithPayload == nil {
				require.NotContains(t, p, "registrant")
			} else {
				require.Equal(t, tt.smithPayload, p["registrant"])
			}
			body := string(model.NewNotificationBody(e.Flight("A0B1C2")).JSON())
			if tt.detail != model.DetailFull {
				require.NotContains(t, strings.ToUpper(body), "SMITH", "the name never leaves the database")
				require.NotContains(t, body, "123 MAIN ST")
			}
		})
	}
}

func TestRegistrantFromTheInputIsKept(t *testing.T) {
	e := registrantEngine(t, `[]`, model.DetailFull)
	e.Process(&model.AircraftMessage{ReceivedAt: t0, IcaoHex: "A12345", Registrant: &model.Party{Raw: []byte(`{"names":["FROM THE PROCESSOR"]}`)}})
	require.Equal(t, map[string]any{"names": []any{"FROM THE PROCESSOR"}}, payload(t, e.Flight("A12345"))["registrant"])
}

func TestLookupAircraftAnswersTheRegistrant(t *testing.T) {
	db := registersDB(t).Current()
	a, found := enrich.LookupAircraft(db, "A7FFFF", 0xA7FFFF, model.DetailStandard)
	require.True(t, found, "in the register, not in Mictronics")
	require.JSONEq(t, `{"names":["STATE OF ALASKA"],"city":"ANCHORAGE","administrative_area":"AK","country":"US","type":"Government"}`, string(a.Registrant))
	a, _ = enrich.LookupAircraft(db, "A0B1C2", 0xA0B1C2, model.DetailStandard)
	require.NotContains(t, string(a.Registrant), "SMITH")
	a, _ = enrich.LookupAircraft(db, "A0B1C2", 0xA0B1C2, model.DetailNone)
	require.Nil(t, a.Registrant)
}

func ids(ms []rules.Match) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.Rule.Identifier)
	}
	return out
}
