package archtest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// source calls fn with every non-test Go file of the module, parsed, and its folder under the
// module.
func source(t *testing.T, fn func(fset *token.FileSet, dir string, f *ast.File)) {
	t.Helper()
	fset := token.NewFileSet()
	files := 0
	require.NoError(t, filepath.WalkDir("../..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != "../.." && (strings.HasPrefix(name, ".") || name == "testdata" || name == "node_modules" || name == "bin") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		require.NoError(t, err)
		rel, _ := filepath.Rel("../..", filepath.Dir(path))
		files++
		fn(fset, filepath.ToSlash(rel), f)
		return nil
	}))
	require.Greater(t, files, 200, "the source was read")
}

// supervised are the folders whose every goroutine is a member of a pipeline.Group (or runs
// in pipeline's machinery: All, Beside, Flight, Merge, FanOut): the commands, the stages and
// the programs.
var supervised = []string{"cmd", "stages", "monitor", "watch", "api", "addon"}

func isSupervised(dir string) bool {
	for _, s := range supervised {
		if dir == s || strings.HasPrefix(dir, s+"/") {
			return true
		}
	}
	return false
}

// No go statement and no WaitGroup (its Go, or Add before a go) in the supervised folders:
// a goroutine there is a member of a run group, so that a panic is an error and a stop ends
// it (issue 52).
func TestGoroutinesStartOnlyInPipeline(t *testing.T) {
	seen := 0
	source(t, func(fset *token.FileSet, dir string, f *ast.File) {
		if !isSupervised(dir) {
			return
		}
		seen++
		for _, imp := range f.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); p == "golang.org/x/sync/errgroup" || strings.HasPrefix(p, "github.com/sourcegraph/conc") {
				t.Errorf("%s imports %s: goroutines start in pipeline", fset.Position(imp.Pos()), p)
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.GoStmt:
				t.Errorf("%s: a go statement (run it as a member of a pipeline.Group, or with pipeline.All, Beside or Flight)", fset.Position(n.Pos()))
			case *ast.SelectorExpr:
				if x, ok := n.X.(*ast.Ident); ok && x.Name == "sync" && n.Sel.Name == "WaitGroup" {
					t.Errorf("%s: a sync.WaitGroup (its goroutines belong in pipeline: All, Beside, a Group)", fset.Position(n.Pos()))
				}
			}
			return true
		})
	})
	require.Greater(t, seen, 60, "the supervised folders were read")
}

// The functions stay readable (issue 52's numbers): none over 80 lines anywhere outside the
// tests, and at most 10 over 60.
func TestFunctionsStayShort(t *testing.T) {
	var over60 []string
	source(t, func(fset *token.FileSet, dir string, f *ast.File) {
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			lines := fset.Position(fd.End()).Line - fset.Position(fd.Pos()).Line + 1
			where := fset.Position(fd.Pos()).String() + " " + fd.Name.Name
			if lines > 80 {
				t.Errorf("%s is %d lines (at most 80)", where, lines)
			}
			if lines > 60 {
				over60 = append(over60, where)
			}
		}
	})
	t.Logf("%d functions over 60 lines", len(over60))
	require.LessOrEqual(t, len(over60), 10, "functions over 60 lines: %s", strings.Join(over60, "; "))
}
