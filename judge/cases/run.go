package cases

import (
	"cmp"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/nqueens-kit/nqueens/internal/msg"
	"github.com/nqueens-kit/nqueens/judge/lang"
	"github.com/nqueens-kit/nqueens/judge/problem"
	"github.com/nqueens-kit/nqueens/judge/sandbox"
	"github.com/nqueens-kit/nqueens/judge/verdict"
)

// Params says how to run one case.
type Params struct {
	Program sandbox.Program // the built submission, and how it runs
	Display string          // the student's file, as messages name it
	// Source is the student's file, in Lang: a line a report names must be
	// a statement of it (outcome.Run.Source); nil trusts the runtime's.
	Source []byte
	Lang   *lang.Language
	// Limits are the run's, from the case's as its caller resolves them:
	// TimedLimits for a judged run, Limits.Calibration for a run of the
	// reference while it is measured, CPU times CheckScale for a checked
	// build's.
	Limits sandbox.Limits
	// Relative says the run is measured against the reference, whose
	// calibrated CPU time on this case is Ref: a relative case judged. Its
	// result and messages then name the multiple (the case's, times
	// Scale: -verify's margins; 0 means 1) and Ref.
	Relative bool
	Ref      time.Duration
	Scale    float64
	TempDir  string // where the case's work directory is made; it is removed after
	// Jail isolates each run; nil runs with the process-group limits only.
	Jail *sandbox.Jail
	// Locate, when set, finds the student's lines at the addresses of a
	// harness's crash report (a C or C++ build's: its frames, a
	// sanitizer's report), which package outcome reads (outcome.Read).
	Locate *lang.Locator
}

// Result is how one case went.
type Result struct {
	Name     string          `json:"name"`
	Verdict  verdict.Verdict `json:"verdict"`
	CPUms    int64           `json:"cpu_ms"`
	WallMs   int64           `json:"wall_ms"`
	LimitMs  int64           `json:"limit_ms"`
	MaxRSSKB int64           `json:"max_rss_kb"`
	Message  string          `json:"message,omitempty"`
	Output   string          `json:"output,omitempty"` // the student's own prints, when the case failed
	// Factor and RefMs are set for a limit relative to the reference: the
	// multiple, and the reference's calibrated CPU time on this case.
	Factor float64 `json:"limit_factor,omitempty"`
	RefMs  int64   `json:"reference_ms,omitempty"`
	// Close marks a verdict within CloseTo of its limit, decided by the
	// time; CloseNote says what the search's counted work says of it,
	// where it was counted.
	Close     bool   `json:"close_to_limit,omitempty"`
	CloseNote string `json:"close_note,omitempty"`

	// NotRun marks a verdict decided without running the case (Decided).
	NotRun bool `json:"not_run,omitempty"`
	// OutOfCPU marks a TLE whose run was stopped at its CPU limit (not for
	// making no progress).
	OutOfCPU bool `json:"-"`

	CPU        time.Duration `json:"-"`
	Transcript string        `json:"-"` // the script's log, for -v
}

// CloseTo is how near its limit a run must come to be marked Close: an
// accepted run using more than 85 % of its CPU limit, or a run stopped at
// the limit that an earlier case says needed less than 115 % of it.
const CloseTo = 0.15

// Relative reports whether the case's limit was relative to the reference.
func (r *Result) Relative() bool { return r.Factor > 0 }

// state is one case being run: what to run, under which limits, and what
// happened. Commands find it among the script's values.
type state struct {
	ctx    context.Context
	prob   *problem.Problem
	c      *Case
	params Params
	limits sandbox.Limits

	// Filled in as the case runs.
	cpu, wall   time.Duration
	maxRSS      int64
	runs        int
	lastN       int
	lastAnswer  string
	verdict     verdict.Verdict // set when a command decided the case failed
	message     string
	output      []byte // the student's own prints from the last run: the start
	outputTail  []byte // and the end, when more than the start was kept
	outputLines int64  // newlines printed in all
	interrupted bool
	outOfCPU    bool  // the last run was stopped at its CPU limit
	judgeErr    error // the case could not be judged: never the student's
}

type stateKey struct{}

func caseState(ts *testscript.TestScript) *state { return ts.Value(stateKey{}).(*state) }

// scale is Scale, 1 when unset.
func (p Params) scale() float64 { return cmp.Or(p.Scale, 1) }

// TimedLimits are c's limits for a judged run: a relative CPU limit is
// the case's multiple, times scale (0 means 1), of ref, the reference's
// calibrated CPU time, with startup (any program's start-up here) left
// out of the comparison.
func (c *Case) TimedLimits(ref, startup time.Duration, scale float64) sandbox.Limits {
	lim := c.Limits
	lim.Factor *= cmp.Or(scale, 1)
	return lim.Resolve(c.Reference(ref, startup))
}

// result is c's result, accepted, before anything is run: its name and
// its CPU limit, and for a run measured against the reference its
// multiple and the reference's time.
func (c *Case) result(params Params) *Result {
	res := &Result{Name: c.Name, Verdict: verdict.AC, LimitMs: params.Limits.CPU.Milliseconds()}
	if c.Relative() && params.Relative {
		res.Factor, res.RefMs = c.Limits.Factor*params.scale(), params.Ref.Milliseconds()
	}
	return res
}

// Decided is c's result when something exact has decided its verdict
// before it runs (counted work at the headline n): it is not run, for its
// time could change nothing but could cost its whole limit.
func Decided(c *Case, params Params, v verdict.Verdict, message string) *Result {
	res := c.result(params)
	res.Verdict, res.Message, res.NotRun = v, message, true
	return res
}

// Run runs one case's script against a built submission. An error means the
// case could not be run at all, or the judge was interrupted
// (context.Canceled).
func Run(ctx context.Context, p *problem.Problem, c *Case, params Params) (*Result, error) {
	return run(ctx, p, c, params, false)
}

// Update is Run, rewriting the case file's expected outputs with what the
// submission printed (testscript's UpdateScripts): -update's run of a
// reference.
func Update(ctx context.Context, p *problem.Problem, c *Case, params Params) (*Result, error) {
	return run(ctx, p, c, params, true)
}

// run is Run, updating the case file when update is set.
func run(ctx context.Context, p *problem.Problem, c *Case, params Params, update bool) (*Result, error) {
	dir, err := os.MkdirTemp(params.TempDir, "case-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	// The script runs from the copy read when the cases were loaded: a case
	// file changed since cannot change this run.
	script := filepath.Join(dir, c.Name+".txtar")
	if update {
		script = c.Path
	} else if err := os.WriteFile(script, c.Data, 0o444); err != nil {
		return nil, err
	}
	work := filepath.Join(dir, "work")
	if err := os.Mkdir(work, 0o755); err != nil {
		return nil, err
	}

	s := &state{ctx: ctx, prob: p, c: c, params: params, limits: params.Limits}
	t := &scriptT{}
	testscript.RunT(t, testscript.Params{
		Files:              []string{script},
		WorkdirRoot:        work,
		Cmds:               commands,
		UpdateScripts:      update,
		RequireUniqueNames: true,
		Setup: func(env *testscript.Env) error {
			env.Values[stateKey{}] = s
			return nil
		},
	})
	if s.interrupted || ctx.Err() != nil {
		return nil, context.Canceled
	}
	if s.judgeErr != nil {
		return nil, s.judgeErr
	}
	res := c.result(params)
	res.CPUms, res.WallMs, res.MaxRSSKB, res.CPU = s.cpu.Milliseconds(), s.wall.Milliseconds(), s.maxRSS>>10, s.cpu
	res.Transcript = scriptLog(t.log.String())
	switch {
	case s.verdict != "":
		res.Verdict, res.Message = s.verdict, s.message
		res.OutOfCPU = s.verdict == verdict.TLE && s.outOfCPU
	case t.failed && s.runs == 0:
		return nil, msg.Errorf("case %s did not run: %s", c.Path, strings.TrimSpace(t.log.String()))
	case t.failed:
		res.Verdict, res.Message = verdict.WA, wrongAnswer(s)
	}
	if res.Verdict != verdict.AC {
		res.Output = trimOutput(string(s.output), string(s.outputTail), s.outputLines)
	}
	return res, nil
}

// scriptT is the testscript.T a case runs with, outside go test: it runs
// one script, in this goroutine, and keeps the whole transcript (verbose),
// which -v prints.
type scriptT struct {
	log    strings.Builder
	failed bool
}

// stopScript unwinds a script that failed; Run recovers it.
type stopScript struct{}

func (t *scriptT) Skip(args ...any)  { t.Log(args...); panic(stopScript{}) }
func (t *scriptT) Fatal(args ...any) { t.Log(args...); t.failed = true; panic(stopScript{}) }
func (t *scriptT) Parallel()         {} // timed cases never run side by side
func (t *scriptT) Log(args ...any)   { fmt.Fprintln(&t.log, args...) }
func (t *scriptT) FailNow()          { t.failed = true; panic(stopScript{}) }
func (t *scriptT) Verbose() bool     { return true }

func (t *scriptT) Run(name string, f func(testscript.T)) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(stopScript); !ok {
				panic(r)
			}
		}
	}()
	f(t)
}

// scriptLog drops the environment that testscript lists before the script.
func scriptLog(log string) string {
	if i := strings.Index(log, "\n#"); i >= 0 && !strings.HasPrefix(log, "#") {
		return log[i+1:]
	}
	return log
}
