package cases

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nqueens-kit/nqueens/judge/problem"
	"github.com/nqueens-kit/nqueens/judge/verdict"
)

func find(t *testing.T, name string) *problem.Problem {
	p, err := problem.Find(name)
	require.NoError(t, err)
	return p
}

func TestParseReadsLimitsAndInputs(t *testing.T) {
	c, err := parse("n16.txtar", []byte("# 16-queens.\nlimit cpu=4x mem=256MiB\nsolve 16\ncmp stdout want\n-- want --\n14772512\n"), find(t, "52"), false)
	require.NoError(t, err)
	assert.Equal(t, "n16", c.Name)
	assert.Equal(t, "16-queens.", c.About)
	assert.Equal(t, []int{16}, c.Inputs)
	assert.True(t, c.Relative())
	assert.Equal(t, 4.0, c.Limits.Factor)
	assert.Equal(t, int64(256<<20), c.Limits.Memory)
	assert.Equal(t, 1, c.Points, "a case is worth 1 unless it says otherwise")

	c, err = parse("n16.txtar", []byte("# 16-queens.\npoints 5\nsolve 16\nstdout '^14772512$'\n"), find(t, "52"), false)
	require.NoError(t, err)
	assert.Equal(t, 5, c.Points)
}

func TestParseRejectsMistakesWithTheLine(t *testing.T) {
	tests := []struct{ problem, script, err string }{
		{"52", "# x\nsolve 4\nstdot 2\n", `x.txtar:3: unknown command "stdot"`},
		{"52", "# x\nsolve 0\n", "x.txtar:2: solve 0: n must be in 1..16"},
		{"52", "# x\nsolve four\n", "x.txtar:2: solve four: n must be a whole number"},
		{"52", "# x\nsolve 4\nstdout '^2$\n", "x.txtar:3: syntax error: unterminated quoted argument"},
		{"52", "# x\nsolve 4\nlimit cpu=1s\n", "x.txtar:3: limit must come before the first solve"},
		{"52", "# x\nlimit cpu=1x\nsolve 4\n", "x.txtar:2: limit \"cpu=1x\": factor 1 out of range"},
		{"52", "# x\nlimit cpu=-1s\nsolve 4\n", "x.txtar:2: limit \"cpu=-1s\": duration -1s out of range"},
		{"52", "# x\n! solve 4\n", "x.txtar:2: unsupported: ! solve"},
		{"52", "# x\nboards 4\n", "x.txtar:2: boards checks problem 51's answers"},
		{"52", "# x\nsolve 4\ncmp stdout want\n", `x.txtar:3: cmp: no file "want" in the archive`},
		{"52", "solve 4\n", "x.txtar:1: a case starts with a comment"},
		{"52", "# only a comment\n", "x.txtar: the case never runs the solution"},
		{"52", "# x\n[short] solve 4\n", "x.txtar:2: conditions such as [short] are not used in cases"},
		// A wrong expectation would blame every student; an unchecked solve
		// would accept any answer.
		{"52", "# x\nsolve 12\ncmp stdout want\n-- want --\n14201\n", `x.txtar:3: the expected answer for n = 12 is "14201", but 12-queens has 14200 boards`},
		{"52", "# x\nsolve 4\n", "x.txtar:2: solve 4 is never checked"},
		{"52", "# x\nsolve 4\nsolve 5\ncmp stdout want\n-- want --\n10\n", "x.txtar:2: solve 4 is never checked"},
		{"52", "# x\nsolve 4\nstdout '^2'\n", "x.txtar:2: solve 4 is never checked"},
		{"52", "# x\nsolve 4\nstdout '^3$'\n", `x.txtar:3: the expected answer for n = 4 is "3", but 4-queens has 2 boards`},
		{"51", "# x\nsolve 4\nboards 5\n", "x.txtar:3: boards 5 checks the answer of solve 4: the two must name the same n"},
		{"51", "# x\nboards 4\nsolve 4\nboards 4\n", "x.txtar:2: boards 4 comes before any solve"},
		{"51", "# x\nsolve 4\n", "x.txtar:2: solve 4 is never checked: follow it with boards N"},
		{"52", "# x\nsolve $N\n", "x.txtar:2: cases take no variables"},
		{"52", "# x\npoints many\nsolve 4\nstdout '^2$'\n", "x.txtar:2: points many: want a whole number from 0 to 1000"},
		{"52", "# x\npoints 2\npoints 3\nsolve 4\nstdout '^2$'\n", "x.txtar:3: a second points command"},
		// Outputs are compared byte for byte: a want with a trailing space
		// ("724 ") would fail every student with "got 724, want 724".
		{"52", "# x\nsolve 10\ncmp stdout want\n\n-- want --\n724 \n", "x.txtar:6: want: a space at the end of the line: an answer is compared byte for byte"},
		{"52", "# x\nsolve 10\ncmp stdout want\n-- want --\n724\t\n", "x.txtar:5: want: a tab"},
		{"52", "# x\nsolve 10\ncmp stdout want\n-- want --\n\r724\n", "x.txtar:5: want: a carriage return"},
	}
	for _, tt := range tests {
		_, err := parse("x.txtar", []byte(tt.script), find(t, tt.problem), false)
		assert.ErrorContains(t, err, tt.err, tt.script)
	}
}

// A case saved with Windows line ends (Notepad; Git for Windows checks
// files out so by default) is the case its author wrote, not an expected
// answer no program can print.
func TestACaseWithWindowsLineEndsReadsAsItsAuthorMeantIt(t *testing.T) {
	for _, p := range problem.All {
		dir := filepath.Join("..", "..", "testdata", p.Folder())
		paths, err := filepath.Glob(filepath.Join(dir, "*.txtar"))
		require.NoError(t, err)
		require.NotEmpty(t, paths)
		for _, path := range paths {
			lf, err := os.ReadFile(path)
			require.NoError(t, err)
			require.NotContains(t, string(lf), "\r", path)
			want, err := parse(path, lf, p, false)
			require.NoError(t, err, path)
			got, err := parse(path, []byte(strings.ReplaceAll(string(lf), "\n", "\r\n")), p, false)
			require.NoError(t, err, path)
			assert.Equal(t, want, got, path)
		}
	}
}

func TestTheKitsOwnCasesLoad(t *testing.T) {
	for _, p := range problem.All {
		dir := filepath.Join("..", "..", "testdata", p.Folder())
		cs, err := Load(dir, dir, p)
		require.NoError(t, err, p.Folder())
		assert.NotEmpty(t, cs)
	}
}

// TestSplitLineAgreesWithTestscript runs lines through testscript itself,
// with a command that prints the words it was given, and compares.
func TestSplitLineAgreesWithTestscript(t *testing.T) {
	lines := []string{
		`words a b  c`,
		`words 'it''s  here' # a comment`,
		`words '^2$' 'a b'c`,
		`words '' x`,
		"words\ttab\tseparated",
		`words a#b`,
		`words 'quoted # not a comment'`,
	}
	dir := t.TempDir()
	var script strings.Builder
	for i, l := range lines {
		fmt.Fprintf(&script, "%s\nstdout '^%d:'\n", strings.Replace(l, "words", fmt.Sprintf("words %d:", i), 1), i)
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, "split.txtar"), []byte(script.String()), 0o644))
	got := map[int][]string{}
	// testscript runs scripts as parallel subtests: the group returns when they end.
	t.Run("testscript", func(t *testing.T) {
		testscript.Run(t, testscript.Params{
			Dir: dir,
			Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
				"words": func(ts *testscript.TestScript, neg bool, args []string) {
					var i int
					fmt.Sscanf(args[0], "%d:", &i)
					got[i] = args[1:]
					fmt.Fprintln(ts.Stdout(), args[0])
				},
			},
		})
	})
	for i, l := range lines {
		want, err := splitLine(l)
		require.NoError(t, err, l)
		assert.Equal(t, want[1:], got[i], "%q", l)
	}
}

func TestResolveLimits(t *testing.T) {
	l, err := ParseLimits([]string{"cpu=4x", "out=64KiB"})
	require.NoError(t, err)
	lim := l.Resolve(Reference{CPU: 250*time.Millisecond + 3})
	assert.Equal(t, 1010*time.Millisecond, lim.CPU, "4 × reference, rounded up to 10 ms")
	assert.Equal(t, lim.CPU+idleGrace, lim.Idle)
	assert.Equal(t, int64(64<<10), lim.Output)
	assert.Equal(t, int64(DefaultMemory), lim.Memory)
	assert.Equal(t, calibrateCap, l.Calibration().CPU, "calibration runs the reference without a tight limit")
	assert.Equal(t, int64(64<<10), l.Calibration().Output, "calibration keeps the case's other limits")

	// The start-up is not multiplied: Java's, 60 ms of a 240 ms reference,
	// gives 60 + 4 × 180 ms, not 4 × 240 ms.
	lim = l.Resolve(Reference{CPU: 240 * time.Millisecond, Startup: 60 * time.Millisecond})
	assert.Equal(t, 780*time.Millisecond, lim.CPU)
	// A start-up measured at or above the case's whole time (a noisy
	// calibration) leaves a tenth of the run as the search, never none or
	// a negative one: 50 + 4 × 5 ms, not the reference's own 50 ms.
	lim = l.Resolve(Reference{CPU: 50 * time.Millisecond, Startup: 60 * time.Millisecond})
	assert.Equal(t, 70*time.Millisecond, lim.CPU)
	// So does one just under it, as seen beside `go test -race`: 111.7 ms
	// of start-up in 112 ms gives 111.7 + 30 × 11.2 ms, not 120 ms.
	l30, err := ParseLimits([]string{"cpu=30x"})
	require.NoError(t, err)
	lim = l30.Resolve(Reference{CPU: 112 * time.Millisecond, Startup: 111700 * time.Microsecond})
	assert.Equal(t, 450*time.Millisecond, lim.CPU)

	l, err = ParseLimits([]string{"cpu=2s", "wall=3s"})
	require.NoError(t, err)
	lim = l.Resolve(Reference{})
	assert.Equal(t, 2*time.Second, lim.CPU)
	assert.Equal(t, 3*time.Second, lim.Idle)
	assert.Equal(t, 2*time.Second, l.Calibration().CPU, "an absolute limit holds for the reference too")
}

func TestVerifyScaleLeavesRoomOnBothSides(t *testing.T) {
	assert.InDelta(t, 1/VerifyMargin, VerifyScale(verdict.AC, false), 1e-9)
	assert.Equal(t, 1.0, VerifyScale(verdict.AC, true), "thin: at the plain limits")
	assert.Equal(t, VerifyMargin, VerifyScale(verdict.TLE, false))
	assert.Equal(t, 1.0, VerifyScale(verdict.WA, false))
	// The kit's factor leaves the margin on each side of the slowest
	// bitmask style (2.13) and the fastest boolean search (3.97) measured.
	assert.Greater(t, DefaultFactor/VerifyMargin, 2.13)
	assert.Less(t, DefaultFactor*VerifyMargin, 3.97)
}
