//go:build linux

package main

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"syscall"

	seccomp "github.com/elastic/go-seccomp-bpf"
	"golang.org/x/sys/unix"
)

// simulations make this machine look, to a command and all it starts, like
// one a course uses, with a seccomp filter that answers some system calls
// as that machine would (test scripts: exec simulate KIND[+KIND] judge …).
var simulations = map[string][]seccomp.SyscallGroup{
	// Ubuntu 23.10 and later as they ship: a user namespace can be made but
	// holds no capability, so mounting in it fails (AppArmor's
	// kernel.apparmor_restrict_unprivileged_userns=1).
	"ubuntu-24.04": {{
		Action: errno(unix.EACCES),
		Names:  []string{"mount", "umount2", "pivot_root", "mount_setattr", "move_mount", "open_tree", "fsopen", "sethostname"},
	}},
	// Docker's default seccomp profile without CAP_SYS_ADMIN: no unshare,
	// no namespace flags to clone, no clone3.
	"docker": {
		{Action: errno(unix.EPERM), Names: []string{"unshare", "setns"}},
		{Action: errno(unix.ENOSYS), Names: []string{"clone3"}},
		{
			Action: errno(unix.EPERM),
			NamesWithCondtions: []seccomp.NameWithConditions{{
				Name:       "clone",
				Conditions: seccomp.ArgumentConditions{{Argument: 0, Operation: seccomp.BitsSet, Value: unix.CLONE_NEWUSER}},
			}},
		},
	},
	// A kernel built without Landlock (Ubuntu 20.04, Debian 11, RHEL 8).
	"no-landlock": {{Action: errno(unix.ENOSYS), Names: []string{"landlock_create_ruleset"}}},
	// Landlock built in but not enabled at boot (an lsm= list without it).
	"landlock-disabled": {{Action: errno(unix.EOPNOTSUPP), Names: []string{"landlock_create_ruleset"}}},
}

// simulateEnv, set to KIND[+KIND…] in a script's environment, makes the
// judge command simulate that machine (judgeMain): how whole sets of
// scripts run on it.
const simulateEnv = "NQUEENS_TEST_SIMULATE"

// judgeMain is the judge command of the scripts: main, on the machine
// simulateEnv names, if any.
func judgeMain() {
	if kinds := os.Getenv(simulateEnv); kinds != "" {
		simulate(kinds)
	}
	main()
}

// simulate loads the filters of each KIND of kinds (KIND[+KIND…]) on this
// process and all it starts; it exits on a failure.
func simulate(kinds string) {
	var groups []seccomp.SyscallGroup
	for _, kind := range strings.Split(kinds, "+") {
		g, ok := simulations[kind]
		if !ok {
			fmt.Fprintf(os.Stderr, "simulate: no such machine %q\n", kind)
			os.Exit(2)
		}
		groups = append(groups, g...)
	}
	filter := seccomp.Filter{NoNewPrivs: true, Flag: seccomp.FilterFlagTSync, Policy: seccomp.Policy{DefaultAction: seccomp.ActionAllow, Syscalls: groups}}
	// LoadFilter sets no_new_privs, which is a thread's, and then loads the
	// filter, which the kernel allows only on a thread that has it: both
	// calls must run on one thread (unlocked, the runtime moved them apart
	// once in CI: "permission denied"). TSYNC then gives every thread both.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if err := seccomp.LoadFilter(filter); err != nil {
		fmt.Fprintln(os.Stderr, "simulate:", err)
		os.Exit(2)
	}
}

func errno(e unix.Errno) seccomp.Action { return seccomp.ActionErrno | seccomp.Action(e) }

// simulateMain is the command simulate KIND[+KIND…] COMMAND ARGS…: it
// loads the filters of each KIND and execs COMMAND.
func simulateMain() {
	if len(os.Args) < 3 {
		fmt.Fprintln(os.Stderr, "usage: simulate KIND[+KIND] COMMAND [ARGS]")
		os.Exit(2)
	}
	simulate(os.Args[1])
	path, err := exec.LookPath(os.Args[2])
	if err != nil {
		fmt.Fprintln(os.Stderr, "simulate:", err)
		os.Exit(2)
	}
	err = syscall.Exec(path, os.Args[2:], os.Environ())
	fmt.Fprintln(os.Stderr, "simulate:", err)
	os.Exit(2)
}
