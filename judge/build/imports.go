// LeetCode's Go: the standard packages an answer uses are imported for it.

package build

import (
	"bytes"
	"go/ast"
	gobuild "go/build"
	"go/parser"
	"go/token"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
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
	env, err := FindGo()
	if err != nil {
		return nil
	}
	std := stdPackages(env.Root, names)
	var missing []string
	for _, name := range names {
		if p, ok := std[name]; ok {
			missing = append(missing, p)
		}
	}
	slices.Sort(missing)
	return missing
}

// stdPackages maps each of names that a standard package of the Go
// installation at root is imported by to that package's path, the shortest
// where several share a name (rand is math/rand, not crypto/rand), internal
// packages, commands and cmd/ aside. It reads only the folders that can hold
// such a package: a standard package is named as its folder is (math/rand/v2
// is rand too, but math/rand is shorter). That takes milliseconds,
// where go list std takes a fifth of a second, more than the rest of a
// judging whose program is already built. It is not goimports
// (golang.org/x/tools/imports): linking that creates ~/.cache/goimports in
// every program that links it, at start, and may write an index of the
// module cache there, and the judge leaves nothing behind.
func stdPackages(root string, names []string) map[string]string {
	ctxt := gobuild.Default
	ctxt.GOROOT = root
	src := filepath.Join(root, "src")
	commands, vendored := filepath.Join(src, "cmd"), filepath.Join(src, "vendor")
	std := map[string]string{}
	filepath.WalkDir(src, func(dir string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return nil
		}
		name := d.Name()
		if dir == commands || dir == vendored || name == "testdata" || name == "internal" ||
			strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
			return filepath.SkipDir
		}
		if dir == src || !slices.Contains(names, name) {
			return nil
		}
		p, err := ctxt.ImportDir(dir, 0)
		if err != nil || p.Name == "main" {
			return nil
		}
		rel, _ := filepath.Rel(src, dir)
		path := filepath.ToSlash(rel)
		if old, ok := std[p.Name]; !ok || len(path) < len(old) || len(path) == len(old) && path < old {
			std[p.Name] = path
		}
		return nil
	})
	return std
}

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
