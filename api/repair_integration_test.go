//go:build integration

package api_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/api"
	"github.com/tracker-adsb/tracker-core-health/internal/testenv"
	"github.com/tracker-adsb/tracker-core-health/rules"
	"github.com/tracker-adsb/tracker-core-health/watchlist"
)

// areasBackup is an areas backup as the API writes it: the stored FeatureCollection.
func areasBackup(ids ...string) string {
	features := make([]any, 0, len(ids))
	for _, id := range ids {
		features = append(features, map[string]any{"type": "Feature", "geometry": square,
			"properties": map[string]any{"identifier": id, "name": "Area " + id, "locked": false}})
	}
	b, _ := json.Marshal(map[string]any{"type": "FeatureCollection", "features": features})
	return string(b)
}

// rulesBackup is a rules backup as the API writes it: the stored array.
func rulesBackup(rs ...map[string]any) string {
	b, _ := json.Marshal(rs)
	return string(b)
}

const listsBackup = `{"bk":{"name":"From the backup","source":"","licence":"","imported_at":"2026-01-01T00:00:00Z","entries":[{"icao_hex":"4CA123"}]}}`

// writeBackups writes the backups (file name → content) into a new folder.
func writeBackups(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(content), 0o600))
	}
	return dir
}

// Started while the store is down, with backups: nothing of the rules, areas or watchlists is
// served or saved before the start-up repair has run (500 "Redis error: …", never an empty set
// nor a save that would rewrite a backup); once the store answers, the first answer that is not
// 500 already holds what the backups held, and a save then keeps it, in the store and in the
// backup.
func TestNothingIsServedOrSavedBeforeTheStartupRepair(t *testing.T) {
	env := testenv.Get(t).WithOwnRedis(t)
	r := env.Redis(t)
	areaRule := rule("near-bk", map[string]any{"type": "area", "operator": "equals", "value": "BK"})
	dir := writeBackups(t, map[string]string{"areas-backup.json": areasBackup("BK"), "rules-backup.json": rulesBackup(areaRule),
		"watchlists-backup.json": listsBackup})
	backups := func() map[string]string {
		out := map[string]string{}
		for _, n := range []string{"areas-backup.json", "rules-backup.json", "watchlists-backup.json"} {
			b, err := os.ReadFile(filepath.Join(dir, n))
			require.NoError(t, err)
			out[n] = string(b)
		}
		return out
	}
	before := backups()
	env.Service(t, "stop-redis")
	store := api.NewStore(r, dir, zerolog.Nop())
	api.SetStoreTimeout(store, time.Second)
	srv := httptest.NewServer(newServer(t, store, api.Options{}).Handler())
	t.Cleanup(srv.Close)
	client := &http.Client{Timeout: 20 * time.Second}
	do := func(method, path, body string) (int, string) {
		req, err := http.NewRequestWithContext(t.Context(), method, srv.URL+path, strings.NewReader(body))
		require.NoError(t, err)
		resp, err := client.Do(req)
		require.NoError(t, err)
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	newArea, _ := json.Marshal(area("NEW", square))
	sets := []struct {
		get, post, body string
		held            string // what the backup holds, in the answer
	}{
		{"/api/areas", "/api/areas", string(newArea), `"identifier":"BK"`},
		{"/api/rules", "/api/rules", `{"identifier":"new","enabled":true,"conditions":[{"type":"squawk","operator":"equals","value":"7700"}]}`, `"identifier":"near-bk"`},
		{"/api/watchlists", "/api/watchlists/bk/entries", `{"icao_hex":"4CA999"}`, `"id":"bk"`},
	}
	for _, s := range sets {
		t.Run("down "+s.get, func(t *testing.T) {
			code, body := do("GET", s.get, "")
			require.Equal(t, http.StatusInternalServerError, code, body)
			require.Contains(t, body, `"detail":"Redis error: the start-up repair (the backups) has not run yet: `)
			code, body = do("POST", s.post, s.body)
			require.Equal(t, http.StatusInternalServerError, code, body)
		})
	}
	require.Equal(t, before, backups(), "no save rewrote a backup")

	env.Service(t, "start-redis")
	for _, s := range sets {
		t.Run("back "+s.get, func(t *testing.T) {
			var code int
			var body string
			require.Eventually(t, func() bool { code, body = do("GET", s.get, ""); return code != http.StatusInternalServerError },
				10*time.Second, 20*time.Millisecond, "the store answers again")
			require.Equal(t, http.StatusOK, code, body)
			require.Contains(t, body, s.held, "the first answer after the store came back holds the backup's set")
			code, body = do("POST", s.post, s.body)
			require.Equal(t, http.StatusCreated, code, body)
		})
	}
	after := backups()
	require.Contains(t, after["areas-backup.json"], `"BK"`, "the backup still holds the restored area")
	require.Contains(t, after["areas-backup.json"], `"NEW"`)
	require.Contains(t, after["rules-backup.json"], `"near-bk"`)
	require.Contains(t, after["watchlists-backup.json"], `"4CA123"`)
	require.Contains(t, after["watchlists-backup.json"], `"4CA999"`)
	ver, err := r.Do(t.Context(), r.B().Get().Key(rules.AreasKey+":version").Build()).ToString()
	require.NoError(t, err)
	body, err := r.Do(t.Context(), r.B().Get().Key(rules.AreasKey).Build()).AsBytes()
	require.NoError(t, err)
	require.Equal(t, rules.Version(body), ver)
}

// With no request at all, the repair runs as soon as the store answers (RepairAtStart tries
// every api.RepairRetry), not after a growing back-off.
func TestRepairRunsAsSoonAsTheStoreAnswers(t *testing.T) {
	env := testenv.Get(t).WithOwnRedis(t)
	r := env.Redis(t)
	dir := writeBackups(t, map[string]string{"areas-backup.json": areasBackup("BK")})
	env.Service(t, "stop-redis")
	store := api.NewStore(r, dir, zerolog.Nop())
	api.SetStoreTimeout(store, time.Second)
	// Each wait between tries is seen here and ended by the test: its length is the proof (a
	// back-off would grow it), not how long a machine took.
	ctx, cancel := context.WithCancel(t.Context())
	waits := make(chan time.Duration)
	release := make(chan time.Time)
	api.SetRepairWait(store, func(d time.Duration) <-chan time.Time {
		select {
		case waits <- d:
		case <-ctx.Done():
		}
		return release
	})
	ended := make(chan struct{})
	go func() { store.RepairAtStart(ctx); close(ended) }()
	t.Cleanup(func() { cancel(); <-ended })
	wait := func() time.Duration {
		select {
		case d := <-waits:
			return d
		case <-time.After(30 * time.Second):
			t.Fatal("no try of the repair")
			return 0
		}
	}
	for range 3 { // a few failed tries: a back-off would have grown by now
		require.Equal(t, api.RepairRetry, wait(), "every try a RepairRetry after the one before")
		release <- time.Now()
	}
	require.Equal(t, api.RepairRetry, wait())
	env.Service(t, "start-redis")
	release <- time.Now() // the first try once the store answers restores
	select {
	case <-ended:
	case d := <-waits:
		t.Fatalf("a try after the store answered failed (and waits %s)", d)
	case <-time.After(30 * time.Second):
		t.Fatal("RepairAtStart ends once the repair has run")
	}
	n, err := r.Do(t.Context(), r.B().Exists().Key(rules.AreasKey).Build()).AsInt64()
	require.NoError(t, err)
	require.Equal(t, int64(1), n, "restored")
}

// A backup is restored only if a save would accept it (CONTRACT.md 8, "corrupt backup: log,
// ignore"): the whole set validated as an import is, in the stored form. One that is not is
// left out (the set stays absent, answered as empty, never as a corrupt 500) and its file left
// as it is; a valid one is restored as a save renders it, the rules checked against the areas
// and watchlists restored with them.
func TestOnlyABackupASaveWouldAcceptIsRestored(t *testing.T) {
	r := testenv.Get(t).WithOwnRedis(t).Redis(t)
	bad := map[string]any{"identifier": "bad", "enabled": true, "conditions": []map[string]any{{"type": "squawk", "operator": "nearly", "value": "7700"}}}
	onBK := rule("on-bk", map[string]any{"type": "area", "operator": "equals", "value": "BK"})
	for _, tc := range []struct {
		name     string
		files    map[string]string
		restored []string // the keys restored; the others stay absent
	}{
		{"areas as the API lists them, not as stored", map[string]string{"areas-backup.json": `[{"identifier":"BK","name":"","geometry":{"type":"Point","coordinates":[1,2]}}]`}, nil},
		{"an area identifier with a space", map[string]string{"areas-backup.json": areasBackup("B K")}, nil},
		{"areas not JSON", map[string]string{"areas-backup.json": "{corrupt"}, nil},
		{"areas JSON null", map[string]string{"areas-backup.json": "null"}, nil},
		{"rules as an object", map[string]string{"rules-backup.json": `{"identifier":"r"}`}, nil},
		{"rules JSON null", map[string]string{"rules-backup.json": "null"}, nil},
		{"a rule a save refuses", map[string]string{"rules-backup.json": rulesBackup(rule("ok"), bad)}, nil},
		{"a rule on an area that is nowhere", map[string]string{"rules-backup.json": rulesBackup(onBK)}, nil},
		{"the same identifier twice", map[string]string{"rules-backup.json": rulesBackup(rule("r"), rule("r"))}, nil},
		{"watchlists as an array", map[string]string{"watchlists-backup.json": `[{"icao_hex":"4CA123"}]`}, nil},
		{"a watchlist entry that is no address", map[string]string{"watchlists-backup.json": `{"bk":{"name":"x","entries":[{"icao_hex":"not hex"}]}}`}, nil},
		{"a watchlist id a save refuses", map[string]string{"watchlists-backup.json": `{"Big List":{"name":"x","entries":[]}}`}, nil},
		{"valid areas", map[string]string{"areas-backup.json": areasBackup("BK")}, []string{rules.AreasKey}},
		{"valid rules on the areas restored with them", map[string]string{"areas-backup.json": areasBackup("BK"), "rules-backup.json": rulesBackup(onBK)},
			[]string{rules.AreasKey, rules.RulesKey}},
		{"valid watchlists", map[string]string{"watchlists-backup.json": listsBackup}, []string{watchlist.Key}},
		{"a valid set beside a corrupt one", map[string]string{"watchlists-backup.json": listsBackup, "areas-backup.json": areasBackup("B K")},
			[]string{watchlist.Key}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := t.Context()
			require.NoError(t, r.Do(ctx, r.B().Flushdb().Build()).Error())
			dir := writeBackups(t, tc.files)
			store := api.NewStore(r, dir, zerolog.Nop())
			require.NoError(t, store.Startup(ctx), "a corrupt backup is no error")
			for _, key := range []string{rules.RulesKey, rules.AreasKey, watchlist.Key} {
				n, err := r.Do(ctx, r.B().Exists().Key(key, key+":version").Build()).AsInt64()
				require.NoError(t, err)
				if !slices.Contains(tc.restored, key) {
					require.Zero(t, n, "%s not restored", key)
					continue
				}
				require.Equal(t, int64(2), n, "%s restored with its version", key)
				body, err := r.Do(ctx, r.B().Get().Key(key).Build()).AsBytes()
				require.NoError(t, err)
				ver, err := r.Do(ctx, r.B().Get().Key(key+":version").Build()).ToString()
				require.NoError(t, err)
				require.Equal(t, rules.Version(body), ver)
			}
			for name, content := range tc.files {
				b, err := os.ReadFile(filepath.Join(dir, name))
				require.NoError(t, err)
				require.Equal(t, content, string(b), "a backup is never overwritten at start-up")
			}
			srv := httptest.NewServer(newServer(t, store, api.Options{}).Handler())
			defer srv.Close()
			for _, path := range []string{"/api/rules", "/api/areas", "/api/watchlists"} {
				code, _, body := raw(t, srv.URL+path, "GET", nil, nil)
				require.Equal(t, http.StatusOK, code, "%s: %s", path, body)
			}
		})
	}
}
