package enrich_test

import (
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/aircraftdb"
	"github.com/tracker-adsb/tracker-core-health/enrich"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/registers"
	"github.com/tracker-adsb/tracker-core-health/rules"
)

// faaNotice is the FAA register's notice, which its records carry.
var faaNotice = registers.FAA{}.Notice()

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
			map[string]any{"city": "WICHITA", "administrative_area": "KS", "country": "US", "type": "Individual", "source": "faa", "attribution": faaNotice}},
		{model.DetailFull, []string{"smith", "people"}, []string{"acme", "firms"},
			map[string]any{"names": []any{"SMITH JOHN A"}, "street": []any{"123 MAIN ST"}, "city": "WICHITA", "administrative_area": "KS",
				"postal_code": "672011234", "country": "US", "type": "Individual", "source": "faa", "attribution": faaNotice}},
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
	a, found := enrich.LookupAircraft(db, "A7FFFF", 0xA7FFFF, model.DetailStandard, nil)
	require.True(t, found, "in the register, not in Mictronics")
	require.JSONEq(t, `{"names":["STATE OF ALASKA"],"city":"ANCHORAGE","administrative_area":"AK","country":"US","type":"Government",
		"source":"faa","attribution":"FAA aircraft registry (US government work, public domain)"}`, string(a.Registrant))
	require.Equal(t, "FAA aircraft registry (US government work, public domain)", a.Notice())
	a, _ = enrich.LookupAircraft(db, "A0B1C2", 0xA0B1C2, model.DetailStandard, nil)
	require.NotContains(t, string(a.Registrant), "SMITH")
	a, _ = enrich.LookupAircraft(db, "A0B1C2", 0xA0B1C2, model.DetailNone, nil)
	require.Nil(t, a.Registrant)
}

// An aircraft on the owners' opt-out list gets no registrant: not in a lookup (which says it
// opted out), not on a flight (so no payload, condition or store has one), whatever the
// detail; its flight is still enriched otherwise. A list changed while a flight is in
// progress takes the registrant away from its next message on.
func TestOptedOutAircraftHaveNoRegistrant(t *testing.T) {
	db := registersDB(t).Current()
	list := &optOut{}
	a, found := enrich.LookupAircraft(db, "A12345", 0xA12345, model.DetailFull, list)
	require.True(t, found)
	require.NotNil(t, a.Registrant)
	list.addr, list.gen = 0xA12345, 1
	a, found = enrich.LookupAircraft(db, "A12345", 0xA12345, model.DetailFull, list)
	require.True(t, found)
	require.True(t, a.OptedOut)
	require.Nil(t, a.Registrant)

	e := registrantEngine(t, `[{"identifier":"acme","enabled":true,"conditions":[{"type":"registrant_name","operator":"contains","value":"acme"}]}]`, model.DetailFull)
	en := enrich.New(registersDB(t), zerolog.Nop())
	en.SetRegistrantDetail(model.DetailFull)
	list.addr, list.gen = 0, 2
	en.SetOptOut(list)
	e.SetEnricher(en)
	fired := e.Process(&model.AircraftMessage{ReceivedAt: t0, IcaoHex: "A12345"})
	require.Equal(t, []string{"acme"}, ids(fired), "not listed: the name matches")
	list.addr, list.gen = 0xA12345, 3
	e.Process(&model.AircraftMessage{ReceivedAt: t0.Add(time.Second), IcaoHex: "A12345"})
	require.True(t, e.Flight("A12345").Owner.Empty(), "listed while flying: the registrant goes")
	require.NotContains(t, payload(t, e.Flight("A12345")), "registrant")

	e2 := registrantEngine(t, `[{"identifier":"acme","enabled":true,"conditions":[{"type":"registrant_name","operator":"contains","value":"acme"}]}]`, model.DetailFull)
	en2 := enrich.New(registersDB(t), zerolog.Nop())
	en2.SetRegistrantDetail(model.DetailFull)
	en2.SetOptOut(list)
	e2.SetEnricher(en2)
	require.Empty(t, e2.Process(&model.AircraftMessage{ReceivedAt: t0, IcaoHex: "A12345"}), "listed: nothing to match")
	require.NotEmpty(t, e2.Flight("A12345").Aircraft.Registration+e2.Flight("A12345").IcaoHex)
}

// optOut lists one address, or one registration.
type optOut struct {
	addr uint32
	reg  string
	gen  uint64
}

func (o *optOut) Listed(addr uint32, reg string) bool {
	return addr == o.addr || (o.reg != "" && strings.EqualFold(reg, o.reg))
}
func (o *optOut) Generation() uint64 { return o.gen }

// A registrant the input carries wins over the database's (CONTRACT.md 9.1), but leaves as any
// other does (CONTRACT.md 12.3): standard keeps no person's name, street or postal code; none,
// and an aircraft on the opt-out list, keep nothing; with or without a database; the
// conditions see what leaves, and only that.
func TestInputRegistrantObeysDetailAndOptOut(t *testing.T) {
	const person = `{"names":["ANOTHER PERSON"],"street":["2 SECRET ST"],"postal_code":"88888","city":"RENO","type":"Individual"}`
	const rulesJSON = `[{"identifier":"name","enabled":true,"conditions":[{"type":"registrant_name","operator":"contains","value":"another"}]},
	  {"identifier":"people","enabled":true,"conditions":[{"type":"registrant_type","operator":"equals","value":"Individual"}]}]`
	tests := []struct {
		name   string
		detail model.RegistrantDetail
		listed bool
		want   map[string]any // the payload's registrant (nil: none)
		fired  []string
	}{
		{"standard", model.DetailStandard, false, map[string]any{"city": "RENO", "type": "Individual"}, []string{"people"}},
		{"full", model.DetailFull, false, map[string]any{"names": []any{"ANOTHER PERSON"}, "street": []any{"2 SECRET ST"},
			"postal_code": "88888", "city": "RENO", "type": "Individual"}, []string{"name", "people"}},
		{"none", model.DetailNone, false, nil, nil},
		{"opted out, at full", model.DetailFull, true, nil, nil},
	}
	for _, db := range []string{"with a database", "without one"} {
		for _, tt := range tests {
			t.Run(db+"/"+tt.name, func(t *testing.T) {
				set, err := rules.LoadRules([]byte(rulesJSON), rules.Areas{}, rules.Strict)
				require.NoError(t, err)
				e := rules.NewEngine(set, 0)
				var src enrich.Source
				if db == "with a database" {
					src = registersDB(t) // A0B1C2 is SMITH JOHN A there: the input's wins
				}
				en := enrich.New(src, zerolog.Nop())
				en.SetRegistrantDetail(tt.detail)
				list := &optOut{addr: 1 << 24, gen: 1}
				if tt.listed {
					list.addr = 0xA0B1C2
				}
				en.SetOptOut(list)
				e.SetEnricher(en)
				fired := ids(e.Process(&model.AircraftMessage{ReceivedAt: t0, IcaoHex: "a0b1c2", Registrant: &model.Party{Raw: []byte(person)}}))
				fired = append(fired, ids(e.Process(&model.AircraftMessage{ReceivedAt: t0.Add(time.Second), IcaoHex: "a0b1c2",
					Registrant: &model.Party{Raw: []byte(person)}}))...)
				require.ElementsMatch(t, tt.fired, fired)
				f := e.Flight("A0B1C2")
				p := payload(t, f)
				if tt.want == nil {
					require.NotContains(t, p, "registrant")
				} else {
					require.Equal(t, tt.want, p["registrant"])
				}
				if tt.detail != model.DetailFull || tt.listed {
					body := string(model.NewNotificationBody(f).JSON())
					for _, secret := range []string{"ANOTHER", "SECRET", "88888", "SMITH", "MAIN ST"} {
						require.NotContains(t, body, secret)
					}
				}
			})
		}
	}
}

// The opt-out finds an aircraft by the registration its register writes where the aircraft
// table has none for the address (A7FFFF: N8CT in the FAA's file, absent from Mictronics').
func TestOptOutByTheRegistersRegistration(t *testing.T) {
	h := registersDB(t)
	list := &optOut{addr: 1 << 24, reg: "N8CT", gen: 1}
	a, found := enrich.LookupAircraft(h.Current(), "A7FFFF", 0xA7FFFF, model.DetailFull, list)
	require.True(t, found)
	require.Empty(t, a.Registration, "the aircraft table has none")
	require.True(t, a.OptedOut)
	require.Nil(t, a.Registrant)

	e := registrantEngine(t, `[{"identifier":"gov","enabled":true,"conditions":[{"type":"registrant_type","operator":"equals","value":"Government"}]}]`,
		model.DetailFull)
	en := enrich.New(h, zerolog.Nop())
	en.SetRegistrantDetail(model.DetailFull)
	en.SetOptOut(list)
	e.SetEnricher(en)
	require.Empty(t, e.Process(&model.AircraftMessage{ReceivedAt: t0, IcaoHex: "A7FFFF"}), "listed: no owner condition matches")
	require.True(t, e.Flight("A7FFFF").Owner.Empty())
	require.NotContains(t, payload(t, e.Flight("A7FFFF")), "registrant")
}

func ids(ms []rules.Match) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.Rule.Identifier)
	}
	return out
}
