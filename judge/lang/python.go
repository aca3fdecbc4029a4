package lang

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/nqueens-kit/nqueens/internal/msg"
	"github.com/nqueens-kit/nqueens/judge/build"
)

// findPython finds the interpreter python3 stands for (a pyenv shim is a
// script), the standard library it reads and the shared libraries it
// loads from outside the system's folders.
func findPython() (*Toolchain, error) {
	py, err := lookPath("python3")
	if err != nil {
		return nil, err
	}
	out, _, err := output(py, "-I", "-S", "-c", pythonProbe)
	if err != nil {
		return nil, err
	}
	lines := strings.Split(out, "\n")
	if len(lines) != 4 && len(lines) != 5 { // the fifth, when empty, is trimmed
		return nil, fmt.Errorf("python3 says %q", out)
	}
	exe := lines[0]
	if real, err := filepath.EvalSymlinks(exe); err == nil {
		exe = real
	}
	readOnly := append([]string{exe, lines[1], lines[2]}, systemLibraries...)
	if len(lines) == 5 {
		for _, lib := range filepath.SplitList(lines[4]) {
			if !underAny(lib, readOnly) {
				readOnly = append(readOnly, lib)
			}
		}
	}
	return &Toolchain{
		Version: "Python " + lines[3],
		Tools:   map[string]string{"python3": exe},
		// Isolated (-I), without site-packages (-S), writing no bytecode (-B).
		Runtime:  []string{exe, "-I", "-S", "-B"},
		ReadOnly: readOnly,
		Probe:    []string{exe, "-I", "-S", "-B", "-c", "pass"},
	}, nil
}

// pythonProbe prints, a line each, what a run of the interpreter reads:
// its executable, its standard library's two folders, its version, and
// the shared libraries it has loaded (from /proc/self/maps, on Linux). An
// interpreter built with --enable-shared (pyenv's often, uv's always)
// loads libpython from its own lib folder, which the jail must show it.
const pythonProbe = `import os, sys, sysconfig
p = sysconfig.get_paths()
print(sys.executable)
print(p['stdlib'])
print(p['platstdlib'])
print(sys.version.split()[0])
libs = set()
if os.path.exists('/proc/self/maps'):
    for line in open('/proc/self/maps'):
        fields = line.split(None, 5)
        if len(fields) == 6 and fields[5].startswith('/') and '.so' in os.path.basename(fields[5]):
            libs.add(fields[5].strip())
print(os.pathsep.join(sorted(libs)))
`

// underAny reports whether path is one of dirs or inside one of them.
func underAny(path string, dirs []string) bool {
	for _, dir := range dirs {
		if path == dir || strings.HasPrefix(path, strings.TrimSuffix(dir, "/")+"/") {
			return true
		}
	}
	return false
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
