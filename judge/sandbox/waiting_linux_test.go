package sandbox

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/sys/unix"

	"github.com/nqueens-kit/nqueens/internal/queenstest"
)

// A program that only waits for a core, as on a busy machine, is never
// stopped for being idle, however long it goes without a tick of CPU time.
// The test makes it wait for one whatever the machine's load: it shares a
// single core, at the lowest priority (nice 19), with a busy thread of the
// test's own at the usual one, so it gets about 1.5 % of that core, a
// 10 ms tick of CPU time about every 0.7 s, far more rarely than the idle
// limit here, and is runnable all the while. More load on that core only
// makes it wait longer. (Stopping it with SIGSTOP instead, as this test
// once did, is not waiting for a core: a stopper starved by a busy machine
// left it stopped past the limit, and it was rightly stopped as idle.)
// Exhaustive: the busy thread spins about 3 s.
func TestRunLetsAProgramWaitingForACoreFinish(t *testing.T) {
	queenstest.SkipUnlessLong(t)
	var cpus unix.CPUSet
	require.NoError(t, unix.SchedGetaffinity(0, &cpus))
	core := -1
	for i := range 1024 {
		if cpus.IsSet(i) {
			core = i
			break
		}
	}
	require.GreaterOrEqual(t, core, 0)
	var one unix.CPUSet
	one.Set(core)

	// The run's folder is the program's working directory: the script names
	// its files there, whatever the path (a TMPDIR may hold a space).
	dir := t.TempDir()
	lim := limits()
	lim.Idle = 300 * time.Millisecond
	lim.CPU = 20 * time.Second // a test of idleness, on any machine's speed

	// The burner runs until the run ends; the program starts once it is
	// on the burner's core, at nice 19, and loops until it has used 50 ms
	// of CPU time (five ticks of its own /proc/PID/stat), on any machine:
	// several seconds at its share.
	var done atomic.Bool
	defer done.Store(true)
	ready := make(chan error, 1)
	go func() {
		runtime.LockOSThread() // never unlocked: the thread ends with its affinity
		err := starve(dir, &one)
		// The program goes on even if it could not be made to wait, so that
		// the run ends and the test says why.
		if werr := os.WriteFile(filepath.Join(dir, "go"), nil, 0o600); err == nil {
			err = werr
		}
		ready <- err
		for !done.Load() {
		}
	}()
	start := time.Now()
	r, err := Run(context.Background(), dir, []string{"/bin/sh", "-c", `echo $$ > pid
		while [ ! -e go ]; do sleep 0.01; done
		while :; do read -r stat < /proc/$$/stat; set -- $stat; [ $((${14} + ${15})) -ge 5 ] && break; done
		echo done >&3`}, lim)
	require.NoError(t, err)
	wall := time.Since(start)
	done.Store(true)
	require.NoError(t, <-ready)
	assert.Equal(t, None, r.Killed)
	assert.Equal(t, "done\n", string(r.Answer))
	assert.Greater(t, wall, 3*lim.Idle, "the program must wait well past the idle limit to mean anything")
}

// starve puts the calling thread on the one core, then the program whose
// process ID it writes to dir/pid there too, at nice 19.
func starve(dir string, one *unix.CPUSet) error {
	if err := unix.SchedSetaffinity(0, one); err != nil {
		return err
	}
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		data, _ := os.ReadFile(filepath.Join(dir, "pid"))
		if pid, err := strconv.Atoi(strings.TrimSpace(string(data))); err == nil && pid > 0 {
			if err := unix.SchedSetaffinity(pid, one); err != nil {
				return err
			}
			return unix.Setpriority(unix.PRIO_PROCESS, pid, 19)
		}
	}
	return fmt.Errorf("the program never wrote its process ID to %s", filepath.Join(dir, "pid"))
}
