package testenv

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// DockerRegistry runs Debian's docker-registry (the CNCF distribution server) on loopback
// with filesystem storage in a temp dir; it is stopped at cleanup. scripts/services.sh
// installs the package.
func DockerRegistry(t testing.TB) string {
	t.Helper()
	bin, err := exec.LookPath("docker-registry")
	require.NoError(t, err, "docker-registry is installed by scripts/services.sh up")
	dir := t.TempDir()
	p, port := StartOnPort(t, bin, []string{"PATH=" + os.Getenv("PATH")}, 15*time.Second, func(port string) []string {
		cfg := fmt.Sprintf(`version: 0.1
log:
  level: error
storage:
  filesystem:
    rootdirectory: %s
  delete:
    enabled: true
http:
  addr: 127.0.0.1:%s
`, filepath.Join(dir, "data"), port)
		conf := filepath.Join(dir, "config-"+port+".yml")
		require.NoError(t, os.WriteFile(conf, []byte(cfg), 0o644))
		return []string{"serve", conf}
	})
	base := "http://127.0.0.1:" + port
	require.Eventually(t, func() bool {
		resp, err := http.Get(base + "/v2/")
		if err != nil {
			return false
		}
		resp.Body.Close()
		return resp.StatusCode == 200
	}, 15*time.Second, 100*time.Millisecond, "docker-registry did not start: %s", p.Output())
	return base
}

func digest(b []byte) string {
	s := sha256.Sum256(b)
	return "sha256:" + hex.EncodeToString(s[:])
}

// uploadBlob pushes a blob with the monolithic upload of the registry HTTP API.
func uploadBlob(t testing.TB, base, repo string, blob []byte) string {
	t.Helper()
	resp, err := http.Post(base+"/v2/"+repo+"/blobs/uploads/", "application/octet-stream", nil)
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusAccepted, resp.StatusCode)
	loc, err := url.Parse(resp.Header.Get("Location"))
	require.NoError(t, err)
	u, _ := url.Parse(base)
	loc = u.ResolveReference(loc)
	q := loc.Query()
	d := digest(blob)
	q.Set("digest", d)
	loc.RawQuery = q.Encode()
	req, _ := http.NewRequest(http.MethodPut, loc.String(), bytes.NewReader(blob))
	req.Header.Set("Content-Type", "application/octet-stream")
	resp, err = http.DefaultClient.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusCreated, resp.StatusCode)
	return d
}

// PushTags pushes one small image manifest under each tag of repo (e.g. "ns/tracker-archive").
func PushTags(t testing.TB, base, repo string, tags ...string) {
	t.Helper()
	cfg := []byte(`{"architecture":"amd64","os":"linux","rootfs":{"type":"layers","diff_ids":[]}}`)
	layer := []byte("layer-" + repo)
	cd, ld := uploadBlob(t, base, repo, cfg), uploadBlob(t, base, repo, layer)
	manifest, _ := json.Marshal(map[string]any{
		"schemaVersion": 2, "mediaType": "application/vnd.docker.distribution.manifest.v2+json",
		"config": map[string]any{"mediaType": "application/vnd.docker.container.image.v1+json", "size": len(cfg), "digest": cd},
		"layers": []any{map[string]any{"mediaType": "application/vnd.docker.image.rootfs.diff.tar.gzip", "size": len(layer), "digest": ld}},
	})
	for _, tag := range tags {
		req, _ := http.NewRequest(http.MethodPut, base+"/v2/"+repo+"/manifests/"+tag, bytes.NewReader(manifest))
		req.Header.Set("Content-Type", "application/vnd.docker.distribution.manifest.v2+json")
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		resp.Body.Close()
		require.Equal(t, http.StatusCreated, resp.StatusCode, "push %s:%s", repo, tag)
	}
}
