package config_test

import (
	"maps"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/config"
	"github.com/tracker-adsb/tracker-core-health/model"
)

func env(m map[string]string) config.Getenv {
	return func(k string) (string, bool) { v, ok := m[k]; return v, ok }
}

// The monitor's general settings (each stage's own are tested with LoadSettings in
// cmd/internal/cli/monitor).
func TestMonitorDefaultsAndErrors(t *testing.T) {
	m, err := config.LoadMonitor(env(nil))
	require.NoError(t, err)
	require.False(t, m.MQTTEnabled())
	require.Equal(t, 1883, m.MQTTPort)
	require.Equal(t, zerolog.InfoLevel, m.LogLevel)
	require.Equal(t, "unknown", m.ComponentImage)
	require.Equal(t, "/app/health/heartbeat", m.HeartbeatPath)
	require.Empty(t, m.PprofAddr, "no profiling listener unless asked for")
	require.Equal(t, 20000, m.MQTTPublishRate)
	require.Equal(t, 500, m.MQTTDiscoveryRate)
	require.Equal(t, 40*time.Second, config.HeartbeatMaxAge(10*time.Second))
	require.Equal(t, 60*time.Second, config.HeartbeatMaxAge(20*time.Second), "3 broker intervals when above 40 s")
	for name, v := range map[string]string{"MQTT_PORT": "0", "LOG_LEVEL": "chatty", "METRICS_ADDR": "9464", "PPROF_ADDR": "localhost", "MQTT_PUBLISH_RATE": "-1"} {
		_, err := config.LoadMonitor(env(map[string]string{name: v}))
		var ce *config.Error
		require.ErrorAs(t, err, &ce, name)
		require.Equal(t, name, ce.Variable)
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
	a, err := config.LoadAPI(env(map[string]string{"STORE_HOST": "redis", "STORE_PASSWORD": "p w", "CONFIG_API_TOKEN": "a-token-of-the-user-0123"}))
	require.NoError(t, err)
	require.Equal(t, "redis:6379", a.StoreAddr())
	require.Equal(t, "p w", a.StorePassword)
	require.Equal(t, ":8080", a.Addr)
	require.Equal(t, "a-token-of-the-user-0123", a.Token)

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
	c, err = config.LoadRules(env(map[string]string{"LOW_NM": "2.5", "LOW_FT": "3000"}), false)
	require.NoError(t, err)
	require.Equal(t, 2.5, c.LowNM)
	require.Equal(t, 3000, c.LowFT)
	for _, bad := range []map[string]string{{"LOW_NM": "0"}, {"LOW_NM": "NaN"}, {"LOW_NM": "near"}, {"LOW_FT": "-5"}, {"LOW_FT": "2.5"}, {"LOW_FT": "200000"}} {
		_, err := config.LoadRules(env(bad), false)
		for name := range bad {
			require.ErrorContains(t, err, name)
		}
		api := map[string]string{"STORE_HOST": "redis", "STORE_PASSWORD": "secret"}
		maps.Copy(api, bad)
		_, err = config.LoadAPI(env(api))
		for name := range bad {
			require.ErrorContains(t, err, name, "the API reads it too")
		}
	}
	_, err = config.LoadRules(env(map[string]string{"DIGEST_TIME": "25:00"}), false)
	require.NoError(t, err, "DIGEST_TIME is not read where no digest is made")
	_, err = config.LoadDB(env(map[string]string{"AIRCRAFT_DB_MICTRONICS_URL": "file:///etc/passwd"}))
	require.ErrorContains(t, err, "AIRCRAFT_DB_MICTRONICS_URL")
}

func TestRegistrantDetailIsReadByEveryReaderOfTheDatabase(t *testing.T) {
	for _, v := range []string{"", "standard", "full", "none"} {
		want, _ := model.ParseRegistrantDetail(v)
		rules, err := config.LoadRules(env(map[string]string{"REGISTRANT_DETAIL": v}), false)
		require.NoError(t, err)
		require.Equal(t, want, rules.RegistrantDetail)
		db, err := config.LoadDB(env(map[string]string{"REGISTRANT_DETAIL": v}))
		require.NoError(t, err)
		require.Equal(t, want, db.RegistrantDetail)
	}
	_, err := config.LoadRules(env(map[string]string{"REGISTRANT_DETAIL": "everything"}), false)
	require.ErrorContains(t, err, "REGISTRANT_DETAIL")
	_, err = config.LoadDB(env(map[string]string{"REGISTRANT_DETAIL": "names"}))
	require.ErrorContains(t, err, `invalid value "names"`)
}

// CONFIG_API_TOKEN unset: the token kept in CONFIG_API_TOKEN_FILE, by default beside the flight
// log; none: open on purpose; HA_INGRESS read as a boolean (CONTRACT.md 8).
func TestAPITokenSettings(t *testing.T) {
	for _, tc := range []struct {
		name      string
		env       map[string]string
		token     string
		file      string
		open, ing bool
	}{
		{"unset", map[string]string{}, "", "api-token", false, false},
		{"beside the flight log", map[string]string{"FLIGHT_LOG": "/data/flights.db"}, "", "/data/api-token", false, false},
		{"no flight log", map[string]string{"FLIGHT_LOG": "none"}, "", "api-token", false, false},
		{"a file of its own", map[string]string{"CONFIG_API_TOKEN_FILE": "/run/secrets/token"}, "", "/run/secrets/token", false, false},
		{"given", map[string]string{"CONFIG_API_TOKEN": "s3cret-of-16-chars"}, "s3cret-of-16-chars", "api-token", false, false},
		{"given, trimmed", map[string]string{"CONFIG_API_TOKEN": " s3cret-of-16-chars\n"}, "s3cret-of-16-chars", "api-token", false, false},
		{"none", map[string]string{"CONFIG_API_TOKEN": "none"}, "", "api-token", true, false},
		{"None", map[string]string{"CONFIG_API_TOKEN": "None"}, "", "api-token", true, false},
		{"NONE, spaced", map[string]string{"CONFIG_API_TOKEN": " NONE "}, "", "api-token", true, false},
		{"ingress", map[string]string{"HA_INGRESS": "true"}, "", "api-token", false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			vars := map[string]string{"STORE_HOST": "redis", "STORE_PASSWORD": "p"}
			for k, v := range tc.env {
				vars[k] = v
			}
			a, err := config.LoadAPI(env(vars))
			require.NoError(t, err)
			require.Equal(t, tc.token, a.Token)
			require.Equal(t, tc.file, a.TokenFile)
			require.Equal(t, tc.open, a.Open)
			require.Equal(t, tc.ing, a.Ingress)
		})
	}
	_, err := config.LoadAPI(env(map[string]string{"STORE_HOST": "redis", "STORE_PASSWORD": "p", "HA_INGRESS": "maybe"}))
	require.ErrorContains(t, err, "HA_INGRESS")
}

// A token set by hand is held to what the token file is: at least 16 characters, no spaces
// inside; anything else stops the start, naming CONFIG_API_TOKEN and why.
func TestAPITokenSetByHandMustBeStrong(t *testing.T) {
	for _, tc := range []struct{ token, why string }{
		{"abc", "shorter than 16 characters"},
		{"fifteen-chars-x", "shorter than 16 characters"},
		{"nonetheless", "shorter than 16 characters"},
		{"a token with spaces inside", "spaces inside"},
	} {
		t.Run(tc.token, func(t *testing.T) {
			for _, load := range []func() error{
				func() error {
					_, err := config.LoadAPI(env(map[string]string{"STORE_HOST": "redis", "STORE_PASSWORD": "p", "CONFIG_API_TOKEN": tc.token}))
					return err
				},
				func() error {
					_, err := config.LoadAPIAuth(env(map[string]string{"CONFIG_API_TOKEN": tc.token}))
					return err
				},
			} {
				err := load()
				var ce *config.Error
				require.ErrorAs(t, err, &ce)
				require.Equal(t, "CONFIG_API_TOKEN", ce.Variable)
				require.Contains(t, ce.Problem, tc.why)
				require.NotContains(t, ce.Problem, tc.token, "a secret is never repeated")
			}
		})
	}
	a, err := config.LoadAPIAuth(env(map[string]string{"FLIGHT_LOG": "/data/flights.db"}))
	require.NoError(t, err, "no store variables needed")
	require.Equal(t, "/data/api-token", a.TokenFile)
}
