// Package bench times programs that count N-Queens boards side by side:
// at each n, every program in turn, in alternating rounds, so that a
// change in the machine's load falls on all of them alike; runs predicted
// past a budget are left out. The judge's -bench prints what it measures.
package bench

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/nqueens-kit/nqueens/internal/msg"
	"github.com/nqueens-kit/nqueens/internal/queens"
	"github.com/nqueens-kit/nqueens/judge/activity"
	"github.com/nqueens-kit/nqueens/judge/judging"
	"github.com/nqueens-kit/nqueens/judge/lang"
	"github.com/nqueens-kit/nqueens/judge/problem"
	"github.com/nqueens-kit/nqueens/judge/sandbox"
)

// Settings: which n, how long one program may take for one n, and how many
// alternating rounds each n gets.
const (
	From   = 10
	To     = 16
	Budget = 120 * time.Second // a run predicted to take longer is left out
	Growth = 7                 // about how much longer each n takes than the one before
	Rounds = 3                 // rounds for runs predicted under Repeat
	Repeat = 5 * time.Second
)

// limits bound each timed run: the budget, and more memory and output than
// any counting search needs.
var limits = sandbox.Limits{CPU: Budget, Idle: time.Minute, Memory: 1 << 30, Output: 1 << 20, Answer: 1 << 10}

// A Program is one program timed, run as Prog says (its Env, e.g.
// GOMAXPROCS=1, included).
type Program struct {
	Name string
	Prog sandbox.Program
	// AllCores: it searches on every core (problem.Method.AllCores), and
	// its wall time is shown beside its CPU time.
	AllCores bool
	// Sub is its source file, for counting its work; nil for a program
	// not counted (C -O2, a program held to one core, counted as itself).
	Sub *lang.Submission

	last time.Duration // its CPU time at the previous n
}

// A Timing is one program's time at one n: the median of its rounds.
type Timing struct {
	CPU, Wall time.Duration
	OK        bool // timed: neither left out nor stopped at the budget
	Capped    bool // stopped at the budget
}

// A Bench times its programs, running them in TempDir, outside the jail:
// it is for the kit's own solutions and the user's own code.
type Bench struct {
	Programs []*Program
	TempDir  string
	// Activity records the run under way (nil: nothing).
	Activity *activity.Now
}

// Time times every program at n, the programs taking turns in each round,
// and returns each one's timing, in the order of Programs. A wrong count
// is an error: the bench compares searches, not answers.
func (b *Bench) Time(ctx context.Context, n int) ([]Timing, error) {
	want, _ := queens.Count(n)
	walls := make([][]time.Duration, len(b.Programs))
	cpus := make([][]time.Duration, len(b.Programs))
	timings := make([]Timing, len(b.Programs))
	for round := range Rounds {
		for i, p := range b.Programs {
			predicted := p.last * Growth
			if predicted > Budget || (round > 0 && predicted > Repeat) {
				continue
			}
			stop := b.progress(msg.Sprintf("bench %s n=%d", p.Name, n))
			res, err := sandbox.NoJail.RunProgram(ctx, b.TempDir, p.Prog, []string{strconv.Itoa(n)}, limits)
			stop()
			if err != nil {
				return nil, err
			}
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			if res.Killed == sandbox.CPU {
				timings[i].Capped = true
				continue
			}
			if got := strings.TrimSpace(string(res.Answer)); got != strconv.FormatInt(want, 10) {
				return nil, msg.Errorf("bench %s: n = %d gave %q, want %d", p.Name, n, got, want)
			}
			walls[i] = append(walls[i], res.Wall)
			cpus[i] = append(cpus[i], res.CPU)
		}
	}
	for i, p := range b.Programs {
		t := &timings[i]
		t.CPU, t.OK = median(cpus[i])
		t.Wall, _ = median(walls[i])
		t.OK = t.OK && !t.Capped
		p.last = Budget
		if t.OK {
			p.last = t.CPU
		}
	}
	return timings, nil
}

// Remaining predicts how long timing n+1 to To will take, once n was
// timed: each program's time grows by Growth per n, as Time predicts it,
// for Rounds rounds while under Repeat, once up to Budget, and not at all
// past it. One machine's "about": a busy one takes longer.
func (b *Bench) Remaining(n int) time.Duration {
	var total time.Duration
	for _, p := range b.Programs {
		t := p.last
		for range To - n {
			t *= Growth
			if t > Budget {
				break
			}
			if t > Repeat {
				total += t
			} else {
				total += t * Rounds
			}
		}
	}
	return total
}

// progress records what runs, while it runs.
func (b *Bench) progress(what string) func() { return b.Activity.Start(what) }

// median is the middle of ds, and false when there is none.
func median(ds []time.Duration) (time.Duration, bool) {
	if len(ds) == 0 {
		return 0, false
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2], true
}

// Solutions builds the programs -bench times for p, in teaching order:
// the user's own file first when yours names one, every reference in Go
// (fast also held to one core), and the bitmask search in C (gcc -O2) when
// gcc is there.
func Solutions(ctx context.Context, j *judging.Judge, p *problem.Problem, yours, tempDir string) ([]*Program, error) {
	dirs, err := os.ReadDir(j.Kit.Solutions(p))
	if err != nil {
		return nil, &judging.SetupError{Err: err}
	}
	var entries []*Program
	for _, d := range dirs {
		file := filepath.Join(j.Kit.Solutions(p), d.Name(), "solution.go")
		src, err := os.ReadFile(file)
		if err != nil {
			continue
		}
		s := lang.NewSubmission(p, lang.Go, src, j.Kit.Rel(file))
		bin, err := j.Builder.Build(ctx, lang.GoSpec(s))
		if err != nil {
			return nil, msg.Errorf("bench: build %s: %w", j.Kit.Rel(file), err)
		}
		method, _ := problem.MethodIn(d.Name())
		entries = append(entries, &Program{Name: d.Name(), Prog: sandbox.Program{Path: bin, Env: sandbox.GoProcsEnv()}, AllCores: method.AllCores, Sub: &s})
		if method.AllCores {
			// The same program held to one core.
			entries = append(entries, &Program{Name: d.Name() + oneCore, Prog: sandbox.Program{Path: bin, Env: []string{"GOMAXPROCS=1"}}, AllCores: true})
		}
	}
	if yours != "" {
		// The student's own file first: bench runs it as it runs the
		// references, without the jail; use it on your own code.
		l, src, err := judging.ReadSubmission(p, yours, filepath.Clean(yours))
		if err != nil {
			return nil, err
		}
		s := lang.NewSubmission(p, l, src, filepath.Clean(yours))
		prog, err := j.Build(ctx, s)
		if err != nil {
			return nil, msg.Errorf("bench: build %s: %w", yours, err)
		}
		entries = append(entries, &Program{Name: "yours", Prog: prog, Sub: &s})
	}
	slices.SortStableFunc(entries, func(a, b *Program) int { return order(a.Name) - order(b.Name) })
	csrc := filepath.Join(j.Kit.Solutions(p), p.Calibrator, "c", "bitmask.c")
	if gcc, err := exec.LookPath("gcc"); err == nil {
		if _, err := os.Stat(csrc); err == nil {
			dir, err := os.MkdirTemp(tempDir, "bench-c-")
			if err != nil {
				return nil, err
			}
			bin := filepath.Join(dir, "bitmask")
			if out, err := lang.RunGCC(ctx, j.Builder, dir, []string{csrc}, gcc, "-O2", "-o", bin, csrc); err != nil {
				return nil, msg.Errorf("bench: gcc %s: %w\n%s", j.Kit.Rel(csrc), err, out)
			}
			entries = append(entries, &Program{Name: "C -O2", Prog: sandbox.Program{Path: bin}})
		}
	}
	return entries, nil
}

// oneCore ends the name of a program that searches on every core, timed
// held to one.
const oneCore = " 1 core"

// order puts the student's file first, then the course's methods in
// teaching order (problem.Methods), each held to one core after itself,
// then the rest.
func order(name string) int {
	if name == "yours" {
		return -1
	}
	folder, held := strings.CutSuffix(name, oneCore)
	rank := 2 * problem.Rank(folder)
	if held {
		rank++
	}
	return rank
}

// CountedWork counts each program's search once, as a judging does before
// its relative cases (judging.Judge.CountedWork), in the order of
// programs: nil for a program not counted (no source, or a language that
// cannot count).
func CountedWork(ctx context.Context, j *judging.Judge, p *problem.Problem, programs []*Program) ([]*judging.Work, error) {
	works := make([]*judging.Work, len(programs))
	for i, e := range programs {
		if e.Sub == nil {
			continue
		}
		w, err := j.CountedWork(ctx, e.Prog, *e.Sub)
		if err != nil {
			return nil, msg.Errorf("bench: count %s: %w", e.Sub.Display, err)
		}
		works[i] = w
	}
	return works, nil
}
