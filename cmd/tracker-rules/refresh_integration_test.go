//go:build integration

package main_test

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"encoding/json"
	"hash/crc32"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/internal/testenv"
	"github.com/tracker-adsb/tracker-core-health/registers/registerstest"
)

// A refresh that cannot wipe (CONTRACT.md 12.6): every failure exits 1 naming the register,
// its URL and the cause in words, and leaves the database byte for byte as it was.

// refreshServer serves the upstream files and the registers (registerServer's) plus what a
// careful user meets: a zip under a "latest" URL, an HTML error page, a header-only
// MASTER.txt, a short one, a register that never answers, a redirect to a private address.
func refreshServer(t *testing.T, extra map[string][]byte) *httptest.Server {
	t.Helper()
	base, _ := registerServer(t)
	hang := make(chan struct{})
	t.Cleanup(func() { close(hang) })
	var once sync.Once
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/hang":
			once.Do(func() {})
			select {
			case <-hang:
			case <-r.Context().Done():
			}
			return
		case "/to-private":
			http.Redirect(w, r, "http://10.0.0.1/ReleasableAircraft.zip", http.StatusFound)
			return
		}
		if b, ok := extra[r.URL.Path]; ok {
			_, _ = w.Write(b)
			return
		}
		http.Redirect(w, r, base.URL+r.URL.Path, http.StatusFound) // the fixtures
	}))
	t.Cleanup(srv.Close)
	return srv
}

// masterOf is a MASTER.txt of n generated owners (none: the header alone).
func masterOf(n int) []byte {
	var b strings.Builder
	b.WriteString("\ufeff" + registerstest.MasterHeader + "\r\n")
	for i := range n {
		b.WriteString(registerstest.MasterRow(registerstest.Owner{NNumber: "9" + string(rune('A'+i)), Hex: []string{"A0B1C2", "A12345", "AB12CD", "A7FFFF", "A55555"}[i%5],
			Type: "3", Name: "OWNER CORP", City: "X", Country: "US"}))
	}
	return []byte(b.String())
}

// zipOf is a zip of one member.
func zipOf(t *testing.T, name string, content []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, err := zw.Create(name)
	require.NoError(t, err)
	_, err = w.Write(content)
	require.NoError(t, err)
	require.NoError(t, zw.Close())
	return buf.Bytes()
}

// bombZip is a zip of a few MB whose MASTER.txt is one line of gigabytes of 'A' (deflate's
// ratio is ≈ 1,000:1: one compressed MiB repeated), declaring its real size, or, lying, 1 MB.
func bombZip(t *testing.T, gib int, lie bool) []byte {
	t.Helper()
	chunk := bytes.Repeat([]byte("A"), 1<<20)
	var head, repeat, tail bytes.Buffer
	fw, err := flate.NewWriter(&head, flate.BestCompression)
	require.NoError(t, err)
	_, _ = fw.Write(chunk)
	require.NoError(t, fw.Flush())
	fw.Reset(&repeat) // a reset writer compresses the next MiB as the stream would (its window is all 'A' either way)
	_, _ = fw.Write(chunk)
	require.NoError(t, fw.Flush())
	fw2, _ := flate.NewWriter(&tail, flate.BestCompression)
	require.NoError(t, fw2.Close())
	crc := crc32.NewIEEE()
	var body bytes.Buffer
	body.Write(head.Bytes())
	for range gib<<10 - 1 {
		body.Write(repeat.Bytes())
		_, _ = crc.Write(chunk)
	}
	_, _ = crc.Write(chunk)
	body.Write(tail.Bytes())
	size := uint64(gib) << 30
	if lie {
		size = 1 << 20
	}
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	w, err := zw.CreateRaw(&zip.FileHeader{Name: "MASTER.txt", Method: zip.Deflate, CRC32: crc.Sum32(),
		CompressedSize64: uint64(body.Len()), UncompressedSize64: size})
	require.NoError(t, err)
	_, err = w.Write(body.Bytes())
	require.NoError(t, err)
	require.NoError(t, zw.Close())
	return out.Bytes()
}

// updateWith runs db update of target with the fixtures, the FAA register from faaPath, and
// args; it returns stdout, stderr, the exit code and the peak resident memory (MB).
func updateWith(t *testing.T, srv *httptest.Server, target, faaPath string, env []string, args ...string) (string, string, int, float64) {
	t.Helper()
	all := append([]string{"db", "update", "--db", target, "--mictronics-url", srv.URL + "/indexedDB.zip",
		"--standing-data-url", srv.URL + "/standing-data.tar.gz", "--registers", "faa", "--faa-url", srv.URL + faaPath}, args...)
	cmd := exec.Command(bin(t), all...)
	cmd.Env = append(append(os.Environ(), "ALLOW_PRIVATE_DOWNLOADS=true"), env...)
	var out, errb strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errb
	peak, err := testenv.RunPeak(cmd)
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else {
		require.NoError(t, err)
	}
	return out.String(), errb.String(), code, peak
}

func TestDBUpdateCannotWipeTheOwners(t *testing.T) {
	master, err := os.ReadFile(registerFixtures + "/MASTER.txt")
	require.NoError(t, err)
	srv := refreshServer(t, map[string][]byte{
		"/latest":        zipOf(t, "ReleasableAircraft/MASTER.txt", master), // a mirror's "latest": a zip without .zip
		"/error.html":    []byte("<!DOCTYPE html>\n<html><head><title>Maintenance</title></head><body>Back soon</body></html>\n"),
		"/header-only":   zipOf(t, "MASTER.txt", masterOf(0)),
		"/two-rows.zip":  zipOf(t, "MASTER.txt", masterOf(2)),
		"/bomb.zip":      bombZip(t, 3, false),
		"/bomb-lies.zip": bombZip(t, 2, true),
	})
	target := filepath.Join(t.TempDir(), "aircraft.db")
	out, errOut, code, _ := updateWith(t, srv, target, "/latest", nil)
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "register faa: its data's date not recorded in the files, 8 rows read, 5 kept",
		"known by its content, found in its folder")
	good, err := os.ReadFile(target)
	require.NoError(t, err)

	for _, tc := range []struct {
		name, path string
		want       []string
	}{
		{"an HTML page", "/error.html", []string{"the faa register (" + srv.URL + "/error.html)", "is an HTML page"}},
		{"a header-only register", "/header-only", []string{"the faa register's new files give no record, and the current database holds 5", "--force"}},
		{"fewer than half", "/two-rows.zip", []string{"give 2 records, fewer than half of the 5 the current database holds", "--force"}},
		{"a zip bomb", "/bomb.zip", []string{"the faa register (" + srv.URL + "/bomb.zip)", "MASTER.txt is over 1024 MiB uncompressed"}},
		{"a zip bomb that lies", "/bomb-lies.zip", []string{"the faa register (" + srv.URL + "/bomb-lies.zip)", "line 1 is over 64 KiB"}},
		{"a register that never answers", "/hang", []string{"the faa register (" + srv.URL + "/hang)", "timed out after 2s"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			_, errOut, code, peak := updateWith(t, srv, target, tc.path, nil, "--timeout", "2s")
			require.Equal(t, 1, code, errOut)
			for _, w := range tc.want {
				require.Contains(t, errOut, w)
			}
			require.NotContains(t, errOut, "context deadline exceeded")
			require.Contains(t, errOut, target+" left as it was")
			now, err := os.ReadFile(target)
			require.NoError(t, err)
			require.Equal(t, good, now, "the old database byte for byte")
			require.Less(t, peak, 150.0, "memory bounded: %.0f MB", peak)
			require.Less(t, time.Since(start), 60*time.Second)
		})
	}

	// --dry-run says what a refresh would do and writes nothing; --force accepts.
	out, errOut, code, _ = updateWith(t, srv, target, "/two-rows.zip", nil, "--dry-run")
	require.Equal(t, 1, code, "the refresh would fail")
	require.Contains(t, out, "register faa: current 5, new 2 (2 rows read)")
	require.Contains(t, out, "nothing written")
	require.Contains(t, errOut, "would fail")
	now, err := os.ReadFile(target)
	require.NoError(t, err)
	require.Equal(t, good, now)
	out, _, code, _ = updateWith(t, srv, target, "/latest", nil, "--dry-run")
	require.Equal(t, 0, code)
	require.Contains(t, out, "register faa: current 5, new 5")
	out, errOut, code, _ = updateWith(t, srv, target, "/header-only", nil, "--force")
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "register faa: its data's date not recorded in the files, 0 rows read, 0 kept")
}

// Downloads obey the private-address refusal of the API's imports (CONTRACT.md 11.2) unless
// ALLOW_PRIVATE_DOWNLOADS=true; a redirect to one is refused at its hop (the redirect's own
// check: aircraftdb/update's TestUpdateRefusesARedirectToAPrivateAddress).
func TestDBUpdateRefusesPrivateAddresses(t *testing.T) {
	srv := refreshServer(t, nil)
	target := filepath.Join(t.TempDir(), "aircraft.db")
	_, errOut, code, _ := updateWith(t, srv, target, "/ReleasableAircraft.zip", []string{"ALLOW_PRIVATE_DOWNLOADS=false"})
	require.Equal(t, 1, code)
	require.Contains(t, errOut, "the Mictronics database ("+srv.URL+"/indexedDB.zip)")
	require.Contains(t, errOut, "refused: the address is local or private")
	require.Contains(t, errOut, "ALLOW_PRIVATE_DOWNLOADS=true allows it")
	_, err := os.Stat(target)
	require.ErrorIs(t, err, os.ErrNotExist, "nothing written")
}

// The owners' opt-out (PRIVACY_LIST): an aircraft listed by its address or its registration
// has no registrant in db lookup (which says it opted out), in a replay's payloads, its
// conditions or its log; the others are as they were. A list that cannot be read stops the
// command (an opt-out is never dropped in silence).
func TestPrivacyListHidesTheListedOwners(t *testing.T) {
	db := filepath.Join(t.TempDir(), "aircraft.db")
	_, errOut, code := runCmd(t, nil, "", "db", "build", "--mictronics", fixtures+"/mictronics", "--standing-data", fixtures+"/standing-data",
		"--faa", registerFixtures+"/MASTER.txt", "-o", db)
	require.Equal(t, 0, code, errOut)
	// A12345 (ACME AVIATION INC) listed by its address; A7FFFF by its registration, as
	// Mictronics' fixture has none for it, by its address too (the same owner, two ways).
	list := writeFile(t, "# owners who asked\na12345\nA7FFFF\n")
	env := []string{"PRIVACY_LIST=" + list, "REGISTRANT_DETAIL=full"}
	out, errOut, code := runCmd(t, env, "", "db", "lookup", "--db", db, "A12345", "A7FFFF", "AB12CD")
	require.Equal(t, 0, code, errOut)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.JSONEq(t, `{"icao_hex":"A12345","opted_out":true}`, lines[0])
	require.JSONEq(t, `{"icao_hex":"A7FFFF","opted_out":true}`, lines[1])
	require.Contains(t, lines[2], "SKY HIGH LLC", "not listed: as before")
	require.NotContains(t, out, "ACME")

	rulesFile := writeFile(t, `[{"identifier":"acme","enabled":true,"conditions":[{"type":"registrant_name","operator":"contains","value":["acme","sky high"]}]},
	  {"identifier":"all","enabled":true,"conditions":[{"type":"altitude","operator":"minimum","value":0}]}]`)
	traffic := `{"received_at":"2026-11-27T10:00:00Z","icao_hex":"a12345","altitude":1000,"latitude":51.5,"longitude":0.1}` + "\n" +
		`{"received_at":"2026-11-27T10:00:01Z","icao_hex":"ab12cd","altitude":1000,"latitude":51.5,"longitude":0.1}` + "\n"
	out, errOut, code = runCmd(t, append(env, "LOG_LEVEL=debug"), traffic, "replay", "--db", db, "--rules", rulesFile)
	require.Equal(t, 0, code, errOut)
	require.NotContains(t, out+errOut, "ACME", "no name in a payload or a log line")
	fired := map[string][]string{}
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var n struct {
			Aircraft struct {
				IcaoHex string `json:"icao_hex"`
			} `json:"aircraft"`
			Rule       struct{ Identifier string } `json:"rule"`
			Registrant map[string]any              `json:"registrant"`
		}
		require.NoError(t, json.Unmarshal([]byte(l), &n), l)
		fired[n.Aircraft.IcaoHex] = append(fired[n.Aircraft.IcaoHex], n.Rule.Identifier)
		if n.Aircraft.IcaoHex == "A12345" {
			require.Nil(t, n.Registrant, "opted out: no registrant")
		}
	}
	require.Equal(t, map[string][]string{"A12345": {"all"}, "AB12CD": {"acme", "all"}}, fired,
		"the listed aircraft is still alerted, and matched by no owner condition")

	_, errOut, code = runCmd(t, []string{"PRIVACY_LIST=/nowhere/list.txt"}, "", "db", "lookup", "--db", db, "A12345")
	require.Equal(t, 2, code)
	require.Contains(t, errOut, "PRIVACY_LIST /nowhere/list.txt")
}

// validate names every bad rule (each condition the management API would refuse too), and
// warns of a registrant type no register of the database uses, naming those there.
func TestValidateNamesEveryBadRule(t *testing.T) {
	db := filepath.Join(t.TempDir(), "aircraft.db")
	_, errOut, code := runCmd(t, nil, "", "db", "build", "--mictronics", fixtures+"/mictronics", "--standing-data", fixtures+"/standing-data",
		"--faa", registerFixtures+"/MASTER.txt", "-o", db)
	require.Equal(t, 0, code, errOut)
	bad := writeFile(t, `[
	 {"identifier":"a","enabled":true,"conditions":[{"type":"squawk","operator":"equals","value":"99999"}]},
	 {"identifier":"fine","enabled":true,"conditions":[{"type":"squawk","operator":"equals","value":"7700"}]},
	 {"identifier":"b","enabled":true,"conditions":[{"type":"aircraft_icao_hex","operator":"equals","value":"zz"}]},
	 {"identifier":"c","enabled":true,"conditions":[{"type":"area","operator":"equals","value":"NOWHERE"}]},
	 {"identifier":"d","enabled":true,"conditions":[{"type":"registrant_type","operator":"equals","value":"Goverment"}]}]`)
	out, _, code := runCmd(t, []string{"AIRCRAFT_DB=" + db}, "", "validate", "--rules", bad, "--areas", "../../examples/areas.json")
	require.Equal(t, 1, code, out)
	for _, want := range []string{"Rule #0 invalid: rule 'a' condition #0", "Rule #2 invalid: rule 'b' condition #0",
		"Rule #3 invalid: rule 'c' condition #0: area 'NOWHERE' not found",
		"warning: rule 'd' condition #0: registrant type 'Goverment' is used by no register in the aircraft database",
		"Corporation, Government, Individual, LLC, Non-Citizen Corporation"} {
		require.Contains(t, out, want)
	}
	require.NotContains(t, out, "'fine'")
}
