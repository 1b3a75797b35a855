//go:build integration

package main_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// --help, -h and help print the usage on stdout and exit 0, for the command and each of its
// subcommands (CONTRACT.md 10.2's issue 45 item 8: they used to say "--rules … is required").
func TestHelpEverywhere(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"--help"}, {"-h"}, {"help"},
		{"replay", "--help"}, {"validate", "-h"}, {"trace", "--help"}, {"watch", "--help"},
		{"db", "--help"}, {"db", "build", "--help"}, {"watchlist", "--help"}, {"watchlist", "import", "--help"},
		{"from-readsb", "--help"},
	} {
		out, errOut, code := runCmd(t, nil, "", args...)
		require.Equal(t, 0, code, "%v: %s", args, errOut)
		require.Contains(t, out, "usage:", args)
		require.NotContains(t, errOut, "required", args)
	}
	_, errOut, code := runCmd(t, nil, "", "replay", "--no-such-flag")
	require.Equal(t, 2, code)
	require.Contains(t, errOut, "no-such-flag")
}

// DIGEST_TIME is read only by what makes digests: a bad one never breaks validate, trace or a
// plain replay; replay --digest and watch exit 2 naming it.
func TestDigestTimeOnlyWhereItIsUsed(t *testing.T) {
	t.Parallel()
	bad := []string{"DIGEST_TIME=25:99"}
	rulesFile := writeFile(t, `[{"identifier":"r","enabled":true,"conditions":[{"type":"squawk","operator":"equals","value":"7700"}]}]`)
	traffic := `{"received_at":"2026-11-26T12:00:00Z","icao_hex":"AAAAAA","squawk":"7700"}` + "\n"
	_, errOut, code := runCmd(t, bad, "", "validate", "--rules", rulesFile)
	require.Equal(t, 0, code, errOut)
	out, errOut, code := runCmd(t, bad, traffic, "replay", "--rules", rulesFile)
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, `"identifier":"r"`)
	_, errOut, code = runCmd(t, bad, traffic, "trace", "--rule", "r", "--rules", rulesFile)
	require.Equal(t, 0, code, errOut)
	_, errOut, code = runCmd(t, bad, traffic, "replay", "--digest", "--rules", rulesFile)
	require.Equal(t, 2, code)
	require.Contains(t, errOut, "DIGEST_TIME")
	_, errOut, code = runCmd(t, bad, "", "watch", "--readsb", "/nonexistent/aircraft.json", "--rules", rulesFile)
	require.Equal(t, 2, code)
	require.Contains(t, errOut, "DIGEST_TIME")
}

// watchlist import without a data store names what needs it, never a flag that was not given.
func TestWatchlistImportWithoutAStoreSaysSo(t *testing.T) {
	t.Parallel()
	list := writeFile(t, "ICAO\nABC123\n")
	_, errOut, code := runCmd(t, []string{"STORE_HOST="}, "", "watchlist", "import", "--id", "mine", list)
	require.Equal(t, 1, code)
	require.Contains(t, errOut, "watchlist import needs the data store")
	require.Contains(t, errOut, "STORE_HOST")
	require.NotContains(t, errOut, "--from-store")
}

// A notify with several problems names every one with its place; the replay summary says
// matches, sent, held and suppressed.
func TestNotifyProblemsNamedWithTheirPlaces(t *testing.T) {
	t.Parallel()
	rulesFile := writeFile(t, `[{"identifier":"r","enabled":true,"conditions":[{"type":"squawk","operator":"equals","value":"7700"}],
		"notify":{"timezone":"Mars/Olympus","cooldown_minutes":-1,"max_per_hour":0,"quiet_hours":[{"from":"25:00"}]}}]`)
	out, _, code := runCmd(t, nil, "", "validate", "--rules", rulesFile)
	require.Equal(t, 1, code)
	line := strings.TrimSpace(out)
	for _, want := range []string{"rule 'r': notify ignored:", "timezone: ", "cooldown_minutes: ", "max_per_hour: ", "quiet_hours[0].from: ", "quiet_hours[0].to: field required"} {
		require.Contains(t, line, want)
	}
}

// Every variable tracker-rules reads goes through the config's reader: a bad value exits 2
// naming it, as the monitor does (LOG_LEVEL=verbose was silently ignored).
func TestBadVariablesExit2NamingThem(t *testing.T) {
	t.Parallel()
	rulesFile := writeFile(t, `[]`)
	for _, v := range []string{"LOG_LEVEL=verbose", "NOTIFY_TIMEZONE=Mars/Olympus", "TAR1090_URL=ftp://x", "MQTT_PORT=none"} {
		_, errOut, code := runCmd(t, []string{v}, "", "watch", "--readsb", "/nonexistent.json", "--rules", rulesFile)
		require.Equal(t, 2, code, v)
		require.Contains(t, errOut, strings.SplitN(v, "=", 2)[0], v)
	}
	_, errOut, code := runCmd(t, []string{"AIRCRAFT_DB_MICTRONICS_URL=file:///x"}, "", "db", "info")
	require.Equal(t, 2, code)
	require.Contains(t, errOut, "AIRCRAFT_DB_MICTRONICS_URL")
}
