// What a report says to a student who ran out of time.

package judging

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/nqueens-kit/nqueens/internal/msg"
	"github.com/nqueens-kit/nqueens/internal/queens"
	"github.com/nqueens-kit/nqueens/judge/build"
	"github.com/nqueens-kit/nqueens/judge/calibrate"
	"github.com/nqueens-kit/nqueens/judge/cases"
	"github.com/nqueens-kit/nqueens/judge/format"
	"github.com/nqueens-kit/nqueens/judge/lang"
	"github.com/nqueens-kit/nqueens/judge/profile"
	"github.com/nqueens-kit/nqueens/judge/sandbox"
	"github.com/nqueens-kit/nqueens/judge/verdict"
)

// explainTLE says how far off a submission that ran out of time on a
// relative case is, what that usually means, and what to read next. The
// ratio comes from the last case it passed when the reference's time there
// is known, and otherwise from the limit it used up (a lower bound).
func (j *Judge) explainTLE(ctx context.Context, r calibrate.Ref, done []*cases.Result, c *cases.Case, res *cases.Result, taken counted) string {
	ref := format.Millis(res.RefMs)
	howFar := msg.Sprintf("How far off: stopped at the limit, so at least %s times the reference search (%s) at n = %d.",
		format.Factor(res.Factor), format.Duration(ref), c.MaxInput())
	if prev, refPrev, ok := j.lastPassed(ctx, r, done); ok {
		var close bool
		howFar, close = atThatPace(prev, refPrev, c.MaxInput(), ref, format.Millis(res.LimitMs), j.Refs.Rate(r).Startup)
		if note := taken.closeNote(r.Lang.Headline); close && note != "" {
			howFar += " " + msg.Sprintf("By counted work: %s.", note)
		}
	}
	return msg.Sprintf("%s\nWhat that usually means: %s.\nNext: read %s: %s.",
		howFar, j.whatRatiosMean(ctx, r), j.Kit.Rel(j.Refs.File(r)), msg.Tr(r.Problem.Hint))
}

// atThatPace says how far off a search stopped at limit at n is, from its
// pace at prev (its search's time over the reference's there, refPrev) and
// the reference's time at n (ref), the start-up every run pays (startup)
// left out of the pace and added to the time needed: a JVM's 0.2 s is
// most of a small case. A pace that predicts a time under the limit is a
// close call (close): the verdict is this run's, and the sentence says why
// the pace misled rather than contradict it.
func atThatPace(prev *cases.Result, refPrev time.Duration, n int, ref, limit, startup time.Duration) (string, bool) {
	if startup >= refPrev || startup >= prev.CPU || startup >= ref {
		startup = 0
	}
	ratio := float64(prev.CPU-startup) / float64(refPrev-startup)
	need := startup + time.Duration(ratio*float64(ref-startup))
	if need < limit {
		return msg.Sprintf("How far off: close. At %s your search took %s, %.1f times the reference search (%s); at that pace n = %d would need about %s, under its limit of %s, but this run used the whole limit: your search slows down more than the reference's as n grows, or the machine was busy. A search closer to the reference's pace has room to spare.",
			prev.Name, format.Duration(prev.CPU), ratio, format.Duration(refPrev), n, format.Duration(need), format.Duration(limit)), true
	}
	return msg.Sprintf("How far off: at %s your search took %s, %.1f times the reference search (%s); at that pace n = %d needs about %s against a limit of %s.",
		prev.Name, format.Duration(prev.CPU), ratio, format.Duration(refPrev), n, format.Duration(need), format.Duration(limit)), false
}

// whatRatiosMean is what a ratio to r's reference usually means: the
// course's other methods measured against it on this machine, in the file's
// own language (calibrate.References.Bands), or, where they could not be,
// the bands measured when the kit was written (lang.Language.MethodRatios).
func (j *Judge) whatRatiosMean(ctx context.Context, r calibrate.Ref) string {
	bands := j.Refs.Bands(ctx, r)
	if len(bands) == 0 {
		return msg.Tr(r.Lang.MethodRatios)
	}
	var parts []string
	for _, b := range bands {
		parts = append(parts, fmt.Sprintf(msg.Tr(b.Method.Ratio), b.Ratio))
	}
	return msg.Sprintf("measured on this machine in %s at n = %d, the course's own searches: %s; bitmask searches run at about 1 time",
		r.Lang.Name, bands[0].N, strings.Join(parts, ", "))
}

// lastPassed is the last accepted case whose reference time is known:
// measured for a relative case, predicted from the calibration otherwise,
// or, where the calibration predicts nothing (Java, whose JIT changes its
// cost per call; any language whose fits at two sizes disagreed, as a
// busy machine can make them), measured now at the largest absolute case
// whose search stands out of the start-up.
func (j *Judge) lastPassed(ctx context.Context, r calibrate.Ref, done []*cases.Result) (*cases.Result, time.Duration, bool) {
	cs, _ := j.Cases(r.Problem) // read before any case ran
	for i := len(done) - 1; i >= 0; i-- {
		res := done[i]
		if res.Verdict != verdict.AC || res.CPU <= 0 {
			continue
		}
		if res.RefMs > 0 {
			return res, format.Millis(res.RefMs), true
		}
		k := slices.IndexFunc(cs, func(c *cases.Case) bool { return c.Name == res.Name })
		if k < 0 {
			continue
		}
		c, m := cs[k], j.Refs.Rate(r)
		switch {
		case m.Fits:
			if d, ok := m.Predict(c.Inputs); ok && d >= minPace {
				return res, d, true
			}
		case !c.Relative() && c.MaxInput() >= directFrom && res.CPU-m.Startup >= minPace:
			if d, err := j.Refs.Time(ctx, r, c); err == nil && d-m.Startup >= minPace {
				return res, d, true
			}
		}
	}
	return nil, 0, false
}

// minPace is the least search time a pace is taken from: cases too small
// to time well teach nothing.
const minPace = 20 * time.Millisecond

// directFrom is the smallest n at which lastPassed times a reference
// directly: below it the search is lost in a JVM's start-up.
const directFrom = 12

// Where a TLE's time went: the program is run once more, counting, at the
// largest case it passed within its language's budget, counting as its
// language says (lang.Counting), and package profile reads the counts.
// Java's reports keep the ratio and the bands.
const (
	profileFrom  = 8                // smaller searches say too little
	profileLimit = 10 * time.Second // the counting run's CPU limit
)

// ranOutOfTime reports whether a case of rep ran out of CPU time.
func ranOutOfTime(rep *Report) bool {
	for _, c := range rep.Cases {
		if c.Verdict == verdict.TLE {
			return true
		}
	}
	return false
}

// whereTimeGoes runs s once more with counters, at the largest n it
// passed quickly, and says where the time went; "" when it cannot tell.
// Counts already taken at that n (taken, by checkWork) are read instead.
// Nothing it fails at is the student's: the report just goes without it.
func (j *Judge) whereTimeGoes(ctx context.Context, r calibrate.Ref, prog sandbox.Program, s lang.Submission, rep *Report, taken counted) string {
	budget := r.Lang.CountBudget
	if !countsWork(r) {
		return ""
	}
	// The largest n passed within the budget, its search's CPU time
	// without the start-up any program pays here; where none was (a slow
	// machine, whose start-up alone can pass it), the smallest n passed:
	// the counting run has a limit of its own.
	n, smallest := 0, 0
	startup := j.Refs.Rate(r).Startup
	cs, _ := j.Cases(r.Problem) // read before any case ran
	for _, res := range rep.Cases {
		for _, c := range cs {
			if c.Name != res.Name || res.Verdict != verdict.AC || c.MaxInput() < profileFrom {
				continue
			}
			if res.CPU-startup <= budget {
				n = max(n, c.MaxInput())
			}
			if smallest == 0 || c.MaxInput() < smallest {
				smallest = c.MaxInput()
			}
		}
	}
	n = cmp.Or(n, smallest)
	refCalls, ok := queens.Calls(n)
	if n == 0 || !ok {
		return ""
	}
	counts := taken.counts
	if taken.n != n {
		var err error
		if counts, err = j.count(ctx, r, prog, s, n); err != nil {
			return ""
		}
	}
	return profile.Explain(counts, s.Source, s.Display, n, refCalls)
}

// count runs src (prog: its timed build) once more at n, counting as its
// language says (lang.Counting). An error is the judge's, or the
// student's: a *countingFailed when the program itself did not finish, a
// *notCounts when what it sent back is not counts.
func (j *Judge) count(ctx context.Context, r calibrate.Ref, prog sandbox.Program, s lang.Submission, n int) (profile.Counts, error) {
	dir, err := os.MkdirTemp(j.TempDir, "profile-")
	if err != nil {
		return profile.Counts{}, err
	}
	defer os.RemoveAll(dir)
	switch r.Lang.Counting {
	case lang.Coverage:
		return j.countGo(ctx, r, s, dir, n)
	case lang.Tracing:
		return j.countTraced(ctx, prog, dir, n)
	case lang.GCov:
		return j.countGCC(ctx, r, s, dir, n)
	case lang.Rewritten:
		return j.countRewritten(ctx, r, s, dir, n)
	}
	return profile.Counts{}, errNotCounted
}

// errNotCounted is a language, or a toolchain, that cannot count.
var errNotCounted = errors.New("not counted")

// countingFailed is a counting run the program did not finish: stopped at
// a limit, or ended with an error.
type countingFailed struct{ res *sandbox.Result }

func (e *countingFailed) Error() string {
	if e.res.Killed != sandbox.None {
		return msg.Sprintf("stopped at its %s limit", e.res.Killed)
	}
	return msg.Sprintf("ended with exit status %d", e.res.ExitCode)
}

// notCounts is what a counting run sent back that is not counts its
// harness wrote: only the program itself can have written it there (a
// print on the judge's channel, an exit before the harness's turn). It is
// the student's, not the judge's: an RE.
type notCounts struct{ err error }

func (e *notCounts) Error() string { return e.err.Error() }

// refused is err, a counts tool's failure (go tool covdata, gcov), as
// notCounts when the tool refused the data a run sent; a tool stopped at
// a bound of the judge's, or not started, stays the judge's error.
func refused(err error) error {
	if errors.Is(err, build.ErrToolFailed) {
		return &notCounts{err}
	}
	return err
}

// unparsed is err, a failure to parse counts, as notCounts.
func unparsed(err error) error {
	if err != nil {
		return &notCounts{err}
	}
	return nil
}

// countGo builds s with coverage counters and runs it at n; the
// harness sends the counters on the answer channel (lang.ProfileEnv), and
// go tool covdata reads them from files the judge writes in dir.
func (j *Judge) countGo(ctx context.Context, r calibrate.Ref, s lang.Submission, dir string, n int) (profile.Counts, error) {
	covered := lang.GoSpec(s)
	covered.Cover = true
	bin, err := j.Builder.Build(ctx, covered)
	if err != nil {
		return profile.Counts{}, err
	}
	sent, err := j.countingRun(ctx, sandbox.Program{Path: bin, Env: sandbox.GoProcsEnv()}, dir, n)
	if err != nil {
		return profile.Counts{}, err
	}
	if err := build.WriteCoverData(dir, sent); err != nil {
		return profile.Counts{}, &notCounts{err}
	}
	text, err := j.Builder.CoverText(ctx, dir)
	if err != nil {
		return profile.Counts{}, refused(err)
	}
	if s.CodeErr != nil {
		return profile.Counts{}, s.CodeErr
	}
	counts, err := profile.Go(text, build.StudentFile, s.Code)
	return counts, unparsed(err)
}

// countGCC builds s with gcc's line counters (C, C++) in dir, runs it
// at n, writes the counts its harness sent back beside the build, and
// reads them with gcov.
func (j *Judge) countGCC(ctx context.Context, r calibrate.Ref, s lang.Submission, dir string, n int) (profile.Counts, error) {
	t, err := r.Lang.Toolchain()
	if err != nil {
		return profile.Counts{}, err
	}
	prog, ok, err := t.BuildCounted(ctx, j.Builder, s, dir)
	if !ok || err != nil {
		return profile.Counts{}, cmp.Or(err, errNotCounted)
	}
	if prog.Writes && !j.Jail.BoundsFolder() {
		// Before gcc 12 the counts go through files, which a run on the
		// user's disk could multiply without bound: not counted here.
		return profile.Counts{}, errNotCounted
	}
	sent, err := j.countingRun(ctx, prog, dir, n)
	if err != nil {
		return profile.Counts{}, err
	}
	if err := lang.WriteCounts(dir, sent); err != nil {
		return profile.Counts{}, &notCounts{err}
	}
	data, err := t.Count(ctx, j.Builder, dir)
	if err != nil {
		return profile.Counts{}, refused(err)
	}
	counts, err := profile.GCC(data, r.Lang.File(), s.Source)
	return counts, unparsed(err)
}

// countRewritten builds s with counters the judge writes into its source
// (Java), and runs it at n as a traced program is run. The rewrite is the
// judge's: a counted build that does not compile, when the timed one did,
// is not the student's error, and the search goes uncounted.
func (j *Judge) countRewritten(ctx context.Context, r calibrate.Ref, s lang.Submission, dir string, n int) (profile.Counts, error) {
	t, err := r.Lang.Toolchain()
	if err != nil {
		return profile.Counts{}, err
	}
	prog, ok, err := t.BuildCounted(ctx, j.Builder, s, dir)
	var ce *build.CompileError
	if errors.As(err, &ce) || !ok {
		return profile.Counts{}, errNotCounted
	}
	if err != nil {
		return profile.Counts{}, err
	}
	return j.countTraced(ctx, prog, dir, n)
}

// countTraced runs prog, whose harness counts lines and calls and sends
// them when asked (lang.ProfileEnv), at n: Python's, by tracing, and a
// Java build's, by the counters written into its source.
func (j *Judge) countTraced(ctx context.Context, prog sandbox.Program, dir string, n int) (profile.Counts, error) {
	sent, err := j.countingRun(ctx, askCounts(prog), dir, n)
	if err != nil {
		return profile.Counts{}, err
	}
	counts, err := profile.Traced(sent)
	return counts, unparsed(err)
}

// askCounts is prog asked, in its environment, for its counts instead of
// its answer (lang.ProfileEnv): a Python harness, or a counted Java
// build's (a counted C or C++
// build sends its counts unasked, or is asked by BuildCounted before gcc
// 12).
func askCounts(prog sandbox.Program) sandbox.Program {
	prog.Env = append(slices.Clone(prog.Env), lang.ProfileEnv+"=1")
	return prog
}

// maxCounts bounds what a counting run may send back: the counts of a
// solution and its harness are a few KiB to a few hundred.
const maxCounts = 4 << 20

// countingRun runs prog at n in the jail and returns what it sent on the
// answer channel, at most maxCounts bytes: its counts, which a Go build
// with coverage counters sends unasked (its environment is a timed run's)
// and the other languages' harnesses when asked (askCounts). Nothing the run wrote in a folder is
// read: it writes nothing the judge sees but that channel.
func (j *Judge) countingRun(ctx context.Context, prog sandbox.Program, dir string, n int) ([]byte, error) {
	lim := cases.Limits{CPU: profileLimit}.Resolve(cases.Reference{})
	lim.Answer = maxCounts
	stop := j.progress(msg.Sprintf("counting each line's runs at n = %d", n))
	res, err := j.Jail.RunProgram(ctx, dir, prog, []string{strconv.Itoa(n)}, lim)
	stop()
	switch {
	case err != nil:
		return nil, err
	case res.Killed != sandbox.None || res.ExitCode != 0:
		return nil, &countingFailed{res}
	}
	return res.Answer, nil
}
