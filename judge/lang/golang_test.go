package lang

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nqueens-kit/nqueens/internal/queenstest"
	"github.com/nqueens-kit/nqueens/judge/build"
	"github.com/nqueens-kit/nqueens/judge/problem"
	"github.com/nqueens-kit/nqueens/judge/sandbox"
)

// buildHarness builds the harness of 52 with a solution, as a program.
func buildHarness(t *testing.T, solution string) string {
	p, err := problem.Find("52")
	require.NoError(t, err)
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module h\n\ngo 1.26\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "harness.go"), []byte(GoHarness(p)), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "harness_part.go"), []byte(GoHarnessPart(false)), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "solution.go"), []byte("package main\n\n"+solution), 0o644))
	cmd := exec.Command("go", "build", "-o", "prog", ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOWORK=off", "GOFLAGS=")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	return filepath.Join(dir, "prog")
}

// runHarness runs a harness program with env added, its answer and crash
// channels as files, at the descriptors given.
func runHarness(t *testing.T, bin string, env []string, extra int) (code int, answer, crash string) {
	dir := t.TempDir()
	ans, err := os.Create(filepath.Join(dir, "answer"))
	require.NoError(t, err)
	defer ans.Close()
	cr, err := os.Create(filepath.Join(dir, "crash"))
	require.NoError(t, err)
	defer cr.Close()
	cmd := exec.Command(bin, "8")
	cmd.Env = append(os.Environ(), env...)
	for range extra {
		cmd.ExtraFiles = append(cmd.ExtraFiles, nil)
	}
	cmd.ExtraFiles = append(cmd.ExtraFiles, ans, cr)
	cmd.Run()
	a, _ := os.ReadFile(ans.Name())
	c, _ := os.ReadFile(cr.Name())
	return cmd.ProcessState.ExitCode(), string(a), string(c)
}

// greedy holds 300 MB, 10 MB at a time: bounded, whatever happens.
const greedy = `func totalNQueens(n int) int {
	var keep [][]byte
	for range 30 {
		b := make([]byte, 10<<20)
		for i := range b {
			b[i] = 1
		}
		keep = append(keep, b)
	}
	return len(keep) + n
}
`

// Where the sandbox cannot watch memory (macOS), the harness stops itself
// at the limit, and says so on its crash channel. On Linux, whose sandbox
// watches memory, exhaustive: a build and a run to 64 MiB, 1.5 s of CPU.
func TestHarnessStopsItselfAtTheMemoryLimit(t *testing.T) {
	if runtime.GOOS == "linux" {
		queenstest.SkipUnlessLong(t)
	}
	bin := buildHarness(t, greedy)
	code, answer, crash := runHarness(t, bin, []string{sandbox.MemoryEnv + "=" + "67108864"}, 0)
	assert.Equal(t, 3, code)
	assert.Empty(t, answer)
	assert.True(t, strings.HasPrefix(crash, sandbox.MemoryLimitReport), crash)

	code, answer, _ = runHarness(t, bin, nil, 0)
	assert.Equal(t, 0, code, "no limit set: the harness watches nothing")
	assert.Equal(t, "38\n", answer)
}

// On Windows the channels are handles named in the environment; the same
// code reads a descriptor named there on any system.
func TestHarnessFindsItsChannelsInTheEnvironment(t *testing.T) {
	bin := buildHarness(t, "func totalNQueens(n int) int { return 92 }\n")
	code, answer, _ := runHarness(t, bin, []string{"NQUEENS_FD3=5", "NQUEENS_FD4=6"}, 2)
	assert.Equal(t, 0, code)
	assert.Equal(t, "92\n", answer)
}

// Only a counted Go build links runtime/coverage: a timed build's harness
// gets nocounters.go as its second file, and its link takes a fifth less
// (262 against 215 ms of CPU, perf stat, on a host whose page faults are
// slow). The judge links without a symbol table (-s), so the function
// names looked for are in the runtime's own table (pclntab), which every
// Go binary keeps for its stack traces: the counted build shows they can
// be found there.
func TestOnlyACountedGoBuildLinksCoverage(t *testing.T) {
	env, err := build.FindGo()
	require.NoError(t, err)
	b := &build.Builder{CacheDir: t.TempDir(), TempDir: t.TempDir(), Jail: sandbox.NewJail()}
	b.UseGo(env)
	p, err := problem.Find("52")
	require.NoError(t, err)
	s := NewSubmission(p, Go, []byte(stubs[Go]), "solution.go")
	for _, counted := range []bool{false, true} {
		spec := GoSpec(s)
		spec.Cover = counted
		bin, err := b.Build(context.Background(), spec)
		require.NoError(t, err)
		data, err := os.ReadFile(bin)
		require.NoError(t, err)
		// internal/coverage/cfile is runtime/coverage's work (its own
		// functions are inlined); the runtime alone does not import it.
		assert.Equal(t, counted, bytes.Contains(data, []byte("internal/coverage/cfile.")), "counted: %v", counted)
	}
}
