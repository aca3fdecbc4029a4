package sandbox

import "github.com/nqueens-kit/nqueens/internal/msg"

// A Jail isolates each run from the machine: see jail_linux.go. A nil *Jail
// runs programs with only the process-group limits.
type Jail struct {
	// ReadOnly are paths a program may read and execute besides its own
	// binary: a toolchain's runtime, for languages that need one.
	ReadOnly []string

	missing  []string // protections this machine lacks, in words
	off      bool     // turned off by OffEnv
	landlock int      // the Landlock ABI that restricts each run; 0: none
}

// LandlockEnv caps the Landlock ABI the jail uses ("0" for none): to see,
// and test, the jail on a kernel with an older Landlock or none.
const LandlockEnv = "NQUEENS_LANDLOCK_ABI"

// helperFailed is the exit status of the jail's helper when it could not
// build the jail (on Linux; its reason comes on a channel of its own).
const helperFailed = 125

// HelperName is the name the judge's own binary runs under when it sets up
// a jail: main (and TestMain) must call Helper first thing, so that the
// jail is in place before any code of the program it runs.
const HelperName = "nqueens-sandbox" // untranslated: a program's name

// Missing lists, in words, the protections this machine cannot give.
func (j *Jail) Missing() []string {
	if j == nil {
		return []string{msg.Sprintf("isolation is off")}
	}
	return j.missing
}

// Complete reports whether every protection is in place.
func (j *Jail) Complete() bool { return j != nil && len(j.missing) == 0 }

// Landlock is the Landlock ABI the jail restricts runs with (0: none).
func (j *Jail) Landlock() int {
	if j == nil || j.off {
		return 0
	}
	return j.landlock
}

// Isolates reports whether runs go through the jail on this machine (on
// Linux, with the jail on and working).
func (j *Jail) Isolates() bool { return j != nil && !j.off && isolates() }
