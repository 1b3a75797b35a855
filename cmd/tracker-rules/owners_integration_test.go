//go:build integration

package main_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Owners' data you can trust, as the audit of issue 51 tried it.

// A refresh of some registers, or of none, keeps the others as the database holds them (their
// records, date and counts): --registers faa refreshes the FAA alone; --no-registers refreshes
// Mictronics and the standing data and keeps every registrant; --dry-run says so; the two
// flags together are a contradiction (exit 2).
func TestDBUpdateKeepsTheRegistersItDoesNotDownload(t *testing.T) {
	srv, _ := registerServer(t)
	target := filepath.Join(t.TempDir(), "aircraft.db")
	update := func(args ...string) (string, string, int) {
		return runCmd(t, []string{"ALLOW_PRIVATE_DOWNLOADS=true"}, "", append([]string{"db", "update", "--db", target, "--mictronics-url", srv.URL + "/indexedDB.zip",
			"--standing-data-url", srv.URL + "/standing-data.tar.gz", "--faa-url", srv.URL + "/ReleasableAircraft.zip",
			"--tc-url", srv.URL + "/ccarcsdb.zip", "--casa-url", srv.URL + "/acrftreg.csv"}, args...)...)
	}
	_, errOut, code := update()
	require.Equal(t, 0, code, errOut)
	tests := []struct {
		name string
		args []string
		want []string
	}{
		{"the FAA alone", []string{"--registers", "faa"}, []string{"registrants: 9",
			"register faa: data of 2026-11-20, 8 rows read, 5 kept, skipped (no valid address): 3\n",
			"register tc: data of 2026-11-22, 6 rows read, 3 kept, skipped (", "; not downloaded: kept from the database as it was\n",
			"register casa: its data's date not recorded in the files, 5 rows read, 1 kept"}},
		{"no register", []string{"--no-registers"}, []string{"registrants: 9",
			"register faa: data of 2026-11-20, 8 rows read, 5 kept, skipped (no valid address): 3; not downloaded: kept from the database as it was\n"}},
		{"a dry run", []string{"--registers", "casa", "--dry-run"}, []string{"register faa: current 5, kept as it is (not downloaded: 5 records)",
			"register tc: current 3, kept as it is (not downloaded: 3 records)", "register casa: current 1, new 1 (5 rows read)", "nothing written"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := update(tc.args...)
			require.Equal(t, 0, code, errOut)
			for _, w := range tc.want {
				require.Contains(t, out, w)
			}
			out, errOut, code = runCmd(t, []string{"REGISTRANT_DETAIL=standard"}, "", "db", "lookup", "--db", target, "C038AA", "7C0001")
			require.Equal(t, 0, code, errOut)
			require.Contains(t, out, `"names":["Air Canada","AC \"Mainline\""]`, "Canada's owner kept")
			require.Contains(t, out, `"source":"casa"`, "Australia's owner kept")
		})
	}

	for _, args := range [][]string{{"--registers", "faa", "--no-registers"}, {"--registers", " , "}} {
		_, errOut, code = update(args...)
		require.Equal(t, 2, code, "%v", args)
		require.Contains(t, errOut, "--registers", "%v", args)
	}
	_, errOut, _ = update("--registers", "faa", "--no-registers")
	require.Contains(t, errOut, "contradict")
}

// validate reports every condition the management API refuses, one line each (operators from
// the one condition table), uses the database --db names for its registrant-type warnings, and
// names a --db it cannot read.
func TestValidateChecksOperatorsAndItsDatabase(t *testing.T) {
	db := filepath.Join(t.TempDir(), "base.db")
	_, errOut, code := runCmd(t, nil, "", "db", "build", "--mictronics", fixtures+"/mictronics", "--standing-data", fixtures+"/standing-data",
		"--faa", registerFixtures+"/MASTER.txt", "-o", db)
	require.Equal(t, 0, code, errOut)
	bad := writeFile(t, `[
	 {"identifier":"acme","enabled":true,"conditions":[{"type":"registrant_name","operator":"equals","value":"ACME"}]},
	 {"identifier":"corp","enabled":true,"conditions":[{"type":"registrant_type","operator":"contains","value":"Corp"}]},
	 {"identifier":"high","enabled":true,"conditions":[{"type":"altitude","operator":"contains","value":1000}]},
	 {"identifier":"empty","enabled":true,"conditions":[{"type":"registrant_name","operator":"contains","value":""}]}]`)
	out, _, code := runCmd(t, nil, "", "validate", "--rules", bad)
	require.Equal(t, 1, code, out)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 5, out)
	require.True(t, strings.HasPrefix(lines[4], "warning: rule 'corp'"), "loaded, never matching: a warning besides")
	for i, w := range []string{"rule 'acme' condition #0: operator 'equals' is not allowed for registrant_name (allowed: contains)",
		"rule 'corp' condition #0: operator 'contains' is not allowed for registrant_type (allowed: equals, in_list)",
		"rule 'high' condition #0: operator 'contains' is not allowed for altitude (allowed: minimum, maximum)",
		"rule 'empty' condition #0: registrant_name value must be a non-empty name"} {
		require.Contains(t, lines[i], w)
	}

	gov := writeFile(t, `[{"identifier":"gov","enabled":true,"conditions":[{"type":"registrant_type","operator":"equals","value":"Goverment"}]}]`)
	out, _, code = runCmd(t, []string{"AIRCRAFT_DB=none"}, "", "validate", "--rules", gov, "--db", db)
	require.Equal(t, 0, code, out)
	require.Contains(t, out, "warning: rule 'gov' condition #0: registrant type 'Goverment' is used by no register in the aircraft database")
	require.Contains(t, out, "the types there: Corporation, Government, Individual", "--db's database, not AIRCRAFT_DB's")
	require.NotContains(t, out, "the database has no register")

	_, errOut, code = runCmd(t, nil, "", "validate", "--rules", gov, "--db", "/nonexistent.db")
	require.Equal(t, 1, code)
	require.Contains(t, errOut, "/nonexistent.db")

	// A database cut short (head -c): its meta still reads, its checksum does not agree.
	// validate refuses it as db info, db lookup and replay do, naming it.
	whole, err := os.ReadFile(db)
	require.NoError(t, err)
	trunc := filepath.Join(t.TempDir(), "trunc.db")
	require.NoError(t, os.WriteFile(trunc, whole[:len(whole)*3/4], 0o600))
	_, errOut, code = runCmd(t, nil, "", "db", "info", "--db", trunc)
	require.Equal(t, 1, code)
	require.Contains(t, errOut, "not a usable aircraft database: checksum mismatch")
	out, errOut, code = runCmd(t, nil, "", "validate", "--rules", gov, "--db", trunc)
	require.Equal(t, 1, code, out)
	require.Contains(t, errOut, "--db "+trunc+": not a usable aircraft database: checksum mismatch")
	require.NotContains(t, out, "valid:")
	require.NotContains(t, out, "the types there", "nothing read from it")
}

// A registrant the traffic carries obeys REGISTRANT_DETAIL and PRIVACY_LIST as the database's
// does, in replay and trace, with or without --db: at standard no person's name, street or
// postal code; an opted-out aircraft none at all.
func TestReplayedInputRegistrantObeysThePrivacy(t *testing.T) {
	line := `{"received_at":"2026-11-22T12:00:00Z","icao_hex":"ABCDEF","altitude":3000,"latitude":51.5,"longitude":0.1,` +
		`"registrant":{"names":["ANOTHER PERSON"],"street":["2 SECRET ST"],"postal_code":"88888","city":"RENO","type":"Individual"}}` + "\n"
	rulesFile := writeFile(t, `[{"identifier":"low","enabled":true,"conditions":[{"type":"altitude","operator":"maximum","value":5000}]}]`)
	list := writeFile(t, "ABCDEF\n")
	tests := []struct {
		name  string
		env   []string
		args  []string
		owner map[string]any
	}{
		{"standard", []string{"REGISTRANT_DETAIL=standard"}, nil, map[string]any{"city": "RENO", "type": "Individual"}},
		{"standard, enriched", []string{"REGISTRANT_DETAIL=standard"}, []string{"--enrich"}, map[string]any{"city": "RENO", "type": "Individual"}},
		{"none", []string{"REGISTRANT_DETAIL=none"}, nil, nil},
		{"opted out, at full", []string{"REGISTRANT_DETAIL=full", "PRIVACY_LIST=" + list}, nil, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := runCmd(t, append(tc.env, "LOG_LEVEL=debug"), line, append([]string{"replay", "--rules", rulesFile}, tc.args...)...)
			require.Equal(t, 0, code, errOut)
			var n struct {
				Registrant map[string]any `json:"registrant"`
			}
			require.NoError(t, json.Unmarshal([]byte(strings.TrimSpace(out)), &n), out)
			require.Equal(t, tc.owner, n.Registrant)
			traced, errOut, code := runCmd(t, tc.env, line, append([]string{"trace", "--rule", "low", "--rules", rulesFile}, tc.args...)...)
			require.Equal(t, 0, code, errOut)
			for _, secret := range []string{"ANOTHER", "SECRET", "88888"} {
				require.NotContains(t, out+errOut+traced, secret)
			}
		})
	}
}

// The opt-out finds an aircraft by the registration its register writes where the aircraft
// database's Mictronics data has none for its address (the FAA's N and N-NUMBER, Canada's C-
// and mark), in db lookup and in a replay without a registration in the feed.
func TestOptOutByTheRegistersRegistration(t *testing.T) {
	db := filepath.Join(t.TempDir(), "aircraft.db")
	_, errOut, code := runCmd(t, nil, "", "db", "build", "--mictronics", fixtures+"/mictronics", "--standing-data", fixtures+"/standing-data",
		"--faa", registerFixtures+"/MASTER.txt", "--tc", registerFixtures+"/ccarcsdb", "-o", db)
	require.Equal(t, 0, code, errOut)
	list := writeFile(t, "N8CT\nC-FVLX\n")
	env := []string{"PRIVACY_LIST=" + list, "REGISTRANT_DETAIL=full"}
	out, errOut, code := runCmd(t, env, "", "db", "lookup", "--db", db, "A7FFFF", "C038AA", "A12345")
	require.Equal(t, 0, code, errOut)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.JSONEq(t, `{"icao_hex":"A7FFFF","opted_out":true}`, lines[0])
	require.JSONEq(t, `{"icao_hex":"C038AA","opted_out":true}`, lines[1])
	require.Contains(t, lines[2], "ACME AVIATION INC", "not listed: as before")

	rulesFile := writeFile(t, `[{"identifier":"all","enabled":true,"conditions":[{"type":"altitude","operator":"minimum","value":0}]}]`)
	traffic := `{"received_at":"2026-11-27T10:00:00Z","icao_hex":"a7ffff","altitude":1000,"latitude":51.5,"longitude":0.1}` + "\n" +
		`{"received_at":"2026-11-27T10:00:01Z","icao_hex":"c038aa","altitude":1000,"latitude":51.5,"longitude":0.1}` + "\n"
	out, errOut, code = runCmd(t, env, traffic, "replay", "--db", db, "--rules", rulesFile)
	require.Equal(t, 0, code, errOut)
	require.Len(t, strings.Split(strings.TrimSpace(out), "\n"), 2, "still alerted")
	require.NotContains(t, out, "registrant")
}

// A PRIVACY_LIST that cannot be read stops every command that reads it, exit 2 naming the
// variable (an opt-out is never dropped in silence), as the API and db lookup do.
func TestUnreadablePrivacyListIsExit2Everywhere(t *testing.T) {
	rulesFile := writeFile(t, `[{"identifier":"r","enabled":true,"conditions":[{"type":"squawk","operator":"equals","value":"7700"}]}]`)
	damaged := writeFile(t, strings.Repeat("A", 5000)+"\n")
	garbage := make([]byte, 2048) // binary data: never an empty list
	for i := range garbage {
		garbage[i] = byte(i * 7919 >> 3)
	}
	binary := filepath.Join(t.TempDir(), "optout.bin")
	require.NoError(t, os.WriteFile(binary, garbage, 0o600))
	for _, list := range []string{"/nowhere/list.txt", damaged, binary} {
		for _, args := range [][]string{
			{"replay", "--rules", rulesFile},
			{"trace", "--rule", "r", "--rules", rulesFile},
			{"watch", "--readsb", "/nonexistent/aircraft.json", "--rules", rulesFile},
			{"db", "lookup", "A12345"},
			{"flights"},
		} {
			_, errOut, code := runCmd(t, []string{"PRIVACY_LIST=" + list}, "", args...)
			require.Equal(t, 2, code, "%s %v: %s", list, args, errOut)
			require.Contains(t, errOut, "PRIVACY_LIST "+list, "%v", args)
			if list == binary {
				require.Contains(t, errOut, "binary data, not a privacy list", "%v", args)
			}
		}
	}
}

// Lines of PRIVACY_LIST that are neither an address nor a registration are said by every
// command that reads the list, in one warning a reading: how many, and the first.
func TestPrivacyListLinesNotUnderstoodAreSaidEverywhere(t *testing.T) {
	rulesFile := writeFile(t, `[{"identifier":"r","enabled":true,"conditions":[{"type":"squawk","operator":"equals","value":"7700"}]}]`)
	list := writeFile(t, "A12345\nnot one\nABC;DEF\nN1 2\n")
	for _, args := range [][]string{
		{"replay", "--rules", rulesFile},
		{"trace", "--rule", "r", "--rules", rulesFile},
		{"db", "lookup", "A12345"},
		{"flights"},
	} {
		out, errOut, _ := runCmd(t, []string{"PRIVACY_LIST=" + list}, "", args...)
		require.Equal(t, 1, strings.Count(errOut, "not understood"), "%v: %s", args, errOut)
		require.Contains(t, errOut, `"lines_not_understood":3`, "%v", args)
		require.Contains(t, errOut, `line 2: \"not one\"`, "%v", args)
		if args[0] == "db" {
			require.Contains(t, out, `"opted_out":true`, "the lines understood are in use")
		}
	}
}
