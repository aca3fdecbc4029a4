package main

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/rogpeppe/go-internal/txtar"
)

// A testCase is one case file of a problem, read and checked.
type testCase struct {
	Name    string // file name without .txtar, e.g. "n16"
	Path    string
	About   string     // the first comment: what the case tests
	Limits  caseLimits // from its limit command, if any
	Inputs  []int      // the n of each solve, in order
	Script  []scriptLine
	Archive *txtar.Archive
}

// scriptLine is one command line of a case script.
type scriptLine struct {
	Line int
	Neg  bool
	Args []string
}

// Relative reports whether the case's CPU limit depends on the reference.
func (c *testCase) Relative() bool { return c.Limits.Factor > 0 }

// caseError is a problem with a case file: the teacher's mistake, not the
// student's. It names the file and line.
type caseError struct {
	Path string
	Line int
	Msg  string
}

func (e *caseError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.Path, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.Path, e.Msg)
}

// builtinCommands are the testscript commands a case may use besides the
// judge's own (cmds.go).
var builtinCommands = map[string]bool{
	"cmp": true, "cmpenv": true, "stdout": true, "stderr": true, "exists": true, "grep": true, "env": true, "stop": true,
}

// loadCases reads and checks every case file of p in dir, sorted by name.
// display is how errors name the directory.
func loadCases(dir, display string, p *problem) ([]*testCase, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.txtar"))
	if err != nil {
		return nil, err
	}
	if len(paths) == 0 {
		return nil, fmt.Errorf("%s: no case files (*.txtar)", display)
	}
	sort.Strings(paths)
	var cases []*testCase
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		c, err := parseCase(filepath.Join(display, filepath.Base(path)), data, p)
		if err != nil {
			return nil, err
		}
		c.Path = path
		cases = append(cases, c)
	}
	return cases, nil
}

// parseCase checks a case file before any student code runs against it, so
// that a broken case is reported as the case's fault.
func parseCase(display string, data []byte, p *problem) (*testCase, error) {
	a := txtar.Parse(data)
	c := &testCase{Name: strings.TrimSuffix(filepath.Base(display), ".txtar"), Archive: a}
	fail := func(line int, format string, args ...any) error {
		return &caseError{Path: display, Line: line, Msg: fmt.Sprintf(format, args...)}
	}
	files := map[string]bool{}
	for _, f := range a.Files {
		files[f.Name] = true
	}
	seenLimit := false
	for i, text := range strings.Split(string(a.Comment), "\n") {
		line := i + 1
		trimmed := strings.TrimSpace(text)
		if trimmed == "" {
			continue
		}
		if strings.HasPrefix(trimmed, "#") {
			if c.About == "" && len(c.Script) == 0 {
				c.About = strings.TrimSpace(strings.TrimPrefix(trimmed, "#"))
			}
			continue
		}
		if c.About == "" {
			return nil, fail(line, "a case starts with a comment saying what it tests")
		}
		args, err := splitLine(trimmed)
		if err != nil {
			return nil, fail(line, "%v", err)
		}
		sl := scriptLine{Line: line}
		if args[0] == "!" {
			sl.Neg, args = true, args[1:]
			if len(args) == 0 {
				return nil, fail(line, "! with no command")
			}
		}
		if strings.HasPrefix(args[0], "[") {
			return nil, fail(line, "conditions such as %s are not used in cases", args[0])
		}
		sl.Args = args
		name := args[0]
		switch {
		case name == "limit":
			if seenLimit {
				return nil, fail(line, "a second limit command; put every limit on one line")
			}
			if len(c.Inputs) > 0 {
				return nil, fail(line, "limit must come before the first solve")
			}
			seenLimit = true
			c.Limits, err = parseLimits(args[1:])
			if err != nil {
				return nil, fail(line, "%v", err)
			}
		case name == "solve" || name == "boards":
			if sl.Neg {
				return nil, fail(line, "unsupported: ! %s", name)
			}
			if name == "boards" && p.Kind != boardsAnswer {
				return nil, fail(line, "boards checks problem 51's answers; %s answers with a count", p.Folder())
			}
			if len(args) != 2 {
				return nil, fail(line, "usage: %s N", name)
			}
			n, err := strconv.Atoi(args[1])
			if err != nil {
				return nil, fail(line, "%s %s: n must be a whole number", name, args[1])
			}
			if n < 1 || n > p.MaxN {
				return nil, fail(line, "%s %d: n must be in 1..%d for %s", name, n, p.MaxN, p.Folder())
			}
			if name == "solve" {
				c.Inputs = append(c.Inputs, n)
			}
		case builtinCommands[name]:
			if (name == "cmp" || name == "cmpenv") && len(args) == 3 && !files[args[2]] {
				return nil, fail(line, "%s: no file %q in the archive", name, args[2])
			}
		default:
			return nil, fail(line, "unknown command %q (the judge knows limit, solve, boards and testscript's %s)", name, strings.Join(sortedKeys(builtinCommands), ", "))
		}
		c.Script = append(c.Script, sl)
	}
	if c.About == "" {
		return nil, fail(0, "empty case: it needs a comment saying what it tests and a solve command")
	}
	if len(c.Inputs) == 0 {
		return nil, fail(0, "the case never runs the solution: add a solve command")
	}
	return c, nil
}

// splitLine splits a script line into words the way testscript does: spaces
// separate, single quotes group, a # outside quotes starts a comment.
func splitLine(line string) ([]string, error) {
	var args []string
	var cur strings.Builder
	inWord, quoted := false, false
	for i := 0; i < len(line); i++ {
		ch := line[i]
		switch {
		case quoted && ch == '\'' && i+1 < len(line) && line[i+1] == '\'':
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
		return nil, fmt.Errorf("syntax error: unterminated quoted argument")
	}
	if inWord {
		args = append(args, cur.String())
	}
	return args, nil
}

func sortedKeys(m map[string]bool) []string {
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
