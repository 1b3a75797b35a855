//go:build integration

package api_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The OpenAPI document and the routes agree: every route the server registers is documented
// (read from the source, so a new route without its entry fails here), and every documented
// operation is served (answered by its handler, not by the router's plain 404 or 405).
func TestOpenAPIDocumentsEveryRoute(t *testing.T) {
	var doc struct {
		Paths map[string]map[string]json.RawMessage `json:"paths"`
	}
	raw, err := os.ReadFile("openapi.json")
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(raw, &doc))
	documented := map[string]bool{}
	for path, ops := range doc.Paths {
		for method := range ops {
			if method == "parameters" {
				continue // shared by the path's operations
			}
			documented[strings.ToUpper(method)+" "+path] = true
		}
	}

	files, err := filepath.Glob("*.go")
	require.NoError(t, err)
	routes := []string{}
	for _, file := range files {
		if strings.HasSuffix(file, "_test.go") {
			continue
		}
		src, err := os.ReadFile(file)
		require.NoError(t, err)
		for _, m := range regexp.MustCompile(`mux\.HandleFunc\("((?:GET|POST|PUT|DELETE) /(?:api/[^"]*|healthz))"`).FindAllStringSubmatch(string(src), -1) {
			routes = append(routes, m[1])
		}
	}
	// The two collections' routes (collection.go): list, create, get, replace, delete.
	for _, c := range []string{"/api/rules", "/api/areas"} {
		routes = append(routes, "GET "+c, "POST "+c, "GET "+c+"/{identifier}", "PUT "+c+"/{identifier}", "DELETE "+c+"/{identifier}")
	}
	require.Greater(t, len(routes), 15)
	for _, r := range routes {
		require.True(t, documented[r], "%s is in api/openapi.json", r)
	}

	f := setup(t, "")
	for op := range documented {
		method, path, _ := strings.Cut(op, " ")
		for _, p := range []string{"{identifier}", "{id}", "{rule}", "{hex}"} {
			path = strings.ReplaceAll(path, p, "nothing-here")
		}
		var body any
		if method == "POST" || method == "PUT" {
			body = "{}"
		}
		code, _, got := f.do(method, path, body)
		require.NotContains(t, string(got), "404 page not found", "%s is served", op)
		require.NotEqual(t, 405, code, "%s is served", op)
	}
}
