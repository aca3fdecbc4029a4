//go:build unix && !linux

package sandbox

import (
	"os"
	"syscall"

	"github.com/nqueens-kit/nqueens/internal/msg"
)

// NewJail returns a jail with none of Linux's protections: on this system a
// run has only the process-group limits.
func NewJail() *Jail {
	return &Jail{missing: []string{msg.Sprintf("namespaces and Landlock (Linux only): a run can see and signal other processes, reach the network, read and write the user's files, and leave processes behind")}}
}

// jailCommand has no jail to offer here; it runs the program under the
// shell's ulimit instead, so that the kernel stops a runaway at its CPU
// limit while it runs, with no /proc to poll.
func (j *Jail) jailCommand(prog Program, progArgs []string, lim Limits) (*launch, error) {
	args := withCPULimit(prog.argv(prog.Path, progArgs), lim.CPU)
	return &launch{path: args[0], args: args, attr: sysProcAttr()}, nil
}

// Helper returns at once: there is no jail to build here.
func Helper() {}

// HelperMain is never started here.
func HelperMain() { os.Exit(2) }

func helperError(report []byte) error { return nil }

// CloseInherited marks every descriptor above stderr that the judge
// inherited close-on-exec, so that no program it starts gets one: main
// calls it first thing. (Descriptors past the first 1024 are not looked at.)
func CloseInherited() {
	for fd := 3; fd < 1024; fd++ {
		syscall.CloseOnExec(fd)
	}
}
