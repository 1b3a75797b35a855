// Package archtest holds the tests of the architecture's invariants that no one package can
// check on its own (ARCHITECTURE.md, "Invariants a change must keep").
package archtest

import (
	"go/build"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

const module = "github.com/tracker-adsb/tracker-core-health/"

// imports lists every package of the repository (by its path under the module) with the
// packages its non-test files import.
func imports(t *testing.T) map[string][]string {
	t.Helper()
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	out := map[string][]string{}
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		name := d.Name()
		if path != root && (strings.HasPrefix(name, ".") || name == "testdata" || name == "node_modules" || name == "bin") {
			return filepath.SkipDir
		}
		pkg, err := build.ImportDir(path, 0)
		if err != nil {
			return nil //nolint:nilerr // a folder without Go files
		}
		rel, _ := filepath.Rel(root, path)
		out[filepath.ToSlash(rel)] = pkg.Imports
		return nil
	})
	require.NoError(t, err)
	require.Contains(t, out, "delivery", "the walk found the packages")
	return out
}

// The architecture in the imports: the API and the stages never import a sink (a stage that
// needs an MQTT client has mqttclient); delivery and watchlist, the pure leaves, import only
// model and the standard library.
func TestImportsSayTheArchitecture(t *testing.T) {
	all := imports(t)
	for pkg, imps := range all {
		for _, imp := range imps {
			ours, isOurs := strings.CutPrefix(imp, module)
			if (pkg == "api" || strings.HasPrefix(pkg, "api/") || strings.HasPrefix(pkg, "stages/")) && isOurs && strings.HasPrefix(ours, "sinks/") {
				t.Errorf("%s imports %s: a stage or the API never imports a sink", pkg, ours)
			}
			if pkg == "delivery" || pkg == "watchlist" {
				if isOurs && ours != "model" || !isOurs && strings.Contains(strings.Split(imp, "/")[0], ".") {
					t.Errorf("%s imports %s: it imports only model and the standard library", pkg, imp)
				}
			}
		}
	}
	require.Contains(t, all["stages/keeper"], module+"mqttclient", "the walk reads the imports")
}
