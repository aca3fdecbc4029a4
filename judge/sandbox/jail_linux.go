//go:build linux

// The jail's outside, on Linux: which tier this machine allows (NewJail),
// and a run's command line for the jail's helper (jailCommand), which
// package jail runs inside the new namespaces.

package sandbox

import (
	"cmp"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"

	"golang.org/x/sys/unix"

	"github.com/nqueens-kit/nqueens/internal/msg"
	"github.com/nqueens-kit/nqueens/judge/sandbox/jail"
)

// rlimits are the kernel's limits for a run: nets under the watchdog (CPU,
// address space), and what the watchdog cannot see (file size, open files,
// core files, threads and processes). Threads and processes are counted
// per user in a user namespace; without one (the Landlock tier) they would
// be the user's own, all of them, and the watchdog counts the run's alone.
func rlimits(prog Program, lim Limits, namespaces bool) []jail.Rlimit {
	limits := []jail.Rlimit{
		{Resource: unix.RLIMIT_CPU, Value: cpuNet(lim.CPU)},
		{Resource: unix.RLIMIT_AS, Value: addressSpace(prog, lim)},
		{Resource: unix.RLIMIT_FSIZE, Value: uint64(max(cmp.Or(lim.FileSize, lim.Output), 1))},
		{Resource: unix.RLIMIT_NOFILE, Value: openFiles},
		{Resource: unix.RLIMIT_CORE, Value: 0},
	}
	if namespaces {
		limits = append(limits, jail.Rlimit{Resource: unix.RLIMIT_NPROC, Value: uint64(cmp.Or(prog.Threads, DefaultProcesses))})
	}
	return limits
}

// openFiles is RLIMIT_NOFILE in the jail: a JVM opens a few dozen files.
const openFiles = 256

// OffEnv turns the jail off when set to "off": to see, and test, how the
// judge runs on a machine without it.
const OffEnv = "NQUEENS_JAIL"

// NewJail returns a jail with every protection this machine has, in the
// strongest tier it allows, and says in Missing which it lacks.
func NewJail() *Jail {
	j := &Jail{}
	if os.Getenv(OffEnv) == "off" {
		j.off = true
		j.missing = []string{msg.Sprintf("the jail (%s=off): a run can read and write the user's files, see and signal other processes, reach the network, and leave processes behind", OffEnv)}
		return j
	}
	var landlockErr error
	j.landlock, landlockErr = landlockABI()
	nsErr := namespacesWork()
	j.namespaces = nsErr == nil
	switch {
	case !j.namespaces && j.landlock == 0:
		j.missing = append(j.missing, msg.Sprintf("namespaces and a minimal root (%v) and Landlock (%v): a run can read and write the user's files, see and signal other processes, reach the network, and leave processes behind; %s", nsErr, landlockErr, namespacesFix()))
	case !j.namespaces:
		j.missing = append(j.missing, msg.Sprintf("namespaces and a minimal root (%v): Landlock alone keeps the user's files out of reach, and seccomp the network and other processes; %s", nsErr, namespacesFix()))
	case j.landlock == 0:
		j.missing = append(j.missing, msg.Sprintf("Landlock (%v): the namespaces and the minimal root alone keep the user's files out of reach; a kernel of 5.13 or later with Landlock enabled (lsm=…,landlock) adds it", landlockErr))
	}
	return j
}

// namespacesFix says how to allow unprivileged user namespaces where the
// machine says why they are not: Ubuntu's AppArmor rule (23.10 and
// later), or Debian's and older Ubuntus' switch.
func namespacesFix() string {
	if data, err := os.ReadFile("/proc/sys/kernel/apparmor_restrict_unprivileged_userns"); err == nil && strings.TrimSpace(string(data)) == "1" {
		return msg.Sprintf("Ubuntu's AppArmor denies them: `sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0` (or an AppArmor profile with `userns,` for the judge), or the dev container (README) gives the full jail")
	}
	if data, err := os.ReadFile("/proc/sys/kernel/unprivileged_userns_clone"); err == nil && strings.TrimSpace(string(data)) == "0" {
		return msg.Sprintf("the kernel denies them: `sudo sysctl -w kernel.unprivileged_userns_clone=1`, or the dev container (README) gives the full jail")
	}
	return msg.Sprintf("allow unprivileged user namespaces (on Ubuntu 23.10 and later: `sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0`; in a container: a seccomp profile that allows them), or use the dev container (README)")
}

// landlockABI is the Landlock ABI the jail restricts runs with: the
// kernel's, at most landlockUpTo and at most LandlockEnv; with 0, why
// there is none.
func landlockABI() (int, error) {
	abi, err := jail.LandlockABI()
	switch {
	case errors.Is(err, unix.ENOSYS):
		return 0, msg.Errorf("not in this kernel")
	case errors.Is(err, unix.EOPNOTSUPP):
		return 0, msg.Errorf("in the kernel but not enabled at boot")
	case err != nil:
		return 0, err
	}
	abi = min(abi, jail.LandlockUpTo)
	if ceiling, err := strconv.Atoi(os.Getenv(LandlockEnv)); err == nil && ceiling >= 0 && ceiling < abi {
		abi = ceiling
		if abi == 0 {
			return 0, msg.Errorf("%s=0", LandlockEnv)
		}
	}
	return abi, nil
}

var (
	nsOnce sync.Once
	nsErr  error
)

// namespacesWork tries, once, to start the helper in new namespaces and
// build its root; it returns why that failed.
func namespacesWork() error {
	nsOnce.Do(func() {
		self, err := helperBinary()
		if err != nil {
			nsErr = err
			return
		}
		var stderr strings.Builder
		cmd := &exec.Cmd{Path: self, Args: []string{HelperName, jail.Probe}, SysProcAttr: jailAttr(), Stderr: &stderr}
		if err := cmd.Run(); err != nil {
			reason := strings.TrimSpace(strings.TrimPrefix(stderr.String(), jail.Mark))
			nsErr = errors.New(cmp.Or(reason, err.Error()))
		}
	})
	return nsErr
}

// helperBinary is the program that builds the jail: UseHelper's, else
// the judge's own binary (started as HelperName).
func helperBinary() (string, error) {
	if helperPath != "" {
		return helperPath, nil
	}
	self, err := os.Executable()
	if err != nil {
		return "", msg.Errorf("find the judge's own binary for the jail: %w", err)
	}
	return self, nil
}

// jailAttr starts the helper in new namespaces, mapped to the judge's own
// user and group.
func jailAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{
		Setpgid:    true,
		Pdeathsig:  syscall.SIGKILL,
		Cloneflags: syscall.CLONE_NEWUSER | syscall.CLONE_NEWPID | syscall.CLONE_NEWNET | syscall.CLONE_NEWNS | syscall.CLONE_NEWIPC | syscall.CLONE_NEWUTS,
		UidMappings: []syscall.SysProcIDMap{
			{ContainerID: 0, HostID: os.Getuid(), Size: 1},
		},
		GidMappings: []syscall.SysProcIDMap{
			{ContainerID: 0, HostID: os.Getgid(), Size: 1},
		},
		GidMappingsEnableSetgroups: false,
	}
}

// jailCommand turns a run into the helper's command line, with the
// binary handed over as an open file (binaryFD) unless it runs in place,
// and a report channel (reportFD) for the helper's failures.
func (j *Jail) jailCommand(prog Program, progArgs []string, lim Limits) (*launch, error) {
	tier := j.Tier()
	if tier == TierNone {
		argv := prog.argv(prog.Path, progArgs)
		return &launch{path: argv[0], args: argv, attr: sysProcAttr()}, nil
	}
	self, err := helperBinary()
	if err != nil {
		return nil, err
	}
	l := &launch{path: self, attr: jailAttr(), jailed: true}
	if tier == TierLandlock {
		l.attr, l.private = sysProcAttr(), true
	}
	runner := slices.Clone(prog.Runtime)
	if len(runner) > 0 {
		// The root shows the runtime's real file, not the links to it.
		if real, err := filepath.EvalSymlinks(runner[0]); err == nil {
			runner[0] = real
		}
	}
	cfg := jail.Config{
		Runtime:  runner,
		ReadOnly: append(slices.Clone(j.ReadOnly), prog.ReadOnly...),
		Writable: prog.Writable,
		Dir:      prog.Dir,
		Env:      prog.Env,
		Tool:     prog.Tool,
		Writes:   prog.Writes,
		Landlock: j.landlock,
		Limits:   rlimits(prog, lim, tier != TierLandlock),
		Delay:    prog.setupDelay,
		Spin:     prog.setupSpin,

		NoNamespaces: tier == TierLandlock,
	}
	var bin *os.File
	if prog.InPlace {
		cfg.Path = prog.Path
		if real, err := filepath.EvalSymlinks(prog.Path); err == nil {
			cfg.Path = real
		}
		cfg.ReadOnly = append(cfg.ReadOnly, cfg.Path)
	} else if bin, err = os.Open(prog.Path); err != nil {
		return nil, err
	}
	report, reportW, err := os.Pipe()
	if err != nil {
		if bin != nil {
			bin.Close()
		}
		return nil, err
	}
	data, _ := json.Marshal(cfg)
	l.args = append([]string{HelperName, string(data)}, progArgs...)
	l.files = []*os.File{bin, reportW} // binaryFD, reportFD
	l.report = report
	return l, nil
}

// Helper builds the jail and execs the program when this process was
// started as HelperName; otherwise it returns at once. It never returns in
// the helper.
func Helper() {
	if filepath.Base(os.Args[0]) != HelperName {
		return
	}
	HelperMain()
}

// HelperMain is the helper itself (testscript.Main calls it by name).
func HelperMain() { jail.Main() }

// helperError reads the helper's report channel: the reason it could not
// build the jail, if it could not.
func helperError(report []byte) error {
	if _, reason, ok := strings.Cut(string(report), jail.Mark); ok {
		reason, _, _ = strings.Cut(reason, "\n")
		return errors.New("sandbox: " + reason)
	}
	return nil
}

// CloseInherited marks every descriptor above stderr that the judge
// inherited close-on-exec, so that no program, tool or helper it starts
// gets one: main calls it first thing.
func CloseInherited() { jail.CloseFrom(3) }
