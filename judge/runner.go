package main

import (
	"context"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
)

// caseT is the testscript.T the judge runs a case with, outside go test: it
// runs scripts one at a time, in order, and keeps the transcript.
type caseT struct {
	verbose bool
	log     strings.Builder
	failed  bool
}

// stopScript unwinds a script that failed; Run recovers it.
type stopScript struct{}

func (t *caseT) Skip(args ...any)  { t.Log(args...); panic(stopScript{}) }
func (t *caseT) Fatal(args ...any) { t.Log(args...); t.failed = true; panic(stopScript{}) }
func (t *caseT) Parallel()         {} // timed cases never run side by side
func (t *caseT) Log(args ...any)   { fmt.Fprintln(&t.log, args...) }
func (t *caseT) FailNow()          { t.failed = true; panic(stopScript{}) }
func (t *caseT) Verbose() bool     { return t.verbose }

func (t *caseT) Run(name string, f func(testscript.T)) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(stopScript); !ok {
				panic(r)
			}
		}
	}()
	f(t)
}

// caseResult is how one case went, as the report shows it.
type caseResult struct {
	Name     string  `json:"name"`
	Verdict  verdict `json:"verdict"`
	CPUms    int64   `json:"cpu_ms"`
	WallMs   int64   `json:"wall_ms"`
	LimitMs  int64   `json:"limit_ms"`
	MaxRSSKB int64   `json:"max_rss_kb"`
	Message  string  `json:"message,omitempty"`
	Output   string  `json:"output,omitempty"` // the student's own prints, when the case failed
	Relative bool    `json:"relative_limit,omitempty"`

	cpu        time.Duration
	transcript string // the script's log, shown with -v
}

// caseParams says how to run one case.
type caseParams struct {
	binary      string
	display     string
	ref         time.Duration
	calibrating bool
	update      bool // rewrite the case's expected outputs (testscript's UpdateScripts)
	verbose     bool
	tempDir     string
}

// runCase runs one case's script against a built submission. An error means
// the case could not be run at all (or the judge was interrupted).
func runCase(ctx context.Context, p *problem, c *testCase, cp caseParams) (*caseResult, error) {
	work, err := os.MkdirTemp(cp.tempDir, "case-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(work)

	run := &caseRun{
		ctx:         ctx,
		prob:        p,
		binary:      cp.binary,
		display:     cp.display,
		ref:         cp.ref,
		calibrating: cp.calibrating,
	}
	run.limits = caseLimits{}.resolve(cp.ref, cp.calibrating)
	t := &caseT{verbose: cp.verbose}
	testscript.RunT(t, testscript.Params{
		Files:              []string{c.Path},
		WorkdirRoot:        work,
		Cmds:               caseCommands,
		UpdateScripts:      cp.update,
		RequireUniqueNames: true,
		Setup: func(env *testscript.Env) error {
			env.Values[runKey{}] = run
			return nil
		},
	})
	if run.interrupted || ctx.Err() != nil {
		return nil, context.Canceled
	}
	res := &caseResult{
		Name:       c.Name,
		Verdict:    AC,
		CPUms:      run.cpu.Milliseconds(),
		WallMs:     run.wall.Milliseconds(),
		LimitMs:    run.limits.CPU.Milliseconds(),
		MaxRSSKB:   run.maxRSS >> 10,
		Relative:   c.Relative(),
		cpu:        run.cpu,
		transcript: scriptLog(t.log.String()),
	}
	switch {
	case run.verdict != "":
		res.Verdict, res.Message = run.verdict, run.message
	case t.failed && run.runs == 0:
		return nil, fmt.Errorf("case %s did not run: %s", c.Path, strings.TrimSpace(t.log.String()))
	case t.failed:
		res.Verdict, res.Message = WA, wrongAnswer(run, c, t.log.String())
	}
	if res.Verdict != AC {
		res.Output = trimOutput(string(run.output))
	}
	return res, nil
}

// scriptLog drops the environment that testscript lists before the script.
func scriptLog(log string) string {
	if i := strings.Index(log, "\n#"); i >= 0 && !strings.HasPrefix(log, "#") {
		return log[i+1:]
	}
	return log
}

// wrongAnswer explains a failed comparison: the input, the answer given and,
// where the case holds it, the answer expected.
func wrongAnswer(run *caseRun, c *testCase, log string) string {
	got := strings.TrimSpace(run.lastAnswer)
	msg := fmt.Sprintf("n = %d: got %s", run.lastN, abbreviate(got, 200))
	// Find the failing line in the transcript: "FAIL: path:LINE: ...".
	for _, l := range strings.Split(log, "\n") {
		if !strings.HasPrefix(l, "FAIL: ") {
			continue
		}
		for _, sl := range c.Script {
			if !strings.Contains(l, fmt.Sprintf(":%d: ", sl.Line)) {
				continue
			}
			if sl.Args[0] == "cmp" && len(sl.Args) == 3 {
				for _, f := range c.Archive.Files {
					if f.Name == sl.Args[2] {
						return msg + ", want " + abbreviate(strings.TrimSpace(string(f.Data)), 200)
					}
				}
			}
			if sl.Args[0] == "stdout" && len(sl.Args) == 2 {
				return msg + fmt.Sprintf(", want an answer matching %s", sl.Args[1])
			}
		}
		return msg + "\n" + strings.TrimPrefix(l, "FAIL: ")
	}
	return msg
}

func abbreviate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// trimOutput keeps the start and end of what a student printed.
func trimOutput(s string) string {
	const keep = 20 // lines from each end
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > 2*keep {
		cut := len(lines) - 2*keep
		lines = append(append(lines[:keep:keep], fmt.Sprintf("… (%d lines cut) …", cut)), lines[len(lines)-keep:]...)
	}
	for i, l := range lines {
		lines[i] = abbreviate(l, 300)
	}
	return strings.Join(lines, "\n")
}
