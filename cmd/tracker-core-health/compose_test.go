package main_test

import (
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"
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
	require.NotContains(t, api.Environment, "CONFIG_API_TOKEN", "the token is made at first start and kept in /data")
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

// Where Docker Compose is installed, it renders the file (its schema, the variables put in):
// the services each profile starts, as the rendered file says.
func TestComposeRendersWithItsProfiles(t *testing.T) {
	var compose []string
	if exec.Command("docker", "compose", "version").Run() == nil {
		compose = []string{"docker", "compose"}
	} else if _, err := exec.LookPath("docker-compose"); err == nil {
		compose = []string{"docker-compose"}
	} else {
		t.Skip("no docker compose here: TestComposeFileRunsTheWholeStack checks the file's services, volumes and profiles")
	}
	args := append(append([]string{}, compose[1:]...), "-f", "../../docker-compose.yml", "--profile", "rules", "--profile", "maintenance", "config")
	cmd := exec.Command(compose[0], args...)
	cmd.Env = append(os.Environ(), "STORE_PASSWORD=p", "BROKER_MONITORING_USERNAME=u", "BROKER_MONITORING_PASSWORD=p", "READSB_URL=http://receiver/data/aircraft.json")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
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
