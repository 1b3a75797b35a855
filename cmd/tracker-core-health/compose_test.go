package main_test

import (
	"os"
	"testing"

	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"
)

// docker-compose.yml parses, and the monitor's service sets every variable the monitor
// requires (CONTRACT.md 1.2) and the heartbeat's tmpfs.
func TestComposeFileGivesTheMonitorWhatItNeeds(t *testing.T) {
	raw, err := os.ReadFile("../../docker-compose.yml")
	require.NoError(t, err)
	var doc struct {
		Services map[string]struct {
			Image       string            `yaml:"image"`
			Environment map[string]string `yaml:"environment"`
			Tmpfs       []string          `yaml:"tmpfs"`
			Restart     string            `yaml:"restart"`
		} `yaml:"services"`
	}
	require.NoError(t, yaml.Unmarshal(raw, &doc))
	mon, ok := doc.Services["tracker-core-health"]
	require.True(t, ok)
	for _, v := range []string{"BROKER_HOST", "BROKER_MONITORING_USERNAME", "BROKER_MONITORING_PASSWORD", "STORE_HOST", "STORE_PASSWORD"} {
		require.NotEmpty(t, mon.Environment[v], "the monitor's service sets %s", v)
	}
	require.Equal(t, "mosquitto", mon.Environment["MQTT_HOST"])
	require.Equal(t, "unless-stopped", mon.Restart)
	require.Len(t, mon.Tmpfs, 1)
	require.Contains(t, mon.Tmpfs[0], "/app/health")
	for _, svc := range []string{"rabbitmq", "redis", "mosquitto"} {
		require.Contains(t, doc.Services, svc)
	}
}
