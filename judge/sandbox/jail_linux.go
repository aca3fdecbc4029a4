//go:build linux

// The jail, on Linux, with no privileges needed:
//
//   - new user, PID, network, mount, IPC and UTS namespaces: the program
//     sees no other process (it is PID 1 of its own namespace, and
//     everything it starts dies with it), has no network, and cannot
//     signal the judge;
//   - a private /tmp and /dev/shm (tmpfs, size-bounded) that vanish with
//     the namespace, and a /proc of its own: it starts in an empty /tmp
//     holding a copy of its binary;
//   - Landlock: it may read and execute its binary and Jail.ReadOnly, write
//     only /tmp, and use no TCP port or signal outside its domain;
//   - RLIMIT_NPROC in its user namespace caps a fork bomb;
//   - only file descriptors 0 to 4 are open in it.
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
	"slices"
	"strings"
	"sync"
	"syscall"

	"github.com/landlock-lsm/go-landlock/landlock"
	llsyscall "github.com/landlock-lsm/go-landlock/landlock/syscall"
	"golang.org/x/sys/unix"

	"github.com/nqueens-kit/nqueens/judge/msg"
)

// jailTmpSize bounds the program's /tmp: its binary and whatever it writes.
const jailTmpSize = 64 << 20

// helperFailed is the helper's exit status when it could not build the
// jail; its reason is on the crash channel after helperMark.
const (
	helperFailed = 125
	helperMark   = "nqueens-sandbox: " // untranslated: a marker
)

// helperConfig is what Run tells the helper, as its first argument.
type helperConfig struct {
	Runtime   []string `json:"runtime"` // the program's runtime: it runs the copied file
	ReadOnly  []string `json:"ro"`
	Processes int      `json:"nproc"`
	FileSize  int64    `json:"fsize"`
	Landlock  bool     `json:"landlock"`
}

// OffEnv turns the jail off when set to "off": to see, and test, how the
// judge runs on a machine without it.
const OffEnv = "NQUEENS_JAIL"

// NewJail returns a jail with every protection this machine has, and says
// in Missing which it lacks.
func NewJail() *Jail {
	j := &Jail{}
	if os.Getenv(OffEnv) == "off" {
		j.off = true
		j.missing = []string{msg.Sprintf("the jail (%s=off): a run can read and write the user's files, see and signal other processes, reach the network, and leave processes behind", OffEnv)}
		return j
	}
	if !namespacesWork() {
		j.missing = append(j.missing, msg.Sprintf("namespaces (unprivileged user namespaces are disabled here): a run can see and signal other processes, reach the network, and leave processes behind"))
	}
	if abi, err := llsyscall.LandlockGetABIVersion(); err == nil && abi >= 6 {
		j.landlock = true
	} else {
		j.missing = append(j.missing, msg.Sprintf("Landlock (ABI 6 or later): a run can read and write the user's files"))
	}
	return j
}

var (
	nsOnce sync.Once
	nsOK   bool
)

// probe is the helper's configuration for a run that only checks that the
// namespaces can be made.
const probe = "probe"

// namespacesWork tries, once, to start the helper in new namespaces and
// make its mounts.
func namespacesWork() bool {
	nsOnce.Do(func() {
		self, err := os.Executable()
		if err != nil {
			return
		}
		cmd := &exec.Cmd{Path: self, Args: []string{HelperName, probe}, SysProcAttr: jailAttr()}
		nsOK = cmd.Run() == nil
	})
	return nsOK
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

// jailCommand turns argv into the helper's command line, with the binary
// handed over as an open file (file descriptor 5).
func (j *Jail) jailCommand(prog Program, progArgs []string, lim Limits) (path string, args []string, bin *os.File, attr *syscall.SysProcAttr, err error) {
	if j == nil || j.off || !namespacesWork() {
		argv := prog.argv(prog.Path, progArgs)
		return argv[0], argv, nil, sysProcAttr(), nil
	}
	self, err := os.Executable()
	if err != nil {
		return "", nil, nil, nil, msg.Errorf("find the judge's own binary for the jail: %w", err)
	}
	bin, err = os.Open(prog.Path)
	if err != nil {
		return "", nil, nil, nil, err
	}
	cfg, _ := json.Marshal(helperConfig{
		Runtime:   prog.Runtime,
		ReadOnly:  append(slices.Clone(j.ReadOnly), prog.ReadOnly...),
		Processes: cmp.Or(prog.Threads, DefaultProcesses),
		FileSize:  lim.Output,
		Landlock:  j.landlock,
	})
	args = append([]string{HelperName, string(cfg)}, progArgs...)
	return self, args, bin, jailAttr(), nil
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
	err := buildJail()
	// Only a failure comes back here.
	crash := os.NewFile(4, "crash")
	fmt.Fprintf(crash, "%s%v\n", helperMark, err)
	os.Exit(helperFailed)
}

// buildJail runs inside the new namespaces, as their root: it mounts,
// restricts and execs the program; it returns only on failure.
func buildJail() error {
	if len(os.Args) < 2 {
		return errors.New("no configuration") // untranslated: never seen (the judge always passes one)
	}
	isProbe := os.Args[1] == probe
	var cfg helperConfig
	if err := json.Unmarshal([]byte(os.Args[1]), &cfg); err != nil && !isProbe {
		return msg.Errorf("configuration: %w", err)
	}
	if err := unix.Mount("", "/", "", unix.MS_REC|unix.MS_PRIVATE, ""); err != nil {
		return msg.Errorf("make mounts private: %w", err)
	}
	tmpfs := fmt.Sprintf("size=%d,mode=0700", jailTmpSize)
	for _, m := range []struct{ what, where, kind, opts string }{
		{"tmpfs", "/tmp", "tmpfs", tmpfs},
		{"tmpfs", "/dev/shm", "tmpfs", "size=1m,mode=0700"},
		{"proc", "/proc", "proc", ""},
	} {
		if err := unix.Mount(m.what, m.where, m.kind, unix.MS_NOSUID|unix.MS_NODEV, m.opts); err != nil && m.where != "/dev/shm" {
			return msg.Errorf("mount %s: %w", m.where, err)
		}
	}
	if isProbe {
		os.Exit(0) // the namespaces and mounts work here
	}
	program := "/tmp/solution"
	if err := copyProgram(program); err != nil {
		return err
	}
	if err := os.Chdir("/tmp"); err != nil {
		return err
	}
	for _, l := range []struct {
		resource int
		value    uint64
	}{
		{unix.RLIMIT_NPROC, uint64(cfg.Processes)},
		{unix.RLIMIT_FSIZE, uint64(max(cfg.FileSize, 1))},
	} {
		if err := unix.Setrlimit(l.resource, &unix.Rlimit{Cur: l.value, Max: l.value}); err != nil {
			return msg.Errorf("set limit %d: %w", l.resource, err)
		}
	}
	if cfg.Landlock {
		rules := []landlock.Rule{
			landlock.RWDirs("/tmp"),
			landlock.RWFiles("/dev/null"),
		}
		var dirs, files []string
		for _, p := range cfg.ReadOnly {
			if fi, err := os.Stat(p); err == nil && !fi.IsDir() {
				files = append(files, p)
			} else {
				dirs = append(dirs, p)
			}
		}
		if len(dirs) > 0 {
			rules = append(rules, landlock.RODirs(dirs...).IgnoreIfMissing())
		}
		if len(files) > 0 {
			rules = append(rules, landlock.ROFiles(files...))
		}
		if err := landlock.V6.Restrict(rules...); err != nil {
			return msg.Errorf("landlock: %w", err)
		}
	}
	env := []string{"PATH=/usr/bin:/bin", "HOME=/tmp", "TMPDIR=/tmp", "GOTRACEBACK=single"}
	args := append(append(slices.Clone(cfg.Runtime), program), os.Args[2:]...)
	return syscall.Exec(args[0], args, env)
}

// copyProgram writes the binary handed over on file descriptor 5 into the
// jail's own /tmp, and closes the descriptor.
func copyProgram(path string) error {
	src := os.NewFile(5, "program")
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

// helperError reads the reason of a helper that could not build the jail.
func helperError(r *Result) error {
	if r.ExitCode != helperFailed {
		return nil
	}
	if _, reason, ok := strings.Cut(string(r.Crash), helperMark); ok {
		reason, _, _ = strings.Cut(reason, "\n")
		return errors.New("sandbox: " + reason)
	}
	return nil
}
