package addon

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/require"
)

// What the Supervisor's schema cannot check (its float bounds take no minus sign, so the
// schema says float?) the add-on does, naming the option and why; values in range, and the
// edges, pass through as the programs' variables.
func TestOptionsTheSchemaCannotCheck(t *testing.T) {
	base := func(extra Options) Options {
		o := Options{"store_host": "redis", "store_password": "p", "readsb_url": "http://rx/data/aircraft.json"}
		for k, v := range extra {
			o[k] = v
		}
		return o
	}
	for _, tc := range []struct {
		name    string
		options Options
		wantErr string
	}{
		{"south-west of Greenwich", Options{"home_lat": -33.9, "home_lon": -0.45}, ""},
		{"the edges", Options{"home_lat": -90.0, "home_lon": 180.0}, ""},
		{"latitude past a pole", Options{"home_lat": 95.0, "home_lon": 0.0}, "option home_lat: 95 is not a latitude (degrees from -90 to 90)"},
		{"latitude past the south pole", Options{"home_lat": -90.5, "home_lon": 0.0}, "option home_lat: -90.5 is not a latitude"},
		{"longitude past the antimeridian", Options{"home_lat": 51.0, "home_lon": -200.0}, "option home_lon: -200 is not a longitude (degrees from -180 to 180)"},
		{"a strong token", Options{"api_token": "a-token-of-the-user-0123"}, ""},
		{"a weak token", Options{"api_token": "abc"}, "option api_token: the token is shorter than 16 characters"},
		{"none is not a token", Options{"api_token": "none"}, `option api_token: "none" is not a token`},
		{"None neither", Options{"api_token": " None "}, `option api_token: "None" is not a token`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			progs, err := Programs(base(tc.options), Setting{Data: "/data", APIAddr: ":8080"})
			if tc.wantErr != "" {
				require.ErrorContains(t, err, tc.wantErr)
				return
			}
			require.NoError(t, err)
			require.Len(t, progs, 2, "the API and watch")
		})
	}
}

// Setting the api_token option rotates the token: the one made at an earlier start is
// deleted (an add-on user has no shell to delete it with), so it is no longer accepted, and
// clearing the option later makes a new one instead of bringing it back.
func TestTheTokenOptionForgetsTheMadeToken(t *testing.T) {
	for _, tc := range []struct {
		name    string
		options Options
		kept    bool
	}{
		{"no option: the made token stays", Options{}, true},
		{"the option set: the made token goes", Options{"api_token": "a-token-of-the-user-0123"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data := t.TempDir()
			file := filepath.Join(data, "api-token")
			require.NoError(t, os.WriteFile(file, []byte("made-at-an-earlier-start-0123456\n"), 0o600))
			require.NoError(t, forgetKeptToken(tc.options, data))
			_, err := os.Stat(file)
			require.Equal(t, tc.kept, err == nil, "%v", err)
			require.NoError(t, forgetKeptToken(tc.options, data), "and again, with no file")
		})
	}
}

// api_token "none" (which CONFIG_API_TOKEN takes to run open) stops the add-on, exit 2 naming
// the option, before anything runs: the token made earlier is kept, and no port is opened
// without a token.
func TestTheTokenOptionNoneStopsTheAddon(t *testing.T) {
	data := t.TempDir()
	file := filepath.Join(data, "api-token")
	require.NoError(t, os.WriteFile(file, []byte("made-at-an-earlier-start-0123456\n"), 0o600))
	options, err := json.Marshal(Options{"store_host": "redis", "store_password": "p", "api_token": "none"})
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(data, "options.json"), options, 0o600))
	err = Run(t.Context(), Setting{Data: data, APIAddr: "127.0.0.1:0", Log: zerolog.Nop()})
	require.ErrorContains(t, err, `option api_token: "none" is not a token`)
	var oe *OptionsError
	require.ErrorAs(t, err, &oe, "the command's exit code 2")
	_, err = os.Stat(file)
	require.NoError(t, err, "the token made earlier is kept")
}

// The API gets the home position and the report's thresholds as watch does (the reach and the
// map need them), the monitor the channels of its own problems; a receiver URL's password is
// never in the log of what was started.
func TestEachProgramGetsItsSettingsAndNoPasswordIsLogged(t *testing.T) {
	progs, err := Programs(Options{"store_host": "redis", "store_password": "pw", "home_lat": 51.47, "home_lon": -0.45,
		"low_nm": 1.5, "low_ft": 2000.0, "notify_urls": "ntfy://ntfy.sh/t", "broker_host": "rabbit",
		"readsb_url": "http://feed:FeedPW@192.168.1.20/data/aircraft.json"}, Setting{Data: "/data", APIAddr: ":8080"})
	require.NoError(t, err)
	env := map[string][]string{}
	for _, p := range progs {
		env[p.name] = p.env
	}
	for _, v := range []string{"HOME_LAT=51.47", "HOME_LON=-0.45", "LOW_NM=1.5", "LOW_FT=2000"} {
		require.Contains(t, env["tracker-config-api"], v)
		require.Contains(t, env["tracker-rules"], v)
	}
	require.Contains(t, env["tracker-core-health"], "NOTIFY_URLS=ntfy://ntfy.sh/t")
	shown := strings.Join(redactedArgs([]string{"watch", "--readsb", "http://feed:FeedPW@192.168.1.20/data/aircraft.json"}), " ")
	require.NotContains(t, shown, "FeedPW")
	require.Contains(t, shown, "http://feed:xxxxx@192.168.1.20/data/aircraft.json")
}
