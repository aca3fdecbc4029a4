package lang

import (
	"context"
	"os"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nqueens-kit/nqueens/judge/build"
	"github.com/nqueens-kit/nqueens/judge/problem"
	"github.com/nqueens-kit/nqueens/judge/profile"
	"github.com/nqueens-kit/nqueens/judge/sandbox"
)

func TestMain(m *testing.M) {
	sandbox.Helper() // the jail's helper, when the jail runs this binary as one
	os.Exit(m.Run())
}

// countedSource counts its loop's turns: n*n for n queens' columns.
const countedSource = `int totalNQueens(int n) {
    int turns = 0;
    for (int i = 0; i < n * n; i++) {
        turns++;
    }
    return turns > 0 ? 4 : 0;
}
`

// A counted C build sends counts that gcov reads, both ways: from memory
// (gcc 12 and later), in a run that is a timed run's twin (its environment,
// a folder it cannot write), and before gcc 12 from the files gcc's runtime
// writes, when asked.
func TestCountedBuildsSendCountsGCovReads(t *testing.T) {
	if runtime.GOOS != "linux" || !C.OnPath() {
		t.Skip("counting C needs gcc and gcov, on Linux")
	}
	tc, err := C.Toolchain()
	require.NoError(t, err)
	p, err := problem.Find("52")
	require.NoError(t, err)
	jail := sandbox.NewJail()
	for _, inMemory := range []bool{true, false} {
		t.Run(map[bool]string{true: "from memory", false: "from files"}[inMemory], func(t *testing.T) {
			if inMemory && !tc.countsInMemory {
				t.Skip("gcc before 12: no -fprofile-info-section")
			}
			c := *tc
			c.countsInMemory = inMemory
			b := &build.Builder{CacheDir: t.TempDir(), TempDir: t.TempDir(), Jail: jail}
			dir := t.TempDir()
			prog, ok, err := c.BuildCounted(context.Background(), b, Submission{Problem: p, Source: []byte(countedSource), Display: "count.c"}, dir)
			require.NoError(t, err)
			require.True(t, ok)
			assert.Equal(t, !inMemory, prog.Writes, "a folder it may write")
			assert.Equal(t, !inMemory, len(prog.Env) > 0, "an environment of its own: %v", prog.Env)
			lim := sandbox.Limits{CPU: 10e9, Idle: 10e9, Memory: 256 << 20, Output: 1 << 16, Answer: 1 << 20}
			r, err := jail.RunProgram(context.Background(), t.TempDir(), prog, []string{"5"}, lim)
			require.NoError(t, err)
			require.Zero(t, r.ExitCode, "%s", r.Output)
			require.NoError(t, WriteCounts(dir, r.Answer))
			data, err := c.Count(context.Background(), b, dir)
			require.NoError(t, err)
			counts, err := profile.GCC(data, C.File(), []byte(countedSource))
			require.NoError(t, err)
			assert.Equal(t, int64(25), counts.Lines[4], "the loop's body, n*n times")
		})
	}
}
