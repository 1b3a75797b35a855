//go:build integration

package main_test

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/internal/testenv"
	"github.com/tracker-adsb/tracker-core-health/rules"
	"github.com/tracker-adsb/tracker-core-health/stages/readsb/readsbtest"
	"github.com/tracker-adsb/tracker-core-health/watchlist"
)

// storeEnv is the environment that points tracker-rules at e's Redis.
func storeEnv(t *testing.T, e *testenv.Env) []string {
	rh, rp := testenv.Split(t, e.RedisAddr)
	return []string{"STORE_HOST=" + rh, "STORE_PORT=" + rp, "STORE_PASSWORD=" + e.RedisPassword}
}

// tracker-rules watchlist import (CONTRACT.md 11.2): a file and a URL written as the API's PUT
// does (the counts printed, the version key set); a URL that fails, a file without an ICAO
// column and a bad id leave the stored list as it was and say why.
func TestWatchlistImportFromAFileAndAURL(t *testing.T) {
	t.Parallel()
	env := testenv.Get(t).WithOwnRedis(t)
	r := env.Redis(t)
	senv := storeEnv(t, env)

	out, errOut, code := runCmd(t, senv, "", "watchlist", "import", "--id", "pa", "--name", "Plane-Alert", "--source", "Plane-Alert-DB", "--licence", "ODbL 1.0", "../../watchlist/testdata/small.csv")
	require.Equal(t, 0, code, errOut)
	require.JSONEq(t, `{"id":"pa","count":5,"skipped":4,"repaired":1,"duplicates":1}`, out)
	require.Contains(t, errOut, "5 aircraft imported")
	stored := func() watchlist.Lists {
		body, err := r.Do(t.Context(), r.B().Get().Key(watchlist.Key).Build()).ToString()
		require.NoError(t, err)
		ver, err := r.Do(t.Context(), r.B().Get().Key(watchlist.VersionKey).Build()).ToString()
		require.NoError(t, err)
		require.Equal(t, rules.Version([]byte(body)), ver)
		l, err := watchlist.Decode([]byte(body))
		require.NoError(t, err)
		return l
	}
	l := stored()["pa"]
	require.Equal(t, "Plane-Alert", l.Name)
	require.Equal(t, "ODbL 1.0", l.Licence)
	require.Len(t, l.Entries, 5)

	// A URL: replaces the list, keeping the name, source and licence it does not give.
	served := "ICAO,Registration,CMPG,Category\n406F2B,G-POLA,Pol,Police Forces\n"
	var fail atomic.Bool
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		if fail.Load() {
			http.Error(w, "gone", http.StatusBadGateway)
			return
		}
		_, _ = fmt.Fprint(w, served)
	}))
	t.Cleanup(srv.Close)
	out, errOut, code = runCmd(t, senv, "", "watchlist", "import", "--id", "pa", srv.URL+"/list.csv")
	require.Equal(t, 0, code, errOut)
	require.JSONEq(t, `{"id":"pa","count":1,"skipped":0,"repaired":0,"duplicates":0}`, out)
	l = stored()["pa"]
	require.Equal(t, "Plane-Alert", l.Name)
	require.Equal(t, "ODbL 1.0", l.Licence)
	require.Equal(t, []watchlist.Entry{{IcaoHex: "406F2B", Registration: "G-POLA", Group: "pol", Category: "Police Forces"}}, l.Entries)

	// Failures: nothing changes, the message says why; credentials in a URL are not printed.
	fail.Store(true)
	for _, c := range []struct {
		args []string
		code int
		says string
	}{
		{[]string{"--id", "pa", "http://user:hunter2@" + strings.TrimPrefix(srv.URL, "http://") + "/list.csv"}, 1, "HTTP 502"},
		{[]string{"--id", "pa", "../../watchlist/testdata/no-icao.csv"}, 1, "no 'ICAO' column"},
		{[]string{"--id", "pa", "/nonexistent/list.csv"}, 1, "no such file"},
		{[]string{"--id", "Bad Id", "../../watchlist/testdata/small.csv"}, 2, "no watchlist id"},
		{[]string{"../../watchlist/testdata/small.csv"}, 2, "usage"},
	} {
		_, errOut, code = runCmd(t, senv, "", append([]string{"watchlist", "import"}, c.args...)...)
		require.Equal(t, c.code, code, errOut)
		require.Contains(t, errOut, c.says)
		require.NotContains(t, errOut, "hunter2")
		require.Len(t, stored()["pa"].Entries, 1, "the stored list is unchanged")
	}
}

// The global snapshot replayed with one rule per watchlist condition type, against the real
// Plane-Alert-DB: every count equals one made here from the CSV, independently of the
// importer (the aircraft on the list, per group, per category; each aircraft is one flight).
func TestReplayWithWatchlistsMatchesAnIndependentCount(t *testing.T) {
	const real = "../../../shared/data/watchlists/plane-alert-db.csv"
	f, err := os.Open(real)
	if err != nil {
		t.Skipf("skipped: the real Plane-Alert-DB list is not beside the repository (%v)", err)
	}
	defer f.Close()
	t.Parallel()
	cr := csv.NewReader(f)
	cr.FieldsPerRecord = -1
	recs, err := cr.ReadAll()
	require.NoError(t, err)
	type fact struct{ group, category string }
	list := map[string]fact{}
	for _, rec := range recs[1:] { // header: $ICAO,…,#CMPG (5),…,Category (9)
		hex := strings.ToUpper(strings.TrimSpace(rec[0]))
		if len(hex) < 6 {
			hex = strings.Repeat("0", 6-len(hex)) + hex
		}
		list[hex] = fact{strings.ToLower(rec[5]), rec[9]} // the last row wins
	}

	traffic := readsbtest.GlobalTraffic(t)
	seen := map[string]bool{}
	for _, l := range traffic {
		var m struct {
			IcaoHex string `json:"icao_hex"`
		}
		require.NoError(t, json.Unmarshal(l, &m))
		seen[strings.ToUpper(m.IcaoHex)] = true
	}
	onList, groups, categories := 0, map[string]int{}, map[string]int{}
	for hex := range seen {
		if fa, ok := list[hex]; ok {
			onList++
			groups[fa.group]++
			categories[fa.category]++
		}
	}
	require.Equal(t, 148, onList, "the issue's count: 148 aircraft of the snapshot are on the list")

	rs := []string{
		`{"identifier":"on-list","enabled":true,"conditions":[{"type":"watchlist","operator":"equals","value":"pa"}]}`,
		`{"identifier":"off-list","enabled":true,"conditions":[{"type":"watchlist","operator":"not_in_list","value":["pa"]}]}`,
		`{"identifier":"all","enabled":true,"conditions":[{"type":"date","operator":"minimum","value":"2000-01-01"}]}`,
		`{"identifier":"police","enabled":true,"conditions":[{"type":"watchlist_category","operator":"equals","value":" police forces "}]}`,
		`{"identifier":"two-cats","enabled":true,"conditions":[{"type":"watchlist_category","operator":"in_list","value":["Toy Soldiers","Oxcart"]}]}`,
	}
	// A flight is not an aircraft: an aircraft last seen over 5 minutes before the snapshot
	// starts a new flight in each round, so "off the list" is every flight less those on it.
	want := map[string]int{"on-list": onList,
		"police": categories["Police Forces"], "two-cats": categories["Toy Soldiers"] + categories["Oxcart"]}
	for _, g := range []string{"civ", "mil", "pol", "gov"} {
		rs = append(rs, fmt.Sprintf(`{"identifier":"group-%s","enabled":true,"conditions":[{"type":"watchlist_group","operator":"equals","value":%q}]}`, g, strings.ToUpper(g)))
		want["group-"+g] = groups[g]
	}
	require.Positive(t, want["police"])
	require.Positive(t, want["two-cats"])
	rulesFile := writeFile(t, "["+strings.Join(rs, ",")+"]")
	var in strings.Builder
	for _, l := range traffic {
		in.Write(l)
		in.WriteByte('\n')
	}
	out, errOut, code := runCmd(t, nil, in.String(), "replay", "--rules", rulesFile, "--watchlist", "pa="+real)
	require.Equal(t, 0, code, errOut)
	var all int
	_, err = fmt.Sscanf(errOut[strings.Index(errOut, "rule all: "):], "rule all: %d matches", &all)
	require.NoError(t, err)
	want["off-list"] = all - onList
	for id, n := range want {
		require.Contains(t, errOut, fmt.Sprintf("rule %s: %d matches,", id, n), id)
	}
	// Each notification of an aircraft on the list carries its entry (CONTRACT.md 11.4).
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var n struct {
			Rule     struct{ Identifier string }
			Aircraft struct {
				IcaoHex   string `json:"icao_hex"`
				Watchlist *struct {
					List, Group, Category string
				}
			}
		}
		require.NoError(t, json.Unmarshal([]byte(line), &n))
		if n.Rule.Identifier == "all" {
			continue
		}
		fa, ok := list[n.Aircraft.IcaoHex]
		require.Equal(t, ok, n.Aircraft.Watchlist != nil, line)
		if ok {
			require.Equal(t, "pa", n.Aircraft.Watchlist.List)
			require.Equal(t, fa.group, n.Aircraft.Watchlist.Group)
			require.Equal(t, fa.category, n.Aircraft.Watchlist.Category)
		}
	}

	// Without --watchlist the rules that name a list are skipped, each named with why.
	_, errOut, code = runCmd(t, nil, "", "replay", "--rules", rulesFile)
	require.Equal(t, 0, code)
	require.Contains(t, errOut, "rule 'on-list' skipped: ")
	require.Contains(t, errOut, "rule 'off-list' skipped: ")
	require.Regexp(t, `rule 'on-list' skipped: .*watchlist 'pa' not found`, errOut)
}

// validate knows the lists given with --watchlist, and names a rule whose list is missing.
func TestValidateWithWatchlists(t *testing.T) {
	t.Parallel()
	r := writeFile(t, `[{"identifier":"w","enabled":true,"conditions":[{"type":"watchlist","operator":"equals","value":"pa"}]}]`)
	out, _, code := runCmd(t, nil, "", "validate", "--rules", r, "--watchlist", "pa=../../watchlist/testdata/small.csv")
	require.Equal(t, 0, code, out)
	require.Equal(t, "valid: 1 enabled rules, 0 areas, 1 watchlists\n", out)
	out, _, code = runCmd(t, nil, "", "validate", "--rules", r)
	require.Equal(t, 1, code)
	require.Equal(t, "Rule #0 invalid: rule 'w' condition #0: watchlist 'pa' not found\n", out)
	_, errOut, code := runCmd(t, nil, "", "validate", "--rules", r, "--watchlist", "nothing")
	require.Equal(t, 2, code)
	require.Contains(t, errOut, "expected ID=FILE_OR_URL")
}
