// LeetCode's Go: the standard packages an answer uses are imported for it.

package build

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"os/exec"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/nqueens-kit/nqueens/internal/msg"
)

// MissingImports lists the standard packages the student's Go file code
// (as Prepare made it) uses without importing them (strings.Join, bits.OnesCount, sort.Ints),
// which LeetCode's Go imports for an answer: nil when it uses none or does
// not parse (the compiler says why). A name no standard package has is
// left to the compiler ("undefined: x").
func MissingImports(code []byte) []string {
	if v, ok := missingImports.Load(string(code)); ok {
		return v.([]string)
	}
	missing := missingImportsOf(code)
	missingImports.Store(string(code), missing)
	return missing
}

// missingImports holds MissingImports's answers: the build and the
// report's note ask for the same file's.
var missingImports sync.Map

func missingImportsOf(code []byte) []string {
	names := unknownPackages(code)
	if len(names) == 0 {
		return nil
	}
	std, err := stdPackages()
	if err != nil {
		return nil
	}
	var missing []string
	for _, name := range names {
		if p, ok := std[name]; ok {
			missing = append(missing, p)
		}
	}
	slices.Sort(missing)
	return missing
}

// stdPackages maps each name a standard package is imported by to its path
// (go list std), the shortest path where several share a name (rand is
// math/rand, not crypto/rand), internal packages aside. It is not
// goimports (golang.org/x/tools/imports): linking that creates
// ~/.cache/goimports in every program that links it, at start, and may
// write an index of the module cache there, and the judge leaves nothing
// behind.
var stdPackages = sync.OnceValues(func() (map[string]string, error) {
	env, err := FindGo()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(env.Path, "list", "-e", "-f", "{{.ImportPath}} {{.Name}}", "std")
	cmd.Dir = env.Root
	out, err := cmd.Output()
	if err != nil {
		return nil, msg.Errorf("go list std: %w", err)
	}
	std := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		p, name, ok := strings.Cut(line, " ")
		if !ok || name == "main" || slices.Contains(strings.Split(p, "/"), "internal") || strings.HasPrefix(p, "vendor/") {
			continue
		}
		if old, ok := std[name]; !ok || len(p) < len(old) || len(p) == len(old) && p < old {
			std[name] = p
		}
	}
	return std, nil
})

// unknownPackages lists the names code uses as packages (x in x.Y) that
// it neither imports nor declares, each once.
func unknownPackages(code []byte) []string {
	f, err := parser.ParseFile(token.NewFileSet(), studentFile, code, 0)
	if err != nil {
		return nil
	}
	imported := map[string]bool{}
	for _, is := range f.Imports {
		p, _ := strconv.Unquote(is.Path.Value)
		name := path.Base(p)
		if is.Name != nil {
			name = is.Name.Name
		}
		imported[name] = true
	}
	unresolved := map[*ast.Ident]bool{}
	for _, id := range f.Unresolved {
		unresolved[id] = true
	}
	var names []string
	ast.Inspect(f, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if x, ok := sel.X.(*ast.Ident); ok && unresolved[x] && !imported[x.Name] && !slices.Contains(names, x.Name) {
				names = append(names, x.Name)
			}
		}
		return true
	})
	return names
}

// withImports is code (prepared) importing paths too, on its package
// clause's line, so that no line of the student's moves: "package main;
// import ("strings"; "sort")".
func withImports(code []byte, paths []string) []byte {
	if len(paths) == 0 {
		return code
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, studentFile, code, parser.PackageClauseOnly)
	if err != nil {
		return code
	}
	at := fset.Position(f.Name.End()).Offset
	quoted := make([]string, len(paths))
	for i, p := range paths {
		quoted[i] = strconv.Quote(p)
	}
	var b bytes.Buffer
	b.Write(code[:at])
	b.WriteString("; import (" + strings.Join(quoted, "; ") + ")")
	b.Write(code[at:])
	return b.Bytes()
}
