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

// tracker-rules' variables through the Reader (issue 42 item 2): a bad value is an error naming
// it; DIGEST_TIME is read only where digests are made.
func TestLoadRules(t *testing.T) {
	c, err := config.LoadRules(env(map[string]string{"NOTIFY_TIMEZONE": "Europe/London", "DIGEST_TIME": "07:30", "TAR1090_URL": "http://rx/tar1090/",
		"STORE_HOST": "redis", "NOTIFY_URLS": "ntfy://ntfy.sh/x", "LOG_LEVEL": "debug"}), true)
	require.NoError(t, err)
	require.Equal(t, "Europe/London", c.Zone.String())
	require.Equal(t, "07:30", c.DigestTime)
	require.Equal(t, "http://rx/tar1090/", c.Tar1090URL, "kept as given")
	require.Equal(t, "watch-state.json", c.WatchState)
	require.NotNil(t, c.Store)
	require.True(t, c.LogLevelSet)
	c, err = config.LoadRules(env(nil), false)
	require.NoError(t, err)
	require.Nil(t, c.Store, "no STORE_HOST: no store")
	require.False(t, c.LogLevelSet)
	for name, v := range map[string]string{"LOG_LEVEL": "verbose", "NOTIFY_TIMEZONE": "Mars/Olympus", "DIGEST_TIME": "25:00",
		"TAR1090_URL": "ftp://x", "STORE_PORT": "99999", "MQTT_PORT": "x"} {
		vars := map[string]string{name: v}
		if name == "STORE_PORT" {
			vars["STORE_HOST"] = "redis"
		}
		_, err := config.LoadRules(env(vars), true)
		require.ErrorContains(t, err, name, v)
	}
	_, err = config.LoadRules(env(map[string]string{"DIGEST_TIME": "25:00"}), false)
	require.NoError(t, err, "DIGEST_TIME is not read where no digest is made")
	_, err = config.LoadDB(env(map[string]string{"AIRCRAFT_DB_MICTRONICS_URL": "file:///etc/passwd"}))
	require.ErrorContains(t, err, "AIRCRAFT_DB_MICTRONICS_URL")
}
