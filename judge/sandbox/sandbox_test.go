package sandbox

import (
	"context"
	"os/exec"
	"runtime"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nqueens-kit/nqueens/internal/queenstest"
)

func limits() Limits {
	return Limits{CPU: 2 * time.Second, Idle: 3 * time.Second, Memory: 256 << 20, Output: 1 << 16, Answer: 1 << 16}
}

// needsProc skips a test of limits that are watched while the program runs,
// which needs Linux's /proc.
func needsProc(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("watching a running program needs /proc")
	}
}

func run(t *testing.T, lim Limits, script string) *Result {
	t.Helper()
	r, err := Run(context.Background(), t.TempDir(), []string{"/bin/sh", "-c", script}, lim)
	require.NoError(t, err)
	return r
}

func TestRunCollectsOutputAndAnswer(t *testing.T) {
	r := run(t, limits(), "echo hello; echo oops >&2; echo 42 >&3")
	assert.Equal(t, None, r.Killed)
	assert.Equal(t, 0, r.ExitCode)
	assert.Equal(t, "hello\noops\n", string(r.Output))
	assert.Equal(t, "42\n", string(r.Answer))
	assert.Positive(t, r.MaxRSS)
}

func TestRunReportsExitStatus(t *testing.T) {
	r := run(t, limits(), "exit 3")
	assert.Equal(t, None, r.Killed)
	assert.Equal(t, 3, r.ExitCode)
}

func TestRunStopsCPUHogAtTheLimit(t *testing.T) {
	needsProc(t)
	lim := limits()
	lim.CPU = 300 * time.Millisecond
	r := run(t, lim, "while :; do :; done")
	assert.Equal(t, CPU, r.Killed)
	assert.GreaterOrEqual(t, r.CPU, 250*time.Millisecond, "CPU time comes from the kernel's accounting")
	assert.Less(t, r.CPU, time.Second)
}

// notWaited bounds a run that must not wait for a process it left: each
// such process sleeps 30 s or more, so a run that waited fails, and a
// machine busy enough to slow a jail's set-up takes seconds, not twenty.
const notWaited = 20 * time.Second

func TestRunStopsProgramsThatMakeNoProgress(t *testing.T) {
	t.Parallel() // its sleepers wait, beside the other tests that wait
	tests := []struct {
		name, script string
		idle         time.Duration
	}{
		{"a sleeper", "sleep 30", 300 * time.Millisecond},
		// The child holds stdout open; Run must still return soon after the
		// limit, because the whole process group is killed.
		{"a sleeper with a child", "sleep 60 & sleep 60", 500 * time.Millisecond},
		{"a program that stops itself", "kill -STOP $$", 300 * time.Millisecond},
		{"a program that computes, then sleeps", "i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done; sleep 30", 300 * time.Millisecond},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lim := limits()
			lim.Idle = tt.idle
			start := time.Now()
			r := run(t, lim, tt.script)
			assert.Equal(t, Idle, r.Killed)
			assert.Less(t, time.Since(start), notWaited, "the sleepers must not hold the run open")
		})
	}
}

func TestRunStopsOutputFlood(t *testing.T) {
	r := run(t, limits(), "yes flood")
	assert.Equal(t, Output, r.Killed)
	assert.Greater(t, r.Written, int64(1<<16))
	assert.LessOrEqual(t, len(r.Output), KeepOutput, "the judge keeps only the start")
	assert.Len(t, r.Tail, KeepOutput, "and the end")
	assert.Equal(t, r.Written/int64(len("flood\n")), r.Lines, "every line is counted")
}

func TestRunStopsAnswerFlood(t *testing.T) {
	r := run(t, limits(), "yes answer >&3")
	assert.Equal(t, Answer, r.Killed)
}

func TestRunStopsMemoryHog(t *testing.T) {
	needsProc(t)
	lim := limits()
	lim.Memory = 64 << 20
	// awk grows a string until it is stopped.
	r := run(t, lim, `awk 'BEGIN { s = "x"; while (1) { s = s s; t[length(s)] = s } }'`)
	assert.Equal(t, Memory, r.Killed)
}

func TestRunDoesNotWaitForAProcessThatLeftTheGroup(t *testing.T) {
	t.Parallel() // it waits, beside the other tests that wait
	needsProc(t)
	// The marker is a sleep time no other test uses, so cleanup finds it.
	t.Cleanup(func() { exec.Command("pkill", "-f", "sleep 31.25").Run() })
	start := time.Now()
	r := run(t, limits(), `setsid sh -c "sleep 31.25" & sleep 0.3; echo 42 >&3`)
	assert.Less(t, time.Since(start), notWaited, "the escaped child still holds stdout")
	assert.Equal(t, None, r.Killed)
	assert.Equal(t, "42\n", string(r.Answer))
}

func TestRunStopsWhenCancelled(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	r, err := Run(ctx, t.TempDir(), []string{"/bin/sh", "-c", "sleep 60"}, limits())
	require.NoError(t, err)
	assert.Equal(t, Interrupted, r.Killed)
}

// The CPU limit without /proc (macOS, the BSDs) is the shell's ulimit: it
// must stop a runaway by itself, which this checks on any Unix.
// On Linux, which watches the CPU time itself, exhaustive: the loop spins
// 2 s (ulimit counts whole seconds, and the limit has a second to spare).
func TestCPULimitWithoutPolling(t *testing.T) {
	if runtime.GOOS == "linux" {
		queenstest.SkipUnlessLong(t)
	}
	t.Parallel() // beside the tests that wait
	argv := withCPULimit([]string{"/bin/sh", "-c", "while :; do :; done"}, 300*time.Millisecond)
	cmd := exec.Command(argv[0], argv[1:]...)
	start := time.Now()
	err := cmd.Run()
	require.Error(t, err)
	ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus)
	require.True(t, ok)
	assert.Contains(t, []syscall.Signal{sigCPU, syscall.SIGKILL}, ws.Signal(), "stopped by the kernel at its CPU limit")
	assert.GreaterOrEqual(t, cmd.ProcessState.UserTime()+cmd.ProcessState.SystemTime(), 300*time.Millisecond)
	assert.Less(t, time.Since(start), 30*time.Second)
}

func TestAProgramsEnvIsAddedToItsEnvironment(t *testing.T) {
	prog := Program{Path: "/bin/sh", Env: []string{"GOMAXPROCS=1", "HOME=/nowhere"}}
	r, err := NoJail.RunProgram(context.Background(), t.TempDir(), prog, []string{"-c", "echo $GOMAXPROCS $HOME $PATH"}, limits())
	require.NoError(t, err)
	assert.Equal(t, "1 /nowhere /usr/bin:/bin\n", string(r.Output), "Env added, a later entry winning over the judge's own")
}

// A run's folder is bounded only where the jail gives it a tmpfs of its
// own; a run that writes elsewhere writes on the user's disk.
func TestOnlyTheNamespacesBoundARunsFolder(t *testing.T) {
	for _, tt := range []struct {
		j      *Jail
		bounds bool
	}{
		{&Jail{namespaces: true, landlock: 4}, true},
		{&Jail{namespaces: true}, true},
		{&Jail{landlock: 4}, false},
		{NoJail, false},
		{nil, false},
	} {
		assert.Equal(t, tt.bounds, tt.j.BoundsFolder(), "tier %s", tt.j.Tier())
	}
}

// A run is polled every PollEvery at first, then less often as it runs
// on, never less often than every pollAtMost: a limit is overshot by 2 %
// of the time run at most.
func TestPollsSlowDownWithTheRunsTime(t *testing.T) {
	assert.Equal(t, PollEvery, pollAfter(0))
	assert.Equal(t, PollEvery, pollAfter(200*time.Millisecond))
	assert.Equal(t, 10*time.Millisecond, pollAfter(500*time.Millisecond))
	assert.Equal(t, pollAtMost, pollAfter(20*time.Second))
	for ran := time.Duration(0); ran < 5*time.Second; ran += 100 * time.Millisecond {
		assert.LessOrEqual(t, pollAfter(ran), max(PollEvery, ran/50))
	}
}
