package archtest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The commands' code stays readable and wired like the monitor (issue 42): no function in
// cmd/internal/cli over 80 lines, watch itself at most 60, and no bare go statement in
// tracker-rules' code (every goroutine is a member of a supervised pipeline.Group).
func TestCommandsStaySmallAndSupervised(t *testing.T) {
	fset := token.NewFileSet()
	funcs := 0
	require.NoError(t, filepath.WalkDir("../../cmd/internal/cli", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		require.NoError(t, err)
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			funcs++
			lines := fset.Position(fd.End()).Line - fset.Position(fd.Pos()).Line + 1
			limit := 80
			if fd.Name.Name == "watch" && fd.Recv == nil && strings.Contains(path, "rulescli") {
				limit = 60
			}
			require.LessOrEqual(t, lines, limit, "%s: %s is %d lines", path, fd.Name.Name, lines)
		}
		if strings.Contains(path, "rulescli") {
			ast.Inspect(f, func(n ast.Node) bool {
				if g, ok := n.(*ast.GoStmt); ok {
					t.Errorf("%s: a bare go statement (run it as a member of the pipeline.Group)", fset.Position(g.Pos()))
				}
				return true
			})
		}
		return nil
	}))
	require.Greater(t, funcs, 50, "the commands were read")
}
