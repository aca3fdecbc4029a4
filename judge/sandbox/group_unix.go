//go:build unix

package sandbox

import (
	"os"
	"os/exec"
	"sync"
	"syscall"
)

// group is a started program and every process it starts: on Unix, its
// process group.
type group struct {
	proc  *os.Process
	files *procFiles // what stat reads, held open between polls

	mu     sync.Mutex
	reaped bool // the program's number may now be another group's
}

// sigCPU is the signal with which the kernel stops a program at RLIMIT_CPU.
const sigCPU = syscall.SIGXCPU

// passChannels hands the answer and crash channels to the program as file
// descriptors 3 and 4.
func passChannels(cmd *exec.Cmd, files ...*os.File) error {
	cmd.ExtraFiles = append(files, cmd.ExtraFiles...)
	return nil
}

// newGroup follows a started program and sets the kernel's limits on it.
func newGroup(cmd *exec.Cmd, prog Program, lim Limits, jailed bool) (*group, error) {
	if err := setSafetyLimits(cmd.Process.Pid, prog, lim, jailed); err != nil {
		return nil, err
	}
	return &group{proc: cmd.Process, files: newProcFiles()}, nil
}

func (g *group) stat() (tree, bool) { return treeStat(g.proc.Pid, g.files) }

// waiting reports whether the program is waiting for the machine rather
// than idle (treeWaiting).
func (g *group) waiting() bool { return treeWaiting(g.proc.Pid) }

// kill stops every process of the group, and reports whether it could:
// not once the program was reaped, when its number, the group's, may have
// been given to another (another judge's run, say).
func (g *group) kill() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.reaped {
		return false
	}
	syscall.Kill(-g.proc.Pid, syscall.SIGKILL)
	return true
}

// quit asks the program (not the processes it started) to say where it
// is and end, and reports whether the signal was sent. It goes through
// os.Process, which on Linux holds a pidfd: a program that has just ended
// and been waited for is not signalled by its number, which the kernel may
// have given to a new thread of the judge's own (kill(2) on a thread's id
// signals its whole process: the judge).
func (g *group) quit() bool { return g.proc.Signal(syscall.SIGQUIT) == nil }

func (g *group) close() { g.files.close() }

// peakRSS is the kernel's account of a program's peak resident memory.
func peakRSS(ps *os.ProcessState) int64 {
	if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
		return ru.Maxrss * maxrssUnit
	}
	return 0
}
