package lang

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// callers lists, for each function the judge's code calls by one of
// names ("build.Prepare", or "Prepare" inside package build), the
// functions that call it, as "package.Function".
func callers(t *testing.T, names ...string) map[string][]string {
	t.Helper()
	found := map[string][]string{}
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") || strings.Contains(path, "/harness/") {
			return err
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				name := ""
				switch fun := call.Fun.(type) {
				case *ast.SelectorExpr:
					if pkg, ok := fun.X.(*ast.Ident); ok {
						name = pkg.Name + "." + fun.Sel.Name
					}
				case *ast.Ident:
					name = f.Name.Name + "." + fun.Name
				}
				caller := f.Name.Name + "." + fn.Name.Name
				for _, want := range names {
					if name == want && caller != want { // not a recursion
						found[want] = append(found[want], caller)
					}
				}
				return true
			})
		}
		return nil
	})
	require.NoError(t, err)
	return found
}

// A judged file's Go code is prepared once (build.Prepare), by
// NewSubmission, and judging makes one Submission of a file: every build,
// check and count of it shares that code.
func TestAFileIsPreparedOnce(t *testing.T) {
	found := callers(t, "build.Prepare", "lang.NewSubmission")
	assert.Equal(t, []string{"lang.NewSubmission"}, found["build.Prepare"], "build.Prepare's callers")
	var judging []string
	for _, caller := range found["lang.NewSubmission"] {
		if strings.HasPrefix(caller, "judging.") {
			judging = append(judging, caller)
		}
	}
	assert.Equal(t, []string{"judging.begin"}, judging, "the Submissions judging makes")
}
