//go:build linux

package jail

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"syscall"
	"time"

	"golang.org/x/sys/unix"

	"github.com/nqueens-kit/nqueens/internal/msg"
)

// probePaths are what the probe's root shows: the system's libraries, as a
// runtime's would be.
var probePaths = []string{"/lib", "/usr/lib"}

// Main is the helper itself: it builds the jail and execs the program, and
// returns never; a failure exits with Failed, its reason on ReportFD.
func Main() {
	// Landlock and no_new_privs are set on this thread only, the one that
	// execs the program: restricting every thread of the helper's runtime
	// cost milliseconds of wall time per run on a busy machine (each
	// thread must be woken to apply it).
	runtime.LockOSThread() // never unlocked: the thread becomes the program
	// The report channel closes when the program starts.
	report := os.Stderr // the probe's
	if len(os.Args) > 1 && os.Args[1] != Probe {
		unix.CloseOnExec(ReportFD)
		report = os.NewFile(ReportFD, "report")
	}
	err := buildJail(report)
	// Only a failure comes back here.
	fmt.Fprintf(report, "%s%v\n", Mark, err)
	os.Exit(Failed)
}

// buildJail runs inside the new namespaces, as their root (in the
// Landlock tier, in the machine's, in the run's private folder): it
// mounts, limits, drops capabilities, restricts and execs the program,
// its own CPU time written on report just before; it returns only on
// failure.
func buildJail(report *os.File) error {
	if len(os.Args) < 2 {
		return msg.Errorf("the jail's helper was given no configuration")
	}
	isProbe := os.Args[1] == Probe
	var cfg Config
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
			if err := makeRoot(probePaths, nil, tmpSize); err != nil {
				return err
			}
			os.Exit(0) // the namespaces and the root work here
		}
		if err := makeRoot(cfg.ReadOnly, cfg.Writable, tmpSize); err != nil {
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
	if err := CloseFrom(ReportFD + 1); err != nil {
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
	env := append(slices.Clone(cfg.Env), Env(tmp)...)
	args := append(append(slices.Clone(cfg.Runtime), program), os.Args[2:]...)
	spin(cfg.Spin)
	reportSetup(report)
	return syscall.Exec(args[0], args, env)
}

// reportSetup writes the helper's own CPU time on the report channel
// (SetupMark), as late as it can: the judge counts the rest as the
// program's. A helper whose channel is gone goes on: the judge then
// counts its time to the program, as it would without this line.
func reportSetup(report *os.File) {
	if used, ok := cpuUsed(unix.RUSAGE_SELF); ok {
		fmt.Fprintf(report, "%s%d\n", SetupMark, used.Nanoseconds())
	}
}

// spin uses d of CPU time in the helper (tests: a slow set-up that the
// program's time must not include).
func spin(d time.Duration) {
	for d > 0 {
		if used, ok := cpuUsed(unix.RUSAGE_THREAD); !ok || used >= d {
			return
		}
	}
}

// cpuUsed is the user and system time getrusage reports for who.
func cpuUsed(who int) (time.Duration, bool) {
	var ru unix.Rusage
	if unix.Getrusage(who, &ru) != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
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
// Main has locked and which execs the program: reading and
// executing what the run needs, writing cfg.Writable and, for a tool or a
// run that writes (cfg.Writes), its own folder tmp.
func restrict(cfg Config, tmp string) error {
	if cfg.Landlock == 0 {
		return nil
	}
	own := landlockRule{access: accessRead, paths: []string{tmp}} // its copy of the program: read and run, no more
	if cfg.Tool || cfg.Writes {
		own.access = accessRW
	}
	rules := []landlockRule{
		own,
		{access: accessRW & accessFile, paths: []string{"/dev/null"}},
		// The run's own memory map, which AddressSanitizer reads to find
		// its stack: this process's, as it execs the program.
		{access: accessRead & accessFile, paths: []string{"/proc/self/maps"}, ifPresent: true},
	}
	if len(cfg.Writable) > 0 {
		rules = append(rules, landlockRule{access: accessRW, paths: cfg.Writable})
	}
	var dirs, files []string
	for _, p := range append(cfg.ReadOnly, cfg.Path) {
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() {
			files = append(files, p)
		} else if p != "" {
			dirs = append(dirs, p)
		}
	}
	rules = append(rules,
		landlockRule{access: accessRead, paths: dirs, ifPresent: true},
		landlockRule{access: accessRead & accessFile, paths: files})
	return landlockRestrict(cfg.Landlock, rules)
}

// copyProgram writes the binary handed over on BinaryFD into the jail's
// own /tmp, and closes the descriptor.
func copyProgram(path string) error {
	src := os.NewFile(BinaryFD, "program")
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
