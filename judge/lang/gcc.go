package lang

import (
	"context"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"github.com/nqueens-kit/nqueens/internal/lazy"
	"github.com/nqueens-kit/nqueens/internal/msg"
	"github.com/nqueens-kit/nqueens/judge/build"
	"github.com/nqueens-kit/nqueens/judge/problem"
)

// findGCC finds gcc or g++ (see static for how programs are linked).
func findGCC(tool string) func() (*Toolchain, error) {
	return func() (*Toolchain, error) {
		path, err := lookPath(tool)
		if err != nil {
			return nil, err
		}
		v, _, err := output(path, "--version")
		if err != nil {
			return nil, err
		}
		major, _, err := output(path, "-dumpversion")
		if err != nil {
			return nil, err
		}
		first, _, _ := strings.Cut(strings.TrimSpace(major), ".")
		m, _ := strconv.Atoi(first)
		// LeetCode's standards, C17 and C++23 (the course's notes use
		// C++23's explicit object parameter, a lambda's "this auto&&
		// dfs", which LeetCode's compiler takes): g++ 11 and later know
		// -std=c++23, g++ 10 C++20 at most, and g++ 8 and 9 (Ubuntu
		// 20.04's) know C++20 by its draft's name only, and refused
		// -std=c++20, a CE for every file.
		std := map[string]string{"gcc": "-std=gnu17", "g++": "-std=c++23"}[tool]
		switch {
		case tool == "g++" && m < 10:
			std = "-std=c++2a"
		case tool == "g++" && m < 11:
			std = "-std=c++20"
		}
		// The compiler proper (cc1, cc1plus) starts too, on an empty file,
		// and takes the standard: an older one is the judge's failure.
		lang := map[string]string{"gcc": "c", "g++": "c++"}[tool]
		return &Toolchain{Version: versionLine(v), Tools: map[string]string{tool: path}, countsInMemory: m >= 12, std: std, explicitSelf: tool == "g++" && m >= 14,
			Probe: []string{path, std, "-x", lang, "-fsyntax-only", "/dev/null"}}, nil
	}
}

// gccFiles are what gcc and g++ read to build a program: the compilers,
// headers, libraries, assembler and linker, all under /usr (/lib and
// /lib64 lead there on merged systems). In the builder's jail they see
// nothing else of the machine: no home folder, no other student's file.
var gccFiles = []string{"/usr", "/lib", "/lib64", "/bin"}

// gccEnv is the environment of gcc, g++ and their tools (gcov, addr2line):
// messages in plain English, which the judge reads.
var gccEnv = []string{"PATH=/usr/bin:/bin", "LANG=C"}

// RunGCC runs a tool of gcc's (gcc, g++, gcov, addr2line) in dir as the
// builder runs a build's tools, seeing gcc's files and readOnly besides dir.
func RunGCC(ctx context.Context, b *build.Builder, dir string, readOnly []string, argv ...string) ([]byte, error) {
	return b.RunTool(ctx, dir, append(slices.Clone(gccFiles), readOnly...), gccEnv, argv...)
}

// static links a program statically where the system allows it (Linux):
// it then needs no library at run time, inside the jail or out.
func static() []string {
	if runtime.GOOS == "linux" {
		return []string{"-static"}
	}
	return nil
}

// cPrelude is what LeetCode's C environment includes for a solution.
const cPrelude = `#include <ctype.h>
#include <limits.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
`

// cRecipe compiles the student's solution.c and the harness as two
// translation units, so that only the function LeetCode names joins them.
func cRecipe(t *Toolchain, s Submission) build.Recipe {
	return build.Recipe{
		Files: map[string][]byte{
			"prelude.h":  []byte(cPrelude),
			"solution.c": s.Source,
			"harness.c":  []byte(cHarness(s.Problem)),
			"nqueens.h":  nqueensH(),
		},
		Commands: [][]string{append(append(append([]string{t.Tools["gcc"], t.std, "-O2"}, static()...), wrapFailures()...), "-include", "prelude.h",
			"-o", "submission", "solution.c", "harness.c", "-lm")},
		Env:      gccEnv,
		ReadOnly: gccFiles,
		Output:   "submission",
	}
}

// cMessage is what gcc's refusal of s (out) says to the student: the
// function LeetCode calls missing, a main of the student's, a name the
// harness takes, or gcc's words on the student's lines.
func cMessage(s Submission, out string) string {
	want := "int totalNQueens(int n)"
	if s.Problem.Kind == problem.Boards {
		want = "char*** solveNQueens(int n, int* returnSize, int** returnColumnSizes)"
	}
	if strings.Contains(out, "undefined reference to `"+s.Problem.Func+"'") {
		return missingFunction(s, want)
	}
	if strings.Contains(out, "multiple definition of `main'") {
		return ownMain(s.Display, want)
	}
	if m, ok := ownName(s.Display, out); ok {
		return m
	}
	return relabel(out, "solution.c", s.Display, "harness.c", "nqueens.h", "collect2:")
}

// cppPrelude is what LeetCode's C++ environment gives a solution. Before
// gcc 12 (Ubuntu 22.04's g++ 11), libstdc++ reports a failed check of
// _GLIBCXX_ASSERTIONS from an inline function that prints on the
// program's stdout and aborts, which no linker flag can reach: the
// prelude sends it to std::__glibcxx_assert_fail, as gcc 12 and later
// do, so that wrapFailures catches it alike.
const cppPrelude = `#include <bits/c++config.h>
#if defined(__linux__) && defined(_GLIBCXX_ASSERTIONS) && !defined(_GLIBCXX_VERBOSE_ASSERT)
namespace std {
[[noreturn]] void __glibcxx_assert_fail(const char *, int, const char *, const char *) noexcept;
}
#undef __glibcxx_assert_impl
#define __glibcxx_assert_impl(_Condition) \
	do { \
		if (__builtin_expect(!bool(_Condition), false)) \
			std::__glibcxx_assert_fail(__FILE__, __LINE__, __PRETTY_FUNCTION__, #_Condition); \
	} while (false)
#endif
#include <bits/stdc++.h>
using namespace std;
`

// cppRecipe compiles the harness, which includes the student's
// solution.cpp, in one translation unit: the harness needs the class.
func cppRecipe(t *Toolchain, s Submission) build.Recipe {
	return build.Recipe{
		Files: map[string][]byte{
			"prelude.hpp":  []byte(cppPrelude),
			"solution.cpp": s.Source,
			"harness.cpp":  []byte(cppHarness(s.Problem)),
			"nqueens.h":    nqueensH(),
		},
		// _GLIBCXX_ASSERTIONS checks every vector, array and string index,
		// as Java and Python do: an index past the end is RE, not
		// undefined behaviour that may pass.
		Commands: [][]string{append(append(append([]string{t.Tools["g++"], t.std, "-O2", "-D_GLIBCXX_ASSERTIONS"}, static()...), wrapFailures()...), "-include", "prelude.hpp",
			"-o", "submission", "harness.cpp")},
		Env:      gccEnv,
		ReadOnly: gccFiles,
		Output:   "submission",
	}
}

// cppMessage is what g++'s refusal of s (out) says to the student, as
// cMessage does for gcc's; a class left open is named as such.
func cppMessage(s Submission, out string) string {
	want := "Solution().totalNQueens(int n) returning int"
	if s.Problem.Kind == problem.Boards {
		want = "Solution().solveNQueens(int n) returning vector<vector<string>>"
	}
	if strings.Contains(out, "harness.cpp") && !strings.Contains(out, "solution.cpp:") {
		return missingSolution(s, want)
	}
	if strings.Contains(out, "declaration of C function 'int main") || strings.Contains(out, "redefinition of 'int main") {
		return ownMain(s.Display, want)
	}
	if m, ok := ownName(s.Display, out); ok {
		return m
	}
	m := relabel(out, "solution.cpp", s.Display, "harness.cpp", "nqueens.h")
	if strings.Contains(out, "harness.cpp") && strings.Contains(out, "expected '}' at end of input") {
		// The class was left open: g++ read the harness, and the
		// headers it includes, into it. Only the student's lines
		// are theirs to mend.
		return unclosed(s) + "\n" + only(m, s.Display)
	}
	if strings.Contains(out, "before 'this'") && explicitSelf().Match(s.Source) {
		m += msg.Sprintf("\n(a lambda's `this auto&&` parameter is C++23's explicit object parameter: LeetCode's compiler takes it, g++ only from version 14 on; with this g++, pass the lambda to itself: `auto dfs = [&](auto&& dfs, int i) { … dfs(dfs, i + 1) … };` and `dfs(dfs, 0)`)")
	}
	return m
}

// explicitSelf is a lambda's explicit object parameter, "(this auto&& dfs",
// as the course's notes write their recursive lambdas.
var explicitSelf = lazy.Regexp(`\(\s*this\s+auto\b`)

// precompile has r's g++ command include the C++ prelude precompiled:
// <bits/stdc++.h>, parsed once per toolchain and set of flags into a
// shared folder of the builder's cache (build.Builder.Shared) rather than
// in every build, where it costs about 1.5 s of the build's 2 s
// (docs/measurements.md). Where it cannot be made (no cache, or the
// compiler failed), r is left as it is: the build parses the prelude
// itself, which is slower, not wrong.
func (t *Toolchain) precompile(ctx context.Context, b *build.Builder, r *build.Recipe) {
	prelude, ok := t.preludeRecipe(*r)
	if !ok {
		return
	}
	dir, err := b.Shared(ctx, prelude)
	if err != nil || dir == "" {
		return
	}
	cmd := r.Commands[0]
	changed := slices.Clone(cmd)
	changed[slices.Index(cmd, "prelude.hpp")] = filepath.Join(dir, "prelude.hpp")
	r.Commands = [][]string{changed}
	r.ReadOnly = append(slices.Clone(r.ReadOnly), dir)
}

// preludeRecipe is the shared build of the C++ prelude that r's g++
// command can include, made with the options that decide what the prelude
// compiles to (a precompiled header made with others is not used). It is
// always made with -g: gcc uses such a header in a build without debug
// information too, and the program is the same to the byte, so the timed
// build and its twin with line tables share one (118 MiB and 6 s less).
// Keyed by the toolchain, not by r's own key: every submission shares it.
func (t *Toolchain) preludeRecipe(r build.Recipe) (build.Recipe, bool) {
	if t.Lang != CPP || len(r.Commands) != 1 || !slices.Contains(r.Commands[0], "prelude.hpp") {
		return build.Recipe{}, false
	}
	cmd := r.Commands[0]
	flags := []string{"-g"}
	for _, arg := range cmd[1:] {
		if strings.HasPrefix(arg, "-std=") || strings.HasPrefix(arg, "-O") || strings.HasPrefix(arg, "-D") || arg == "--coverage" || slices.Contains(sanitizerFlags, arg) {
			flags = append(flags, arg)
		}
	}
	return build.Recipe{
		Display:  "prelude.hpp",
		Key:      []string{t.Version},
		Files:    map[string][]byte{"prelude.hpp": []byte(cppPrelude)},
		Commands: [][]string{append(append([]string{cmd[0]}, flags...), "-x", "c++-header", "-o", "prelude.hpp.gch", "prelude.hpp")},
		Env:      gccEnv,
		ReadOnly: gccFiles,
	}, true
}

// wrapFailures are the linker's flags that send assert() and the C++
// library's checks to harness/nqueens.h, where the linker is GNU ld (Linux).
func wrapFailures() []string {
	if runtime.GOOS != "linux" {
		return nil
	}
	return []string{"-Wl,--wrap=__assert_fail", "-Wl,--wrap=_ZSt21__glibcxx_assert_failPKciS0_S0_",
		"-Wl,--wrap=_ZNK11__gnu_debug16_Error_formatter8_M_errorEv"}
}
