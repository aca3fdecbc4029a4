// Package jail is the inside of the judge's jail: what the helper does to
// hold one run, the helper being the program judge/sandbox/helper or,
// where the judge could not build it, the judge's own binary started
// again as HelperName. On Linux, with no privileges needed:
//
//   - new user, PID, network, mount, IPC and UTS namespaces: the program
//     sees no other process (it is PID 1 of its own namespace, and
//     everything it starts dies with it), has no network, and cannot
//     signal the judge;
//   - a minimal root (root_linux.go): read-only binds of what the run
//     reads and a few devices, a private /tmp and /dev/shm (tmpfs,
//     size-bounded) that vanish with the namespace, and a /proc of its
//     own: it starts in an empty /tmp holding a copy of its binary, and
//     nothing else of the machine's files, sockets or devices is there;
//   - Landlock, at the ABI the judge chose (1 and up, at most
//     LandlockUpTo): it may read and execute its binary and what it reads,
//     read its own memory map (/proc/self/maps: AddressSanitizer's stack)
//     and write only /tmp; from ABI 4 it may use no TCP port, from ABI 6
//     signal nothing outside its domain. Landlock doubles the minimal
//     root; it is not required;
//   - a seccomp filter (seccomp_linux.go): x86-64 calls only, no
//     process, mount, namespace, socket or signal outside the run;
//   - no capability, even in its own user namespace (caps_linux.go);
//   - RLIMIT_NPROC in its user namespace caps a fork bomb;
//   - only file descriptors 0 to 4 are open in it.
//
// Without namespaces (Config.NoNamespaces: the Landlock tier) the helper
// runs the program in a private folder under Landlock, the filter and the
// limits. Package sandbox decides the tier, starts the helper in the new
// namespaces and reads what it reports; the helper mounts, restricts and
// then execs the program, so that no code of the program runs before the
// jail is in place.
package jail

import "time"

// HelperName is the name the judge's own binary runs under when it sets up
// a jail: main (and TestMain) must call sandbox.Helper first thing, so
// that the jail is in place before any code of the program it runs.
const HelperName = "nqueens-sandbox"

// tmpSize bounds the program's /tmp: its binary and whatever it writes.
const tmpSize = 64 << 20

// Failed is the helper's exit status when it could not build the jail;
// its reason is on the report channel (ReportFD) after Mark. The report
// channel closes when the program starts (close-on-exec), so a program
// cannot forge a failure of the jail: its exit status 125 and anything it
// writes are its own.
const (
	Failed   = 125
	Mark     = "nqueens-sandbox: "
	BinaryFD = 5 // the program's binary, handed to the helper
	ReportFD = 6 // the helper's failures, back to the judge
)

// SetupMark heads the helper's last line on the report channel, written
// just before it execs the program: the CPU time the helper itself used,
// in nanoseconds. The kernel counts a process's time across exec, so the
// helper's (its Go runtime's start, the mounts) is in the program's
// accounting; the judge takes it out. The channel closes at the exec, so
// the program cannot write this line.
const SetupMark = "nqueens-sandbox-setup-cpu "

// Config is what a run tells the helper, as its first argument.
type Config struct {
	Runtime  []string `json:"runtime"` // the program's runtime: it runs the program's file
	Path     string   `json:"path"`    // the program's own path, for InPlace; else it is copied in
	ReadOnly []string `json:"ro"`
	Writable []string `json:"rw"`
	Dir      string   `json:"dir"` // the working directory; "" is the run's /tmp
	Env      []string `json:"env"`
	Tool     bool     `json:"tool"` // a trusted tool: it may start processes
	// Writes: the program writes files in its folder (Program.Writes);
	// otherwise the folder is read-only to it, as to no tool.
	Writes bool `json:"writes,omitempty"`
	// NoNamespaces: the Landlock tier; the helper runs in the machine's
	// namespaces, in the run's own folder (its working directory).
	NoNamespaces bool          `json:"nons,omitempty"`
	Landlock     int           `json:"landlock"`        // the Landlock ABI to restrict with; 0: none
	Limits       []Rlimit      `json:"limits"`          // set in the helper, before the program starts
	Delay        time.Duration `json:"delay,omitempty"` // tests: a slow set-up
	Spin         time.Duration `json:"spin,omitempty"`  // tests: a set-up that uses this much CPU time
}

// Rlimit is one resource limit the helper sets on itself and so on the
// program it becomes.
type Rlimit struct {
	Resource int    `json:"r"`
	Value    uint64 `json:"v"`
}

// Probe is the helper's configuration for a run that only checks that the
// namespaces and the minimal root can be made.
const Probe = "probe"

// LandlockUpTo is the newest Landlock ABI whose rules the jail knows:
// file access (1), moving files between directories (2), truncating (3),
// TCP (4), device ioctls (5), abstract sockets and signals (6).
const LandlockUpTo = 6

// Env is the environment of a program on a Unix system, home its home and
// temporary folder: a fixed PATH, and a Go crash report of one goroutine.
func Env(home string) []string {
	return []string{"PATH=/usr/bin:/bin", "HOME=" + home, "TMPDIR=" + home, "GOTRACEBACK=single"}
}
