package config_test

import (
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/config"
)

func env(m map[string]string) config.Getenv {
	return func(k string) (string, bool) { v, ok := m[k]; return v, ok }
}

func base() map[string]string {
	return map[string]string{
		"BROKER_HOST": "rabbit", "BROKER_MONITORING_USERNAME": "mon", "BROKER_MONITORING_PASSWORD": "p w",
		"STORE_HOST": "redis", "STORE_PASSWORD": "s3cret",
	}
}

func TestDefaults(t *testing.T) {
	m, err := config.LoadMonitor(env(base()))
	require.NoError(t, err)
	require.Equal(t, "http://rabbit:15672", m.BrokerManagementURL())
	require.Equal(t, "redis:6379", m.StoreAddr())
	require.False(t, m.MQTTEnabled())
	require.Equal(t, 1883, m.MQTTPort)
	require.Equal(t, zerolog.InfoLevel, m.LogLevel)
	require.Equal(t, 10*time.Second, m.BrokerPollInterval)
	require.Equal(t, 60*time.Second, m.StorePollInterval)
	require.Equal(t, "https://ghcr.io", m.RegistryURL)
	require.Equal(t, 24*time.Hour, m.RegistryCheckInterval)
	require.Equal(t, 30*time.Second, m.RegistryCheckStartupDelay)
	require.Equal(t, "unknown", m.ComponentImage)
	require.Equal(t, "/app/health/heartbeat", m.HeartbeatPath)
	require.Equal(t, "p w", m.BrokerMonitoringPassword, "passwords are kept verbatim")
	require.Equal(t, 40*time.Second, config.HeartbeatMaxAge(m.BrokerPollInterval))
	require.Empty(t, m.PprofAddr, "no profiling listener unless asked for")
	require.Equal(t, 20000, m.MQTTPublishRate)
	require.Equal(t, 500, m.MQTTDiscoveryRate)
}

func TestOverrides(t *testing.T) {
	e := base()
	e["BROKER_POLL_INTERVAL"] = "20s"
	e["LOG_LEVEL"] = "DEBUG"
	e["MQTT_HOST"] = "mqtt"
	e["REGISTRY_VERSION_CHECK_STARTUP_DELAY_SECONDS"] = "0"
	m, err := config.LoadMonitor(env(e))
	require.NoError(t, err)
	require.Equal(t, zerolog.DebugLevel, m.LogLevel)
	require.True(t, m.MQTTEnabled())
	require.Equal(t, 60*time.Second, config.HeartbeatMaxAge(m.BrokerPollInterval), "3 broker intervals when above 40 s")
	require.Equal(t, time.Duration(0), m.RegistryCheckStartupDelay)
}

func TestErrorsNameTheVariable(t *testing.T) {
	cases := []struct{ unset, set, value string }{
		{unset: "BROKER_HOST"}, {unset: "BROKER_MONITORING_USERNAME"}, {unset: "BROKER_MONITORING_PASSWORD"},
		{unset: "STORE_HOST"}, {unset: "STORE_PASSWORD"},
		{set: "BROKER_POLL_INTERVAL", value: "0s"}, {set: "STORE_POLL_INTERVAL", value: "often"},
		{set: "BROKER_MANAGEMENT_PORT", value: "http"}, {set: "MQTT_PORT", value: "0"},
		{set: "LOG_LEVEL", value: "chatty"}, {set: "REGISTRY_URL", value: "ftp://x"},
		{set: "REGISTRY_VERSION_CHECK_INTERVAL_SECONDS", value: "0"},
		{set: "METRICS_ADDR", value: "9464"}, {set: "PPROF_ADDR", value: "localhost"},
	}
	for _, tc := range cases {
		name := tc.unset + tc.set
		t.Run(name, func(t *testing.T) {
			e := base()
			delete(e, tc.unset)
			if tc.set != "" {
				e[tc.set] = tc.value
			}
			_, err := config.LoadMonitor(env(e))
			var ce *config.Error
			require.ErrorAs(t, err, &ce)
			require.Equal(t, name, ce.Variable)
			require.NotContains(t, err.Error(), "s3cret")
		})
	}
}

// CONTRACT.md 1.2: the management API requires STORE_PASSWORD like the monitor; the rules
// command line reads the same variables from the same place.
func TestAPIAndStoreAndMQTTShareOneReader(t *testing.T) {
	for _, tc := range []struct {
		name    string
		env     map[string]string
		wantVar string
	}{
		{"no host", map[string]string{"STORE_PASSWORD": "x"}, "STORE_HOST"},
		{"no password", map[string]string{"STORE_HOST": "redis"}, "STORE_PASSWORD"},
		{"bad port", map[string]string{"STORE_HOST": "redis", "STORE_PASSWORD": "x", "STORE_PORT": "0"}, "STORE_PORT"},
		{"bad level", map[string]string{"STORE_HOST": "redis", "STORE_PASSWORD": "x", "LOG_LEVEL": "loud"}, "LOG_LEVEL"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := config.LoadAPI(env(tc.env))
			var ce *config.Error
			require.ErrorAs(t, err, &ce)
			require.Equal(t, tc.wantVar, ce.Variable)
		})
	}
	a, err := config.LoadAPI(env(map[string]string{"STORE_HOST": "redis", "STORE_PASSWORD": "p w", "CONFIG_API_TOKEN": "t"}))
	require.NoError(t, err)
	require.Equal(t, "redis:6379", a.StoreAddr())
	require.Equal(t, "p w", a.StorePassword)
	require.Equal(t, ":8080", a.Addr)
	require.Equal(t, "t", a.Token)

	s, err := config.LoadStore(env(map[string]string{"STORE_HOST": "redis"}), false)
	require.NoError(t, err, "the command line works with a store without a password")
	require.Equal(t, "redis:6379", s.StoreAddr())
	m, err := config.LoadMQTT(env(map[string]string{"MQTT_HOST": "mqtt", "MQTT_PORT": "1884"}))
	require.NoError(t, err)
	require.True(t, m.MQTTEnabled())
	require.Equal(t, 1884, m.MQTTPort)
	_, err = config.LoadMQTT(env(map[string]string{"MQTT_PORT": "x"}))
	require.ErrorContains(t, err, "MQTT_PORT")
}
