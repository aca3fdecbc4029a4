package lang

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/nqueens-kit/nqueens/internal/msg"
	"github.com/nqueens-kit/nqueens/judge/build"
)

// findPython finds the interpreter python3 stands for (a pyenv shim is a
// script) and the standard library it reads.
func findPython() (*Toolchain, error) {
	py, err := lookPath("python3")
	if err != nil {
		return nil, err
	}
	out, err := output(py, "-I", "-S", "-c",
		"import sys, sysconfig; p = sysconfig.get_paths(); print(sys.executable); print(p['stdlib']); print(p['platstdlib']); print(sys.version.split()[0])")
	if err != nil {
		return nil, err
	}
	lines := strings.Split(out, "\n")
	if len(lines) != 4 {
		return nil, fmt.Errorf("python3 says %q", out)
	}
	exe := lines[0]
	if real, err := filepath.EvalSymlinks(exe); err == nil {
		exe = real
	}
	return &Toolchain{
		Version: "Python " + lines[3],
		Tools:   map[string]string{"python3": exe},
		// Isolated (-I), without site-packages (-S), writing no bytecode (-B).
		Runtime:  []string{exe, "-I", "-S", "-B"},
		ReadOnly: append([]string{exe, lines[1], lines[2]}, systemLibraries...),
	}, nil
}

// pythonRecipe checks the student's file compiles and has LeetCode's class
// (without running any of it), and makes the program: a harness that holds
// the file's text and runs it as solution.py, so that tracebacks name the
// student's own lines.
func pythonRecipe(t *Toolchain, s Submission) build.Recipe {
	return build.Recipe{
		Files: map[string][]byte{
			"solution.py":   s.Source,
			"check.py":      pythonCheck(),
			"submission.py": []byte(pythonHarness(s.Problem, s.Source)),
		},
		Commands: [][]string{{t.Tools["python3"], "-I", "-S", "-B", "check.py", "solution.py", s.Problem.Func}},
		Env:      []string{"PATH=/usr/bin:/bin", "LANG=C.UTF-8"},
		ReadOnly: t.ReadOnly,
		Output:   "submission.py",
	}
}

// pythonMessage is what the check's refusal of s (out) says to the
// student: no class Solution, Python 2's print, or the error on the
// student's lines.
func pythonMessage(s Submission, out string) string {
	want := fmt.Sprintf("Solution().%s(n)", s.Problem.Func)
	if strings.TrimSpace(out) == "no Solution" {
		return missingSolution(s, want)
	}
	if strings.Contains(out, "Missing parentheses in call to 'print'") {
		out += msg.Sprintf("\n(this is Python 2's print statement: the judge runs Python 3, where print is a function: print(x))")
	}
	return relabel(out, "solution.py", s.Display)
}
