//go:build integration

package main_test

import (
	"archive/zip"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// The registers' in-repo fixtures, in their upstream layouts (registers/testdata).
const registerFixtures = "../../registers/testdata"

// zipMembers packs files (member name → path) as a register publishes them, each dated date.
func zipMembers(t *testing.T, date time.Time, members map[string]string) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	names := make([]string, 0, len(members))
	for n := range members {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, name := range names {
		b, err := os.ReadFile(members[name])
		require.NoError(t, err)
		w, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate, Modified: date})
		require.NoError(t, err)
		_, err = w.Write(b)
		require.NoError(t, err)
	}
	require.NoError(t, zw.Close())
	return buf.Bytes()
}

// micWithAustralian is the Mictronics fixture with VH-ABC (7C0001), whom CASA's fixture names.
func micWithAustralian(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, name := range []string{"dbversion.json", "operators.json", "types.json", "aircrafts.json"} {
		b, err := os.ReadFile(filepath.Join(fixtures, "mictronics", name))
		require.NoError(t, err)
		if name == "aircrafts.json" {
			b = []byte(strings.Replace(string(b), "{", `{"7C0001":["VH-ABC","C172","00"],`, 1))
		}
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), b, 0o600))
	}
	return dir
}

// registerServer serves the upstream files and the three registers as their hosts do, and
// keeps the User-Agent of every request.
func registerServer(t *testing.T) (*httptest.Server, func() []string) {
	t.Helper()
	faa := zipMembers(t, time.Date(2026, 11, 20, 6, 0, 0, 0, time.UTC), map[string]string{"ACFTREF.txt": registerFixtures + "/acrftreg.csv",
		"MASTER.txt": registerFixtures + "/MASTER.txt"})
	tc := zipMembers(t, time.Date(2026, 11, 22, 3, 0, 0, 0, time.UTC), map[string]string{"carscurr.txt": registerFixtures + "/ccarcsdb/carscurr.txt",
		"carsownr.txt": registerFixtures + "/ccarcsdb/carsownr.txt"})
	casa, err := os.ReadFile(registerFixtures + "/acrftreg.csv")
	require.NoError(t, err)
	files := map[string][]byte{"/indexedDB.zip": zipFolder(t, micWithAustralian(t)),
		"/standing-data.tar.gz":   tarGzFolder(t, fixtures+"/standing-data", "standing-data-main/"),
		"/ReleasableAircraft.zip": faa, "/ccarcsdb.zip": tc, "/acrftreg.csv": casa,
		"/truncated.zip": faa[:len(faa)/2], "/other-layout.csv": []byte("Mark,Manufacturer\r\nABC,CESSNA\r\n")}
	var mu sync.Mutex
	var agents []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		agents = append(agents, r.Header.Get("User-Agent"))
		mu.Unlock()
		b, ok := files[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		_, _ = w.Write(b)
	}))
	t.Cleanup(srv.Close)
	return srv, func() []string { mu.Lock(); defer mu.Unlock(); return append([]string{}, agents...) }
}

// db update with the three registers against a local server: the registrants in the database,
// db info naming each register with its date, counts and notice, db lookup showing what
// REGISTRANT_DETAIL allows; a register that fails fails the update naming it, the old kept.
func TestDBUpdateAddsTheRegisters(t *testing.T) {
	srv, agents := registerServer(t)
	target := filepath.Join(t.TempDir(), "aircraft.db")
	update := func(args ...string) (string, string, int) {
		return runCmd(t, []string{"ALLOW_PRIVATE_DOWNLOADS=true"}, "", append([]string{"db", "update", "--db", target, "--mictronics-url", srv.URL + "/indexedDB.zip",
			"--standing-data-url", srv.URL + "/standing-data.tar.gz", "--faa-url", srv.URL + "/ReleasableAircraft.zip",
			"--tc-url", srv.URL + "/ccarcsdb.zip", "--casa-url", srv.URL + "/acrftreg.csv"}, args...)...)
	}
	out, errOut, code := update()
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "registrants: 9") // FAA 5, TC 3, CASA 1 (VH-ABC; its other rows name no aircraft of the fixture)
	require.Contains(t, out, "register faa: data of 2026-11-20, 8 rows read, 5 kept, skipped (no valid address): 3")
	require.Contains(t, out, "register tc: data of 2026-11-22, 6 rows read, 3 kept")
	require.Contains(t, out, "register casa: its data's date not recorded in the files, 5 rows read, 1 kept")
	require.Contains(t, out, "skipped (registration not in the aircraft database): 2")
	for _, a := range agents() {
		require.Regexp(t, `^tracker-core-health/\S+ \(\+https://github.com/tracker-adsb/tracker-core-health\)$`, a)
	}
	require.Len(t, agents(), 5, "Mictronics, the standing data and three registers")

	out, _, code = runCmd(t, nil, "", "db", "info", "--db", target)
	require.Equal(t, 0, code)
	require.Contains(t, out, "format 2")
	require.Contains(t, out, "register tc notice: Transport Canada Canadian Civil Aircraft Register, Open Government Licence – Canada: Reproduced and distributed with the permission of the Government of Canada.")
	require.Contains(t, out, "register casa notice: CASA aircraft register")

	lookup := func(detail string) map[string]any {
		out, errOut, code := runCmd(t, []string{"REGISTRANT_DETAIL=" + detail}, "", "db", "lookup", "--db", target, "A0B1C2")
		require.Equal(t, 0, code, errOut)
		var got map[string]any
		require.NoError(t, json.Unmarshal([]byte(out), &got))
		return got
	}
	require.Equal(t, map[string]any{"icao_hex": "A0B1C2", "registrant": map[string]any{"city": "WICHITA", "administrative_area": "KS",
		"country": "US", "type": "Individual", "source": "faa", "attribution": "FAA aircraft registry (US government work, public domain)"}},
		lookup("standard"), "a person's name and street never leave the database")
	require.Equal(t, []any{"SMITH JOHN A"}, lookup("full")["registrant"].(map[string]any)["names"])
	require.Equal(t, map[string]any{}, lookup("none"), "no registrant anywhere: the address is then unknown")

	good, err := os.ReadFile(target)
	require.NoError(t, err)
	for _, tc := range []struct {
		name string
		args []string
		why  string
	}{
		{"a truncated zip", []string{"--faa-url", srv.URL + "/truncated.zip"}, "the faa register (" + srv.URL + "/truncated.zip): faa: "},
		{"a failed download", []string{"--tc-url", srv.URL + "/gone.zip"}, "the tc register (" + srv.URL + "/gone.zip): downloading"},
		{"another layout", []string{"--casa-url", srv.URL + "/other-layout.csv"}, `casa: acrftreg.csv has no "regholdname" column`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, errOut, code := update(tc.args...)
			require.Equal(t, 1, code)
			require.Contains(t, errOut, tc.why)
			require.Contains(t, errOut, "left as it was")
			now, err := os.ReadFile(target)
			require.NoError(t, err)
			require.Equal(t, good, now, "the old database untouched")
		})
	}
	_, errOut, code = update("--registers", "faa,nowhere")
	require.Equal(t, 2, code)
	require.Contains(t, errOut, `no register "nowhere" (there are faa,tc,casa)`)
}

// Replay with a database built with the FAA register: a rule on registrant_type and one on
// registrant_name match exactly the flights an independent reading of the fixture says, and
// under REGISTRANT_DETAIL=standard a person's name matches nothing.
func TestReplayMatchesRegistrantConditions(t *testing.T) {
	db := filepath.Join(t.TempDir(), "aircraft.db")
	_, errOut, code := runCmd(t, nil, "", "db", "build", "--mictronics", fixtures+"/mictronics", "--standing-data", fixtures+"/standing-data",
		"--faa", registerFixtures+"/MASTER.txt", "-o", db)
	require.Equal(t, 0, code, errOut)

	// The fixture read independently: address → type words, names (upper-case).
	owners := readMaster(t, registerFixtures+"/MASTER.txt")
	// Traffic: every fixture address and two strangers, each in two flights (a gap over the
	// flight TTL), three messages a flight.
	addrs := []string{"999999", "ABCDEF"}
	for a := range owners {
		addrs = append(addrs, a)
	}
	slices.Sort(addrs)
	var lines strings.Builder
	t0 := time.Date(2026, 11, 27, 10, 0, 0, 0, time.UTC)
	for flight := range 2 {
		for msg := range 3 {
			for i, a := range addrs {
				at := t0.Add(time.Duration(flight)*2*time.Hour + time.Duration(msg*10+i)*time.Second)
				fmt.Fprintf(&lines, `{"received_at":%q,"icao_hex":%q,"altitude":10000}`+"\n", at.Format(time.RFC3339), strings.ToLower(a))
			}
		}
	}
	rulesFile := writeFile(t, `[
	  {"name":"Companies","identifier":"companies","enabled":true,"conditions":[{"type":"registrant_type","operator":"in_list","value":["corporation","LLC"]}]},
	  {"name":"Acme","identifier":"acme","enabled":true,"conditions":[{"type":"registrant_name","operator":"contains","value":["acme  charter","sky high"]}]},
	  {"name":"Smith","identifier":"smith","enabled":true,"conditions":[{"type":"registrant_name","operator":"contains","value":"smith"}]}]`)
	count := func(detail string) map[string]int {
		out, errOut, code := runCmd(t, []string{"REGISTRANT_DETAIL=" + detail}, lines.String(), "replay", "--db", db, "--rules", rulesFile)
		require.Equal(t, 0, code, errOut)
		got := map[string]int{}
		for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
			if line == "" {
				continue
			}
			var n struct { // a line is a notification's payload
				Rule       struct{ Identifier string } `json:"rule"`
				Registrant map[string]any              `json:"registrant"`
			}
			require.NoError(t, json.Unmarshal([]byte(line), &n), line)
			got[n.Rule.Identifier]++
			if detail == "standard" && n.Registrant["type"] == "Individual" {
				require.NotContains(t, n.Registrant, "names")
			}
		}
		return got
	}
	want := map[string]int{}
	for _, o := range owners {
		if o.typ == "3" || o.typ == "7" {
			want["companies"] += 2 // two flights each
		}
		if slices.ContainsFunc(o.names, func(n string) bool { return strings.Contains(n, "ACME CHARTER") || strings.Contains(n, "SKY HIGH") }) {
			want["acme"] += 2
		}
		if o.typ != "1" && slices.ContainsFunc(o.names, func(n string) bool { return strings.Contains(n, "SMITH") }) {
			want["smith"] += 2
		}
	}
	require.Equal(t, 4, want["companies"], "the fixture: a corporation and an LLC")
	require.Equal(t, want, count("standard"))
	want["smith"] = 2 // full: the individual's name too
	require.Equal(t, want, count("full"))
	require.Empty(t, count("none"))
}

type masterOwner struct {
	typ   string
	names []string
}

// readMaster reads MASTER.txt with encoding/csv alone: each valid address's type code and names.
func readMaster(t *testing.T, path string) map[string]masterOwner {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	r := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(b, []byte("\ufeff"))))
	r.FieldsPerRecord = -1
	head, err := r.Read()
	require.NoError(t, err)
	col := func(name string) int {
		return slices.IndexFunc(head, func(h string) bool { return strings.TrimSpace(h) == name })
	}
	hex, typ, name := col("MODE S CODE HEX"), col("TYPE REGISTRANT"), col("NAME")
	out := map[string]masterOwner{}
	for {
		rec, err := r.Read()
		if err == io.EOF {
			return out
		}
		require.NoError(t, err)
		if len(rec) <= hex || len(strings.TrimSpace(rec[hex])) != 6 || strings.Trim(strings.ToUpper(strings.TrimSpace(rec[hex])), "0123456789ABCDEF") != "" {
			continue
		}
		o := masterOwner{typ: strings.TrimSpace(rec[typ]), names: []string{strings.Join(strings.Fields(rec[name]), " ")}}
		for i := 1; i <= 5; i++ {
			if c := col(fmt.Sprintf("OTHER NAMES(%d)", i)); c >= 0 && c < len(rec) && strings.TrimSpace(rec[c]) != "" {
				o.names = append(o.names, strings.Join(strings.Fields(rec[c]), " "))
			}
		}
		out[strings.ToUpper(strings.TrimSpace(rec[hex]))] = o
	}
}
