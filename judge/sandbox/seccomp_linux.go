//go:build linux

package sandbox

import (
	seccomp "github.com/elastic/go-seccomp-bpf"
	"golang.org/x/sys/unix"

	"github.com/nqueens-kit/nqueens/internal/msg"
)

// refuseProcesses installs the jail's seccomp filter (through
// go-seccomp-bpf) on the helper and so on the program it becomes. A
// submission may start threads, never processes: a child's CPU time can
// hide from the accounting (one whose parent ignores SIGCHLD is reaped by
// the kernel, and counted in no rusage). It gets no System V shared
// memory, message queues or semaphores, which belong to no process and
// show in no memory count, and no keyring calls.
func refuseProcesses() error {
	filter := seccomp.Filter{
		NoNewPrivs: true,
		Flag:       seccomp.FilterFlagTSync,
		Policy: seccomp.Policy{
			DefaultAction: seccomp.ActionAllow,
			Syscalls: []seccomp.SyscallGroup{
				{
					Action: seccomp.ActionErrno, // EPERM
					Names: []string{"fork", "vfork", "shmget", "shmat", "msgget", "semget",
						"keyctl", "add_key", "request_key"},
				},
				{
					// clone makes a process unless it makes a thread.
					Action: seccomp.ActionErrno,
					NamesWithCondtions: []seccomp.NameWithConditions{{
						Name:       "clone",
						Conditions: seccomp.ArgumentConditions{{Argument: 0, Operation: seccomp.BitsNotSet, Value: unix.CLONE_THREAD}},
					}},
				},
				{
					// clone3's flags are in memory, out of the filter's
					// reach: "not implemented" makes the C library and the
					// Go runtime fall back to clone.
					Action: seccomp.ActionErrno | seccomp.Action(unix.ENOSYS),
					Names:  []string{"clone3"},
				},
			},
		},
	}
	if err := seccomp.LoadFilter(filter); err != nil {
		return msg.Errorf("seccomp: %w", err)
	}
	return nil
}
