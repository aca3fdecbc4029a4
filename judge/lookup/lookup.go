// Package lookup finds answers written into a submission's source instead
// of computed: the constants a solution function can reach (its own body,
// the functions and methods it calls, the methods of the types it uses,
// the package-level values it uses, and every init function) whose value
// is a known answer that no honest search writes down, however written:
// integers, whole floats, strings holding only numbers (converted at run
// time), board rows, and boards spelled as column digits.
//
// Values are compared, not text: go/types folds constant expressions, so
// 0xE16920 and 2279000 + 184 count as 2279184. Code the solution cannot
// reach, such as a student's own main or a test helper, is not looked at.
package lookup

import (
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"go/types"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// BoardsWritten is how many boards' worth of rows make a written-down list.
const BoardsWritten = 3

// A Finding is one answer found in the source.
type Finding struct {
	Line  int
	N     int    // the n it answers
	Value string // as the kit would print it: "14772512", or a board row
}

// Answers says which values count as a written-down answer.
type Answers struct {
	// Counts maps a count to the n it answers (52: counts from n = 11 on,
	// 2680 and up; smaller counts are small numbers honest code uses).
	Counts map[int64]int
	// Boards: string constants that spell the rows of at least
	// BoardsWritten whole boards of one width n ≥ 4 (n rows each, a queen
	// in every column among them) are a board list written down (51). An
	// honest solution builds its rows; a test may write a board or two.
	Boards bool
}

// Find returns the answer for the largest n (the first by line among
// equals) in code reachable from the top-level function fn of src, a Go
// file. A file that does not parse finds nothing: the compiler reports it.
func Find(src []byte, fn string, ans Answers) (Finding, bool) {
	var found []Finding
	rows := map[int]*rowSet{} // by width
	boards := map[int]map[string]int{}
	ok := reachable(src, fn, func(fset *token.FileSet, info *types.Info, x ast.Expr) bool {
		tv, ok := info.Types[x]
		if !ok || tv.Value == nil {
			return true
		}
		line := fset.Position(x.Pos()).Line
		switch tv.Value.Kind() {
		case constant.Int:
			if v, exact := constant.Int64Val(tv.Value); exact {
				if n, ok := ans.Counts[v]; ok {
					found = append(found, Finding{Line: line, N: n, Value: strconv.FormatInt(v, 10)})
				}
			}
		case constant.Float:
			// 1.4772512e7, float64(14772512): a whole number still.
			if whole := constant.ToInt(tv.Value); whole.Kind() == constant.Int {
				if v, exact := constant.Int64Val(whole); exact {
					if n, ok := ans.Counts[v]; ok {
						found = append(found, Finding{Line: line, N: n, Value: strconv.FormatInt(v, 10)})
					}
				}
			}
		case constant.String:
			s := constant.StringVal(tv.Value)
			if ans.Boards {
				boardRows(s, line, rows)
				columnBoards(s, line, boards)
			}
			found = append(found, numericString(s, line, ans)...)
		}
		return false // the outermost constant is the value written
	})
	if !ok {
		return Finding{}, false
	}
	return largest(append(found, writtenBoards(boards)...), rows)
}

// ReadsClock returns the first line, and the call, at which code reachable
// from the top-level function fn of src, a Go file, reads a clock or its
// own CPU time: clock matches the call's name as written (time.Now).
func ReadsClock(src []byte, fn string, clock *regexp.Regexp) (int, string, bool) {
	line, call := 0, ""
	reachable(src, fn, func(fset *token.FileSet, _ *types.Info, x ast.Expr) bool {
		if sel, ok := x.(*ast.SelectorExpr); ok {
			if pkg, ok := sel.X.(*ast.Ident); ok {
				name := pkg.Name + "." + sel.Sel.Name
				if at := fset.Position(sel.Pos()).Line; clock.MatchString(name) && (line == 0 || at < line) {
					line, call = at, name
				}
			}
		}
		return true
	})
	return line, call, line > 0
}

// reachable calls visit on every expression of the code reachable from
// the top-level function fn of src, a Go file: fn's body, the functions
// and methods it calls, the methods of the types it uses (they may be
// called through an interface, out of sight of the names), the
// package-level values it uses, and every init function (they run before
// the solution whether it calls them or not). visit returns whether to
// look inside the expression. reachable reports false when src does not
// parse or has no function fn.
func reachable(src []byte, fn string, visit func(*token.FileSet, *types.Info, ast.Expr) bool) bool {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "solution.go", src, parser.SkipObjectResolution)
	if err != nil {
		return false
	}
	info := &types.Info{
		Types: map[ast.Expr]types.TypeAndValue{},
		Defs:  map[*ast.Ident]types.Object{},
		Uses:  map[*ast.Ident]types.Object{},
	}
	// Imports are not resolved (the build does that); constants still fold,
	// and the errors about imported names are of no interest here.
	conf := types.Config{Importer: emptyImporter{}, Error: func(error) {}}
	conf.Check("submission", fset, []*ast.File{f}, info)

	decls, methods := declarations(f, info)
	var queue []ast.Node
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Name.Name == fn {
			queue = append(queue, fd)
		}
	}
	if queue == nil {
		return false
	}
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Name.Name == "init" {
			queue = append(queue, fd)
		}
	}
	seen := map[ast.Node]bool{}
	for len(queue) > 0 {
		node := queue[0]
		queue = queue[1:]
		if seen[node] {
			continue
		}
		seen[node] = true
		ast.Inspect(node, func(x ast.Node) bool {
			switch x := x.(type) {
			case *ast.Ident:
				obj := info.Uses[x]
				if d, ok := decls[obj]; ok {
					queue = append(queue, d)
				}
				queue = append(queue, methods[obj]...)
				return true // a name's value is looked at where it is declared
			case ast.Expr:
				return visit(fset, info, x)
			}
			return true
		})
	}
	return true
}

// largest adds the written-down board lists among rows to found and
// returns the finding for the largest n, the first by line among equals.
func largest(found []Finding, rows map[int]*rowSet) (Finding, bool) {
	for width, set := range rows {
		if width >= 4 && len(set.cols) == width && set.count >= BoardsWritten*width {
			found = append(found, Finding{Line: set.first, N: width, Value: strings.Repeat(".", width)})
		}
	}
	if len(found) == 0 {
		return Finding{}, false
	}
	sort.Slice(found, func(i, j int) bool {
		if found[i].N != found[j].N {
			return found[i].N > found[j].N
		}
		return found[i].Line < found[j].Line
	})
	return found[0], true
}

// rowSet is what the source spells of board rows of one width.
type rowSet struct {
	count int          // rows written
	cols  map[int]bool // the columns their queens stand in
	first int          // the line of the first
}

// boardRows records each row spelled in s: '.' and one 'Q', rows separated
// by anything else.
func boardRows(s string, line int, rows map[int]*rowSet) {
	for _, row := range strings.FieldsFunc(s, func(r rune) bool { return r != '.' && r != 'Q' }) {
		if strings.Count(row, "Q") != 1 || len(row) < 4 {
			continue
		}
		set := rows[len(row)]
		if set == nil {
			set = &rowSet{cols: map[int]bool{}, first: line}
			rows[len(row)] = set
		}
		set.count++
		set.cols[strings.IndexByte(row, 'Q')] = true
		set.first = min(set.first, line)
	}
}

// declarations maps each package-level function, variable, constant and
// type of f to the declaration that gives its body or value, and each type
// to its methods.
func declarations(f *ast.File, info *types.Info) (map[types.Object]ast.Node, map[types.Object][]ast.Node) {
	decls := map[types.Object]ast.Node{}
	methods := map[types.Object][]ast.Node{}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			obj := info.Defs[d.Name]
			if obj == nil {
				continue
			}
			decls[obj] = d
			if d.Recv != nil && len(d.Recv.List) == 1 {
				if recv := receiverType(d.Recv.List[0].Type, info); recv != nil {
					methods[recv] = append(methods[recv], d)
				}
			}
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.ValueSpec:
					for _, name := range s.Names {
						if obj := info.Defs[name]; obj != nil {
							decls[obj] = s
						}
					}
				case *ast.TypeSpec:
					if obj := info.Defs[s.Name]; obj != nil {
						decls[obj] = s
					}
				}
			}
		}
	}
	return decls, methods
}

// receiverType is the type a method's receiver names: T in t T, t *T,
// t T[X] or t *T[X].
func receiverType(expr ast.Expr, info *types.Info) types.Object {
	for {
		switch e := expr.(type) {
		case *ast.StarExpr:
			expr = e.X
		case *ast.IndexExpr:
			expr = e.X
		case *ast.IndexListExpr:
			expr = e.X
		case *ast.ParenExpr:
			expr = e.X
		case *ast.Ident:
			return info.Uses[e]
		default:
			return nil
		}
	}
}

// emptyImporter stands in for every import with an empty package.
type emptyImporter struct{}

func (emptyImporter) Import(path string) (*types.Package, error) {
	name := path[strings.LastIndexByte(path, '/')+1:]
	p := types.NewPackage(path, name)
	p.MarkComplete()
	return p, nil
}
