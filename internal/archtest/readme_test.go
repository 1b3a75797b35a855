package archtest

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// readVariables are the environment variables the code reads through config.Reader, found in
// the source (config/, every stage's and sink's own config), so that a new one cannot go unseen.
func readVariables(t *testing.T) []string {
	t.Helper()
	call := regexp.MustCompile(`\br\.(Str|Duration|Bool|Port|PositiveInt|Seconds|URL|Secret|Required|RequiredSecret)\("([A-Z][A-Z0-9_]+)"`)
	listed := regexp.MustCompile(`\{"([A-Z][A-Z0-9_]+)", &`) // LoadDB's table of URLs
	seen := map[string]bool{}
	for _, dir := range []string{"../../config", "../../stages", "../../sinks"} {
		require.NoError(t, filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			b, err := os.ReadFile(path)
			require.NoError(t, err)
			for _, m := range call.FindAllStringSubmatch(string(b), -1) {
				seen[m[2]] = true
			}
			for _, m := range listed.FindAllStringSubmatch(string(b), -1) {
				seen[m[1]] = true
			}
			return nil
		}))
	}
	out := make([]string, 0, len(seen))
	for v := range seen {
		out = append(out, v)
	}
	require.Greater(t, len(out), 40, "the source was read")
	return out
}

// README's configuration tables name every variable the programs read (as the metrics table
// names every metric): a row with `NAME`, or `PREFIX_A` / `_B` for two of a kind.
func TestREADMEListsEveryVariable(t *testing.T) {
	b, err := os.ReadFile("../../README.md")
	require.NoError(t, err)
	var rows []string
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "| ") {
			rows = append(rows, l)
		}
	}
	documented := func(v string) bool {
		for _, row := range rows {
			if strings.Contains(row, "`"+v+"`") {
				return true
			}
			for i := strings.Index(v, "_"); i > 0; i = next(v, i) {
				if strings.Contains(row, "`"+v[i:]+"`") && strings.Contains(row, "`"+v[:i]) {
					return true
				}
			}
		}
		return false
	}
	for _, v := range readVariables(t) {
		require.True(t, documented(v), "README has no table row for %s", v)
	}
}

func next(s string, i int) int {
	j := strings.Index(s[i+1:], "_")
	if j < 0 {
		return -1
	}
	return i + 1 + j
}
