//go:build integration

package api_test

import (
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/aircraftdb"
	"github.com/tracker-adsb/tracker-core-health/api"
	"github.com/tracker-adsb/tracker-core-health/config"
	"github.com/tracker-adsb/tracker-core-health/internal/testenv"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/privacy"
	"github.com/tracker-adsb/tracker-core-health/registers"
	"github.com/tracker-adsb/tracker-core-health/stages/keeper"
)

// What was stored keeps obeying (CONTRACT.md 12.3): a watch at REGISTRANT_DETAIL=full publishes
// a person's name, street and postal code; an API at standard keeps and serves the matches
// without them (a company's name stays), the ones an older API at full put in the store too;
// an API at none serves no registrant at all, and an aircraft on PRIVACY_LIST none whatever
// the setting. The person's details reach no answer.
func TestKeptMatchesObeyTheReadersPrivacy(t *testing.T) {
	env := testenv.Get(t).WithOwnMosquitto(t).WithOwnRedis(t)
	r := env.Redis(t)
	mh, mp := testenv.Split(t, env.MQTTAddr)
	const faa = `"source":"faa","attribution":"FAA aircraft registry (US government work, public domain)"`
	person := `{"aircraft":{"icao_hex":"A0B1C2","registration":"N12345"},"ident":"N12345","registrant":{"names":["SMITH JOHN A"],` +
		`"street":["123 MAIN ST"],"city":"WICHITA","administrative_area":"KS","postal_code":"672011234","country":"US","type":"Individual",` + faa + `}}`
	company := `{"aircraft":{"icao_hex":"A12345"},"ident":"ACM1","registrant":{"names":["ACME AVIATION INC","ACME AIR"],"street":["PO BOX 7"],` +
		`"city":"DENVER","postal_code":"80201","country":"US","type":"Corporation",` + faa + `}}`
	// What an older API at full kept in the stream.
	require.NoError(t, r.Do(t.Context(), r.B().Xadd().Key(keeper.MatchesKey).Id("*").FieldValue().FieldValue("rule", "old").
		FieldValue("received", "2026-11-27T09:00:00Z").FieldValue("notification", person).Build()).Error())
	listFile := filepath.Join(t.TempDir(), "privacy.txt")
	require.NoError(t, os.WriteFile(listFile, []byte("# none yet\n"), 0o600))
	list, err := privacy.Open(listFile, zerolog.Nop())
	require.NoError(t, err)

	serve := func(d model.RegistrantDetail) (*fixture, func()) {
		matches := keeper.NewMatches(config.MQTT{MQTTHost: mh, MQTTPort: testenv.Atoi(t, mp)}, nopLog())
		matches.KeepIn(r)
		matches.Privacy(d, list)
		cancel := runKeepers(t, nil, matches)
		srv := httptest.NewServer(newServer(t, api.NewStore(r, "", nopLog()), api.Options{Matches: matches, RegistrantDetail: d, OptOut: list}).Handler())
		f := &fixture{t: t, srv: srv, r: r}
		require.Eventually(t, func() bool { _, got, _ := f.do("GET", "/api/matches", nil); return got["mqtt"] == "connected" }, 10*time.Second, 50*time.Millisecond)
		return f, func() { srv.Close(); cancel() }
	}
	matchesOf := func(f *fixture, n int) (string, map[string]map[string]any) {
		var raw []byte
		require.Eventually(t, func() bool {
			_, got, b := f.do("GET", "/api/matches", nil)
			raw = b
			return len(got["matches"].([]any)) == n
		}, 10*time.Second, 50*time.Millisecond)
		_, got, _ := f.do("GET", "/api/matches", nil)
		out := map[string]map[string]any{}
		for _, m := range got["matches"].([]any) {
			note := m.(map[string]any)["notification"].(map[string]any)
			reg, _ := note["registrant"].(map[string]any)
			out[note["aircraft"].(map[string]any)["icao_hex"].(string)+"/"+m.(map[string]any)["rule"].(string)] = reg
		}
		return string(raw), out
	}

	f, stop := serve(model.DetailStandard)
	pub := env.Record(t, "test/none")
	pub.Publish("Tracker/rule/people", person, false) // a watch at full
	pub.Publish("Tracker/rule/firms", company, false)
	raw, got := matchesOf(f, 3)
	for _, secret := range []string{"SMITH", "123 MAIN", "672011234", "PO BOX", "80201"} {
		require.NotContains(t, raw, secret, "standard: no person's name, no street, no postal code")
	}
	require.Equal(t, map[string]any{"city": "WICHITA", "administrative_area": "KS", "country": "US", "type": "Individual",
		"source": "faa", "attribution": "FAA aircraft registry (US government work, public domain)"}, got["A0B1C2/old"])
	require.Equal(t, got["A0B1C2/old"], got["A0B1C2/people"])
	require.Equal(t, []any{"ACME AVIATION INC", "ACME AIR"}, got["A12345/firms"]["names"], "a company's name is shown")
	stream, err := r.Do(t.Context(), r.B().Xrange().Key(keeper.MatchesKey).Start("-").End("+").Build()).AsXRange()
	require.NoError(t, err)
	require.Len(t, stream, 3)
	for _, e := range stream[1:] {
		require.NotContains(t, e.FieldValues["notification"], "SMITH", "kept as the API's own setting allows")
	}

	// An owner asks: listed, the aircraft shows no registrant in anything kept, at once.
	require.NoError(t, os.WriteFile(listFile, []byte("A12345\n"), 0o600))
	later := time.Now().Add(time.Second)
	require.NoError(t, os.Chtimes(listFile, later, later))
	require.True(t, list.Refresh())
	_, got = matchesOf(f, 3)
	require.Nil(t, got["A12345/firms"])
	stop()

	f, stop = serve(model.DetailNone)
	defer stop()
	raw, got = matchesOf(f, 3)
	require.NotContains(t, raw, "registrant")
	require.Len(t, got, 3)
	require.False(t, strings.Contains(raw, "WICHITA"))
}

// Each record carries its own register's notice (CONTRACT.md 12.2): a lookup's attribution
// names the shipped data and that register only; an opted-out aircraft has none and says so.
// A rule whose registrant type no register of the database uses is saved with a warning naming
// the types there; under none, every owner condition is.
func TestLookupAttributionIsTheRecordsAndOptOutsSaySo(t *testing.T) {
	b, _, err := aircraftdb.BuildWith(aircraftdb.Options{Mictronics: "../aircraftdb/testdata/mictronics", StandingData: "../aircraftdb/testdata/standing-data",
		Registers: []aircraftdb.RegisterFile{{Register: registers.FAA{}, Path: "../registers/testdata/MASTER.txt"},
			{Register: registers.TC{}, Path: "../registers/testdata/ccarcsdb"}}})
	require.NoError(t, err)
	db, err := aircraftdb.Load(b)
	require.NoError(t, err)
	listFile := filepath.Join(t.TempDir(), "privacy.txt")
	require.NoError(t, os.WriteFile(listFile, []byte("A7FFFF\n"), 0o600))
	list, err := privacy.Open(listFile, zerolog.Nop())
	require.NoError(t, err)
	f := setupWith(t, api.Options{AircraftDB: aircraftdb.Fixed(db), OptOut: list})
	for _, tc := range []struct{ hex, want, never string }{
		{"C038AA", registers.TC{}.Notice(), "FAA"},
		{"A12345", registers.FAA{}.Notice(), "Canada"},
	} {
		code, got, raw := f.do("GET", "/api/lookup/aircraft/"+tc.hex, nil)
		require.Equal(t, 200, code, string(raw))
		require.Contains(t, got["attribution"], tc.want)
		require.NotContains(t, got["attribution"], tc.never, "only the record's own register")
		require.Equal(t, tc.want, got["registrant"].(map[string]any)["attribution"])
	}
	code, got, raw := f.do("GET", "/api/lookup/aircraft/A7FFFF", nil)
	require.Equal(t, 200, code, string(raw))
	require.Equal(t, true, got["opted_out"])
	require.NotContains(t, string(raw), "ALASKA")

	code, got, raw = f.do("POST", "/api/rules", map[string]any{"identifier": "gov", "enabled": true,
		"conditions": []any{map[string]any{"type": "registrant_type", "operator": "equals", "value": "Goverment"}}})
	require.Equal(t, 201, code, string(raw))
	require.Len(t, got["warnings"], 1)
	require.Contains(t, got["warnings"].([]any)[0], "registrant type 'Goverment' is used by no register in the aircraft database")
	require.Contains(t, got["warnings"].([]any)[0], "Corporation, Entity, Government, Individual")

	none := setupWith(t, api.Options{AircraftDB: aircraftdb.Fixed(db), RegistrantDetail: model.DetailNone})
	code, got, raw = none.do("POST", "/api/rules", map[string]any{"identifier": "names", "enabled": true,
		"conditions": []any{map[string]any{"type": "registrant_name", "operator": "contains", "value": "acme"}}})
	require.Equal(t, 201, code, string(raw))
	require.Contains(t, got["warnings"].([]any)[0], "REGISTRANT_DETAIL=none makes no registrant")
}

// A registrant the given traffic carries obeys the API's REGISTRANT_DETAIL and PRIVACY_LIST as
// the database's does, with or without a database: standard keeps no person's name, street or
// postal code (in the match, and for the conditions), an opted-out aircraft none at all.
func TestRuleTestTrafficRegistrantObeysThePrivacy(t *testing.T) {
	line := `{"received_at":"2026-11-22T12:00:00Z","icao_hex":"ABCDEF","altitude":3000,"latitude":51.5,"longitude":0.1,` +
		`"registrant":{"names":["ANOTHER PERSON"],"street":["2 SECRET ST"],"postal_code":"88888","city":"RENO","type":"Individual"}}`
	listFile := filepath.Join(t.TempDir(), "privacy.txt")
	require.NoError(t, os.WriteFile(listFile, []byte("ABCDEF\n"), 0o600))
	list, err := privacy.Open(listFile, zerolog.Nop())
	require.NoError(t, err)
	b, _, err := aircraftdb.BuildWith(aircraftdb.Options{Mictronics: "../aircraftdb/testdata/mictronics", StandingData: "../aircraftdb/testdata/standing-data",
		Registers: []aircraftdb.RegisterFile{{Register: registers.FAA{}, Path: "../registers/testdata/MASTER.txt"}}})
	require.NoError(t, err)
	db, err := aircraftdb.Load(b)
	require.NoError(t, err)
	low := rule("low", map[string]any{"type": "altitude", "operator": "maximum", "value": 5000})
	named := rule("named", map[string]any{"type": "registrant_name", "operator": "contains", "value": "another"})
	for _, tc := range []struct {
		name  string
		opts  api.Options
		owner string // what the match shows of the registrant ("": none)
	}{
		{"standard, no database", api.Options{}, `"registrant":{"city":"RENO","type":"Individual"}`},
		{"standard, a database", api.Options{AircraftDB: aircraftdb.Fixed(db)}, `"registrant":{"city":"RENO","type":"Individual"}`},
		{"opted out, at full", api.Options{RegistrantDetail: model.DetailFull, OptOut: list}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := setupWith(t, tc.opts)
			code, _, raw := f.do("POST", "/api/rules/test", map[string]any{"rule": low, "traffic": line})
			require.Equal(t, 200, code, string(raw))
			require.Contains(t, string(raw), `"fired":1`)
			for _, secret := range []string{"ANOTHER", "SECRET", "88888"} {
				require.NotContains(t, string(raw), secret)
			}
			if tc.owner == "" {
				require.NotContains(t, string(raw), "Individual")
			} else {
				require.Contains(t, string(raw), tc.owner)
			}
			code, _, raw = f.do("POST", "/api/rules/test", map[string]any{"rule": named, "traffic": line})
			require.Equal(t, 200, code, string(raw))
			require.Contains(t, string(raw), `"fired":0`, "no condition matches a name that does not leave")
		})
	}
}
