package main

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func p52(t *testing.T) *problem {
	p, err := findProblem("52")
	require.NoError(t, err)
	return p
}

func TestFindProblemTakesNumberSlugOrFolder(t *testing.T) {
	for _, name := range []string{"52", "0052", "n-queens-ii", "0052-n-queens-ii"} {
		p, err := findProblem(name)
		require.NoError(t, err, name)
		assert.Equal(t, "0052-n-queens-ii", p.Folder())
	}
	_, err := findProblem("53")
	assert.ErrorContains(t, err, `unknown problem "53"`)
}

func TestParseCaseReadsLimitsAndInputs(t *testing.T) {
	c, err := parseCase("n16.txtar", []byte("# 16-queens.\nlimit cpu=4x mem=256MiB\nsolve 16\ncmp stdout want\n-- want --\n14772512\n"), p52(t))
	require.NoError(t, err)
	assert.Equal(t, "n16", c.Name)
	assert.Equal(t, "16-queens.", c.About)
	assert.Equal(t, []int{16}, c.Inputs)
	assert.True(t, c.Relative())
	assert.Equal(t, 4.0, c.Limits.Factor)
	assert.Equal(t, int64(256<<20), c.Limits.Memory)
}

func TestParseCaseRejectsMistakesWithTheLine(t *testing.T) {
	tests := []struct{ script, err string }{
		{"# x\nsolve 4\nstdot 2\n", `x.txtar:3: unknown command "stdot"`},
		{"# x\nsolve 0\n", "x.txtar:2: solve 0: n must be in 1..16"},
		{"# x\nsolve four\n", "x.txtar:2: solve four: n must be a whole number"},
		{"# x\nsolve 4\nstdout '^2$\n", "x.txtar:3: syntax error: unterminated quoted argument"},
		{"# x\nsolve 4\nlimit cpu=1s\n", "x.txtar:3: limit must come before the first solve"},
		{"# x\nlimit cpu=1x\nsolve 4\n", "x.txtar:2: limit \"cpu=1x\": factor 1 out of range"},
		{"# x\nlimit cpu=-1s\nsolve 4\n", "x.txtar:2: limit \"cpu=-1s\": duration -1s out of range"},
		{"# x\n! solve 4\n", "x.txtar:2: unsupported: ! solve"},
		{"# x\nboards 4\n", "x.txtar:2: boards checks problem 51's answers"},
		{"# x\nsolve 4\ncmp stdout want\n", `x.txtar:3: cmp: no file "want" in the archive`},
		{"solve 4\n", "x.txtar:1: a case starts with a comment"},
		{"# only a comment\n", "x.txtar: the case never runs the solution"},
		{"# x\n[short] solve 4\n", "x.txtar:2: conditions such as [short] are not used in cases"},
	}
	for _, tt := range tests {
		_, err := parseCase("x.txtar", []byte(tt.script), p52(t))
		assert.ErrorContains(t, err, tt.err, tt.script)
	}
}

func TestSplitLineFollowsTestscriptQuoting(t *testing.T) {
	got, err := splitLine(`stdout 'it''s  here' # a comment`)
	require.NoError(t, err)
	assert.Equal(t, []string{"stdout", "it's  here"}, got)
}

func TestResolveLimits(t *testing.T) {
	l, err := parseLimits([]string{"cpu=4x", "out=64KiB"})
	require.NoError(t, err)
	lim := l.resolve(250*time.Millisecond+3, false)
	assert.Equal(t, 1010*time.Millisecond, lim.CPU, "4 × reference, rounded up to 10 ms")
	assert.Equal(t, wallFor(lim.CPU), lim.Wall)
	assert.Equal(t, int64(64<<10), lim.Output)
	assert.Equal(t, int64(defaultMemory), lim.Memory)
	assert.Equal(t, calibrateCap, l.resolve(0, true).CPU, "calibration runs the reference without a tight limit")

	l, err = parseLimits([]string{"cpu=2s", "wall=3s"})
	require.NoError(t, err)
	lim = l.resolve(0, false)
	assert.Equal(t, 2*time.Second, lim.CPU)
	assert.Equal(t, 3*time.Second, lim.Wall)
}
