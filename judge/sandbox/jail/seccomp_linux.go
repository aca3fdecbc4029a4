//go:build linux

package jail

import (
	"maps"
	"slices"
	"unsafe"

	seccomp "github.com/elastic/go-seccomp-bpf"
	"github.com/elastic/go-seccomp-bpf/arch"
	"golang.org/x/net/bpf"
	"golang.org/x/sys/unix"

	"github.com/nqueens-kit/nqueens/internal/msg"
)

// The jail's seccomp filter (built with go-seccomp-bpf, loaded on the
// helper and so on the program it becomes) holds a run to the x86-64
// system calls the kernel had when go-seccomp-bpf's table was made:
//
//   - a call through any other table (i386's `int $0x80`, x32) kills the
//     run: its numbers would mean other calls, which no rule below sees;
//   - a call newer than the table is "not implemented" (ENOSYS), which
//     every C library and runtime treats as an old kernel;
//   - the calls in refused are "not permitted" (EPERM), as is a clone
//     that makes a process rather than a thread, and a prctl that would
//     clear the signal that kills the run with the judge.
//
// A submission may start threads, never processes: a child's CPU time can
// hide from the accounting (one whose parent ignores SIGCHLD is reaped by
// the kernel, and counted in no rusage). A tool (a compiler, which starts
// its own passes) may start processes; everything else is refused to it
// too.

// refused are the calls no run may make: what could change the jail
// (mounts, namespaces, root, capabilities through ptrace), hold memory that
// shows in no process's count (System V IPC, memfd, io_uring's rings,
// whose operations would also bypass this filter), reach the judge's
// session keyring, open a socket (a run needs none; an unnamed pair, which the JVM makes
// for itself, reaches nothing), or ask the kernel for
// more than a program needs (BPF, perf, module and reboot calls).
var refused = []string{
	"mount", "umount2", "pivot_root", "chroot", "unshare", "setns",
	"fsopen", "fsconfig", "fsmount", "fspick", "move_mount", "open_tree", "mount_setattr",
	"shmget", "shmat", "msgget", "semget", "memfd_create", "memfd_secret",
	"io_uring_setup", "io_uring_enter", "io_uring_register",
	"keyctl", "add_key", "request_key",
	"socket",
	"ptrace", "process_vm_readv", "process_vm_writev", "pidfd_getfd",
	"bpf", "perf_event_open", "userfaultfd", "open_by_handle_at", "name_to_handle_at",
	"init_module", "finit_module", "delete_module", "kexec_load", "kexec_file_load",
	"reboot", "swapon", "swapoff", "sethostname", "setdomainname", "acct", "quotactl",
}

// refusedToSubmissions are refused to a submission but not to a tool: a
// process of its own, leaving its process group (whose kill ends the run
// where there is no PID namespace), and signals through pidfds.
var refusedToSubmissions = []string{"fork", "vfork", "setsid", "setpgid", "tkill", "pidfd_open", "pidfd_send_signal"}

// Linux's numbers for the calls and arguments below that x/sys/unix does
// not name.
const (
	fioSetOwn  = 0x8901 // ioctl FIOSETOWN
	sioSetPgrp = 0x8902 // ioctl SIOCSPGRP
	fSetSig    = 10     // fcntl F_SETSIG
	fSetOwnEx  = 15     // fcntl F_SETOWN_EX
	sockType   = 0xf    // the type's bits in socket's and socketpair's type argument
)

// noSignalsByOwner refuses (EPERM) the ways a run makes the kernel signal
// another process for a descriptor of its own: fcntl's F_SETOWN,
// F_SETOWN_EX and F_SETSIG, and the FIOSETOWN, SIOCSPGRP and TIOCSPGRP
// ioctls (a pipe or a socket with O_ASYNC then sends any signal to the
// owner: without a PID namespace, the judge or any process of the user);
// and a socket pair of any type but a stream (an unconnected datagram
// pair reaches named sockets with sendto or sendmsg). The kernel reads
// these arguments as 32-bit ints, whatever the high bits: only the low
// ones are compared, which go-seccomp-bpf's conditions cannot do.
func noSignalsByOwner() []bpf.Instruction {
	var ins []bpf.Instruction
	ins = append(ins, refuseLow32(unix.SYS_FCNTL, 1, unix.F_SETOWN, fSetOwnEx, fSetSig)...)
	ins = append(ins, refuseLow32(unix.SYS_IOCTL, 1, fioSetOwn, sioSetPgrp, unix.TIOCSPGRP)...)
	ins = append(ins,
		bpf.LoadAbsolute{Off: nrOffset, Size: 4},
		bpf.JumpIf{Cond: bpf.JumpEqual, Val: unix.SYS_SOCKETPAIR, SkipFalse: 4},
		bpf.LoadAbsolute{Off: argOffset(1), Size: 4},
		bpf.ALUOpConstant{Op: bpf.ALUOpAnd, Val: sockType},
		bpf.JumpIf{Cond: bpf.JumpEqual, Val: unix.SOCK_STREAM, SkipTrue: 1},
		bpf.RetConstant{Val: uint32(seccomp.ActionErrno | seccomp.Action(unix.EPERM))},
	)
	return ins
}

// refuseLow32 is a filter's part that refuses (EPERM) call nr when the low
// 32 bits of its argument arg are one of vals.
func refuseLow32(nr uint32, arg int, vals ...uint32) []bpf.Instruction {
	k := len(vals)
	ins := []bpf.Instruction{
		bpf.LoadAbsolute{Off: nrOffset, Size: 4},
		bpf.JumpIf{Cond: bpf.JumpEqual, Val: nr, SkipFalse: uint8(k + 2)},
		bpf.LoadAbsolute{Off: argOffset(arg), Size: 4},
	}
	for i, v := range vals {
		if i < k-1 {
			ins = append(ins, bpf.JumpIf{Cond: bpf.JumpEqual, Val: v, SkipTrue: uint8(k - 1 - i)})
		} else {
			ins = append(ins, bpf.JumpIf{Cond: bpf.JumpEqual, Val: v, SkipFalse: 1})
		}
	}
	return append(ins, bpf.RetConstant{Val: uint32(seccomp.ActionErrno | seccomp.Action(unix.EPERM))})
}

// Offsets in struct seccomp_data: the call's number, its table, and its
// arguments (8 bytes each; the low 32 bits first, on x86-64).
const (
	nrOffset   = 0
	archOffset = 4
)

func argOffset(i int) uint32 { return uint32(16 + 8*i) }

// refuseProcesses installs the filter for a submission (tool false) or a
// tool (tool true) on the calling thread, with no_new_privs. self is the
// process the program will be: a submission may signal itself and its
// own process group only (without a PID namespace, everything else of
// the user's would be in reach).
func refuseProcesses(tool bool, self int) error {
	prog, err := filterProgram(tool, self)
	if err != nil {
		return msg.Errorf("seccomp: %w", err)
	}
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		return msg.Errorf("seccomp: %w", err)
	}
	fprog := unix.SockFprog{Len: uint16(len(prog)), Filter: &prog[0]}
	if _, _, errno := unix.Syscall(unix.SYS_SECCOMP, unix.SECCOMP_SET_MODE_FILTER, 0, uintptr(unsafe.Pointer(&fprog))); errno != 0 {
		return msg.Errorf("seccomp: %w", errno)
	}
	return nil
}

// filterProgram assembles the filter: the checks of the table and of
// calls newer than it first, then go-seccomp-bpf's rules.
func filterProgram(tool bool, self int) ([]unix.SockFilter, error) {
	errno := func(e unix.Errno) seccomp.Action { return seccomp.ActionErrno | seccomp.Action(e) }
	groups := []seccomp.SyscallGroup{
		{Action: seccomp.ActionErrno, Names: refused}, // EPERM
		{
			// Clearing the parent-death signal would let a run outlive a
			// killed judge.
			Action: seccomp.ActionErrno,
			NamesWithCondtions: []seccomp.NameWithConditions{{
				Name:       "prctl",
				Conditions: seccomp.ArgumentConditions{{Argument: 0, Operation: seccomp.Equal, Value: unix.PR_SET_PDEATHSIG}},
			}},
		},
	}
	if !tool {
		groups = append(groups,
			seccomp.SyscallGroup{Action: seccomp.ActionErrno, Names: refusedToSubmissions},
			seccomp.SyscallGroup{
				// clone makes a process unless it makes a thread.
				Action: seccomp.ActionErrno,
				NamesWithCondtions: []seccomp.NameWithConditions{{
					Name:       "clone",
					Conditions: seccomp.ArgumentConditions{{Argument: 0, Operation: seccomp.BitsNotSet, Value: unix.CLONE_THREAD}},
				}},
			},
			seccomp.SyscallGroup{
				// kill(pid): itself, its group (0 or -pid) only.
				Action: seccomp.ActionErrno,
				NamesWithCondtions: []seccomp.NameWithConditions{{
					Name: "kill",
					Conditions: seccomp.ArgumentConditions{
						{Argument: 0, Operation: seccomp.NotEqual, Value: uint64(self)},
						{Argument: 0, Operation: seccomp.NotEqual, Value: 0},
						{Argument: 0, Operation: seccomp.NotEqual, Value: uint64(int64(-self))},
					},
				}},
			},
			seccomp.SyscallGroup{
				// A thread's signals: its own process's threads only.
				Action: seccomp.ActionErrno,
				NamesWithCondtions: []seccomp.NameWithConditions{
					{Name: "tgkill", Conditions: seccomp.ArgumentConditions{{Argument: 0, Operation: seccomp.NotEqual, Value: uint64(self)}}},
					{Name: "rt_sigqueueinfo", Conditions: seccomp.ArgumentConditions{{Argument: 0, Operation: seccomp.NotEqual, Value: uint64(self)}}},
					{Name: "rt_tgsigqueueinfo", Conditions: seccomp.ArgumentConditions{{Argument: 0, Operation: seccomp.NotEqual, Value: uint64(self)}}},
				},
			},
			seccomp.SyscallGroup{
				// clone3's flags are in memory, out of the filter's reach:
				// "not implemented" makes the C library and the Go runtime
				// fall back to clone.
				Action: errno(unix.ENOSYS),
				Names:  []string{"clone3"},
			})
	}
	groups = append(groups, seccomp.SyscallGroup{
		// A datagram to a named socket needs no socket() or connect():
		// sendto with an address does it from an unnamed pair.
		Action: seccomp.ActionErrno,
		NamesWithCondtions: []seccomp.NameWithConditions{{
			Name:       "sendto",
			Conditions: seccomp.ArgumentConditions{{Argument: 4, Operation: seccomp.NotEqual, Value: 0}},
		}},
	})
	policy := seccomp.Policy{DefaultAction: seccomp.ActionAllow, Syscalls: groups}
	rules, err := policy.Assemble()
	if err != nil {
		return nil, err
	}
	newest := slices.Max(slices.Collect(maps.Keys(arch.X86_64.SyscallNumbers)))
	guard := []bpf.Instruction{
		bpf.LoadAbsolute{Off: archOffset, Size: 4},
		bpf.JumpIf{Cond: bpf.JumpEqual, Val: uint32(arch.X86_64.ID), SkipTrue: 1},
		bpf.RetConstant{Val: uint32(seccomp.ActionKillProcess)},
		bpf.LoadAbsolute{Off: nrOffset, Size: 4},
		bpf.JumpIf{Cond: bpf.JumpGreaterOrEqual, Val: uint32(arch.X32.SeccompMask), SkipFalse: 1},
		bpf.RetConstant{Val: uint32(seccomp.ActionKillProcess)},
		bpf.JumpIf{Cond: bpf.JumpGreaterThan, Val: uint32(newest), SkipFalse: 1},
		bpf.RetConstant{Val: uint32(errno(unix.ENOSYS))},
	}
	guard = append(guard, noSignalsByOwner()...)
	raw, err := bpf.Assemble(append(guard, rules...))
	if err != nil {
		return nil, err
	}
	out := make([]unix.SockFilter, len(raw))
	for i, r := range raw {
		out[i] = unix.SockFilter{Code: r.Op, Jt: r.Jt, Jf: r.Jf, K: r.K}
	}
	return out, nil
}
