//go:build integration

package main_test

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// enrichData is the full upstream data beside the repository (../shared); tests that build
// from it skip, saying so, when it is not there. fixtures are the small in-repo copies in the
// upstream formats.
const (
	enrichData = "../../../shared/data/enrich"
	fixtures   = "../../aircraftdb/testdata"
)

// needEnrichData skips a test that builds the full database when ../shared is absent.
func needEnrichData(t *testing.T) {
	t.Helper()
	if _, err := os.Stat(enrichData + "/mictronics/indexedDB.zip"); err != nil {
		t.Skipf("skipped: the full upstream data (%s) is not beside the repository; the small in-repo fixtures are built by the other tests", enrichData)
	}
}

func TestDBLookupAnswersAddressesAndCallsigns(t *testing.T) {
	out, errOut, code := runCmd(t, nil, "", "db", "lookup", "4CA87D", "BAW12", "ZZZZ999", "000001")
	require.Equal(t, 0, code, errOut)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 4, "one line per key")
	var ac map[string]any
	require.NoError(t, json.Unmarshal([]byte(lines[0]), &ac))
	require.Equal(t, map[string]any{"icao_hex": "4CA87D", "registration": "EI-EJH", "type_designator": "A332",
		"manufacturer_model": "AIRBUS A-330-200", "type": "Airplane", "category": "Land",
		"powerplant": map[string]any{"count": 2.0, "type": "Jet"}}, ac)
	var cs struct {
		Operator map[string]any   `json:"operator"`
		Route    []map[string]any `json:"route"`
	}
	require.NoError(t, json.Unmarshal([]byte(lines[1]), &cs))
	require.Equal(t, "British Airways", cs.Operator["name"])
	require.Equal(t, "BAW", cs.Operator["airline_designator"])
	require.Len(t, cs.Route, 2)
	require.Equal(t, "WSSS", cs.Route[0]["icao_code"])
	require.Equal(t, "Singapore Changi International Airport", cs.Route[0]["name"])
	require.Equal(t, "EGLL", cs.Route[1]["icao_code"])
	require.Equal(t, "London", cs.Route[1]["city"])
	require.Equal(t, "{}", lines[2], "unknown: {}")
	require.Equal(t, "{}", lines[3])

	// A key that is an address and a callsign, both known: both answers, labelled. Whitespace
	// of any kind around a key is no part of it.
	out, errOut, code = runCmd(t, nil, "", "db", "lookup", "ACA123", "\tBAW12 ")
	require.Equal(t, 0, code, errOut)
	lines = strings.Split(strings.TrimSpace(out), "\n")
	var both struct {
		Aircraft map[string]any `json:"aircraft"`
		Callsign struct {
			Operator map[string]any `json:"operator"`
		} `json:"callsign"`
	}
	require.NoError(t, json.Unmarshal([]byte(lines[0]), &both))
	require.Equal(t, "ACA123", both.Aircraft["icao_hex"], "the aircraft with that address")
	require.Equal(t, "Air Canada", both.Callsign.Operator["name"], "and Air Canada 123")
	require.Contains(t, lines[1], `"name":"British Airways"`)
}

// readsb's non-ICAO addresses ("~") keep their mark from from-readsb to the engine: the track is
// a flight of its own, never enriched as the aircraft that owns the address.
func TestNonICAOTracksAreNeverLookedUp(t *testing.T) {
	doc := `{"now": 1764158400, "aircraft": [{"hex": "~4ca87d", "flight": "TISB1", "alt_baro": 3000, "lat": 51.5, "lon": -0.1, "seen": 0.5},
		{"hex": "4ca87d", "alt_baro": 3000, "lat": 51.5, "lon": -0.1, "seen": 0.5}]}`
	lines, errOut, code := runCmd(t, nil, doc, "from-readsb")
	require.Equal(t, 0, code, errOut)
	require.Contains(t, lines, `"icao_hex":"~4ca87d"`)
	rulesFile := writeFile(t, `[{"identifier":"low","enabled":true,"conditions":[{"type":"altitude","operator":"maximum","value":5000}]}]`)
	out, errOut, code := runCmd(t, nil, lines, "replay", "--rules", rulesFile, "--enrich")
	require.Equal(t, 0, code, errOut)
	got := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, got, 2, "two flights: the track and the aircraft")
	require.Contains(t, got[0], `"aircraft":{"icao_hex":"~4CA87D"}`, "the track: not looked up")
	require.Contains(t, got[1], `"registration":"EI-EJH"`, "the aircraft itself: looked up")
}

func TestDBInfoNamesWhatIsWrong(t *testing.T) {
	out, _, code := runCmd(t, []string{"XDG_DATA_HOME=" + t.TempDir()}, "", "db", "info")
	require.Equal(t, 0, code)
	require.Contains(t, out, "database: shipped")
	require.Contains(t, out, "aircraft: 446783")
	require.Contains(t, out, "routes: 618583")
	require.Contains(t, out, "Mictronics aircraft database, version 514, data of 2026-07-19")
	// The licences' attribution, at run time.
	require.Contains(t, out, "attribution: Aircraft data: Mictronics (ODC-By 1.0), Virtual Radar Server standing data (CC0). "+
		"Contains information from the Mictronics aircraft database, made available under the ODC Attribution License.")

	bad := writeFile(t, `{"aircraft": "a JSON file, not a database"}`)
	_, errOut, code := runCmd(t, nil, "", "db", "info", "--db", bad)
	require.Equal(t, 1, code)
	require.Contains(t, errOut, bad)
	require.Contains(t, errOut, "magic")
}

// The rules run with a missing or foreign database: one error naming the file, no enrichment.
func TestReplayWithAnUnusableDatabaseRunsWithoutEnrichment(t *testing.T) {
	rulesFile := writeFile(t, `[{"identifier":"ba","enabled":true,"conditions":[{"type":"operator_airline_designator","operator":"equals","value":"BAW"}]}]`)
	line := `{"received_at":"2026-11-26T12:00:00Z","icao_hex":"4CA87D","ident":"BAW12"}` + "\n"
	out, errOut, code := runCmd(t, nil, line, "replay", "--rules", rulesFile, "--enrich")
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, `"operator":{"airline_designator":"BAW"`)

	out, _, code = runCmd(t, nil, line, "replay", "--rules", rulesFile)
	require.Equal(t, 0, code)
	require.Empty(t, out, "without --enrich the operator is unknown")

	missing := filepath.Join(t.TempDir(), "nowhere.db")
	out, errOut, code = runCmd(t, nil, line, "replay", "--rules", rulesFile, "--db", missing)
	require.Equal(t, 0, code)
	require.Empty(t, out)
	require.Equal(t, 1, strings.Count(errOut, `"level":"error"`), errOut)
	require.Contains(t, errOut, missing)

	// trace shows the enriched value the condition saw.
	_, _, code = runCmd(t, nil, line, "trace", "--rule", "ba", "--enrich")
	require.Equal(t, 2, code, "trace needs rules")
	out, errOut, code = runCmd(t, nil, line, "trace", "--rule", "ba", "--rules", rulesFile, "--enrich")
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, `"observed":"BAW"`)
}

func TestDBBuildIsDeterministic(t *testing.T) {
	needEnrichData(t)
	out := filepath.Join(t.TempDir(), "aircraft.db.zst")
	stdout, errOut, code := runCmd(t, nil, "", "db", "build", "--mictronics", enrichData+"/mictronics/indexedDB.zip",
		"--standing-data", enrichData+"/standing-data.tar.gz", "-o", out)
	require.Equal(t, 0, code, errOut)
	// The full upstream data: every aircraft, route and airport (the tests of aircraftdb build
	// the small fixture; this one, the real files through the binary).
	require.Contains(t, stdout, "aircraft: 446783")
	require.Contains(t, stdout, "routes: 618583")
	require.Contains(t, stdout, "airports: 34128")
	// Dated by its data: Mictronics' zip says when it was generated; the standing data's
	// archive, repacked, records no date of its own (its files carry the day they were copied).
	require.Contains(t, stdout, "Mictronics aircraft database, version 514, data of 2026-07-19")
	require.Contains(t, stdout, "Virtual Radar Server standing data, its data's date not recorded in the files")
	built, err := os.ReadFile(out)
	require.NoError(t, err)
	shipped, err := os.ReadFile("../../aircraftdb/shipped/aircraft.db.zst")
	require.NoError(t, err)
	require.Equal(t, shipped, built, "the same inputs, the same bytes: the shipped file, built on another day, is these")
}

// db update against a local server serving the upstream files: a good download swaps the file;
// a failed download, a truncated zip or a corrupt CSV leave it untouched and say why.
func TestDBUpdateSwapsOnlyAGoodBuild(t *testing.T) {
	// The in-repo fixtures, packed as upstream publishes them: a zip of Mictronics' files and
	// a tar.gz of the standing data under a top folder (GitHub's archives have one).
	zipBytes := zipFolder(t, fixtures+"/mictronics")
	tgz := tarGzFolder(t, fixtures+"/standing-data", "standing-data-main/")
	files := map[string][]byte{"/indexedDB.zip": zipBytes, "/standing-data.tar.gz": tgz,
		"/truncated.zip": zipBytes[:len(zipBytes)/2], "/corrupt.tar.gz": corruptAirports(t, tgz)}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, ok := files[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		_, _ = w.Write(b)
	}))
	defer srv.Close()
	target := filepath.Join(t.TempDir(), "aircraft.db")
	update := func(mic, sd string) (string, string, int) {
		return runCmd(t, []string{"ALLOW_PRIVATE_DOWNLOADS=true"}, "", "db", "update", "--db", target, "--no-registers",
			"--mictronics-url", srv.URL+mic, "--standing-data-url", srv.URL+sd)
	}
	out, errOut, code := update("/indexedDB.zip", "/standing-data.tar.gz")
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "updated "+target)
	good, err := os.ReadFile(target)
	require.NoError(t, err)
	out, _, code = runCmd(t, nil, "", "db", "lookup", "--db", target, "4CA87D")
	require.Equal(t, 0, code)
	require.Contains(t, out, "EI-EJH")

	for _, tc := range []struct{ name, mic, sd, why string }{
		{"a failed download", "/missing.zip", "/standing-data.tar.gz", "HTTP 404"},
		{"a truncated zip", "/truncated.zip", "/standing-data.tar.gz", "zip"},
		{"a corrupt CSV", "/indexedDB.zip", "/corrupt.tar.gz", "no Code column"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, errOut, code := update(tc.mic, tc.sd)
			require.Equal(t, 1, code)
			require.Contains(t, errOut, tc.why)
			require.Contains(t, errOut, "left as it was")
			now, err := os.ReadFile(target)
			require.NoError(t, err)
			require.Equal(t, good, now, "the old database untouched")
		})
	}
	left, err := filepath.Glob(filepath.Join(filepath.Dir(target), ".*"))
	require.NoError(t, err)
	require.Empty(t, left, "no temporary files left behind")
}

// zipFolder packs a folder's files into a zip, at its root.
func zipFolder(t *testing.T, dir string) []byte {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		require.NoError(t, err)
		w, err := zw.Create(e.Name())
		require.NoError(t, err)
		_, err = w.Write(b)
		require.NoError(t, err)
	}
	require.NoError(t, zw.Close())
	return buf.Bytes()
}

// tarGzFolder packs a folder's tree into a tar.gz under prefix.
func tarGzFolder(t *testing.T, dir, prefix string) []byte {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	tw := tar.NewWriter(zw)
	require.NoError(t, filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		if err := tw.WriteHeader(&tar.Header{Name: prefix + filepath.ToSlash(rel), Mode: 0o644, Size: int64(len(b)), Typeflag: tar.TypeReg}); err != nil {
			return err
		}
		_, err = tw.Write(b)
		return err
	}))
	require.NoError(t, tw.Close())
	require.NoError(t, zw.Close())
	return buf.Bytes()
}

// corruptAirports is the standing data with one airports CSV whose header lost its columns.
func corruptAirports(t *testing.T, tgz []byte) []byte {
	zr, err := gzip.NewReader(bytes.NewReader(tgz))
	require.NoError(t, err)
	tr := tar.NewReader(zr)
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	tw := tar.NewWriter(zw)
	done := false
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		b, err := io.ReadAll(tr)
		require.NoError(t, err)
		if !done && strings.Contains(h.Name, "airports/schema-01/E/") && strings.HasSuffix(h.Name, ".csv") {
			b, done = []byte("Code;Name;garbage\nEGLL;x\n"), true
			h.Size = int64(len(b))
		}
		require.NoError(t, tw.WriteHeader(h))
		_, err = tw.Write(b)
		require.NoError(t, err)
	}
	require.True(t, done)
	require.NoError(t, tw.Close())
	require.NoError(t, zw.Close())
	return buf.Bytes()
}
