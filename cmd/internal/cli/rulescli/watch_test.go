package rulescli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// watch refuses what it cannot run with before anything starts: exit code 2, saying why.
func TestWatchRejectsBadArguments(t *testing.T) {
	rulesFile := filepath.Join(t.TempDir(), "rules.json")
	require.NoError(t, os.WriteFile(rulesFile, []byte(`[]`), 0o600))
	for _, tc := range []struct {
		args []string
		says string
	}{
		{[]string{"watch", "--rules", rulesFile}, "watch needs --readsb"},
		{[]string{"watch", "--readsb", "x.json", "--rules", rulesFile, "--interval", "0"}, "--interval must be a positive duration"},
		{[]string{"watch", "--readsb", "x.json"}, "--rules FILE (with --areas FILE) or --from-store is required"},
	} {
		var stdout, stderr bytes.Buffer
		require.Equal(t, 2, run(t.Context(), tc.args, strings.NewReader(""), &stdout, &stderr), strings.Join(tc.args, " "))
		require.Contains(t, stderr.String(), tc.says)
	}
}
