// Package judging judges one submission for one problem: it reads the
// file, looks for answers written into the source (HC), builds it for the
// cases it must run (a checked build too, for C++'s small cases), runs
// the cases from small to large in the jail under their limits, relative
// ones against the reference's calibrated time, and returns a Report: the
// verdict, each case's result, and for a search out of time how far off
// it is and where its time goes.
//
// A Judge is made once per invocation from a Config and is safe for
// several submissions at once (-grade -p N): what it caches (the cases,
// read once) is guarded, and the references guard their own.
package judging

import (
	"regexp"
	"sync"

	"github.com/nqueens-kit/nqueens/judge/activity"
	"github.com/nqueens-kit/nqueens/judge/build"
	"github.com/nqueens-kit/nqueens/judge/calibrate"
	"github.com/nqueens-kit/nqueens/judge/cases"
	"github.com/nqueens-kit/nqueens/judge/problem"
	"github.com/nqueens-kit/nqueens/judge/sandbox"
)

// Config is what a Judge judges with: set by the caller, read only after.
// Kit, Builder and Refs are needed; the zero value of each other field is
// usable.
type Config struct {
	Kit     problem.Kit           // the kit whose cases, starters and references count
	Builder *build.Builder        // builds submissions, in the jail
	Refs    *calibrate.References // each reference's time on this machine
	// Jail isolates each run; nil runs with the process-group limits only.
	Jail    *sandbox.Jail
	TempDir string         // where cases run; "" is the system's
	Run     *regexp.Regexp // the cases to run (-run); nil runs every case
	Update  bool           // rewrite the cases' expected outputs (-update)
	// Activity records the step under way (a case, a counting run) for
	// whoever shows it; nil records nothing.
	Activity *activity.Now
}

// A Judge judges submissions with a Config.
type Judge struct {
	Config

	mu    sync.Mutex
	cases map[*problem.Problem][]*cases.Case // read once
}

// New makes a Judge.
func New(cfg Config) *Judge {
	return &Judge{Config: cfg, cases: map[*problem.Problem][]*cases.Case{}}
}

// Cases reads and checks p's case files once, keeping those Run picks.
// A broken case file is a *SetupError naming its file and line.
func (j *Judge) Cases(p *problem.Problem) ([]*cases.Case, error) {
	j.mu.Lock()
	defer j.mu.Unlock()
	if cs, ok := j.cases[p]; ok {
		return cs, nil
	}
	load := cases.Load
	if j.Update {
		load = cases.LoadToFill
	}
	all, err := load(j.Kit.Cases(p), j.Kit.Rel(j.Kit.Cases(p)), p)
	if err != nil {
		return nil, &SetupError{Err: err}
	}
	var cs []*cases.Case
	for _, c := range all {
		if j.Run == nil || j.Run.MatchString(c.Name) {
			cs = append(cs, c)
		}
	}
	if len(cs) == 0 {
		return nil, SetupErrorf("-run %s matches no case of %s", j.Run, p.Folder())
	}
	j.cases[p] = cs
	return cs, nil
}

// Forget drops the cases read so far: the next Cases reads them again
// (-watch, after a case file changed).
func (j *Judge) Forget() {
	j.mu.Lock()
	defer j.mu.Unlock()
	clear(j.cases)
}

// progress records what runs, while it runs.
func (j *Judge) progress(what string) (stop func()) { return j.Activity.Start(what) }
