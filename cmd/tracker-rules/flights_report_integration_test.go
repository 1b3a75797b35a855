//go:build integration

package main_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// tracker-rules flights takes the low-and-close report's filter (--max-nm, --max-alt,
// --hours, --sort), and refuses a bad one naming the flag (exit 2).
func TestFlightsCommandPrintsTheLowAndCloseReport(t *testing.T) {
	file := bigLog(t, 100) // flight i at 00:00:i UTC, i/10 nm away, no altitude
	out, errOut, code := runCmd(t, []string{"NOTIFY_TIMEZONE=UTC"}, "", "flights", "--log", file, "--from", "2026-11-01",
		"--max-nm", "2", "--hours", "23-01", "--sort", "closest", "--json")
	require.Equal(t, 0, code, errOut)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 21, "0 to 2 nm")
	var first, last struct {
		NM float64 `json:"closest_nm"`
	}
	require.NoError(t, json.Unmarshal([]byte(lines[0]), &first))
	require.NoError(t, json.Unmarshal([]byte(lines[20]), &last))
	require.Equal(t, 0.0, first.NM, "closest first")
	require.Equal(t, 2.0, last.NM)
	out, _, code = runCmd(t, []string{"NOTIFY_TIMEZONE=UTC"}, "", "flights", "--log", file, "--from", "2026-11-01", "--hours", "01-23", "--json")
	require.Equal(t, 0, code)
	require.Empty(t, strings.TrimSpace(out), "every flight began before 01:00")

	for flag, v := range map[string]string{"--hours": "07-07", "--sort": "nearest", "--max-nm": "-1", "--max-alt": "low"} {
		_, errOut, code := runCmd(t, nil, "", "flights", "--log", file, flag, v)
		require.Equal(t, 2, code, flag)
		require.Contains(t, errOut, flag+":", flag)
	}
}
