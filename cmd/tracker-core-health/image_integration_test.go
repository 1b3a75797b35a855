//go:build integration

package main_test

import (
	"archive/tar"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/internal/testenv"
)

// The archives scripts/image.sh writes: one per platform, and the manifest list.
const (
	imageArchives = "../../bin/tracker-core-health-image-"
	imageIndex    = "../../bin/tracker-core-health-image.oci.tar"
	imageTag      = "docker.io/library/tracker-core-health:9.9.9-image"
)

// buildah runs buildah on the storage scripts/image.sh uses.
func buildah(args ...string) *exec.Cmd {
	root := os.Getenv("BUILDAH_ROOT")
	if root == "" {
		root = "/tmp/tracker-core-health-buildah"
	}
	return exec.Command("buildah", append([]string{"--root", root + "/storage", "--runroot", root + "/run", "--storage-driver", "vfs"}, args...)...)
}

var (
	imagesOnce sync.Once
	imagesOut  []byte
	imagesErr  error
)

// buildImages waits for `make image` (the three platforms), run once for the package's tests.
func buildImages(t *testing.T) {
	imagesOnce.Do(makeImages)
	require.NoError(t, imagesErr, "make image:\n%s", imagesOut)
}

func makeImages() {
	if dir := os.Getenv("TRACKER_TEST_IMAGE_BUILD"); dir != "" { // started by scripts/test.sh
		imagesOut, imagesErr = startedBuild(dir)
		return
	}
	build := exec.Command("bash", "../../scripts/image.sh")
	build.Env = append(os.Environ(), "VERSION=9.9.9-image", "GIT_COMMIT=abc1234", "PLATFORMS=linux/amd64,linux/arm64,linux/arm/v7")
	imagesOut, imagesErr = build.CombinedOutput()
}

// startedBuild waits for the image build scripts/test.sh started before the tests (with the
// same VERSION, GIT_COMMIT and PLATFORMS as makeImages): its output in dir/log, its exit code
// in dir/rc once it has ended.
func startedBuild(dir string) ([]byte, error) {
	deadline := time.Now().Add(15 * time.Minute)
	for time.Now().Before(deadline) {
		if rc, err := os.ReadFile(filepath.Join(dir, "rc")); err == nil {
			out, _ := os.ReadFile(filepath.Join(dir, "log"))
			if code := strings.TrimSpace(string(rc)); code != "0" {
				return out, fmt.Errorf("scripts/image.sh exited with %s", code)
			}
			return out, nil
		}
		time.Sleep(200 * time.Millisecond)
	}
	return nil, errors.New("the image build scripts/test.sh started has not ended within 15 minutes")
}

// TestMain starts the image build at once when the image tests are to run: it takes half a
// minute, most of it while the package's sequential tests wait on their backends.
func TestMain(m *testing.M) {
	flag.Parse()
	run := flag.Lookup("test.run").Value.String()
	if re, err := regexp.Compile(run); err == nil && (run == "" || re.MatchString("TestContainerImageIsBuiltAndRuns") || re.MatchString("TestImagesForThreePlatforms")) {
		go imagesOnce.Do(makeImages)
	}
	os.Exit(m.Run())
}

// tarEntries reads a tar archive into memory.
func tarEntries(t *testing.T, r io.Reader) map[string][]byte {
	entries := map[string][]byte{}
	tr := tar.NewReader(r)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return entries
		}
		require.NoError(t, err)
		b, err := io.ReadAll(tr)
		require.NoError(t, err)
		entries[strings.TrimPrefix(filepath.Clean("/"+h.Name), "/")] = b
	}
}

// readArchive returns a docker-archive's manifest, image config, the files of its layers
// (symbolic links with their targets, "-> target"), and the binaries' contents by name.
func readArchive(t *testing.T, path string) (manifest []map[string]any, cfg map[string]any, files map[string]string, binaries map[string][]byte) {
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	entries := tarEntries(t, f)
	require.NoError(t, json.Unmarshal(entries["manifest.json"], &manifest))
	require.Len(t, manifest, 1)
	require.NoError(t, json.Unmarshal(entries[manifest[0]["Config"].(string)], &cfg))
	files, binaries = map[string]string{}, map[string][]byte{}
	for _, l := range manifest[0]["Layers"].([]any) {
		tr := tar.NewReader(bytes.NewReader(entries[l.(string)]))
		for {
			h, err := tr.Next()
			if err == io.EOF {
				break
			}
			require.NoError(t, err)
			name := strings.TrimPrefix(filepath.Clean("/"+h.Name), "/")
			files[name] = ""
			if h.Typeflag == tar.TypeSymlink {
				files[name] = "-> " + h.Linkname
				continue
			}
			if strings.HasPrefix(name, "usr/local/bin/") {
				b, err := io.ReadAll(tr)
				require.NoError(t, err)
				binaries[strings.TrimPrefix(name, "usr/local/bin/")] = b
			}
		}
	}
	return manifest, cfg, files, binaries
}

// The image users build is the one built and run here: the project's Dockerfile, built by
// scripts/image.sh (buildah, no Docker daemon), then run against the real services.
func TestContainerImageIsBuiltAndRuns(t *testing.T) {
	t.Parallel() // the image build runs beside the other slow tests
	buildImages(t)
	manifest, cfg, files, _ := readArchive(t, imageArchives+"amd64.tar")
	require.Equal(t, []any{"docker.io/library/tracker-core-health:9.9.9-image"}, manifest[0]["RepoTags"], "docker load names it tracker-core-health:9.9.9-image")
	c := cfg["config"].(map[string]any)
	require.Equal(t, "65532:65532", c["User"])
	require.Equal(t, []any{"/usr/local/bin/tracker-core-health"}, c["Cmd"])
	require.Empty(t, c["Entrypoint"], "no entrypoint: the command picks the binary")
	env := strings.Join(toStrings(c["Env"]), "\n")
	require.Contains(t, env, "COMPONENT_IMAGE=tracker-core-health")
	require.Contains(t, env, "HEARTBEAT_PATH=/app/health/heartbeat")
	hc := c["Healthcheck"].(map[string]any)
	require.Equal(t, []any{"CMD", "/usr/local/bin/tracker-core-health", "healthcheck"}, hc["Test"], "the Docker format keeps HEALTHCHECK")
	labels := c["Labels"].(map[string]any)
	for k, v := range map[string]any{
		"org.opencontainers.image.title":       "tracker-core-health",
		"org.opencontainers.image.description": "Tracker core health monitor, rules command line and management API",
		"org.opencontainers.image.version":     "9.9.9-image",
		"org.opencontainers.image.revision":    "abc1234",
		"org.opencontainers.image.source":      "https://github.com/tracker-adsb/tracker-core-health",
		"org.opencontainers.image.licenses":    "Apache-2.0",
	} {
		require.Equal(t, v, labels[k], k)
	}
	for _, f := range []string{"usr/local/bin/tracker-core-health", "usr/local/share/tracker-core-health/aircraft.db.zst",
		"usr/share/doc/tracker-core-health/NOTICE", "etc/ssl/certs/ca-certificates.crt", "usr/share/zoneinfo/Europe/London", "etc/passwd"} {
		require.Contains(t, files, f, "the image holds %s", f)
	}
	// One binary, the three commands: the other two names link to it.
	require.Equal(t, "-> tracker-core-health", files["usr/local/bin/tracker-rules"])
	require.Equal(t, "-> tracker-core-health", files["usr/local/bin/tracker-config-api"])
	require.Equal(t, "-> tracker-core-health", files["usr/local/bin/tracker-addon"])
	for _, f := range []string{"bin/sh", "bin/bash", "usr/bin/sh", "bin/dash"} {
		require.NotContains(t, files, f, "no shell: %s", f)
	}

	// Run it: the monitor from the image publishes ONLINE and its general statistics.
	e := testenv.Get(t).WithOwnMosquitto(t) // in parallel: a Mosquitto of its own
	archive, err := filepath.Abs(imageArchives + "amd64.tar")
	require.NoError(t, err)
	name, err := buildah("from", "docker-archive:"+archive).Output() // as a user's docker load
	require.NoError(t, err)
	ctr := strings.TrimSpace(string(name))
	t.Cleanup(func() { _ = buildah("rm", ctr).Run() })
	mnt, err := buildah("mount", ctr).Output()
	require.NoError(t, err)
	rootfs := strings.TrimSpace(string(mnt))
	run := func(extra map[string]string, args ...string) []string {
		cmd := []string{"run", "--isolation", "chroot", "--network", "host"}
		for _, kv := range e.MonitorEnv(t, extra) {
			if !strings.HasPrefix(kv, "PATH=") && !strings.HasPrefix(kv, "HOME=") {
				cmd = append(cmd, "--env", kv)
			}
		}
		return append(append(cmd, ctr, "--"), args...)
	}
	heartbeat := map[string]string{"HEARTBEAT_PATH": "/tmp/heartbeat", "COMPONENT_IMAGE": ""}
	rec := e.Record(t, statusTopic, generalBase+"#")
	root := os.Getenv("BUILDAH_ROOT")
	if root == "" {
		root = "/tmp/tracker-core-health-buildah"
	}
	bin, err := exec.LookPath("buildah")
	require.NoError(t, err)
	mon := testenv.Start(t, bin, []string{"PATH=" + os.Getenv("PATH")},
		append([]string{"--root", root + "/storage", "--runroot", root + "/run", "--storage-driver", "vfs"}, run(heartbeat, "/usr/local/bin/tracker-core-health")...)...)
	rec.WaitPayload(statusTopic, "ONLINE", 30*time.Second)
	rec.WaitPayload(generalBase+"broker_connected", "True", 15*time.Second)
	rec.WaitFor(generalBase+"started_at", 5*time.Second, nil)
	// The log comes through buildah's own pipe, which may pass it on after the MQTT messages.
	require.Eventually(t, func() bool { return strings.Contains(mon.Output(), `"version":"9.9.9-image (abc1234)"`) },
		15*time.Second, 100*time.Millisecond, "the build arguments reach the binary: %s", mon.Output())

	// healthcheck inside the container: 0 while the heartbeat is fresh.
	require.Eventually(t, func() bool {
		return buildah(run(heartbeat, "/usr/local/bin/tracker-core-health", "healthcheck")...).Run() == nil
	},
		20*time.Second, 500*time.Millisecond)
	// The monitor stops; a minute later its heartbeat is stale (the file's time is set back a
	// minute instead of waiting one) and the health check fails.
	testenv.KillTree(mon.Cmd.Process.Pid) // buildah and the monitor it runs in the container
	mon.Wait(10 * time.Second)
	old := time.Now().Add(-time.Minute)
	require.NoError(t, os.Chtimes(filepath.Join(rootfs, "tmp/heartbeat"), old, old))
	hc1 := buildah(run(heartbeat, "/usr/local/bin/tracker-core-health", "healthcheck")...)
	out, err := hc1.CombinedOutput()
	var ee *exec.ExitError
	require.ErrorAs(t, err, &ee, "%s", out)
	require.Contains(t, string(out), "unhealthy")

	// The other two binaries start from the same image.
	out, err = buildah(run(nil, "/usr/local/bin/tracker-rules", "validate", "--from-store")...).CombinedOutput()
	require.NoError(t, err, "%s", out)
	require.Contains(t, string(out), "valid:")
	// The aircraft database, carried once beside the binaries, is the one they use.
	out, err = buildah(run(nil, "/usr/local/bin/tracker-rules", "db", "info")...).CombinedOutput()
	require.NoError(t, err, "%s", out)
	require.Contains(t, string(out), "database: shipped (/usr/local/share/tracker-core-health/aircraft.db.zst)")
	require.Contains(t, string(out), "aircraft: 446783")
	api := testenv.Start(t, bin, []string{"PATH=" + os.Getenv("PATH")},
		append([]string{"--root", root + "/storage", "--runroot", root + "/run", "--storage-driver", "vfs"},
			run(map[string]string{"CONFIG_API_ADDR": "127.0.0.1:0"}, "/usr/local/bin/tracker-config-api")...)...)
	port := api.WaitAddr(t, "listening", 60*time.Second) // the port it got
	require.Eventually(t, func() bool {
		resp, err := http.Get("http://127.0.0.1:" + port + "/healthz")
		if err != nil {
			return false
		}
		resp.Body.Close()
		return resp.StatusCode == 200
	}, 20*time.Second, 200*time.Millisecond, api.Output())
	// Secure from the first start: the token made in the image's /data, the address logged.
	resp, err := http.Get("http://127.0.0.1:" + port + "/api/rules")
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusUnauthorized, resp.StatusCode)
	require.Contains(t, api.Output(), `"token_file":"/data/api-token"`)
	testenv.KillTree(api.Cmd.Process.Pid)
	api.Wait(10 * time.Second)
	fi, err := os.Stat(filepath.Join(rootfs, "data/api-token"))
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o600), fi.Mode().Perm())
	require.Equal(t, uint32(65532), fi.Sys().(*syscall.Stat_t).Uid, "the image's user owns /data and what it keeps there")

	addonImageRuns(t, e, archive, bin, root)
}

// addonImageRuns builds the Home Assistant add-on's image (its Dockerfile, from the image
// just built) and starts it as the Supervisor does: /data a folder of root's holding an
// options.json, the add-on's command. It runs the API and watch with those options; a
// request from another address than the Supervisor's is refused without the token.
func addonImageRuns(t *testing.T, e *testenv.Env, archive, bin, root string) {
	out, err := buildah("pull", "-q", "docker-archive:"+archive).CombinedOutput()
	require.NoError(t, err, "%s", out)
	base := strings.TrimSpace(string(out))
	out, err = buildah("bud", "--isolation", "chroot", "--format", "docker", "-q", "--layers=false",
		"--build-arg", "BUILD_FROM="+base, "--build-arg", "BUILD_VERSION=9.9.9-image",
		"-t", "localhost/tracker-addon-test:9.9.9-image", "../../deploy/home-assistant/addon/tracker").CombinedOutput()
	require.NoError(t, err, "%s", out)
	t.Cleanup(func() { _ = buildah("rmi", "-f", "localhost/tracker-addon-test:9.9.9-image").Run() })
	cfg, err := buildah("inspect", "--type", "image", "localhost/tracker-addon-test:9.9.9-image").Output()
	require.NoError(t, err)
	var img struct {
		Docker struct {
			Config struct {
				Cmd  []string
				User string
			} `json:"config"`
		}
	}
	require.NoError(t, json.Unmarshal(cfg, &img))
	require.Equal(t, []string{"/usr/local/bin/tracker-addon"}, img.Docker.Config.Cmd)
	require.Equal(t, "0:0", img.Docker.Config.User)

	data := t.TempDir()
	feed, err := os.ReadFile("../../examples/readsb-london.json")
	require.NoError(t, err)
	receiver := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write(feed) }))
	t.Cleanup(receiver.Close)
	rh, rp := testenv.Split(t, e.RedisAddr)
	mh, mp := testenv.Split(t, e.MQTTAddr)
	opts := fmt.Sprintf(`{"log_level":"info","store_host":%q,"store_port":%s,"store_password":%q,"mqtt_host":%q,"mqtt_port":%s,`+
		`"registrant_detail":"standard","flight_log_days":90,"broker_management_port":15672,"readsb_url":%q}`,
		rh, rp, e.RedisPassword, mh, mp, receiver.URL+"/data/aircraft.json")
	require.NoError(t, os.WriteFile(filepath.Join(data, "options.json"), []byte(opts), 0o600))
	rec := e.Record(t, "Tracker/rules-watch/status")
	ctr, err := buildah("from", "localhost/tracker-addon-test:9.9.9-image").Output()
	require.NoError(t, err)
	name := strings.TrimSpace(string(ctr))
	t.Cleanup(func() { _ = buildah("rm", name).Run() })
	addon := testenv.Start(t, bin, []string{"PATH=" + os.Getenv("PATH")},
		"--root", root+"/storage", "--runroot", root+"/run", "--storage-driver", "vfs",
		"run", "--isolation", "chroot", "--network", "host", "--volume", data+":/data", "--env", "CONFIG_API_ADDR=127.0.0.1:0",
		name, "--", "/usr/local/bin/tracker-addon")
	port := addon.WaitAddr(t, "listening", 60*time.Second)
	rec.WaitPayload("Tracker/rules-watch/status", "ONLINE", 30*time.Second)
	resp, err := http.Get("http://127.0.0.1:" + port + "/api/rules")
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusUnauthorized, resp.StatusCode, "not the Supervisor's address: the token is needed")
	require.Contains(t, addon.Output(), "HA_INGRESS")
	fi, err := os.Stat(filepath.Join(data, "api-token"))
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o600), fi.Mode().Perm())
	require.Equal(t, uint32(65532), fi.Sys().(*syscall.Stat_t).Uid)
}

func toStrings(v any) []string {
	var out []string
	for _, x := range v.([]any) {
		out = append(out, x.(string))
	}
	return out
}
