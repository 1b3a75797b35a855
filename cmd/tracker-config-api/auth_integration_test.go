//go:build integration

package main_test

import (
	"encoding/json"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/internal/testenv"
)

// startAPI runs tracker-config-api on a port of its own with the test's store and extra
// variables, and returns it with its address once it answers /healthz.
func startAPI(t *testing.T, extra ...string) (*testenv.Process, string) {
	t.Helper()
	env := testenv.Get(t)
	rh, rp := testenv.Split(t, env.RedisAddr)
	vars := append([]string{"STORE_HOST=" + rh, "STORE_PORT=" + rp, "STORE_PASSWORD=" + env.RedisPassword,
		"CONFIG_API_ADDR=127.0.0.1:0", "PATH=" + os.Getenv("PATH")}, extra...)
	p := testenv.Start(t, testenv.Binary(t, "tracker-config-api"), vars)
	base := "http://127.0.0.1:" + p.WaitAddr(t, "listening", 15*time.Second)
	require.Eventually(t, func() bool {
		resp, err := http.Get(base + "/healthz")
		if err != nil {
			return false
		}
		resp.Body.Close()
		return resp.StatusCode == http.StatusOK
	}, 10*time.Second, 50*time.Millisecond, p.Output())
	return p, base
}

// loginLine is the one log line with the address to open, and that address.
func loginLine(t *testing.T, p *testenv.Process) (line string, url string) {
	t.Helper()
	var found []string
	for _, l := range strings.Split(p.Output(), "\n") {
		var v struct {
			Message string `json:"message"`
			URL     string `json:"url"`
		}
		if json.Unmarshal([]byte(l), &v) == nil && strings.HasPrefix(v.Message, "open the UI") {
			found = append(found, l)
			url = v.URL
		}
	}
	require.Len(t, found, 1, "one login line at each start:\n%s", p.Output())
	return found[0], url
}

func status(t *testing.T, method, url, token string) int {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), method, url, nil)
	require.NoError(t, err)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode
}

// The first start without CONFIG_API_TOKEN: a token of at least 128 random bits, kept in
// CONFIG_API_TOKEN_FILE (0600) and logged as the address to open, at each start; 401 without
// it, 200 with it; the same token after a restart; no line of the log holds it but that one.
func TestFirstStartMakesATokenAndKeepsIt(t *testing.T) {
	dir := t.TempDir()
	flights := filepath.Join(dir, "flights.db")
	p, base := startAPI(t, "FLIGHT_LOG="+flights) // the token file's default: beside the flight log
	line, url := loginLine(t, p)
	m := regexp.MustCompile(`^http://127\.0\.0\.1:\d+/\?token=([A-Za-z0-9_-]+)$`).FindStringSubmatch(url)
	require.NotNil(t, m, "the address to open: %s", url)
	token := m[1]
	require.GreaterOrEqual(t, len(token)*6, 128, "at least 128 bits")
	require.Equal(t, 1, strings.Count(p.Output(), token), "the token is on the login line only")
	require.Contains(t, line, `"new":true`)

	file := filepath.Join(dir, "api-token")
	fi, err := os.Stat(file)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o600), fi.Mode().Perm())
	kept, err := os.ReadFile(file)
	require.NoError(t, err)
	require.Equal(t, token, strings.TrimSpace(string(kept)))

	for _, path := range []string{"/", "/ui/config.json", "/api/rules", "/api/flights"} {
		require.Equal(t, http.StatusUnauthorized, status(t, "GET", base+path, ""), path)
	}
	require.Equal(t, http.StatusOK, status(t, "GET", base+"/api/rules", token))
	require.Equal(t, http.StatusOK, status(t, "GET", base+"/healthz", ""))
	require.Equal(t, http.StatusUnauthorized, status(t, "GET", base+"/api/rules", token[:len(token)-1]))

	// Restarted: the same token, said again.
	testenv.KillTree(p.Cmd.Process.Pid)
	p.Wait(10 * time.Second)
	again, base := startAPI(t, "FLIGHT_LOG="+flights)
	line, url = loginLine(t, again)
	require.True(t, strings.HasSuffix(url, "?token="+token), "the same token after a restart")
	require.Contains(t, line, `"new":false`)
	require.Equal(t, http.StatusOK, status(t, "GET", base+"/api/rules", token))

	// A token file others may read is made private again.
	require.NoError(t, os.Chmod(file, 0o644))
	testenv.KillTree(again.Cmd.Process.Pid)
	again.Wait(10 * time.Second)
	third, _ := startAPI(t, "FLIGHT_LOG="+flights)
	fi, err = os.Stat(file)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o600), fi.Mode().Perm())
	require.Contains(t, third.Output(), "made private")

	// Rotating: delete the file and restart; the old token no longer opens anything.
	require.NoError(t, os.Remove(file))
	testenv.KillTree(third.Cmd.Process.Pid)
	third.Wait(10 * time.Second)
	fourth, base := startAPI(t, "FLIGHT_LOG="+flights)
	_, url = loginLine(t, fourth)
	require.False(t, strings.HasSuffix(url, "?token="+token))
	require.Equal(t, http.StatusUnauthorized, status(t, "GET", base+"/api/rules", token))
}

// A token file that cannot be written stops the start (exit 2, naming it): never open by
// accident.
func TestUnwritableTokenFileStopsTheStart(t *testing.T) {
	env := testenv.Get(t)
	rh, rp := testenv.Split(t, env.RedisAddr)
	dir := t.TempDir()
	blocker := filepath.Join(dir, "not-a-folder")
	require.NoError(t, os.WriteFile(blocker, nil, 0o600))
	p := testenv.Start(t, testenv.Binary(t, "tracker-config-api"), []string{"STORE_HOST=" + rh, "STORE_PORT=" + rp,
		"STORE_PASSWORD=" + env.RedisPassword, "CONFIG_API_ADDR=127.0.0.1:0", "CONFIG_API_TOKEN_FILE=" + filepath.Join(blocker, "api-token"),
		"PATH=" + os.Getenv("PATH")})
	require.Equal(t, 2, p.Wait(10*time.Second), p.Output())
	require.Contains(t, p.Output(), "CONFIG_API_TOKEN_FILE")
	require.NotContains(t, p.Output(), `"listening"`)
}

// CONFIG_API_TOKEN=none: open on purpose, with a warning at each start, and no token file.
func TestOpenOnPurposeWarnsAtEachStart(t *testing.T) {
	dir := t.TempDir()
	for _, none := range []string{"none", " None "} { // in any case
		p, base := startAPI(t, "CONFIG_API_TOKEN="+none, "FLIGHT_LOG="+filepath.Join(dir, "flights.db"))
		require.Equal(t, http.StatusOK, status(t, "GET", base+"/api/rules", ""))
		require.Equal(t, http.StatusOK, status(t, "GET", base+"/", ""))
		require.Eventually(t, func() bool { return strings.Contains(p.Output(), "CONFIG_API_TOKEN=none") }, 5*time.Second, 20*time.Millisecond)
		require.Equal(t, 1, strings.Count(p.Output(), "anyone who can reach this address"), p.Output())
		require.Contains(t, p.Output(), `"level":"warn"`)
		require.NotContains(t, p.Output(), "?token=")
		testenv.KillTree(p.Cmd.Process.Pid)
		p.Wait(10 * time.Second)
	}
	_, err := os.Stat(filepath.Join(dir, "api-token"))
	require.ErrorIs(t, err, os.ErrNotExist)
}

// A token set by hand is held to what the token file is (at least 16 characters, no spaces
// inside): a weaker one stops the start (exit 2), naming CONFIG_API_TOKEN and why, never
// serving with it.
func TestWeakTokenSetByHandStopsTheStart(t *testing.T) {
	env := testenv.Get(t)
	rh, rp := testenv.Split(t, env.RedisAddr)
	for _, tc := range []struct{ token, why string }{
		{"abc", "shorter than 16 characters"},
		{"fifteen-chars-x", "shorter than 16 characters"},
		{"sixteen chars ok", "spaces inside"},
	} {
		t.Run(tc.token, func(t *testing.T) {
			p := testenv.Start(t, testenv.Binary(t, "tracker-config-api"), []string{"STORE_HOST=" + rh, "STORE_PORT=" + rp,
				"STORE_PASSWORD=" + env.RedisPassword, "CONFIG_API_ADDR=127.0.0.1:0", "CONFIG_API_TOKEN=" + tc.token, "PATH=" + os.Getenv("PATH")})
			require.Equal(t, 2, p.Wait(10*time.Second), p.Output())
			require.Contains(t, p.Output(), "CONFIG_API_TOKEN: the token")
			require.Contains(t, p.Output(), tc.why)
			require.NotContains(t, p.Output(), `"listening"`)
		})
	}
}

// The files that hold people's data or a secret are private to the program's user: the
// token, the backups of the rules, areas and watchlists (CONFIG_BACKUP_DIR).
func TestDataFilesArePrivate(t *testing.T) {
	dir := t.TempDir()
	backups := filepath.Join(dir, "backups")
	require.NoError(t, os.Mkdir(backups, 0o700))
	p, base := startAPI(t, "FLIGHT_LOG="+filepath.Join(dir, "flights.db"), "CONFIG_BACKUP_DIR="+backups)
	_, url := loginLine(t, p)
	token := url[strings.Index(url, "?token=")+len("?token="):]
	for path, body := range map[string]string{
		"/api/areas": `[{"identifier":"HOME","geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]]]}}]`,
		"/api/rules": `[{"identifier":"r","enabled":true,"conditions":[{"type":"squawk","operator":"equals","value":"7700"}]}]`,
	} {
		req, err := http.NewRequestWithContext(t.Context(), http.MethodPut, base+path, strings.NewReader(body))
		require.NoError(t, err)
		req.Header.Set("Authorization", "Bearer "+token)
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		resp.Body.Close()
		require.Equal(t, http.StatusOK, resp.StatusCode, path)
	}
	for _, f := range []string{filepath.Join(dir, "api-token"), filepath.Join(backups, "rules-backup.json"), filepath.Join(backups, "areas-backup.json")} {
		require.Eventually(t, func() bool { _, err := os.Stat(f); return err == nil }, 5*time.Second, 20*time.Millisecond, f)
		fi, err := os.Stat(f)
		require.NoError(t, err)
		require.Equal(t, os.FileMode(0o600), fi.Mode().Perm(), f)
	}
}

// tracker-config-api new-token replaces the kept token (rotation where the image has no
// shell), without printing it; the next start uses the new one. It needs no store variable:
// it reaches no store.
func TestNewTokenRotates(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "api-token")
	require.NoError(t, os.WriteFile(file, []byte("an-old-token-of-the-user-0123456789\n"), 0o600))
	p := testenv.Start(t, testenv.Binary(t, "tracker-config-api"), []string{"CONFIG_API_TOKEN_FILE=" + file, "PATH=" + os.Getenv("PATH")}, "new-token")
	require.Equal(t, 0, p.Wait(10*time.Second), p.Output())
	kept, err := os.ReadFile(file)
	require.NoError(t, err)
	token := strings.TrimSpace(string(kept))
	require.NotEqual(t, "an-old-token-of-the-user-0123456789", token)
	require.NotContains(t, p.Output(), token)
	require.Contains(t, p.Output(), "restart tracker-config-api")
	fi, err := os.Stat(file)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o600), fi.Mode().Perm())
}

// No start order, as the monitor: with the store down, or its password wrong, the API listens
// and serves at once (/healthz answers; what needs the store is a 500 "Redis error: …" within
// seconds), and once the store answers it serves from it, its start-up repair done first: the
// first answer that is not a 500 holds the rules restored from the backup, never an empty set.
// A store that goes away later is a 500 again, not a hang.
func TestServesWhileTheStoreIsDownOrRefusesIt(t *testing.T) {
	for _, tc := range []struct {
		name     string
		password func(right string) string
		down     bool
		says     string
	}{
		{"store down", func(right string) string { return right }, true, "connection refused"},
		{"wrong password", func(string) string { return "not-the-password" }, false, "WRONGPASS"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := testenv.Get(t).WithOwnRedis(t)
			rh, rp := testenv.Split(t, env.RedisAddr)
			backups := t.TempDir()
			require.NoError(t, os.WriteFile(filepath.Join(backups, "rules-backup.json"),
				[]byte(`[{"identifier":"from-the-backup","enabled":true,"conditions":[{"type":"squawk","operator":"equals","value":"7700"}]}]`), 0o600))
			if tc.down {
				env.Service(t, "stop-redis")
			}
			const token = "a-token-for-the-store-down-test"
			p := testenv.Start(t, testenv.Binary(t, "tracker-config-api"), []string{"STORE_HOST=" + rh, "STORE_PORT=" + rp,
				"STORE_PASSWORD=" + tc.password(env.RedisPassword), "CONFIG_API_ADDR=127.0.0.1:0", "CONFIG_API_TOKEN=" + token,
				"CONFIG_BACKUP_DIR=" + backups, "FLIGHT_LOG=none", "PATH=" + os.Getenv("PATH")})
			base := "http://127.0.0.1:" + p.WaitAddr(t, "listening", 15*time.Second)
			client := &http.Client{Timeout: 20 * time.Second}
			get := func(path string) (int, string) {
				req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, base+path, nil)
				require.NoError(t, err)
				req.Header.Set("Authorization", "Bearer "+token)
				resp, err := client.Do(req)
				require.NoError(t, err, "%s answers", path)
				defer resp.Body.Close()
				b, _ := io.ReadAll(resp.Body)
				return resp.StatusCode, string(b)
			}
			code, _ := get("/healthz")
			require.Equal(t, http.StatusOK, code)
			code, body := get("/api/rules")
			require.Equal(t, http.StatusInternalServerError, code, body)
			require.Contains(t, body, `"detail":"Redis error: `)
			require.Contains(t, body, tc.says)
			if !tc.down {
				return // the password stays wrong until the API is restarted with the right one
			}

			env.Service(t, "start-redis")
			require.Eventually(t, func() bool { code, body = get("/api/rules"); return code != http.StatusInternalServerError },
				10*time.Second, 20*time.Millisecond, "served from the store once it answers:\n%s", p.Output())
			require.Equal(t, http.StatusOK, code, body)
			require.Contains(t, body, "from-the-backup", "never an empty set before the backup is restored:\n%s", p.Output())

			env.Service(t, "stop-redis")
			code, body = get("/api/rules")
			require.Equal(t, http.StatusInternalServerError, code, body)
			require.Contains(t, body, `"detail":"Redis error: `)
		})
	}
}

// A store that accepts connections but never answers: the API listens before it waits for the
// store's client (the listening line comes first), serves /healthz, and answers what needs
// the store with a 500 "Redis error: …", never a hang.
func TestListensBeforeASilentStore(t *testing.T) {
	silent, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	t.Cleanup(func() { _ = silent.Close() })
	go func() {
		for {
			c, err := silent.Accept()
			if err != nil {
				return
			}
			go func() { _, _ = io.Copy(io.Discard, c) }() // read, never answer
		}
	}()
	host, port := testenv.Split(t, silent.Addr().String())
	const token = "a-token-for-the-silent-store-test"
	p := testenv.Start(t, testenv.Binary(t, "tracker-config-api"), []string{"STORE_HOST=" + host, "STORE_PORT=" + port,
		"STORE_PASSWORD=p", "CONFIG_API_ADDR=127.0.0.1:0", "CONFIG_API_TOKEN=" + token, "FLIGHT_LOG=none", "PATH=" + os.Getenv("PATH")})
	base := "http://127.0.0.1:" + p.WaitAddr(t, "listening", 15*time.Second)
	client := &http.Client{Timeout: 30 * time.Second}
	get := func(path string) (int, string) {
		req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, base+path, nil)
		require.NoError(t, err)
		req.Header.Set("Authorization", "Bearer "+token)
		resp, err := client.Do(req)
		require.NoError(t, err, "%s answers", path)
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	code, _ := get("/healthz")
	require.Equal(t, http.StatusOK, code)
	code, body := get("/api/rules")
	require.Equal(t, http.StatusInternalServerError, code, body)
	require.Contains(t, body, `"detail":"Redis error: `)
	out := p.Output()
	listening, unreachable := strings.Index(out, `"message":"listening"`), strings.Index(out, "store unreachable at start")
	require.NotEqual(t, -1, unreachable, out)
	require.Less(t, listening, unreachable, "listening before waiting for the store:\n%s", out)
}
