package testenv

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// Prometheus is a real Prometheus server (Debian's package, installed by services.sh) on
// loopback, scraping the given target every second.
type Prometheus struct {
	URL string
	t   testing.TB
}

// StartPrometheus starts Prometheus with a scrape config for target (host:port); it is
// stopped at cleanup.
func StartPrometheus(t testing.TB, target string) *Prometheus {
	t.Helper()
	bin, err := exec.LookPath("prometheus")
	require.NoError(t, err, "prometheus is installed by scripts/services.sh")
	dir := t.TempDir()
	cfg := fmt.Sprintf("global:\n  scrape_interval: 1s\n  scrape_timeout: 900ms\nscrape_configs:\n  - job_name: tracker-core-health\n    static_configs:\n      - targets: [%q]\n", target)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "prometheus.yml"), []byte(cfg), 0o644))
	_, port := StartOnPort(t, bin, []string{"PATH=" + os.Getenv("PATH"), "HOME=" + dir}, 30*time.Second, func(port string) []string {
		return []string{"--config.file=" + filepath.Join(dir, "prometheus.yml"), "--storage.tsdb.path=" + filepath.Join(dir, "data", port),
			"--web.listen-address=127.0.0.1:" + port, "--log.level=warn"}
	})
	p := &Prometheus{URL: "http://127.0.0.1:" + port, t: t}
	require.Eventually(t, func() bool {
		resp, err := http.Get(p.URL + "/-/ready")
		if err != nil {
			return false
		}
		resp.Body.Close()
		return resp.StatusCode == 200
	}, 30*time.Second, 100*time.Millisecond, "prometheus ready")
	return p
}

// Query runs an instant query and returns the value of its one result (ok false when the
// result is empty).
func (p *Prometheus) Query(q string) (float64, bool) {
	p.t.Helper()
	resp, err := http.Get(p.URL + "/api/v1/query?query=" + url.QueryEscape(q))
	require.NoError(p.t, err)
	defer resp.Body.Close()
	var body struct {
		Status string `json:"status"`
		Data   struct {
			Result []struct {
				Value [2]any `json:"value"`
			} `json:"result"`
		} `json:"data"`
	}
	require.NoError(p.t, json.NewDecoder(resp.Body).Decode(&body))
	require.Equal(p.t, "success", body.Status, q)
	if len(body.Data.Result) != 1 {
		return 0, false
	}
	s, _ := body.Data.Result[0].Value[1].(string)
	v, err := strconv.ParseFloat(s, 64)
	require.NoError(p.t, err)
	return v, true
}
