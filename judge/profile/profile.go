// Package profile tells a student where a slow search spends its time: it
// reads the counters of one instrumented run (how often each line of the
// student's file ran, and how often each function was called) and compares
// the size of the search with the reference's (queens.Calls) and the work
// per call with what each method does: about once per call for a loop over
// the free squares (bit masks), about n for a loop over every column
// (boolean arrays), more for a check of every earlier row at each column
// (the array method).
//
// The timed runs are never instrumented: a TLE's report runs the program
// once more, at the largest case it passed within a short time.
package profile

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/nqueens-kit/nqueens/internal/lazy"
	"github.com/nqueens-kit/nqueens/internal/msg"
	"github.com/nqueens-kit/nqueens/judge/format"
)

// Counts is what one instrumented run of a student's file did.
type Counts struct {
	Lines map[int]int64 // how often each line of the student's file ran
	Calls int64         // calls of its recursive function: the search's size (0: none)
}

// Go reads a Go coverage profile in text format (go tool covdata textfmt,
// -covermode=count) for file, the student's file as the build named it,
// whose source (with its lines where the student wrote them) is src.
func Go(textfmt []byte, file string, src []byte) (Counts, error) {
	lines := strings.Split(string(src), "\n")
	c := Counts{Lines: map[int]int64{}}
	starts := map[token.Position]int64{} // each block's count, by where it starts
	sc := bufio.NewScanner(bytes.NewReader(textfmt))
	for sc.Scan() {
		name, block, ok := strings.Cut(sc.Text(), ":")
		if !ok || name != file {
			continue
		}
		var sl, scol, el, ecol, stmts int
		var count int64
		if _, err := fmt.Sscanf(block, "%d.%d,%d.%d %d %d", &sl, &scol, &el, &ecol, &stmts, &count); err != nil {
			return Counts{}, msg.Errorf("coverage profile: %q: %v", sc.Text(), err)
		}
		starts[token.Position{Line: sl, Column: scol}] = count
		for l := sl; l <= el && l <= len(lines); l++ {
			if rest := strings.TrimSpace(after(lines[l-1], scol-1)); l == sl && (rest == "" || rest == "{") {
				continue // the block starts at a brace that ends this line
			}
			c.Lines[l] = max(c.Lines[l], count)
		}
	}
	if err := sc.Err(); err != nil {
		return Counts{}, err
	}
	// The search's size: the calls of its recursive function, the count
	// of the block that opens that function's body. Go up to 1.26 starts
	// it at the body's brace, Go 1.27 at its first statement. (A helper
	// called at every check, such as abs, may run more often: it is not
	// the search.)
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, src, parser.SkipObjectResolution)
	if err != nil {
		return Counts{}, err
	}
	at := func(pos token.Pos) int64 {
		p := fset.Position(pos)
		return starts[token.Position{Line: p.Line, Column: p.Column}]
	}
	for _, body := range recursive(f) {
		c.Calls = max(c.Calls, at(body.Lbrace))
		if len(body.List) > 0 {
			c.Calls = max(c.Calls, at(body.List[0].Pos()))
		}
	}
	return c, nil
}

// recursive returns the bodies of f's functions that call themselves: a
// function or method by its name, a function literal by the name it is
// assigned to (place = func(…) { … place(…) … }).
func recursive(f *ast.File) []*ast.BlockStmt {
	var bodies []*ast.BlockStmt
	named := func(name string, body *ast.BlockStmt) {
		if body == nil || name == "" || name == "_" {
			return
		}
		calls := false
		ast.Inspect(body, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				switch fun := call.Fun.(type) {
				case *ast.Ident:
					calls = calls || fun.Name == name
				case *ast.SelectorExpr:
					calls = calls || fun.Sel.Name == name
				}
			}
			return !calls
		})
		if calls {
			bodies = append(bodies, body)
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncDecl:
			named(n.Name.Name, n.Body)
		case *ast.AssignStmt:
			for i, rhs := range n.Rhs {
				if lit, ok := rhs.(*ast.FuncLit); ok && i < len(n.Lhs) {
					if id, ok := n.Lhs[i].(*ast.Ident); ok {
						named(id.Name, lit.Body)
					}
				}
			}
		case *ast.ValueSpec:
			for i, v := range n.Values {
				if lit, ok := v.(*ast.FuncLit); ok && i < len(n.Names) {
					named(n.Names[i].Name, lit.Body)
				}
			}
		}
		return true
	})
	return bodies
}

// after is line from byte offset col on.
func after(line string, col int) string {
	if col >= len(line) {
		return ""
	}
	return line[col:]
}

// A Hot line is one of the lines that ran most.
type Hot struct {
	Line  int
	Count int64
	Text  string
}

// Hottest are the n statements of src that ran most, the busiest first.
// A Go block's count is on each of its lines, a comment or a closing brace
// too: those are left out, the block's next statement has the same count.
func (c Counts) Hottest(src []byte, n int) []Hot {
	lines := strings.Split(string(src), "\n")
	var hot []Hot
	for l, count := range c.Lines {
		if l >= 1 && l <= len(lines) && count > 0 && IsStatement(lines[l-1]) {
			hot = append(hot, Hot{Line: l, Count: count, Text: quoted(lines[l-1])})
		}
	}
	sort.Slice(hot, func(i, j int) bool {
		if hot[i].Count != hot[j].Count {
			return hot[i].Count > hot[j].Count
		}
		return hot[i].Line < hot[j].Line
	})
	return hot[:min(n, len(hot))]
}

// IsStatement reports whether a line of source holds code: not blank, not
// a comment alone (// or /* … in Go, C, C++ and Java, # in Python), not
// closing brackets alone.
func IsStatement(line string) bool {
	t := strings.TrimSpace(line)
	switch {
	case t == "", strings.HasPrefix(t, "//"), strings.HasPrefix(t, "/*"), strings.HasPrefix(t, "*"), strings.HasPrefix(t, "#"):
		return false
	}
	return strings.Trim(t, "})];, ") != ""
}

// maxQuoted is how much of a line Explain quotes.
const maxQuoted = 100

// quoted is a line of a student's file as a report shows it: trimmed,
// cut to maxQuoted characters, its control characters escaped (an ESC or a
// CR in a comment would otherwise rewrite the student's terminal).
func quoted(line string) string {
	line = strings.TrimSpace(line)
	if r := []rune(line); len(r) > maxQuoted {
		line = string(r[:maxQuoted]) + "…"
	}
	return format.Printable(line)
}

// Thresholds of Explain. Checking a square before recursing into it, every
// method the course teaches visits the reference's positions, give or take
// mirror symmetry (half); a search that visits more places queens it
// should have ruled out. Per call, a loop over the free squares runs about
// once, a loop over every column about n times, and the array method's
// check of every earlier row about n²/4.
const (
	tooManyCalls  = 2.5 // visits more than this many times the reference's positions
	perColumn     = 0.3 // a busiest line running at least this many times n per call loops over columns
	pastEveryCol  = 1.5 // and more than this many times n, a loop inside that loop
	minCallsShown = 100 // fewer calls than this: not a recursive search, no comparison
)

// Explain says where the time of a run at n went, for a student: the size
// of the search against the reference's (refCalls), the busiest lines of
// display (src's name for the student), and what that usually means.
func Explain(c Counts, src []byte, display string, n int, refCalls int64) string {
	hot := c.Hottest(src, 3)
	if len(hot) == 0 {
		return ""
	}
	var b strings.Builder
	msg.Fprintf(&b, "Where your time goes (n = %d, run once more with counters):\n", n)
	for _, h := range hot {
		msg.Fprintf(&b, "  %s:%d ran %s times: %s\n", display, h.Line, format.Thousands(h.Count), h.Text)
	}
	if c.Calls < minCallsShown || refCalls <= 0 {
		return strings.TrimRight(b.String(), "\n")
	}
	visits := float64(c.Calls) / float64(refCalls)
	perCall := float64(hot[0].Count) / float64(c.Calls)
	msg.Fprintf(&b, "  your search made %s calls, the reference's %s at n = %d (%.1f times); its busiest line ran %.1f times per call.\n",
		format.Thousands(c.Calls), format.Thousands(refCalls), n, visits, perCall)
	switch {
	case visits > tooManyCalls:
		msg.Fprintf(&b, "  Your search visits %.1f times the positions it needs: does it place a queen before checking the square, or go on below a conflict? Check a square before recursing into it.", visits)
	case perCall > pastEveryCol*float64(n):
		msg.Fprintf(&b, "  Line %d runs more times per call than there are columns: a loop inside the loop over columns, such as checking every earlier row (the O(n) check). Keep which columns and diagonals are taken instead (boolean arrays: O(1)), or three bit masks.", hot[0].Line)
	case perCall > perColumn*float64(n):
		msg.Fprintf(&b, "  Line %d runs about once per column at each call: a loop over every column, free or not. Three bit masks let the loop visit only the free squares (x & -x).", hot[0].Line)
	default:
		msg.Fprintf(&b, "  Your search already visits only the free squares, as the reference does: the time goes into each step (allocating, copying a board, calls through an interface?).")
	}
	return b.String()
}

// Traced reads the counts a Python harness wrote under lang.ProfileEnv:
// {"lines": {"12": 345, …}, "calls": 4674890}, the calls being those of its
// busiest recursive function.
func Traced(data []byte) (Counts, error) {
	var raw struct {
		Lines map[string]int64 `json:"lines"`
		Calls int64            `json:"calls"`
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return Counts{}, msg.Errorf("line counts: %v", err)
	}
	c := Counts{Lines: map[int]int64{}, Calls: raw.Calls}
	for l, count := range raw.Lines {
		line, err := strconv.Atoi(l)
		if err != nil {
			return Counts{}, msg.Errorf("line counts: line %q", l)
		}
		c.Lines[line] = count
	}
	return c, nil
}

// GCC reads gcov's JSON (gcov --json-format --stdout: one document per
// file of counts) for file, the student's file as the build named it
// (solution.c), whose source is src.
//
// Counts are read as numbers of any form: gcov 9 (Ubuntu 20.04's) writes
// one past a million in six digits and an exponent (1.9174e+07), and
// such a count is read to those digits.
func GCC(gcovJSON []byte, file string, src []byte) (Counts, error) {
	type function struct {
		Name      string  `json:"demangled_name"`
		StartLine int     `json:"start_line"`
		EndLine   int     `json:"end_line"`
		Count     float64 `json:"execution_count"`
	}
	type document struct {
		Files []struct {
			File      string     `json:"file"`
			Functions []function `json:"functions"`
			Lines     []struct {
				Line  int     `json:"line_number"`
				Count float64 `json:"count"`
			} `json:"lines"`
		} `json:"files"`
	}
	lines := strings.Split(string(src), "\n")
	c := Counts{Lines: map[int]int64{}}
	dec := json.NewDecoder(bytes.NewReader(gcovJSON))
	found := false
	for {
		var doc document
		if err := dec.Decode(&doc); err == io.EOF {
			break
		} else if err != nil {
			return Counts{}, msg.Errorf("gcov: %v", err)
		}
		for _, f := range doc.Files {
			if f.File != file {
				continue
			}
			found = true
			for _, l := range f.Lines {
				c.Lines[l.Line] = max(c.Lines[l.Line], int64(math.Round(l.Count)))
			}
			for _, fn := range f.Functions {
				if callsItself(shortName(fn.Name), lines, fn.StartLine, fn.EndLine) || lambdaCallsItself(fn.Name, lines, fn.StartLine, fn.EndLine) {
					c.Calls = max(c.Calls, int64(math.Round(fn.Count)))
				}
			}
		}
	}
	if !found {
		return Counts{}, msg.Errorf("gcov: no counts for %s", file)
	}
	return c, nil
}

// shortName is a function's own name in a demangled one:
// "Solution::place(int, int)" → "place".
func shortName(name string) string {
	name, _, _ = strings.Cut(name, "(")
	if i := strings.LastIndex(name, "::"); i >= 0 {
		name = name[i+2:]
	}
	return strings.TrimSpace(name)
}

// lambdaNames are the names a C++ lambda calls itself by, on the line it
// starts: the variable it is given to ("function<void(int)> place = [&](int
// row)", "auto dfs = [&](this auto&& dfs, int row)"), and a parameter that
// is the lambda itself ("[&](auto&& self, int row)").
var lambdaNames = lazy.Regexp(`(\w+)\s*=\s*\[|auto\s*&&\s*(\w+)`)

// lambdaCallsItself reports whether the function demangled, defined on
// lines from to to of lines, is a lambda that calls itself: one of its
// lambdaNames followed by "(" in its body.
func lambdaCallsItself(demangled string, lines []string, from, to int) bool {
	if !strings.Contains(demangled, "{lambda(") || from < 1 || to > len(lines) || from > to {
		return false
	}
	_, body, _ := strings.Cut(strings.Join(lines[from-1:to], "\n"), "{")
	for _, m := range lambdaNames().FindAllStringSubmatch(lines[from-1], -1) {
		name := m[1] + m[2] // one of the two
		if regexp.MustCompile(`\b` + regexp.QuoteMeta(name) + `\s*\(`).MatchString(body) {
			return true
		}
	}
	return false
}

// callsItself reports whether the function name, defined on lines from to
// to of lines, calls itself: its name followed by "(" more than once there
// (the definition, then a call).
func callsItself(name string, lines []string, from, to int) bool {
	if name == "" || from < 1 || to > len(lines) || from > to {
		return false
	}
	re, err := regexp.Compile(`\b` + regexp.QuoteMeta(name) + `\s*\(`)
	if err != nil {
		return false
	}
	return len(re.FindAllStringIndex(strings.Join(lines[from-1:to], "\n"), -1)) > 1
}
