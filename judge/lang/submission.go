package lang

import (
	"context"
	"regexp"
	"strings"

	"github.com/nqueens-kit/nqueens/judge/build"
	"github.com/nqueens-kit/nqueens/judge/msg"
	"github.com/nqueens-kit/nqueens/judge/problem"
	"github.com/nqueens-kit/nqueens/judge/sandbox"
)

// CrashMark starts a harness's crash report (see the package comment).
const CrashMark = "nqueens-crash: " // untranslated: read by the judge

// A Submission is a student's file to build.
type Submission struct {
	Problem *problem.Problem
	Source  []byte
	Display string // the file, as messages name it
}

// Build builds s into a program, or returns a *build.CompileError.
func (t *Toolchain) Build(ctx context.Context, b *build.Builder, s Submission) (sandbox.Program, error) {
	r := t.Lang.recipe(t, s)
	r.Display = s.Display
	r.Key = append(r.Key, t.Version)
	path, err := b.BuildRecipe(ctx, r)
	if err != nil {
		return sandbox.Program{}, err
	}
	return t.Program(path), nil
}

// Program is how the toolchain runs the built file path.
func (t *Toolchain) Program(path string) sandbox.Program {
	return sandbox.Program{Path: path, Runtime: t.Runtime, ReadOnly: t.ReadOnly, Threads: t.Threads, AddressSpace: t.AddressSpace}
}

// relabel makes a compiler's output speak of the student's file: name is
// the file's name in the build directory. Lines about the harness and the
// compiler's own notes on where a file was included are dropped.
func relabel(out, name, display string, drop ...string) string {
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		if strings.HasPrefix(l, "In file included from") || containsAny(l, drop) { // untranslated: the compiler's words
			continue
		}
		lines = append(lines, strings.ReplaceAll(l, name, display))
	}
	return strings.Join(lines, "\n")
}

func containsAny(s string, subs []string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

// missingSolution explains a harness that found nothing to call: the
// student's file lacks the class or function LeetCode's shape has.
func missingSolution(display, want string) string {
	return msg.Sprintf("%s: the judge calls %s, as LeetCode does: your file has no such method, or gives it another signature", display, want)
}

// ownMain explains a C or C++ file with a main function of its own.
func ownMain(display, want string) string {
	return msg.Sprintf("%s: your file defines main, which a LeetCode answer does not: the judge calls %s itself; delete your main", display, want)
}

// blankLines replaces every match of re in src with spaces, keeping lines in place.
func blankLines(src []byte, re *regexp.Regexp) []byte {
	return re.ReplaceAllFunc(src, func(m []byte) []byte {
		return []byte(strings.Map(func(r rune) rune {
			if r == '\n' {
				return r
			}
			return ' '
		}, string(m)))
	})
}
