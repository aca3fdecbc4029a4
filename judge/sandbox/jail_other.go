//go:build !linux

package sandbox

import (
	"os"
	"syscall"
)

// NewJail returns a jail with none of Linux's protections: on this system a
// run has only the process-group limits.
func NewJail() *Jail {
	return &Jail{missing: []string{"namespaces and Landlock (Linux only): a run can see and signal other processes, reach the network, read and write the user's files, and leave processes behind"}}
}

func (j *Jail) jailCommand(argv []string, lim Limits) (path string, args []string, bin *os.File, attr *syscall.SysProcAttr, err error) {
	return argv[0], argv, nil, sysProcAttr(), nil
}

// Helper returns at once: there is no jail to build here.
func Helper() {}

// HelperMain is never started here.
func HelperMain() { os.Exit(2) }

func helperError(r *Result) error { return nil }
