//go:build windows

package sandbox

import (
	"os"
	"syscall"

	"golang.org/x/sys/windows"

	"github.com/nqueens-kit/nqueens/internal/msg"
)

// NewJail returns a jail with none of Linux's protections: on Windows a
// run has the limits of its Job Object.
func NewJail() *Jail {
	return &Jail{missing: []string{msg.Sprintf("namespaces and Landlock (Linux only): a run can see other processes, reach the network, and read and write the user's files")}}
}

// jailCommand starts the program suspended, so that it is in its Job
// Object, under every limit, before it runs a single instruction.
func (j *Jail) jailCommand(prog Program, progArgs []string, lim Limits) (*launch, error) {
	attr := &syscall.SysProcAttr{CreationFlags: windows.CREATE_SUSPENDED | windows.CREATE_NEW_PROCESS_GROUP}
	argv := prog.argv(prog.Path, progArgs)
	return &launch{path: argv[0], args: argv, attr: attr}, nil
}

// Helper returns at once: there is no jail to build here.
func Helper() {}

// HelperMain is never started here.
func HelperMain() { os.Exit(2) }

func helperError(report []byte) error { return nil }

// CloseInherited does nothing on Windows: a handle reaches a child only
// when it is marked inheritable and passed, which the judge never does.
func CloseInherited() {}
