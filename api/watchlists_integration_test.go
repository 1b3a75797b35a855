//go:build integration

package api_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/api"
	"github.com/tracker-adsb/tracker-core-health/rules"
	"github.com/tracker-adsb/tracker-core-health/watchlist"
)

// csvPut imports a CSV into a list, as the UI's file import does.
func (f *fixture) csvPut(path, csv string) (int, map[string]any) {
	f.t.Helper()
	req, err := http.NewRequestWithContext(f.t.Context(), http.MethodPut, f.srv.URL+path, strings.NewReader(csv))
	require.NoError(f.t, err)
	req.Header.Set("Content-Type", "text/csv")
	resp, err := http.DefaultClient.Do(req)
	require.NoError(f.t, err)
	defer resp.Body.Close()
	var m map[string]any
	require.NoError(f.t, json.NewDecoder(resp.Body).Decode(&m))
	return resp.StatusCode, m
}

// Every watchlist endpoint on real Redis (CONTRACT.md 11.2): import a CSV (the counts), list,
// page and search, add and remove an aircraft, the 404s, the 409 while a rule names the list,
// and the version key written with the body.
func TestWatchlistEndpoints(t *testing.T) {
	f := setup(t, "")
	small, err := os.ReadFile("../watchlist/testdata/small.csv")
	require.NoError(t, err)
	code, got := f.csvPut("/api/watchlists/plane-alert?name=Plane-Alert&source=Plane-Alert-DB&licence=ODbL%201.0", string(small))
	require.Equal(t, 200, code, got)
	require.Equal(t, map[string]any{"id": "plane-alert", "count": 5.0, "skipped": 4.0, "repaired": 1.0, "duplicates": 1.0}, got)
	body, _ := f.r.Do(t.Context(), f.r.B().Get().Key(watchlist.Key).Build()).ToString()
	ver, _ := f.r.Do(t.Context(), f.r.B().Get().Key(watchlist.VersionKey).Build()).ToString()
	require.Equal(t, rules.Version([]byte(body)), ver, "the version key is the SHA-256 of the stored bytes")

	code, _, raw := f.do("GET", "/api/watchlists", nil)
	require.Equal(t, 200, code)
	var lists []map[string]any
	require.NoError(t, json.Unmarshal(raw, &lists))
	require.Len(t, lists, 1)
	require.Equal(t, "Plane-Alert", lists[0]["name"])
	require.Equal(t, "Plane-Alert-DB", lists[0]["source"])
	require.Equal(t, "ODbL 1.0", lists[0]["licence"])
	require.NotEmpty(t, lists[0]["imported_at"])
	require.Equal(t, 5.0, lists[0]["count"])
	require.Equal(t, map[string]any{"mil": 2.0, "pol": 1.0, "gov": 1.0, "civ": 1.0}, lists[0]["groups"])

	code, page, _ := f.do("GET", "/api/watchlists/plane-alert?group=mil&limit=1", nil)
	require.Equal(t, 200, code)
	require.Equal(t, 2.0, page["total"])
	require.Len(t, page["entries"], 1)
	code, page, _ = f.do("GET", "/api/watchlists/plane-alert?q=police", nil)
	require.Equal(t, 200, code)
	require.Equal(t, 1.0, page["total"], "q matches the operator")
	require.Equal(t, "406F2B", page["entries"].([]any)[0].(map[string]any)["icao_hex"])
	code, page, _ = f.do("GET", "/api/watchlists/plane-alert?category=police%20FORCES", nil)
	require.Equal(t, 200, code)
	require.Equal(t, 1.0, page["total"], "category compared case-insensitively")
	code, page, _ = f.do("GET", "/api/watchlists/plane-alert?q=zz336", nil)
	require.Equal(t, 200, code)
	require.Equal(t, 1.0, page["total"], "q matches the registration")
	code, got, _ = f.do("GET", "/api/watchlists/nope", nil)
	require.Equal(t, 404, code)
	require.Equal(t, "Watchlist 'nope' not found", got["detail"])

	// One aircraft: added (repaired address), listed, removed.
	code, got, _ = f.do("POST", "/api/watchlists/plane-alert/entries", map[string]any{"icao_hex": "abcd", "registration": "G-MINE", "group": "civ"})
	require.Equal(t, 201, code, got)
	require.Equal(t, "00ABCD", got["icao_hex"])
	code, page, _ = f.do("GET", "/api/watchlists/plane-alert?q=00abcd", nil)
	require.Equal(t, 200, code)
	require.Equal(t, 1.0, page["total"])
	code, got, _ = f.do("POST", "/api/watchlists/plane-alert/entries", map[string]any{"icao_hex": "nothex"})
	require.Equal(t, 422, code)
	require.Contains(t, string(mustMarshal(got)), `"loc":["body","icao_hex"]`)
	code, _, _ = f.do("DELETE", "/api/watchlists/plane-alert/entries/00abcd", nil)
	require.Equal(t, 204, code)
	code, _, _ = f.do("DELETE", "/api/watchlists/plane-alert/entries/00ABCD", nil)
	require.Equal(t, 404, code)
	// A new list from one aircraft.
	code, _, _ = f.do("POST", "/api/watchlists/mine/entries", map[string]any{"icao_hex": "4CA7B5", "category": "Favourites"})
	require.Equal(t, 201, code)

	// A rule on a list: 422 for a list that does not exist; the delete of a named list is 409.
	cond := func(v any) map[string]any {
		return map[string]any{"type": "watchlist", "operator": "in_list", "value": v}
	}
	code, got, _ = f.do("POST", "/api/rules", rule("spotted", cond([]string{"mine", "nowhere"})))
	require.Equal(t, 422, code, got)
	require.Contains(t, string(mustMarshal(got)), `"loc":["body","conditions",0,"value"],"msg":"watchlist 'nowhere' not found"`)
	code, got, _ = f.do("POST", "/api/rules", rule("spotted", cond([]string{"mine", "plane-alert"})))
	require.Equal(t, 201, code, got)
	code, got, _ = f.do("POST", "/api/rules", rule("mil", map[string]any{"type": "watchlist_group", "operator": "equals", "value": "army"}))
	require.Equal(t, 422, code)
	require.Contains(t, string(mustMarshal(got)), "civ, mil, pol or gov")
	code, got, _ = f.do("DELETE", "/api/watchlists/mine", nil)
	require.Equal(t, 409, code)
	require.Equal(t, "Watchlist 'mine' is referenced by rule(s): spotted", got["detail"])
	code, _, _ = f.do("DELETE", "/api/rules/spotted", nil)
	require.Equal(t, 204, code)
	code, _, _ = f.do("DELETE", "/api/watchlists/mine", nil)
	require.Equal(t, 204, code)
	code, _, _ = f.do("DELETE", "/api/watchlists/mine", nil)
	require.Equal(t, 404, code)
}

// Bad imports change nothing: a CSV without an ICAO column (422 naming it), a bad id, bad
// JSON, a body over 16 MiB (413).
func TestWatchlistImportRefusesBadInput(t *testing.T) {
	f := setup(t, "")
	code, got := f.csvPut("/api/watchlists/x", "Registration,Operator\nG-ABCD,Someone\n")
	require.Equal(t, 422, code)
	require.Contains(t, string(mustMarshal(got)), "'ICAO' column")
	code, _ = f.csvPut("/api/watchlists/Bad%20Id", "ICAO\nABCDEF\n")
	require.Equal(t, 422, code)
	code, got, _ = f.do("PUT", "/api/watchlists/x", "{not json")
	require.Equal(t, 422, code, got)
	code, _ = f.csvPut("/api/watchlists/x", "ICAO\n"+strings.Repeat("ABCDEF\n", (16<<20)/7+1))
	require.Equal(t, 413, code)
	v, _ := f.r.Do(t.Context(), f.r.B().Exists().Key(watchlist.Key).Build()).AsInt64()
	require.Zero(t, v, "nothing stored")

	// JSON: its own name, source and licence; a bad entry skipped and counted.
	code, got, _ = f.do("PUT", "/api/watchlists/mine", map[string]any{"name": "Mine", "source": "me", "licence": "CC0",
		"entries": []any{map[string]any{"icao_hex": "4ca7b5"}, map[string]any{"icao_hex": "zz"}}})
	require.Equal(t, 200, code, got)
	require.Equal(t, map[string]any{"id": "mine", "count": 1.0, "skipped": 1.0, "repaired": 0.0, "duplicates": 0.0}, got)
}

// ?url= with an empty body: the server downloads the list (the UI's import from a URL), the
// URL as its source when none is given; a URL that fails stores nothing and says why. (The
// list's server is on loopback: allowed here by ALLOW_PRIVATE_DOWNLOADS.)
func TestWatchlistImportFromAURL(t *testing.T) {
	f := setupWith(t, api.Options{AllowPrivateDownloads: true})
	fail := false
	list := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		if fail {
			http.Error(w, "gone", http.StatusNotFound)
			return
		}
		_, _ = io.WriteString(w, "$ICAO,$Registration,#CMPG,Category\n406F2B,G-POLA,Pol,Police Forces\n43C6F1,ZZ336,Mil,UK Military\n")
	}))
	t.Cleanup(list.Close)
	code, got := f.csvPut("/api/watchlists/pa?licence=ODbL%201.0&url="+url.QueryEscape(list.URL+"/plane-alert-db.csv"), "")
	require.Equal(t, 200, code, got)
	require.Equal(t, 2.0, got["count"])
	code, page, _ := f.do("GET", "/api/watchlists/pa", nil)
	require.Equal(t, 200, code)
	require.Equal(t, list.URL+"/plane-alert-db.csv", page["source"])
	require.Equal(t, map[string]any{"Police Forces": 1.0, "UK Military": 1.0}, page["categories"])

	fail = true
	code, got = f.csvPut("/api/watchlists/pa?url="+url.QueryEscape(list.URL+"/x.csv"), "")
	require.Equal(t, 502, code)
	require.Contains(t, got["detail"], "HTTP 404")
	code, page, _ = f.do("GET", "/api/watchlists/pa", nil)
	require.Equal(t, 200, code)
	require.Equal(t, 2.0, page["count"], "the stored list is unchanged")
	code, _ = f.csvPut("/api/watchlists/pa?url=file:///etc/passwd", "")
	require.Equal(t, 422, code, "only http(s): never a file of the server")
}

// The real list (../shared): 17,198 entries, 2 repaired, through the API.
func TestWatchlistImportOfTheRealList(t *testing.T) {
	csv, err := os.ReadFile("../../shared/data/watchlists/plane-alert-db.csv")
	if err != nil {
		t.Skipf("skipped: the real Plane-Alert-DB list is not beside the repository (%v)", err)
	}
	f := setup(t, "")
	code, got := f.csvPut("/api/watchlists/plane-alert", string(csv))
	require.Equal(t, 200, code)
	require.Equal(t, 17198.0, got["count"])
	require.Equal(t, 2.0, got["repaired"])
}

// A rule's notify is validated (422 under ["body","notify",…]) and stored with its known keys.
func TestRuleNotifyIsValidatedAndStored(t *testing.T) {
	f := setup(t, "")
	r := rule("quiet")
	r["notify"] = map[string]any{"timezone": "Mars/Olympus", "quiet_hours": []any{map[string]any{"from": "22:00", "to": "22:00"}}, "max_per_hour": 0}
	code, got, _ := f.do("POST", "/api/rules", r)
	require.Equal(t, 422, code)
	text := string(mustMarshal(got))
	require.Contains(t, text, `{"loc":["body","notify","timezone"],"msg":"unknown time zone 'Mars/Olympus'"`)
	require.Contains(t, text, `"loc":["body","notify","quiet_hours",0,"to"]`)
	require.Contains(t, text, `"loc":["body","notify","max_per_hour"]`)
	r["notify"] = map[string]any{"timezone": "Europe/London", "quiet_hours": []any{map[string]any{"from": "23:00", "to": "07:00"}},
		"cooldown_minutes": 720, "channels": []string{"phone"}, "whatever": 1}
	code, got, _ = f.do("POST", "/api/rules", r)
	require.Equal(t, 201, code, got)
	require.Equal(t, map[string]any{"timezone": "Europe/London", "quiet_hours": []any{map[string]any{"from": "23:00", "to": "07:00"}},
		"cooldown_minutes": 720.0, "channels": []any{"phone"}}, got["notify"])
	code, got, _ = f.do("GET", "/api/rules/quiet", nil)
	require.Equal(t, 200, code)
	require.NotNil(t, got["notify"])
}

// Mutes on real Redis: set (201), listed, refused (422, 404 for an unknown rule), lifted.
func TestMutesEndpoints(t *testing.T) {
	f := setup(t, "")
	code, _, _ := f.do("POST", "/api/rules", rule("r1"))
	require.Equal(t, 201, code)
	code, got, _ := f.do("POST", "/api/mutes", map[string]any{"rule": "r1", "minutes": 60})
	require.Equal(t, 201, code, got)
	require.Equal(t, "r1", got["rule"])
	require.NotEmpty(t, got["until"])
	code, got, _ = f.do("POST", "/api/mutes", map[string]any{"rule": "*", "icao_hex": "4ca7b5", "minutes": 10})
	require.Equal(t, 201, code, got)
	code, _, raw := f.do("GET", "/api/mutes", nil)
	require.Equal(t, 200, code)
	var mutes []map[string]any
	require.NoError(t, json.Unmarshal(raw, &mutes))
	require.Len(t, mutes, 2)
	require.Equal(t, "*", mutes[0]["rule"])
	require.Equal(t, "4CA7B5", mutes[0]["icao_hex"])
	fields, err := f.r.Do(t.Context(), f.r.B().Hgetall().Key("notify:mutes").Build()).AsStrMap()
	require.NoError(t, err)
	require.Contains(t, fields, "r1")
	require.Contains(t, fields, "*|4CA7B5")

	code, _, _ = f.do("POST", "/api/mutes", map[string]any{"rule": "nope", "minutes": 5})
	require.Equal(t, 404, code)
	for _, bad := range []map[string]any{{"rule": "r1", "minutes": -1}, {"rule": "r1", "minutes": 10081}, {"rule": "r1"}, {"rule": "r1", "icao_hex": "x", "minutes": 5}} {
		code, _, _ = f.do("POST", "/api/mutes", bad)
		require.Equal(t, 422, code, bad)
	}
	code, _, _ = f.do("DELETE", "/api/mutes/r1", nil)
	require.Equal(t, 204, code)
	code, _, _ = f.do("DELETE", "/api/mutes/*?icao_hex=4ca7b5", nil)
	require.Equal(t, 204, code)
	code, _, raw = f.do("GET", "/api/mutes", nil)
	require.Equal(t, 200, code)
	require.JSONEq(t, `[]`, string(raw))
}

func mustMarshal(v any) []byte {
	b, _ := json.Marshal(v)
	return b
}

// CONTRACT.md 11.2: a download the server makes refuses loopback, private, link-local and
// unspecified addresses, named or reached by a redirect, unless ALLOW_PRIVATE_DOWNLOADS; the
// answer never quotes what the fetched server said. (A refused address is refused before it
// is dialled: no packet leaves for 10.0.0.1 or 169.254.169.254.)
func TestWatchlistImportRefusesLocalAddresses(t *testing.T) {
	t.Parallel()
	secret := "the data store's banner"
	local := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if to := r.URL.Query().Get("to"); to != "" {
			http.Redirect(w, r, to, http.StatusFound)
			return
		}
		_, _ = io.WriteString(w, "ICAO\n406F2B\n"+secret+"\n")
	}))
	t.Cleanup(local.Close)
	f := setup(t, "")
	for _, target := range []string{
		local.URL + "/list.csv",
		"http://127.0.0.1:9/list.csv",
		"http://10.0.0.1/list.csv",
		"http://169.254.169.254/latest/meta-data/",
		"http://[::1]:9/list.csv",
		"http://0.0.0.0:9/list.csv",
		"http://localhost:9/list.csv",
	} {
		code, got := f.csvPut("/api/watchlists/pa?url="+url.QueryEscape(target), "")
		require.Equal(t, 502, code, "%s: %v", target, got)
		require.Contains(t, got["detail"], "refused", target)
		require.Contains(t, got["detail"], "ALLOW_PRIVATE_DOWNLOADS", target)
		require.NotContains(t, got["detail"], secret)
	}
	// (A redirect to a local address is refused at its hop too: internal/fetch's tests, where
	// the first hop may be the test's own server.)
	code, _, _ := f.do("GET", "/api/watchlists/pa", nil)
	require.Equal(t, 404, code, "nothing was stored")

	allowed := setupWith(t, api.Options{AllowPrivateDownloads: true})
	code, got := allowed.csvPut("/api/watchlists/pa?url="+url.QueryEscape(local.URL+"/list.csv"), "")
	require.Equal(t, 200, code, got)
	require.Equal(t, 1.0, got["count"], "with the setting, a local list imports")
}

// A link that is no http(s) URL is dropped at import and counted as repaired, through the API
// as through the command line (CONTRACT.md 11.1, 11.4); an entry added with one keeps none.
func TestWatchlistLinksThroughTheAPI(t *testing.T) {
	t.Parallel()
	f := setup(t, "")
	code, got := f.csvPut("/api/watchlists/pa", "ICAO,Link\n406F2B,javascript:alert(document.domain)\n43C6F1,https://example.org/zz336\n")
	require.Equal(t, 200, code, got)
	require.Equal(t, 1.0, got["repaired"])
	code, page, _ := f.do("GET", "/api/watchlists/pa", nil)
	require.Equal(t, 200, code)
	links := map[string]any{}
	for _, e := range page["entries"].([]any) {
		m := e.(map[string]any)
		links[m["icao_hex"].(string)] = m["link"]
	}
	require.Equal(t, map[string]any{"406F2B": nil, "43C6F1": "https://example.org/zz336"}, links)
	code, body, _ := f.do("POST", "/api/watchlists/pa/entries", `{"icao_hex":"3C4B26","link":"javascript:alert(1)"}`)
	require.Equal(t, 201, code, body)
	code, page, _ = f.do("GET", "/api/watchlists/pa?q=3C4B26", nil)
	require.Equal(t, 200, code)
	require.NotContains(t, page["entries"].([]any)[0].(map[string]any), "link")
}
