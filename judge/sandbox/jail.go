package sandbox

import (
	"strings"

	"github.com/nqueens-kit/nqueens/internal/msg"
	"github.com/nqueens-kit/nqueens/judge/sandbox/jail"
)

// A Jail isolates each run from the machine: package jail is its inside,
// jail_linux.go starts it. NoJail (and a nil *Jail) runs programs with
// only the process-group limits.
type Jail struct {
	// ReadOnly are paths a program may read and execute besides its own
	// binary: a toolchain's runtime, for languages that need one.
	ReadOnly []string

	missing    []string // protections this machine lacks, in words
	off        bool     // turned off by OffEnv
	namespaces bool     // the namespaces and the minimal root can be built
	landlock   int      // the Landlock ABI that restricts each run; 0: none
}

// NoJail runs programs directly, under the limits alone: the kit's own
// programs (-bench), and a build's tools where the jail cannot isolate.
var NoJail = &Jail{off: true}

// A Tier is how much of the jail a machine allows, each the strongest it
// can have: what judged a submission, said in every report.
type Tier string

const (
	// TierFull: namespaces, a minimal root, Landlock, seccomp, limits.
	TierFull Tier = "full"
	// TierLandlock: no namespaces (Ubuntu 24.04 as it ships, Docker's
	// default profile); Landlock's file (and TCP) rules, seccomp (no
	// socket, no process, no signal outside the run), limits, a private
	// working directory, every process killed by its group.
	TierLandlock Tier = "landlock"
	// TierNamespaces: no Landlock (an older kernel, or Landlock not
	// enabled); the namespaces and the minimal root, with the jail's root
	// holding no capability, seccomp, limits.
	TierNamespaces Tier = "namespaces"
	// TierNone: only the process-group limits (macOS, Windows, or a Linux
	// with neither).
	TierNone Tier = "none"
)

// Tier is the protection a run has through j.
func (j *Jail) Tier() Tier {
	switch {
	case j == nil || j.off:
		return TierNone
	case j.namespaces && j.landlock > 0:
		return TierFull
	case j.landlock > 0:
		return TierLandlock
	case j.namespaces:
		return TierNamespaces
	}
	return TierNone
}

// BoundsFolder reports whether a run's own folder is bounded by the jail
// in bytes and files (a tmpfs of its own, in the namespaces' tiers). In
// the other tiers it is on the user's disk, where only a folder the run
// cannot write is bounded (every run's but a counted C or C++ build's
// before gcc 12: Program.Writes).
func (j *Jail) BoundsFolder() bool {
	t := j.Tier()
	return t == TierFull || t == TierNamespaces
}

// Protection names the tier and what it lacks, in one line: what a report,
// a sheet's row and a feedback file say judged them.
func (j *Jail) Protection() string {
	t := j.Tier()
	if t == TierFull {
		return string(t)
	}
	return string(t) + " (" + msg.Sprintf("missing: %s", strings.Join(j.Missing(), "; ")) + ")"
}

// LandlockEnv caps the Landlock ABI the jail uses ("0" for none): to see,
// and test, the jail on a kernel with an older Landlock or none.
const LandlockEnv = "NQUEENS_LANDLOCK_ABI"

// HelperName is the name the judge's own binary runs under when it sets up
// a jail: main (and TestMain) must call Helper first thing, so that the
// jail is in place before any code of the program it runs.
const HelperName = jail.HelperName

// helperPath is the helper program UseHelper set: "" starts the judge's
// own binary as HelperName.
var helperPath string

// UseHelper makes every jail start its runs, and NewJail its probe, with
// the helper program at path (judge/sandbox/helper, which the judge
// builds) instead of the judge's own binary: it does the same work and
// starts in a quarter of the CPU time. Call it before NewJail and any
// run.
func UseHelper(path string) { helperPath = path }

// Missing lists, in words, the protections this machine cannot give, and
// how to get them where a setting can.
func (j *Jail) Missing() []string {
	if j == nil || j.off && len(j.missing) == 0 {
		return []string{msg.Sprintf("isolation is off")}
	}
	return j.missing
}

// Complete reports whether every protection is in place.
func (j *Jail) Complete() bool { return j.Tier() == TierFull }

// Landlock is the Landlock ABI the jail restricts runs with (0: none).
func (j *Jail) Landlock() int {
	if j == nil || j.off {
		return 0
	}
	return j.landlock
}

// Isolates reports whether runs go through the jail's helper on this
// machine (on Linux, in the full, Landlock or namespaces tier): then the
// jail is strong enough for grading others' code (-strict, -grade), since
// each of those tiers stops every attack the tests make in it.
func (j *Jail) Isolates() bool { return j.Tier() != TierNone }
