package archtest

import (
	"go/ast"
	"go/token"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// variableName is the form of an environment variable's name.
var variableName = regexp.MustCompile(`^[A-Z][A-Z0-9_]+$`)

// readVariables are the environment variables the code reads through a config.Reader, found
// in the syntax (go/ast), so that a new one cannot go unseen: in each function, the readers
// are config's own (a method's *Reader receiver, or NewReader's result) and every
// config.NewReader's result elsewhere (a stage's or a sink's LoadConfig); a variable is the
// literal name a reader's method is called with (r.Str("NAME", …), r.listenAddr("PPROF_ADDR")).
func readVariables(t *testing.T) []string {
	t.Helper()
	seen := map[string]bool{}
	source(t, func(_ *token.FileSet, dir string, f *ast.File) {
		inConfig := dir == "config"
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			readers := readersOf(fd, inConfig)
			if len(readers) == 0 {
				continue
			}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok || len(call.Args) == 0 {
					return true
				}
				sel, ok := call.Fun.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				if x, ok := sel.X.(*ast.Ident); !ok || !readers[x.Name] {
					return true
				}
				if lit, ok := call.Args[0].(*ast.BasicLit); ok && lit.Kind == token.STRING {
					if name, err := strconv.Unquote(lit.Value); err == nil && variableName.MatchString(name) {
						seen[name] = true
					}
				}
				return true
			})
		}
	})
	out := make([]string, 0, len(seen))
	for v := range seen {
		out = append(out, v)
	}
	slices.Sort(out)
	for _, v := range []string{"METRICS_ADDR", "PPROF_ADDR", "LOG_LEVEL", "NOTIFY_TIMEZONE", "HOME_LAT", "AIRCRAFT_DB_MICTRONICS_URL", "BROKER_HOST", "RECEIVER_STATS_URL"} {
		require.Contains(t, out, v, "the walk sees through config's helpers and into every stage's configuration")
	}
	return out
}

// readersOf are the names bound to a config.Reader in a function: the receiver of config's
// *Reader methods, and whatever NewReader (config.NewReader outside config) is assigned to.
func readersOf(fd *ast.FuncDecl, inConfig bool) map[string]bool {
	readers := map[string]bool{}
	if inConfig && fd.Recv != nil && len(fd.Recv.List) == 1 && len(fd.Recv.List[0].Names) == 1 {
		if star, ok := fd.Recv.List[0].Type.(*ast.StarExpr); ok {
			if id, ok := star.X.(*ast.Ident); ok && id.Name == "Reader" {
				readers[fd.Recv.List[0].Names[0].Name] = true
			}
		}
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
			return true
		}
		call, ok := as.Rhs[0].(*ast.CallExpr)
		if !ok {
			return true
		}
		isNew := false
		switch fn := call.Fun.(type) {
		case *ast.Ident:
			isNew = inConfig && fn.Name == "NewReader"
		case *ast.SelectorExpr:
			x, ok := fn.X.(*ast.Ident)
			isNew = ok && x.Name == "config" && fn.Sel.Name == "NewReader"
		}
		if id, ok := as.Lhs[0].(*ast.Ident); ok && isNew {
			readers[id.Name] = true
		}
		return true
	})
	return readers
}

// The configuration page's tables (docs/configuration.md) name every variable the programs
// read (as docs/metrics.md names every metric): a row with `NAME`, or `PREFIX_A` / `_B` for
// two of a kind.
func TestDocsListEveryVariable(t *testing.T) {
	b, err := os.ReadFile("../../docs/configuration.md")
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
	vars := readVariables(t)
	require.Greater(t, len(vars), 40, "the source was read")
	for _, v := range vars {
		require.True(t, documented(v), "docs/configuration.md has no table row for %s", v)
	}
}

func next(s string, i int) int {
	j := strings.Index(s[i+1:], "_")
	if j < 0 {
		return -1
	}
	return i + 1 + j
}
