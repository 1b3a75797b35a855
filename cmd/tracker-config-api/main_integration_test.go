//go:build integration

package main_test

import (
	"bufio"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/internal/testenv"
)

// A rule saved through the API is picked up live by a running evaluator: the version key
// drives the reload.
func TestRuleSavedThroughTheAPIIsPickedUpLive(t *testing.T) {
	env := testenv.Get(t)
	r := env.Redis(t)
	require.NoError(t, r.Do(t.Context(), r.B().Flushdb().Build()).Error())
	rh, rp := testenv.Split(t, env.RedisAddr)
	storeEnv := []string{"STORE_HOST=" + rh, "STORE_PORT=" + rp, "STORE_PASSWORD=" + env.RedisPassword}
	const token = "a-token-for-the-live-reload-test" // given: this test is about the reload
	apiProc := testenv.Start(t, testenv.Binary(t, "tracker-config-api"), append(storeEnv, "CONFIG_API_ADDR=127.0.0.1:0", "CONFIG_API_TOKEN="+token, "PATH="+os.Getenv("PATH")))
	base := "http://127.0.0.1:" + apiProc.WaitAddr(t, "listening", 15*time.Second) // the port it got
	require.Eventually(t, func() bool {
		resp, err := http.Get(base + "/healthz")
		if err != nil {
			return false
		}
		resp.Body.Close()
		return resp.StatusCode == 200
	}, 10*time.Second, 100*time.Millisecond, apiProc.Output())

	ev := exec.Command(testenv.Binary(t, "tracker-rules"), "replay", "--from-store", "--reload", "200ms")
	ev.Env = append(os.Environ(), append(storeEnv, "LOG_LEVEL=info")...) // its reloads are waited for by their log line
	var stderr testenv.Buffer
	ev.Stderr = &stderr
	stdin, err := ev.StdinPipe()
	require.NoError(t, err)
	stdout, err := ev.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, ev.Start())
	t.Cleanup(func() { _ = ev.Process.Kill(); _ = ev.Wait() })
	lines := make(chan string, 16)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()

	req, err := http.NewRequestWithContext(t.Context(), http.MethodPost, base+"/api/rules", strings.NewReader(
		`{"identifier":"live","name":"Live","enabled":true,"conditions":[{"type":"squawk","operator":"equals","value":"7700"}]}`))
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	require.Equal(t, 201, resp.StatusCode, string(body))
	require.Eventually(t, func() bool {
		for l := range strings.SplitSeq(stderr.String(), "\n") {
			if strings.Contains(l, "rule set loaded") && strings.Contains(l, `"rules":1,`) {
				return true
			}
		}
		return false
	}, 10*time.Second, 20*time.Millisecond, "the evaluator never loaded the saved rule")
	_, err = io.WriteString(stdin, fmt.Sprintf(`{"received_at":%q,"icao_hex":"abcdef","squawk":"7700"}`+"\n", time.Now().UTC().Format(time.RFC3339)))
	require.NoError(t, err)
	select {
	case l := <-lines:
		require.Contains(t, l, `"identifier":"live"`)
	case <-time.After(10 * time.Second):
		t.Fatal("the rule saved through the API never fired")
	}
}

// STORE_PASSWORD is required like the monitor's; a token given in CONFIG_API_TOKEN is never
// logged, nor warned about.
func TestStartupRequiresStorePasswordAndNeverLogsAGivenToken(t *testing.T) {
	env := testenv.Get(t)
	rh, rp := testenv.Split(t, env.RedisAddr)
	bin := testenv.Binary(t, "tracker-config-api")
	noPass := testenv.Start(t, bin, []string{"STORE_HOST=" + rh, "STORE_PORT=" + rp, "PATH=" + os.Getenv("PATH")})
	require.Equal(t, 2, noPass.Wait(5*time.Second))
	require.Contains(t, noPass.Output(), "STORE_PASSWORD")

	p := testenv.Start(t, bin, []string{"STORE_HOST=" + rh, "STORE_PORT=" + rp, "STORE_PASSWORD=" + env.RedisPassword,
		"CONFIG_API_ADDR=127.0.0.1:0", "CONFIG_API_TOKEN=s3cret-given-by-the-user", "PATH=" + os.Getenv("PATH")})
	p.WaitAddr(t, "listening", 10*time.Second)
	require.NotContains(t, p.Output(), "s3cret-given-by-the-user", "the token is never logged")
	require.NotContains(t, p.Output(), `"level":"warn"`)
	require.Contains(t, p.Output(), "CONFIG_API_TOKEN: open the UI once per browser")
}
