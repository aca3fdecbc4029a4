package lang

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nqueens-kit/nqueens/judge/problem"
)

// output's error wraps the tool's, so that a caller can tell a missing
// tool from one that failed.
func TestOutputWrapsTheToolsError(t *testing.T) {
	_, _, err := output("/nonexistent/python3", "-V")
	assert.ErrorIs(t, err, fs.ErrNotExist)

	_, _, err = output("/bin/sh", "-c", "echo broken; echo why >&2; exit 3")
	var exit *exec.ExitError
	if assert.ErrorAs(t, err, &exit) {
		assert.Equal(t, 3, exit.ExitCode())
	}
	assert.Contains(t, err.Error(), "broken")
	assert.Contains(t, err.Error(), "why")
}

// A tool that does not answer is stopped, and says so (bounded: the sleep
// is killed at the timeout).
func TestOutputStopsAToolThatDoesNotAnswer(t *testing.T) {
	defer func(d time.Duration) { probeTimeout = d }(probeTimeout)
	probeTimeout = 200 * time.Millisecond
	_, _, err := output("/bin/sh", "-c", "echo started; exec sleep 60")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "no answer in 200ms")
	assert.Contains(t, err.Error(), "started")
}

// wrapped puts on PATH a script named tool that writes notice to stderr
// and runs the real tool, as a pyenv or jenv shim under a locale the
// system lacks does, or a JVM with _JAVA_OPTIONS set.
func wrapped(t *testing.T, notice string, tools ...string) {
	t.Helper()
	dir := t.TempDir()
	for _, tool := range tools {
		// The real tool as the judge finds it: through exec.LookPath, with
		// ccache's links first on PATH, the script ran ccache, which ran
		// the first gcc on PATH, the script, again, for ever.
		real, err := lookPath(tool)
		if err != nil {
			t.Skipf("needs %s", tool)
		}
		script := fmt.Sprintf("#!/bin/sh\necho '%s' >&2\nexec '%s' \"$@\"\n", notice, real)
		require.NoError(t, os.WriteFile(filepath.Join(dir, tool), []byte(script), 0o755))
	}
	t.Setenv("PATH", dir+string(filepath.ListSeparator)+os.Getenv("PATH"))
}

// bashLocaleWarning is what bash writes when LC_ALL names a locale the
// system has not generated (a Chinese locale on an English install).
const bashLocaleWarning = "bash: warning: setlocale: LC_ALL: cannot change locale (zh_CN.UTF-8)"

// A python3 that is a shim warning on stderr is still found: the probe
// reads its answer from stdout. It was "python3 says ..." and exit 2.
func TestPythonFoundThroughAShimThatWarns(t *testing.T) {
	wrapped(t, bashLocaleWarning, "python3")
	tc, err := findPython()
	require.NoError(t, err)
	assert.Regexp(t, `^Python 3\.\d+\.\d+$`, tc.Version)
	assert.FileExists(t, filepath.Join(tc.ReadOnly[1], "os.py"), "the standard library")
}

// So are gcc and Java, and their versions are their own, not the notice.
func TestToolchainVersionsLeaveNoticesOut(t *testing.T) {
	t.Run("gcc", func(t *testing.T) {
		wrapped(t, bashLocaleWarning, "gcc")
		tc, err := findGCC("gcc")()
		require.NoError(t, err)
		assert.NotContains(t, tc.Version, "warning")
		assert.Contains(t, tc.Version, "gcc")
	})
	t.Run("java", func(t *testing.T) {
		wrapped(t, "Picked up _JAVA_OPTIONS: -Dawt.useSystemAAFontSettings=on", "java", "javac")
		tc, err := findJava()
		require.NoError(t, err)
		assert.NotContains(t, tc.Version, "Picked up")
		assert.Regexp(t, `^javac \S+; \S+ (version )?"?\d`, tc.Version)
	})
}

// ccache's folder of links in the compilers' names, first on PATH as
// Debian's docs set it up, is passed over for the real compiler (each link
// runs ccache itself, which the judge's jail cannot run).
func TestCompilerFoundPastACompilerCache(t *testing.T) {
	want, err := lookPath("gcc") // the compiler, whatever wrappers PATH holds already
	if err != nil {
		t.Skip("needs gcc")
	}
	dir := t.TempDir()
	ccache := filepath.Join(dir, "bin", "ccache")
	require.NoError(t, os.MkdirAll(filepath.Dir(ccache), 0o755))
	require.NoError(t, os.WriteFile(ccache, []byte("#!/bin/sh\necho 'ccache: invalid option' >&2\nexit 1\n"), 0o755))
	masquerade := filepath.Join(dir, "lib", "ccache")
	require.NoError(t, os.MkdirAll(masquerade, 0o755))
	for _, tool := range []string{"gcc", "g++", "cc"} {
		require.NoError(t, os.Symlink("../../bin/ccache", filepath.Join(masquerade, tool)))
	}
	t.Setenv("PATH", masquerade+string(filepath.ListSeparator)+os.Getenv("PATH"))
	tc, err := findGCC("gcc")()
	require.NoError(t, err)
	assert.Equal(t, want, tc.Tools["gcc"])
	assert.NotEqual(t, "ccache", filepath.Base(want))
	assert.Contains(t, tc.Version, "gcc")

	// With nothing but the wrapper, the wrapper it is: its failure is then
	// the judge's error, as before.
	t.Setenv("PATH", masquerade)
	path, err := lookPath("gcc")
	require.NoError(t, err)
	wrapper, err := filepath.EvalSymlinks(ccache)
	require.NoError(t, err)
	assert.Equal(t, wrapper, path)
}

func TestVersionLine(t *testing.T) {
	assert.Equal(t, "javac 17.0.15", versionLine("Picked up JAVA_TOOL_OPTIONS: -Xss4m\njavac 17.0.15"))
	assert.Equal(t, "Python 3.11.7", versionLine(bashLocaleWarning+"\n"+bashLocaleWarning+"\nPython 3.11.7\n"))
	assert.Equal(t, "gcc (Debian 12.2.0-14) 12.2.0", versionLine("gcc (Debian 12.2.0-14) 12.2.0\nCopyright"))
	assert.Empty(t, versionLine("\n"))
}

// Probing Java starts no JVM that writes its performance file: one
// that does leaves /tmp/hsperfdata_<user> behind, wherever TMPDIR points.
// The tools here are scripts on PATH that note how they were called.
func TestJavaProbeLeavesNoPerformanceFile(t *testing.T) {
	dir := t.TempDir()
	for _, tool := range []string{"java", "javac"} {
		script := "#!/bin/sh\necho \"$@\" >> '" + filepath.Join(dir, tool+".args") + "'\necho " + tool + " 21.0.5\n"
		require.NoError(t, os.WriteFile(filepath.Join(dir, tool), []byte(script), 0o755))
	}
	t.Setenv("PATH", dir)
	tc, err := findJava()
	require.NoError(t, err)
	assert.Equal(t, "javac 21.0.5; java 21.0.5", tc.Version)
	for tool, flag := range map[string]string{"java": "-XX:-UsePerfData", "javac": "-J-XX:-UsePerfData"} {
		args, err := os.ReadFile(filepath.Join(dir, tool+".args"))
		require.NoError(t, err)
		assert.Contains(t, strings.Fields(string(args)), flag, "%s was called as %s %s", tool, tool, args)
	}
	assert.Contains(t, tc.Runtime, "-XX:-UsePerfData", "the runs' JVM")
}

// An interpreter built with --enable-shared (pyenv's, uv's) loads
// libpython from its own lib folder: the jail is told to show it, and not
// a library the system's folders hold already.
func TestPythonProbeNamesTheLibrariesItLoads(t *testing.T) {
	dir := t.TempDir()
	script := "#!/bin/sh\nprintf '%s\\n' " + strings.Join([]string{
		"/opt/py/bin/python3.12", "/opt/py/lib/python3.12", "/opt/py/lib/python3.12", "3.12.1",
		"/opt/py/lib/libpython3.12.so.1.0:/usr/lib/x86_64-linux-gnu/libm.so.6",
	}, " ") + "\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "python3"), []byte(script), 0o755))
	t.Setenv("PATH", dir)
	tc, err := findPython()
	require.NoError(t, err)
	assert.Equal(t, "Python 3.12.1", tc.Version)
	assert.Contains(t, tc.ReadOnly, "/opt/py/lib/libpython3.12.so.1.0")
	assert.NotContains(t, tc.ReadOnly, "/usr/lib/x86_64-linux-gnu/libm.so.6", "/usr/lib is shown whole")
}

// C++ is LeetCode's C++23 where g++ knows it (11 and later). g++ 8 and 9
// (Ubuntu 20.04's) know C++20 by its draft's name only: given -std=c++20
// they refused every file, a CE. The flag is the one the compiler knows,
// and its probe (whose failure is the judge's) takes it too.
func TestGCCStandardIsOneTheCompilerKnows(t *testing.T) {
	for _, tt := range []struct{ tool, version, std string }{
		{"g++", "9", "-std=c++2a"},
		{"g++", "10", "-std=c++20"},
		{"g++", "11", "-std=c++23"},
		{"g++", "14.2.0", "-std=c++23"},
		{"g++", "4.2.1", "-std=c++2a"}, // clang as g++: it knows both names
		{"gcc", "9", "-std=gnu17"},
	} {
		dir := t.TempDir()
		script := "#!/bin/sh\ncase \"$1\" in -dumpversion) echo " + tt.version + ";; *) echo '" + tt.tool + " (test) " + tt.version + "';; esac\n"
		require.NoError(t, os.WriteFile(filepath.Join(dir, tt.tool), []byte(script), 0o755))
		t.Setenv("PATH", dir)
		tc, err := findGCC(tt.tool)()
		require.NoError(t, err)
		assert.Equal(t, tt.std, tc.std, "%s %s", tt.tool, tt.version)
		assert.Contains(t, tc.Probe, tt.std)
	}
}

// The probe runs in the machine's own python3, and what it names exists.
func TestPythonProbeRunsInTheRealInterpreter(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("needs python3")
	}
	tc, err := findPython()
	require.NoError(t, err)
	assert.Regexp(t, `^Python 3\.\d+\.\d+`, tc.Version)
	assert.FileExists(t, tc.ReadOnly[0], "the executable")
	assert.FileExists(t, filepath.Join(tc.ReadOnly[1], "os.py"), "the standard library")
	for _, path := range tc.ReadOnly[3+len(systemLibraries):] {
		assert.FileExists(t, path, "a shared library it loads")
	}
}

// The Python harness holds the student's file byte for byte, whatever it
// holds: backslashes, quotes, a line separator, text beyond the BMP.
func TestPythonHarnessHoldsTheSourceExactly(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("needs python3")
	}
	src := "class Solution:\n    s = \"\\\\x00 \\\" ' \\u2028 \u2028 😀 \\N{BULLET}\"\n"
	dir := t.TempDir()
	harness := filepath.Join(dir, "submission.py")
	require.NoError(t, os.WriteFile(harness, []byte(pythonHarness(problem.All[1], []byte(src))), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "want.py"), []byte(src), 0o644))
	check := `import sys
text = open(sys.argv[1], encoding="utf-8").read().split("\nLEETCODE =")[0]
names = {}
exec(text, names)
sys.exit(0 if names["_nqueens_source"] == open(sys.argv[2], encoding="utf-8").read() else 1)`
	out, err := exec.Command(py, "-c", check, harness, filepath.Join(dir, "want.py")).CombinedOutput()
	assert.NoError(t, err, string(out))
}

// A print of Chinese, or of any text, reaches the judge in UTF-8 whatever
// the run's locale: Python 3.6 under the C locale (CentOS 7 and 8) wrote
// ASCII, and a Chinese debug print raised UnicodeEncodeError, an RE.
// PYTHONIOENCODING gives the machine's python3 that ASCII stdout and stderr.
func TestPythonHarnessPrintsUTF8WhateverTheLocale(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("needs python3")
	}
	src := "class Solution:\n    def totalNQueens(self, n: int) -> int:\n        print(\"调试：n =\", n)\n" +
		"        print(\"结束\", file=__import__(\"sys\").stderr)\n        return 2\n"
	dir := t.TempDir()
	harness := filepath.Join(dir, "submission.py")
	require.NoError(t, os.WriteFile(harness, []byte(pythonHarness(problem.All[1], []byte(src))), 0o644))
	var channels []*os.File
	for _, name := range []string{"answer", "crash"} {
		f, err := os.Create(filepath.Join(dir, name))
		require.NoError(t, err)
		defer f.Close()
		channels = append(channels, f)
	}
	cmd := exec.Command(py, "-S", "-B", harness, "4")
	cmd.Env = []string{"LC_ALL=C", "PYTHONIOENCODING=ascii"}
	cmd.ExtraFiles = channels
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	require.NoError(t, cmd.Run(), stderr.String())
	assert.Equal(t, "调试：n = 4\n", stdout.String())
	assert.Equal(t, "结束\n", stderr.String())
	answer, err := os.ReadFile(filepath.Join(dir, "answer"))
	require.NoError(t, err)
	assert.Equal(t, "2\n", string(answer))
}

// A toolchain is probed once per process, found or not (a broken tool is
// not asked again, with its retries, for every file of a grading), and one
// language's slow probe holds no other back.
func TestToolchainIsProbedOnceAndAlone(t *testing.T) {
	calls := 0
	broken := &Language{Name: "Broken", find: func() (*Toolchain, error) {
		calls++
		return nil, errors.New("no version")
	}}
	_, err := broken.Toolchain()
	require.Error(t, err)
	_, again := broken.Toolchain()
	assert.Equal(t, err, again, "the same error, remembered")
	assert.Equal(t, findTries, calls, "probed once, with its retries")

	entered, release := make(chan struct{}), make(chan struct{})
	slow := &Language{Name: "Slow", find: func() (*Toolchain, error) {
		close(entered)
		<-release
		return &Toolchain{}, nil
	}}
	go slow.Toolchain()
	<-entered
	quick := &Language{Name: "Quick", find: func() (*Toolchain, error) { return &Toolchain{}, nil }}
	done := make(chan struct{})
	go func() {
		quick.Toolchain()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Error("a slow probe of one language held another back")
	}
	close(release)
}
