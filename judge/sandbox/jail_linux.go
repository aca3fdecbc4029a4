//go:build linux

// The jail, on Linux, with no privileges needed:
//
//   - new user, PID, network, mount, IPC and UTS namespaces: the program
//     sees no other process (it is PID 1 of its own namespace, and
//     everything it starts dies with it), has no network, and cannot
//     signal the judge;
//   - a minimal root (root_linux.go): read-only binds of Jail.ReadOnly and
//     a few devices, a private /tmp and /dev/shm (tmpfs, size-bounded) that
//     vanish with the namespace, and a /proc of its own: it starts in an
//     empty /tmp holding a copy of its binary, and nothing else of the
//     machine's files, sockets or devices is there;
//   - Landlock, at the ABI the kernel has (1 and up, at most 6): it may
//     read and execute its binary and Jail.ReadOnly and write only /tmp;
//     from ABI 4 it may use no TCP port, from ABI 6 signal nothing outside
//     its domain. Landlock doubles the minimal root; it is not required;
//   - a seccomp filter (seccomp_linux.go): x86-64 calls only, no
//     process, mount, namespace, socket or signal outside the run;
//   - no capability, even in its own user namespace (caps_linux.go);
//   - RLIMIT_NPROC in its user namespace caps a fork bomb;
//   - only file descriptors 0 to 4 are open in it.
//
// Where the machine allows less (jail.go's tiers), the helper builds what
// it can: without namespaces (TierLandlock) it runs the program in a
// private folder under Landlock, the filter and the limits; without
// Landlock (TierNamespaces), in the namespaces and the minimal root.
//
// The judge's own binary sets this up: Run starts it again as HelperName
// inside the new namespaces, and it mounts, restricts and then execs the
// program, so that no code of the program runs before the jail is in place.

package sandbox

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/landlock-lsm/go-landlock/landlock"
	llsyscall "github.com/landlock-lsm/go-landlock/landlock/syscall"
	"golang.org/x/sys/unix"

	"github.com/nqueens-kit/nqueens/internal/msg"
)

// jailTmpSize bounds the program's /tmp: its binary and whatever it writes.
const jailTmpSize = 64 << 20

// helperFailed is the helper's exit status when it could not build the
// jail; its reason is on the report channel (reportFD) after helperMark.
// The report channel closes when the program starts (close-on-exec), so a
// program cannot forge a failure of the jail: its exit status 125 and
// anything it writes are its own.
const (
	helperMark = "nqueens-sandbox: "
	binaryFD   = 5 // the program's binary, handed to the helper
	reportFD   = 6 // the helper's failures, back to the judge
)

// helperConfig is what Run tells the helper, as its first argument.
type helperConfig struct {
	Runtime  []string `json:"runtime"` // the program's runtime: it runs the program's file
	Path     string   `json:"path"`    // the program's own path, for InPlace; else it is copied in
	ReadOnly []string `json:"ro"`
	Writable []string `json:"rw"`
	Dir      string   `json:"dir"` // the working directory; "" is the run's /tmp
	Env      []string `json:"env"`
	Tool     bool     `json:"tool"` // a trusted tool: it may start processes
	// NoNamespaces: the Landlock tier; the helper runs in the machine's
	// namespaces, in the run's own folder (its working directory).
	NoNamespaces bool          `json:"nons,omitempty"`
	Landlock     int           `json:"landlock"`        // the Landlock ABI to restrict with; 0: none
	Limits       []rlimit      `json:"limits"`          // set in the helper, before the program starts
	Delay        time.Duration `json:"delay,omitempty"` // tests: a slow set-up
}

// rlimit is one resource limit the helper sets on itself and so on the
// program it becomes.
type rlimit struct {
	Resource int    `json:"r"`
	Value    uint64 `json:"v"`
}

// rlimits are the kernel's limits for a run: nets under the watchdog (CPU,
// address space), and what the watchdog cannot see (file size, open files,
// core files, threads and processes). Threads and processes are counted
// per user in a user namespace; without one (the Landlock tier) they would
// be the user's own, all of them, and the watchdog counts the run's alone.
func rlimits(prog Program, lim Limits, namespaces bool) []rlimit {
	limits := []rlimit{
		{unix.RLIMIT_CPU, cpuNet(lim.CPU)},
		{unix.RLIMIT_AS, addressSpace(prog, lim)},
		{unix.RLIMIT_FSIZE, uint64(max(cmp.Or(lim.FileSize, lim.Output), 1))},
		{unix.RLIMIT_NOFILE, openFiles},
		{unix.RLIMIT_CORE, 0},
	}
	if namespaces {
		limits = append(limits, rlimit{unix.RLIMIT_NPROC, uint64(cmp.Or(prog.Threads, DefaultProcesses))})
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

// landlockUpTo is the newest Landlock ABI whose rules the jail knows:
// file access (1), moving files between directories (2), truncating (3),
// TCP (4), device ioctls (5), abstract sockets and signals (6).
const landlockUpTo = 6

// landlockABI is the Landlock ABI the jail restricts runs with: the
// kernel's, at most landlockUpTo and at most LandlockEnv; with 0, why
// there is none.
func landlockABI() (int, error) {
	abi, err := llsyscall.LandlockGetABIVersion()
	switch {
	case errors.Is(err, unix.ENOSYS):
		return 0, msg.Errorf("not in this kernel")
	case errors.Is(err, unix.EOPNOTSUPP):
		return 0, msg.Errorf("in the kernel but not enabled at boot")
	case err != nil:
		return 0, err
	}
	abi = min(abi, landlockUpTo)
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

// probe is the helper's configuration for a run that only checks that the
// namespaces and the minimal root can be made.
const probe = "probe"

// probePaths are what the probe's root shows: the system's libraries, as a
// runtime's would be.
var probePaths = []string{"/lib", "/usr/lib"}

// namespacesWork tries, once, to start the helper in new namespaces and
// build its root; it returns why that failed.
func namespacesWork() error {
	nsOnce.Do(func() {
		self, err := os.Executable()
		if err != nil {
			nsErr = err
			return
		}
		var stderr strings.Builder
		cmd := &exec.Cmd{Path: self, Args: []string{HelperName, probe}, SysProcAttr: jailAttr(), Stderr: &stderr}
		if err := cmd.Run(); err != nil {
			reason := strings.TrimSpace(strings.TrimPrefix(stderr.String(), helperMark))
			nsErr = errors.New(cmp.Or(reason, err.Error()))
		}
	})
	return nsErr
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
	self, err := os.Executable()
	if err != nil {
		return nil, msg.Errorf("find the judge's own binary for the jail: %w", err)
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
	cfg := helperConfig{
		Runtime:  runner,
		ReadOnly: append(slices.Clone(j.ReadOnly), prog.ReadOnly...),
		Writable: prog.Writable,
		Dir:      prog.Dir,
		Env:      prog.Env,
		Tool:     prog.Tool,
		Landlock: j.landlock,
		Limits:   rlimits(prog, lim, tier != TierLandlock),
		Delay:    prog.setupDelay,

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
func HelperMain() {
	// Landlock and no_new_privs are set on this thread only, the one that
	// execs the program: restricting every thread of the helper's runtime
	// cost milliseconds of wall time per run on a busy machine (each
	// thread must be woken to apply it).
	runtime.LockOSThread() // never unlocked: the thread becomes the program
	// The report channel closes when the program starts.
	report := os.Stderr // the probe's
	if len(os.Args) > 1 && os.Args[1] != probe {
		unix.CloseOnExec(reportFD)
		report = os.NewFile(reportFD, "report")
	}
	err := buildJail()
	// Only a failure comes back here.
	fmt.Fprintf(report, "%s%v\n", helperMark, err)
	os.Exit(helperFailed)
}

// buildJail runs inside the new namespaces, as their root (in the
// Landlock tier, in the machine's, in the run's private folder): it
// mounts, limits, drops capabilities, restricts and execs the program; it
// returns only on failure.
func buildJail() error {
	if len(os.Args) < 2 {
		return msg.Errorf("the jail's helper was given no configuration")
	}
	isProbe := os.Args[1] == probe
	var cfg helperConfig
	if err := json.Unmarshal([]byte(os.Args[1]), &cfg); err != nil && !isProbe {
		return msg.Errorf("configuration: %w", err)
	}
	// The run's own folder: its /tmp in the namespaces, else the working
	// directory the judge made for it.
	tmp := "/tmp"
	if cfg.NoNamespaces {
		var err error
		if tmp, err = os.Getwd(); err != nil {
			return err
		}
	} else {
		if err := unix.Mount("", "/", "", unix.MS_REC|unix.MS_PRIVATE, ""); err != nil {
			return msg.Errorf("make mounts private: %w", err)
		}
		if isProbe {
			if err := makeRoot(probePaths, nil, jailTmpSize); err != nil {
				return err
			}
			os.Exit(0) // the namespaces and the root work here
		}
		if err := makeRoot(cfg.ReadOnly, cfg.Writable, jailTmpSize); err != nil {
			return err
		}
	}
	program := cfg.Path
	if program == "" {
		program = filepath.Join(tmp, "solution")
		if err := copyProgram(program); err != nil {
			return err
		}
	}
	if cfg.Dir != "" {
		if err := os.Chdir(cfg.Dir); err != nil {
			return err
		}
	}
	if err := newSessionKeyring(); err != nil {
		return msg.Errorf("a session keyring of its own: %w", err)
	}
	for _, l := range cfg.Limits {
		if err := unix.Setrlimit(l.Resource, &unix.Rlimit{Cur: l.Value, Max: l.Value}); err != nil {
			return msg.Errorf("set limit %d: %w", l.Resource, err)
		}
	}
	if err := closeInheritedFrom(reportFD + 1); err != nil {
		return msg.Errorf("close inherited files: %w", err)
	}
	if err := dropCapabilities(); err != nil {
		return msg.Errorf("drop capabilities: %w", err)
	}
	if err := restrict(cfg, tmp); err != nil {
		return err
	}
	if err := refuseProcesses(cfg.Tool, os.Getpid()); err != nil {
		return err
	}
	time.Sleep(cfg.Delay)
	env := append(slices.Clone(cfg.Env), unixEnv(tmp)...)
	args := append(append(slices.Clone(cfg.Runtime), program), os.Args[2:]...)
	return syscall.Exec(args[0], args, env)
}

// newSessionKeyring joins a new, anonymous session keyring, so that the
// keys of the judge's session (inherited across namespaces) are out of
// reach. unix.KeyctlJoinSessionKeyring cannot pass the NULL name that asks
// for an anonymous one.
func newSessionKeyring() error {
	if _, _, errno := unix.Syscall(unix.SYS_KEYCTL, unix.KEYCTL_JOIN_SESSION_KEYRING, 0, 0); errno != 0 {
		return errno
	}
	return nil
}

// restrict applies Landlock at cfg's ABI to the calling thread, which
// HelperMain has locked and which execs the program: reading and
// executing what the run needs, writing its own folder tmp and
// cfg.Writable.
func restrict(cfg helperConfig, tmp string) error {
	if cfg.Landlock == 0 {
		return nil
	}
	rules := []landlock.Rule{
		landlock.RWDirs(append([]string{tmp}, cfg.Writable...)...),
		landlock.RWFiles("/dev/null"),
	}
	var dirs, files []string
	for _, p := range append(cfg.ReadOnly, cfg.Path) {
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() {
			files = append(files, p)
		} else if p != "" {
			dirs = append(dirs, p)
		}
	}
	if len(dirs) > 0 {
		rules = append(rules, landlock.RODirs(dirs...).IgnoreIfMissing())
	}
	if len(files) > 0 {
		rules = append(rules, landlock.ROFiles(files...))
	}
	fd, flags, err := landlockConfigs[cfg.Landlock].NewRulesetFD(rules...)
	if err != nil {
		return msg.Errorf("landlock: %w", err)
	}
	if fd < 0 {
		return nil // nothing this ABI can restrict
	}
	defer unix.Close(fd)
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		return msg.Errorf("landlock: %w", err)
	}
	if err := llsyscall.LandlockRestrictSelf(fd, flags); err != nil {
		return msg.Errorf("landlock: %w", err)
	}
	return nil
}

// landlockConfigs are go-landlock's configurations by ABI: each restricts
// everything its ABI can, so a run is held to exactly what the jail's ABI
// offers.
var landlockConfigs = [landlockUpTo + 1]landlock.Config{1: landlock.V1, 2: landlock.V2, 3: landlock.V3, 4: landlock.V4, 5: landlock.V5, 6: landlock.V6}

// copyProgram writes the binary handed over on binaryFD into the jail's
// own /tmp, and closes the descriptor.
func copyProgram(path string) error {
	src := os.NewFile(binaryFD, "program")
	defer src.Close()
	dst, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_EXCL, 0o500)
	if err != nil {
		return err
	}
	if _, err := io.Copy(dst, src); err != nil {
		dst.Close()
		return msg.Errorf("copy the program: %w", err)
	}
	return dst.Close()
}

// helperError reads the helper's report channel: the reason it could not
// build the jail, if it could not.
func helperError(report []byte) error {
	if _, reason, ok := strings.Cut(string(report), helperMark); ok {
		reason, _, _ = strings.Cut(reason, "\n")
		return errors.New("sandbox: " + reason)
	}
	return nil
}

// CloseInherited marks every descriptor above stderr that the judge
// inherited close-on-exec, so that no program, tool or helper it starts
// gets one: main calls it first thing.
func CloseInherited() { closeInheritedFrom(3) }
