package monitor

import (
	"testing"
	"time"

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

// Each stage reads its own variables (broker, store, registry, alerts), as a registered stage
// does; the defaults of CONTRACT.md 1.2.
func TestSettingsDefaults(t *testing.T) {
	s, err := LoadSettings(env(base()))
	require.NoError(t, err)
	require.Equal(t, "http://rabbit:15672", s.Broker.ManagementURL())
	require.Equal(t, "p w", s.Broker.Password, "passwords are kept verbatim")
	require.Equal(t, 10*time.Second, s.Broker.PollInterval)
	require.Equal(t, "redis:6379", s.Store.StoreAddr())
	require.Equal(t, 60*time.Second, s.Store.PollInterval)
	require.Equal(t, "https://ghcr.io", s.Registry.URL)
	require.Equal(t, 24*time.Hour, s.Registry.CheckInterval)
	require.Equal(t, 30*time.Second, s.Registry.StartupDelay)
	require.Equal(t, 2*time.Minute, s.Alerts.After)
	require.Equal(t, 10000, s.Alerts.Backlog)
	require.Empty(t, s.Alerts.NotifyURLs)

	e := base()
	e["BROKER_POLL_INTERVAL"] = "20s"
	e["REGISTRY_VERSION_CHECK_STARTUP_DELAY_SECONDS"] = "0"
	e["ALERT_AFTER"] = "30s"
	s, err = LoadSettings(env(e))
	require.NoError(t, err)
	require.Equal(t, 20*time.Second, s.Broker.PollInterval)
	require.Equal(t, time.Duration(0), s.Registry.StartupDelay)
	require.Equal(t, 30*time.Second, s.Alerts.After)
}

// A missing or bad value of any part is an error naming the variable, never quoting a secret.
func TestSettingsErrorsNameTheVariable(t *testing.T) {
	cases := []struct{ unset, set, value string }{
		{unset: "BROKER_HOST"}, {unset: "BROKER_MONITORING_USERNAME"}, {unset: "BROKER_MONITORING_PASSWORD"},
		{unset: "STORE_HOST"}, {unset: "STORE_PASSWORD"},
		{set: "BROKER_POLL_INTERVAL", value: "0s"}, {set: "STORE_POLL_INTERVAL", value: "often"},
		{set: "BROKER_MANAGEMENT_PORT", value: "http"}, {set: "MQTT_PORT", value: "0"},
		{set: "LOG_LEVEL", value: "chatty"}, {set: "REGISTRY_URL", value: "ftp://x"},
		{set: "REGISTRY_VERSION_CHECK_INTERVAL_SECONDS", value: "0"},
		{set: "METRICS_ADDR", value: "9464"}, {set: "PPROF_ADDR", value: "localhost"},
		{set: "ALERT_AFTER", value: "soon"}, {set: "QUEUE_BACKLOG_ALERT", value: "-1"},
	}
	for _, tc := range cases {
		name := tc.unset + tc.set
		t.Run(name, func(t *testing.T) {
			e := base()
			delete(e, tc.unset)
			if tc.set != "" {
				e[tc.set] = tc.value
			}
			_, err := LoadSettings(env(e))
			var ce *config.Error
			require.ErrorAs(t, err, &ce)
			require.Equal(t, name, ce.Variable)
			require.NotContains(t, err.Error(), "s3cret")
		})
	}
}
