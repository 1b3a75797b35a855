package main_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"

	"github.com/tracker-adsb/tracker-core-health/config"
	"github.com/tracker-adsb/tracker-core-health/sinks/alerts"
)

type composeService struct {
	Image       string            `yaml:"image"`
	Command     []string          `yaml:"command"`
	Environment map[string]string `yaml:"environment"`
	Tmpfs       []string          `yaml:"tmpfs"`
	Restart     string            `yaml:"restart"`
	Profiles    []string          `yaml:"profiles"`
	Volumes     []string          `yaml:"volumes"`
	Ports       []string          `yaml:"ports"`
}

func readCompose(t *testing.T) (map[string]composeService, map[string]any) {
	t.Helper()
	raw, err := os.ReadFile("../../docker-compose.yml")
	require.NoError(t, err)
	var doc struct {
		Services map[string]composeService `yaml:"services"`
		Volumes  map[string]any            `yaml:"volumes"`
	}
	require.NoError(t, yaml.Unmarshal(raw, &doc))
	return doc.Services, doc.Volumes
}

// docker-compose.yml parses, and the monitor's service sets every variable the monitor
// requires (CONTRACT.md 1.2) and the heartbeat's tmpfs.
func TestComposeFileGivesTheMonitorWhatItNeeds(t *testing.T) {
	services, _ := readCompose(t)
	mon, ok := services["tracker-core-health"]
	require.True(t, ok)
	for _, v := range []string{"BROKER_HOST", "BROKER_MONITORING_USERNAME", "BROKER_MONITORING_PASSWORD", "STORE_HOST", "STORE_PASSWORD"} {
		require.NotEmpty(t, mon.Environment[v], "the monitor's service sets %s", v)
	}
	require.Equal(t, "${MQTT_HOST:-mosquitto}", mon.Environment["MQTT_HOST"], "the stack's broker unless .env names another")
	require.Equal(t, "unless-stopped", mon.Restart)
	require.Len(t, mon.Tmpfs, 1)
	require.Contains(t, mon.Tmpfs[0], "/app/health")
	for _, svc := range []string{"rabbitmq", "redis", "mosquitto"} {
		require.Contains(t, services, svc)
	}
}

// One compose file for the whole stack: the monitor by default; `--profile rules` adds watch
// and the API/UI, sharing the one volume on /data (the flight log, the token, the updated
// aircraft database); the database update a one-shot of its own profile. The API runs with
// its token (made at first start, in /data): never open.
func TestComposeFileRunsTheWholeStack(t *testing.T) {
	services, volumes := readCompose(t)
	require.Contains(t, volumes, "tracker-data")
	for name, want := range map[string][]string{
		"rabbitmq": nil, "redis": nil, "mosquitto": nil, "tracker-core-health": nil,
		"tracker-rules-watch": {"rules"}, "tracker-config-api": {"rules"}, "tracker-db-update": {"maintenance"},
	} {
		s, ok := services[name]
		require.True(t, ok, name)
		require.Equal(t, want, s.Profiles, name)
	}
	watch, api, update := services["tracker-rules-watch"], services["tracker-config-api"], services["tracker-db-update"]
	require.Equal(t, []string{"tracker-rules", "watch"}, watch.Command[:2])
	require.Contains(t, watch.Command, "--from-store")
	require.Equal(t, []string{"tracker-config-api"}, api.Command)
	require.Equal(t, []string{"tracker-rules", "db", "update"}, update.Command)
	require.Equal(t, "no", update.Restart, "a one-shot")
	for name, s := range map[string]composeService{"watch": watch, "api": api, "update": update} {
		require.Contains(t, s.Volumes, "tracker-data:/data", "%s shares /data", name)
		require.Equal(t, "/data", s.Environment["XDG_DATA_HOME"], "%s finds the updated aircraft database", name)
	}
	require.Contains(t, api.Ports, "8080:8080")
	require.Equal(t, "${CONFIG_API_TOKEN:-}", api.Environment["CONFIG_API_TOKEN"], "from .env; empty: the token made at first start, kept in /data")
	require.Contains(t, api.Environment, "STORE_PASSWORD")
	require.Contains(t, watch.Environment, "STORE_PASSWORD")
}

// openPorts is what the stack may publish on every interface: the UI and API, whose every
// request needs the token. Anything else (RabbitMQ's management, MQTT without a password)
// is on the machine's loopback only: a neighbour must not mute the alerts or fake matches.
var openPorts = map[string]string{"tracker-config-api": "8080"}

// checkPublished fails for a port published beyond loopback that openPorts does not allow;
// hostIP "" is every interface.
func checkPublished(t *testing.T, service, hostIP, published string) {
	t.Helper()
	if hostIP == "127.0.0.1" {
		return
	}
	require.Equal(t, openPorts[service], published, "%s publishes %s on every interface (%q): loopback only", service, published, hostIP)
}

// shortPort splits a short port ("[ip:]published:target[/proto]") into its host address and
// published port.
func shortPort(t *testing.T, p string) (hostIP, published string) {
	t.Helper()
	p, _, _ = strings.Cut(p, "/")
	parts := strings.Split(p, ":")
	switch len(parts) {
	case 2:
		return "", parts[0]
	case 3:
		return parts[0], parts[1]
	}
	t.Fatalf("a port without a published one (%q): Docker picks one on every interface", p)
	return "", ""
}

// Secure by default: nothing but the UI and API is published beyond the machine itself; MQTT,
// whose broker has no password, only on its loopback.
func TestComposePublishesOnlyTheAPIBeyondLoopback(t *testing.T) {
	services, _ := readCompose(t)
	require.Contains(t, services["mosquitto"].Ports, "127.0.0.1:1883:1883")
	for name, s := range services {
		for _, p := range s.Ports {
			ip, published := shortPort(t, p)
			checkPublished(t, name, ip, published)
		}
	}
}

// composeCommand is Docker Compose where it is installed (the plugin, else docker-compose).
func composeCommand(t *testing.T) []string {
	t.Helper()
	if exec.Command("docker", "compose", "version").Run() == nil {
		return []string{"docker", "compose"}
	} else if _, err := exec.LookPath("docker-compose"); err == nil {
		return []string{"docker-compose"}
	}
	t.Skip("no docker compose here: TestComposeFileRunsTheWholeStack checks the file's services, volumes and profiles")
	return nil
}

// renderCompose renders docker-compose.yml with every profile as Docker Compose does with dotEnv
// as the .env file (and nothing of this process's environment that compose would put in).
func renderCompose(t *testing.T, dotEnv string) []byte {
	t.Helper()
	compose := composeCommand(t)
	envFile := filepath.Join(t.TempDir(), ".env")
	require.NoError(t, os.WriteFile(envFile, []byte(dotEnv), 0o600))
	raw, err := os.ReadFile("../../docker-compose.yml")
	require.NoError(t, err)
	args := append(append([]string{}, compose[1:]...), "--env-file", envFile, "-f", "../../docker-compose.yml",
		"--profile", "rules", "--profile", "maintenance", "config")
	cmd := exec.Command(compose[0], args...)
	for _, kv := range os.Environ() {
		if name, _, _ := strings.Cut(kv, "="); !strings.Contains(string(raw), "${"+name) {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	return out
}

// requiredEnv is the .env every rendering needs (the stack's passwords) and the receiver.
const requiredEnv = "STORE_PASSWORD=p\nBROKER_MONITORING_USERNAME=u\nBROKER_MONITORING_PASSWORD=p\nREADSB_URL=http://receiver/data/aircraft.json\n"

// Where Docker Compose is installed, it renders the file (its schema, the variables put in):
// the services each profile starts, as the rendered file says.
func TestComposeRendersWithItsProfiles(t *testing.T) {
	out := renderCompose(t, requiredEnv)
	var doc struct { // the rendered form: ports and volumes written out long
		Services map[string]struct {
			Profiles    []string          `yaml:"profiles"`
			Command     []string          `yaml:"command"`
			Environment map[string]string `yaml:"environment"`
			Ports       []yaml.Node       `yaml:"ports"`
		} `yaml:"services"`
	}
	require.NoError(t, yaml.Unmarshal(out, &doc), "%s", out)
	starts := func(profile string) []string {
		var names []string
		for name, s := range doc.Services {
			if len(s.Profiles) == 0 || slices.Contains(s.Profiles, profile) {
				names = append(names, name)
			}
		}
		slices.Sort(names)
		return names
	}
	require.Equal(t, []string{"mosquitto", "rabbitmq", "redis", "tracker-core-health"}, starts(""))
	require.Equal(t, []string{"mosquitto", "rabbitmq", "redis", "tracker-config-api", "tracker-core-health", "tracker-rules-watch"}, starts("rules"))
	require.Contains(t, doc.Services["tracker-rules-watch"].Command, "http://receiver/data/aircraft.json")
	require.Equal(t, "p", doc.Services["tracker-config-api"].Environment["STORE_PASSWORD"])
	require.Equal(t, "mosquitto", doc.Services["tracker-rules-watch"].Environment["MQTT_HOST"])
	published := 0
	for name, s := range doc.Services {
		for _, n := range s.Ports { // short ("127.0.0.1:1883:1883/tcp") or long (host_ip, published)
			var ip, port string
			if n.Kind == yaml.ScalarNode {
				ip, port = shortPort(t, n.Value)
			} else {
				var long struct {
					HostIP    string `yaml:"host_ip"`
					Published any    `yaml:"published"`
				}
				require.NoError(t, n.Decode(&long))
				ip, port = long.HostIP, fmt.Sprint(long.Published)
			}
			checkPublished(t, name, ip, port)
			published++
		}
	}
	require.Equal(t, 3, published, "the UI and API, RabbitMQ's management, MQTT")
}

// renderedEnv is each rendered service's environment, as the image runs its program: the
// image's own variables (Dockerfile ENV) under the service's.
func renderedEnv(t *testing.T, out []byte) map[string]config.Getenv {
	t.Helper()
	var doc struct {
		Services map[string]struct {
			Environment map[string]*string `yaml:"environment"`
		} `yaml:"services"`
	}
	require.NoError(t, yaml.Unmarshal(out, &doc), "%s", out)
	got := map[string]config.Getenv{}
	for name, svc := range doc.Services {
		env := map[string]string{"FLIGHT_LOG": "/data/flights.db", "WATCH_STATE": "/data/watch-state.json", "HEARTBEAT_PATH": "/app/health/heartbeat"}
		for k, v := range svc.Environment {
			if v != nil {
				env[k] = *v
			}
		}
		got[name] = func(k string) (string, bool) { v, ok := env[k]; return v, ok }
	}
	return got
}

// The settings docs/deploy.md tells compose users to set reach the programs from .env, and one left
// out of .env (rendered empty) is each program's default: an empty CONFIG_API_TOKEN is the
// token made at the first start (never an error, never open), an empty NOTIFY_TIMEZONE the
// local zone, an empty DIGEST_TIME 08:00.
func TestComposePassesTheDocumentedSettingsFromDotEnv(t *testing.T) {
	for _, tc := range []struct {
		name   string
		dotEnv string
		check  func(t *testing.T, env map[string]config.Getenv)
	}{
		{"unset: the defaults", requiredEnv, func(t *testing.T, env map[string]config.Getenv) {
			api, err := config.LoadAPI(env["tracker-config-api"])
			require.NoError(t, err)
			require.False(t, api.Open, "never open")
			require.Empty(t, api.Token)
			require.Equal(t, "/data/api-token", api.TokenFile, "the token made at the first start, kept in /data")
			require.Empty(t, api.TrustedOrigins)
			require.Equal(t, time.Local, api.Zone)
			require.Empty(t, api.TileURL)
			require.Empty(t, api.Tar1090URL)
			require.Empty(t, api.PrivacyList)
			require.False(t, api.AllowPrivateDownloads)
			watch, err := config.LoadRules(env["tracker-rules-watch"], true)
			require.NoError(t, err)
			require.Equal(t, time.Local, watch.Zone)
			require.Empty(t, watch.DigestTime, "08:00")
			require.Equal(t, 90, watch.FlightLogDays)
			require.Empty(t, watch.Tar1090URL)
			require.Empty(t, watch.NotifyURLs)
			alertsCfg, err := alerts.LoadConfig(env["tracker-core-health"])
			require.NoError(t, err)
			require.Empty(t, alertsCfg.NotifyURLs)
			_, err = config.LoadMonitor(env["tracker-core-health"])
			require.NoError(t, err)
			db, err := config.LoadDB(env["tracker-db-update"])
			require.NoError(t, err)
			require.False(t, db.AllowPrivateDownloads)
		}},
		{"set in .env", requiredEnv + "CONFIG_API_TOKEN=a-token-of-my-own-0123456789\nCONFIG_API_TRUSTED_ORIGINS=https://ui.example:8443\n" +
			"NOTIFY_TIMEZONE=Europe/London\nDIGEST_TIME=07:30\nNOTIFY_URLS=ntfy=ntfy://ntfy.sh/my-topic\nTAR1090_URL=http://receiver/tar1090\n" +
			"CONFIG_UI_TAR1090_URL=http://receiver/tar1090\nCONFIG_UI_TILE_URL=https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png\n" +
			"CONFIG_UI_TILE_ATTRIBUTION=OpenStreetMap\nFLIGHT_LOG_DAYS=30\nALLOW_PRIVATE_DOWNLOADS=true\n",
			func(t *testing.T, env map[string]config.Getenv) {
				api, err := config.LoadAPI(env["tracker-config-api"])
				require.NoError(t, err)
				require.Equal(t, "a-token-of-my-own-0123456789", api.Token)
				require.Equal(t, []string{"https://ui.example:8443"}, api.TrustedOrigins)
				require.Equal(t, "Europe/London", api.Zone.String())
				require.Equal(t, "http://receiver/tar1090", api.Tar1090URL)
				require.Equal(t, "OpenStreetMap", api.TileAttribution)
				require.True(t, api.AllowPrivateDownloads)
				watch, err := config.LoadRules(env["tracker-rules-watch"], true)
				require.NoError(t, err)
				require.Equal(t, "Europe/London", watch.Zone.String())
				require.Equal(t, "07:30", watch.DigestTime)
				require.Equal(t, 30, watch.FlightLogDays)
				require.Equal(t, "ntfy=ntfy://ntfy.sh/my-topic", watch.NotifyURLs)
				require.Equal(t, "http://receiver/tar1090", watch.Tar1090URL)
				alertsCfg, err := alerts.LoadConfig(env["tracker-core-health"])
				require.NoError(t, err)
				require.Equal(t, "ntfy=ntfy://ntfy.sh/my-topic", alertsCfg.NotifyURLs)
				db, err := config.LoadDB(env["tracker-db-update"])
				require.NoError(t, err)
				require.True(t, db.AllowPrivateDownloads)
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.check(t, renderedEnv(t, renderCompose(t, tc.dotEnv)))
		})
	}
}
