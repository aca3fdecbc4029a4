//go:build unix && !linux

package sandbox

import (
	"strconv"
	"syscall"

	"github.com/nqueens-kit/nqueens/judge/sandbox/jail"
)

// maxrssUnit is the unit of Rusage.Maxrss: bytes on macOS and the BSDs.
const maxrssUnit = 1

// sysProcAttr puts the program in a process group of its own.
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true}
}

// treeStat cannot read a running process's usage without /proc: the limits
// are then checked from rusage when the program ends, and the wall-clock
// backstop stops a program that runs on.
func treeStat(pid int, files *procFiles) (t tree, ok bool) { return tree{}, false }

// procFiles holds nothing here.
type procFiles struct{}

func newProcFiles() *procFiles { return nil }

func (p *procFiles) close() {}

// treeWaiting cannot see a process's state without /proc.
func treeWaiting(pid int) bool { return false }

// setSafetyLimits has no prlimit to call here.
func setSafetyLimits(pid int, prog Program, lim Limits, jailed bool) error { return nil }

// programEnv is the whole environment a program runs with. With no /proc
// to poll, the Go harness watches its own memory (MemoryEnv) and stops
// itself at the limit.
func programEnv(dir string, lim Limits) []string {
	return append(jail.Env(dir), MemoryEnv+"="+strconv.FormatInt(lim.Memory, 10))
}

// ownPeak is unknown here: rusage's peak, which can hold the judge's own,
// is not compared (the watchdog does not poll here either).
func ownPeak() int64 { return 0 }

// ended does nothing where the judge does not wait without reaping (not
// Linux): the group is killed after the program is reaped, as before.
func (g *group) ended() {}
