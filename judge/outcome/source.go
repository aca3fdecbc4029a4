// Which lines of the student's file a report may name.
//
// A runtime says where a program was by the address it stopped or crashed
// at, and an address's line is not always a statement: the Go compiler
// gives an endless loop's back edge the file's first line (its package
// clause) and a function's prologue its header line, and an epilogue
// belongs to a closing brace or a return. A report names a line only where
// it is a statement of the function the runtime named; otherwise the
// nearest statement that is, or the function alone.

package outcome

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strings"

	"github.com/nqueens-kit/nqueens/internal/lazy"
	"github.com/nqueens-kit/nqueens/judge/lang"
	"github.com/nqueens-kit/nqueens/judge/profile"
)

// A spot is a frame of the student's file in a report: its line and the
// function the runtime named ("totalNQueens", or "totalNQueens"+
// lang.LambdaIn for a function literal or lambda in it).
type spot struct {
	line int
	fn   string
}

// A source is the student's file, read to check the lines a report names.
// Go is parsed (its functions, literals and statements are known); the
// other languages are read line by line.
type source struct {
	lines []string
	funcs []goFunc // Go only; nil for the other languages or a Go file that does not parse
	isGo  bool
}

// goFunc is a Go function or function literal of the student's file.
type goFunc struct {
	name       string // as a spot names it
	start, end int    // its first and last lines
	statements map[int]bool
	loop       int // the line of its most deeply nested condition-less for loop; 0: none, or two at that depth
}

// readSource reads src, in language l (nil: any), for checking lines.
func readSource(l *lang.Language, src []byte) *source {
	s := &source{lines: strings.Split(string(src), "\n"), isGo: l == lang.Go}
	if s.isGo {
		s.funcs = goFuncs(src)
	}
	return s
}

// choose picks the spot a report names, from frames innermost first: the
// first whose line is a statement of its function. Where the innermost
// frame's line is not even in its function (the back edge of an endless
// loop, given line 1), its function's innermost condition-less loop stands
// for it. With no such line, the innermost function alone (line 0).
// frames is not empty.
func (s *source) choose(frames []spot) spot {
	for i, f := range frames {
		if s.statement(f) {
			return f
		}
		if i == 0 && s.isGo {
			if fn, ok := s.goFunc(f); ok && (f.line < fn.start || f.line > fn.end) && fn.loop > 0 {
				return spot{fn.loop, f.fn}
			}
		}
	}
	return spot{fn: frames[0].fn}
}

// statement reports whether f's line is a statement of f's function.
func (s *source) statement(f spot) bool {
	if f.line < 1 || f.line > len(s.lines) {
		return false
	}
	if s.isGo && s.funcs != nil {
		for _, fn := range s.funcs {
			if fn.name == f.fn && fn.start <= f.line && f.line <= fn.end && fn.statements[f.line] {
				return true
			}
		}
		return false
	}
	return textStatement(s.lines[f.line-1])
}

// goFunc is the function f names: the innermost of that name holding f's
// line, else the only one of that name.
func (s *source) goFunc(f spot) (goFunc, bool) {
	var found []goFunc
	for _, fn := range s.funcs {
		if fn.name == f.fn {
			found = append(found, fn)
		}
	}
	best, ok := goFunc{}, false
	for _, fn := range found {
		if fn.start <= f.line && f.line <= fn.end && (!ok || fn.end-fn.start < best.end-best.start) {
			best, ok = fn, true
		}
	}
	if !ok && len(found) == 1 {
		return found[0], true
	}
	return best, ok
}

// header is a function's or method's header in C, C++ or Java, or Python's
// def: a line where a function starts, not a statement.
var header = lazy.Regexp(`^(?:def\s+\w+\s*\(.*|(?:[\w:<>,*&\[\]]+\s+)+[\w:~]+\s*\([^;]*\)\s*(?:const\s*)?(?:throws\s+[\w.,\s]+)?\{?)$`)

// keywordStart is a statement that a header's pattern would also match.
var keywordStart = lazy.Regexp(`^(?:if|for|while|switch|return|else|do|case|catch|new|delete|throw)\b`)

// bareReturn is a return of a name or a number, or of nothing: where a
// function ends, not where its time goes or where it can crash.
var bareReturn = lazy.Regexp(`^return(?:\s+-?[\w.]+)?\s*;?$`)

// textStatement reports whether a line, read alone, is a statement a
// report may name: code (profile.IsStatement), not a function's header,
// not a return that calls nothing, not a package, import or include line.
func textStatement(line string) bool {
	t := strings.TrimSpace(line)
	if !profile.IsStatement(t) {
		return false
	}
	if strings.HasPrefix(t, "package ") || strings.HasPrefix(t, "import ") || strings.HasPrefix(t, "from ") {
		return false
	}
	if bareReturn().MatchString(t) {
		return false
	}
	return keywordStart().MatchString(t) || !header().MatchString(t)
}

// goFuncs are the functions and function literals of a Go file, with the
// lines of their statements; nil when it does not parse. A file pasted
// without a package clause is read as if it had one on its first line.
func goFuncs(src []byte) []goFunc {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", src, parser.SkipObjectResolution)
	if err != nil {
		f, err = parser.ParseFile(fset, "", append([]byte("package p;"), src...), parser.SkipObjectResolution)
		if err != nil {
			return nil
		}
	}
	line := func(p token.Pos) int { return fset.Position(p).Line }
	var funcs []goFunc
	for _, d := range f.Decls {
		decl, ok := d.(*ast.FuncDecl)
		if !ok || decl.Body == nil {
			continue
		}
		name := decl.Name.Name
		ast.Inspect(decl, func(n ast.Node) bool {
			var body *ast.BlockStmt
			fn := goFunc{name: name}
			switch n := n.(type) {
			case *ast.FuncDecl:
				body = n.Body
			case *ast.FuncLit:
				body, fn.name = n.Body, name+lang.LambdaIn
			default:
				return true
			}
			fn.start, fn.end = line(n.Pos()), line(n.End())
			fn.statements, fn.loop = goStatements(body, line)
			funcs = append(funcs, fn)
			return true
		})
	}
	return funcs
}

// goStatements are the lines of body's statements (a compound statement's
// header only: a for's, an if's, a case's line, not its block), leaving
// out function literals inside it and returns of names alone; and the
// line of the most deeply nested condition-less for loop, if one alone is
// at that depth.
func goStatements(body *ast.BlockStmt, line func(token.Pos) int) (map[int]bool, int) {
	lines := map[int]bool{}
	loop, loopDepth, ties := 0, -1, 0
	var walk func(n ast.Node, depth int)
	walk = func(n ast.Node, depth int) {
		ast.Inspect(n, func(c ast.Node) bool {
			if c == n {
				return true
			}
			stmt, ok := c.(ast.Stmt)
			if _, lit := c.(*ast.FuncLit); lit {
				return false
			}
			if !ok {
				return true
			}
			end := stmt.End()
			switch st := stmt.(type) {
			case *ast.BlockStmt, *ast.EmptyStmt, *ast.LabeledStmt:
				return true
			case *ast.ReturnStmt:
				if returnsNames(st) {
					return true
				}
			case *ast.ForStmt:
				end = st.Body.Lbrace
				if st.Cond == nil {
					switch {
					case depth > loopDepth:
						loop, loopDepth, ties = line(st.Pos()), depth, 0
					case depth == loopDepth:
						ties++
					}
				}
				addLines(lines, line(st.Pos()), line(end))
				walk(st.Body, depth+1)
				return false
			case *ast.RangeStmt:
				end = st.Body.Lbrace
				addLines(lines, line(st.Pos()), line(end))
				walk(st.Body, depth+1)
				return false
			case *ast.IfStmt:
				end = st.Body.Lbrace
			case *ast.SwitchStmt:
				end = st.Body.Lbrace
			case *ast.TypeSwitchStmt:
				end = st.Body.Lbrace
			case *ast.SelectStmt:
				end = st.Body.Lbrace
			case *ast.CaseClause:
				end = st.Colon
			case *ast.CommClause:
				end = st.Colon
			}
			addLines(lines, line(stmt.Pos()), line(end))
			return true
		})
	}
	walk(body, 0)
	if ties > 0 {
		loop = 0
	}
	return lines, loop
}

// addLines marks lines from to to.
func addLines(lines map[int]bool, from, to int) {
	for l := from; l <= to; l++ {
		lines[l] = true
	}
}

// returnsNames reports whether a return statement returns names and
// literals alone, or nothing: where a function ends, not where its time
// goes or where it can crash (an index, a call).
func returnsNames(r *ast.ReturnStmt) bool {
	for _, e := range r.Results {
		switch e.(type) {
		case *ast.Ident, *ast.BasicLit:
		default:
			return false
		}
	}
	return true
}
