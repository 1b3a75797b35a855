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
	port := testenv.FreePort(t)
	apiProc := testenv.Start(t, testenv.Binary(t, "tracker-config-api"), append(storeEnv, "CONFIG_API_ADDR=127.0.0.1:"+port, "PATH="+os.Getenv("PATH")))
	base := "http://127.0.0.1:" + port
	require.Eventually(t, func() bool {
		resp, err := http.Get(base + "/healthz")
		if err != nil {
			return false
		}
		resp.Body.Close()
		return resp.StatusCode == 200
	}, 10*time.Second, 100*time.Millisecond, apiProc.Output())

	ev := exec.Command(testenv.Binary(t, "tracker-rules"), "replay", "--from-store", "--reload", "200ms")
	ev.Env = append(os.Environ(), storeEnv...)
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

	resp, err := http.Post(base+"/api/rules", "application/json", strings.NewReader(
		`{"identifier":"live","name":"Live","enabled":true,"conditions":[{"type":"squawk","operator":"equals","value":"7700"}]}`))
	require.NoError(t, err)
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	require.Equal(t, 201, resp.StatusCode, string(body))
	time.Sleep(800 * time.Millisecond) // a few reload polls
	_, err = io.WriteString(stdin, fmt.Sprintf(`{"received_at":%q,"icao_hex":"abcdef","squawk":"7700"}`+"\n", time.Now().UTC().Format(time.RFC3339)))
	require.NoError(t, err)
	select {
	case l := <-lines:
		require.Contains(t, l, `"identifier":"live"`)
	case <-time.After(10 * time.Second):
		t.Fatal("the rule saved through the API never fired")
	}
}
