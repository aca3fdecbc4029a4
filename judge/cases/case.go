package cases

import (
	"bytes"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/nqueens-kit/nqueens/internal/lazy"
	"github.com/nqueens-kit/nqueens/internal/msg"
	"github.com/nqueens-kit/nqueens/internal/queens"
	"github.com/nqueens-kit/nqueens/judge/problem"
)

// A Case is one case file of a problem, read once and checked.
type Case struct {
	Name   string // file name without .txtar, e.g. "n16"
	Path   string // where it was read from
	About  string // the first comment: what the case tests
	Limits Limits // from its limit command, if any
	Inputs []int  // the n of each solve, in order
	Points int    // what passing it is worth when grading: 1 unless it says points N
	Data   []byte // the file as read; runs use this copy, never the file again

	script []line
	// want says, for each solve in order, what its answer is checked
	// against ("" when no check of the judge's reads it): a wrong answer's
	// report quotes it.
	want []string
}

// line is one command line of a case script.
type line struct {
	num  int
	neg  bool
	args []string
}

// Reference is what the case's relative limit is relative to, for a
// reference that took cpu on the case and needs startup to start one
// program: its start-up counts once per solve.
func (c *Case) Reference(cpu, startup time.Duration) Reference {
	return Reference{CPU: cpu, Startup: startup * time.Duration(len(c.Inputs))}
}

// Relative reports whether the case's CPU limit depends on the reference.
func (c *Case) Relative() bool { return c.Limits.Factor > 0 }

// MaxInput is the largest n the case solves (Parse makes sure there is one).
func (c *Case) MaxInput() int { return slices.Max(c.Inputs) }

// Error is a problem with a case file: the teacher's mistake, not the
// student's. It names the file and line.
type Error struct {
	Path string
	Line int
	Msg  string
}

func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.Path, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.Path, e.Msg)
}

// builtins are the testscript commands a case may use besides the judge's own.
var builtins = map[string]bool{
	"cmp": true, "cmpenv": true, "stdout": true, "stderr": true, "exists": true, "grep": true, "env": true, "stop": true,
}

// Load reads and checks every case file of p in dir, sorted by name.
// display is how errors name the directory.
func Load(dir, display string, p *problem.Problem) ([]*Case, error) {
	return load(dir, display, p, false)
}

// LoadToFill is Load with the expected outputs left unchecked, for -update
// to fill them in.
func LoadToFill(dir, display string, p *problem.Problem) ([]*Case, error) {
	return load(dir, display, p, true)
}

func load(dir, display string, p *problem.Problem, filling bool) ([]*Case, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.txtar"))
	if err != nil {
		return nil, err
	}
	if len(paths) == 0 {
		return nil, msg.Errorf("%s: no case files (*.txtar)", display)
	}
	sort.Strings(paths)
	var cases []*Case
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		c, err := parse(filepath.Join(display, filepath.Base(path)), data, p, filling)
		if err != nil {
			return nil, err
		}
		c.Path = path
		cases = append(cases, c)
	}
	return cases, nil
}

// parse checks a case file before any student code runs against it, so
// that a broken case is reported as the case's fault. filling: -update
// fills in the expected outputs, so a missing one is no error.
//
// A file saved with Windows line ends (CRLF: Notepad, or a checkout by Git
// for Windows) is read with LF ones: a program's answer never holds a
// carriage return, so one could only fail every student. A carriage
// return anywhere else is still refused (byteExact).
func parse(display string, data []byte, p *problem.Problem, filling bool) (*Case, error) {
	data = bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n"))
	a := txtar.Parse(data)
	ps := &caseParser{
		c:       &Case{Name: strings.TrimSuffix(filepath.Base(display), ".txtar"), Data: data, Points: 1},
		display: display, p: p, filling: filling, files: map[string][]byte{},
	}
	for _, f := range a.Files {
		ps.files[f.Name] = f.Data
		if line, problem := byteExact(f.Data); problem != "" {
			return nil, ps.fail(fileLine(data, f.Name)+line, "%s: %s: an answer is compared byte for byte", f.Name, problem)
		}
	}
	for i, text := range strings.Split(string(a.Comment), "\n") {
		if err := ps.line(i+1, strings.TrimSpace(text)); err != nil {
			return nil, err
		}
	}
	c := ps.c
	if c.About == "" {
		return nil, ps.fail(0, "empty case: it needs a comment saying what it tests and a solve command")
	}
	if len(c.Inputs) == 0 {
		return nil, ps.fail(0, "the case never runs the solution: add a solve command")
	}
	if ps.unchecked > 0 {
		return nil, ps.fail(ps.unchecked, "solve %d is never checked: %s", c.Inputs[len(c.Inputs)-1], checkHint(p))
	}
	return c, nil
}

// caseParser reads a case file's script, a line at a time: a method per
// command of the judge's, and testscript's own commands checked where they
// check an answer.
type caseParser struct {
	c       *Case
	display string
	p       *problem.Problem
	filling bool
	files   map[string][]byte // the archive's files, by name

	seenLimit, seenPoints bool
	unchecked             int // the line of a solve not yet checked, or 0
}

// fail is an error at line num of the case file.
func (ps *caseParser) fail(num int, format string, args ...any) error {
	return &Error{Path: ps.display, Line: num, Msg: fmt.Sprintf(msg.Tr(format), args...)}
}

// line reads line num of the script, trimmed.
func (ps *caseParser) line(num int, trimmed string) error {
	c := ps.c
	if trimmed == "" {
		return nil
	}
	if strings.HasPrefix(trimmed, "#") {
		if c.About == "" && len(c.script) == 0 {
			c.About = strings.TrimSpace(strings.TrimPrefix(trimmed, "#"))
		}
		return nil
	}
	if c.About == "" {
		return ps.fail(num, "a case starts with a comment saying what it tests")
	}
	args, err := splitLine(trimmed)
	if err != nil {
		return ps.fail(num, "%v", err)
	}
	l := line{num: num}
	if args[0] == "!" {
		l.neg, args = true, args[1:]
		if len(args) == 0 {
			return ps.fail(num, "! with no command")
		}
	}
	if strings.HasPrefix(args[0], "[") {
		return ps.fail(num, "conditions such as %s are not used in cases", args[0])
	}
	l.args = args
	switch name := args[0]; {
	case name == "limit":
		err = ps.limit(l)
	case name == "points":
		err = ps.points(l)
	case name == "solve" || name == "boards":
		err = ps.solve(l)
	case builtins[name]:
		err = ps.builtin(l)
	default:
		err = ps.fail(num, "unknown command %q (the judge knows limit, points, solve, boards and testscript's %s)", name, strings.Join(slices.Sorted(maps.Keys(builtins)), ", "))
	}
	if err != nil {
		return err
	}
	c.script = append(c.script, l)
	return nil
}

// limit reads a limit line: one, before the first solve.
func (ps *caseParser) limit(l line) error {
	if ps.seenLimit {
		return ps.fail(l.num, "a second limit command; put every limit on one line")
	}
	if len(ps.c.Inputs) > 0 {
		return ps.fail(l.num, "limit must come before the first solve")
	}
	ps.seenLimit = true
	var err error
	if ps.c.Limits, err = ParseLimits(l.args[1:]); err != nil {
		return ps.fail(l.num, "%v", err)
	}
	return nil
}

// points reads the case's points.
func (ps *caseParser) points(l line) error {
	if ps.seenPoints {
		return ps.fail(l.num, "a second points command")
	}
	ps.seenPoints = true
	if len(l.args) != 2 {
		return ps.fail(l.num, "usage: points N")
	}
	n, err := strconv.Atoi(l.args[1])
	if err != nil || n < 0 || n > 1000 {
		return ps.fail(l.num, "points %s: want a whole number from 0 to 1000", l.args[1])
	}
	ps.c.Points = n
	return nil
}

// solve reads a solve or a boards line: every solve is checked before the
// next, boards checks the last solve's n.
func (ps *caseParser) solve(l line) error {
	num, name, p, c := l.num, l.args[0], ps.p, ps.c
	if l.neg {
		return ps.fail(num, "unsupported: ! %s", name)
	}
	if name == "boards" && p.Kind != problem.Boards {
		return ps.fail(num, "boards checks problem 51's answers; %s answers with a count", p.Folder())
	}
	if len(l.args) != 2 {
		return ps.fail(num, "usage: %s N", name)
	}
	n, err := strconv.Atoi(l.args[1])
	if err != nil {
		return ps.fail(num, "%s %s: n must be a whole number", name, l.args[1])
	}
	if n < 1 || n > p.MaxN {
		return ps.fail(num, "%s %d: n must be in 1..%d for %s", name, n, p.MaxN, p.Folder())
	}
	if name == "solve" {
		if ps.unchecked > 0 {
			return ps.fail(ps.unchecked, "solve %d is never checked: %s", c.Inputs[len(c.Inputs)-1], checkHint(p))
		}
		c.Inputs = append(c.Inputs, n)
		c.want = append(c.want, "")
		ps.unchecked = num
		return nil
	}
	if len(c.Inputs) == 0 {
		return ps.fail(num, "boards %d comes before any solve", n)
	}
	if last := c.Inputs[len(c.Inputs)-1]; n != last {
		return ps.fail(num, "boards %d checks the answer of solve %d: the two must name the same n", n, last)
	}
	ps.unchecked = 0
	return nil
}

// wants records what the last solve's answer must be (", want 92"), for
// a wrong answer's report; the first check of a solve counts.
func (ps *caseParser) wants(want string) {
	if w := ps.c.want; len(w) > 0 && w[len(w)-1] == "" {
		w[len(w)-1] = want
	}
}

// builtin reads a testscript command; one that compares stdout with a
// count (cmp with a file, stdout with an exact count) checks the last
// solve, and its count against the known one.
func (ps *caseParser) builtin(l line) error {
	num, name, args, c := l.num, l.args[0], l.args, ps.c
	if (name == "cmp" || name == "cmpenv") && len(args) == 3 {
		want, ok := ps.files[args[2]]
		if !ok {
			return ps.fail(num, "%s: no file %q in the archive", name, args[2])
		}
		if args[1] == "stdout" && ps.unchecked > 0 {
			if err := checkCount(ps.p, c.Inputs[len(c.Inputs)-1], want, ps.filling); err != nil {
				return ps.fail(num, "%v", err)
			}
			ps.unchecked = 0
		}
		if args[1] == "stdout" {
			ps.wants(msg.Sprintf(", want %s", abbreviate(strings.TrimSpace(string(want)), 200)))
		}
	}
	if name == "stdout" && !l.neg && len(args) == 2 {
		ps.wants(msg.Sprintf(", want an answer matching %s", args[1]))
	}
	if m := exactCount().FindStringSubmatch(strings.Join(args[1:], " ")); name == "stdout" && !l.neg && m != nil && ps.unchecked > 0 {
		if err := checkCount(ps.p, c.Inputs[len(c.Inputs)-1], []byte(m[1]), ps.filling); err != nil {
			return ps.fail(num, "%v", err)
		}
		ps.unchecked = 0
	}
	return nil
}

// byteExact finds, in an expected output, what a program's output never
// holds: a carriage return, a tab, or a space at the end of a line. It
// returns the line (from 1) and what it found.
func byteExact(data []byte) (int, string) {
	for i, line := range strings.Split(string(data), "\n") {
		switch {
		case strings.Contains(line, "\r"):
			return i + 1, msg.Sprintf("a carriage return")
		case strings.Contains(line, "\t"):
			return i + 1, msg.Sprintf("a tab")
		case strings.HasSuffix(line, " "):
			return i + 1, msg.Sprintf("a space at the end of the line")
		}
	}
	return 0, ""
}

// fileLine is the line of the case file that holds the marker of the
// archive's file name ("-- want --"): its first line is the next one.
func fileLine(data []byte, name string) int {
	for i, line := range strings.Split(string(data), "\n") {
		if strings.TrimRight(line, "\r") == "-- "+name+" --" {
			return i + 1
		}
	}
	return 0
}

func checkHint(p *problem.Problem) string {
	if p.Kind == problem.Boards {
		return msg.Sprintf("follow it with boards N")
	}
	return msg.Sprintf("follow it with cmp stdout FILE, FILE holding the count, or stdout '^COUNT$'")
}

// exactCount is a stdout check that matches one whole count: '^2$'.
var exactCount = lazy.Regexp(`^\^(\d+)\$$`)

// checkCount compares a case's expected output for n with the known count,
// so that a mistyped expectation never blames every student.
func checkCount(p *problem.Problem, n int, want []byte, filling bool) error {
	if p.Kind != problem.Count || filling {
		return nil
	}
	known, ok := queens.Count(n)
	if !ok {
		return nil
	}
	if got := strings.TrimSpace(string(want)); got != strconv.FormatInt(known, 10) {
		return msg.Errorf("the expected answer for n = %d is %q, but %d-queens has %d boards (OEIS A000170)", n, got, n, known)
	}
	return nil
}

// splitLine splits a script line into words the way testscript does: spaces
// separate, single quotes group, a # outside quotes starts a comment. Cases
// take no variables: a $ outside quotes, which testscript would expand, is
// refused; inside quotes it is a plain character, as in testscript.
func splitLine(text string) ([]string, error) {
	var args []string
	var cur strings.Builder
	inWord, quoted := false, false
	for i := 0; i < len(text); i++ {
		ch := text[i]
		switch {
		case ch == '$' && !quoted:
			return nil, msg.Errorf("cases take no variables: quote the $ ('...$') or write the value itself")
		case quoted && ch == '\'' && i+1 < len(text) && text[i+1] == '\'':
			cur.WriteByte('\'')
			i++
		case ch == '\'':
			quoted, inWord = !quoted, true
		case quoted:
			cur.WriteByte(ch)
		case ch == ' ' || ch == '\t' || ch == '\r' || ch == '#':
			if inWord {
				args = append(args, cur.String())
				cur.Reset()
				inWord = false
			}
			if ch == '#' {
				return args, nil
			}
		default:
			cur.WriteByte(ch)
			inWord = true
		}
	}
	if quoted {
		return nil, msg.Errorf("syntax error: unterminated quoted argument")
	}
	if inWord {
		args = append(args, cur.String())
	}
	return args, nil
}
