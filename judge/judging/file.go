// Judging one file: read it, check its source, build it, run the cases.

package judging

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"slices"
	"strings"
	"time"

	"github.com/nqueens-kit/nqueens/internal/msg"
	"github.com/nqueens-kit/nqueens/judge/build"
	"github.com/nqueens-kit/nqueens/judge/calibrate"
	"github.com/nqueens-kit/nqueens/judge/cases"
	"github.com/nqueens-kit/nqueens/judge/format"
	"github.com/nqueens-kit/nqueens/judge/lang"
	"github.com/nqueens-kit/nqueens/judge/problem"
	"github.com/nqueens-kit/nqueens/judge/sandbox"
	"github.com/nqueens-kit/nqueens/judge/verdict"
	"github.com/nqueens-kit/nqueens/judge/worker"
)

// Params varies how a file is judged. The zero value judges as a student's
// own run does, without streaming: stop at the first failure, plain limits.
type Params struct {
	// Scale multiplies relative CPU limits (-verify's margins); 0 means 1.
	Scale float64
	All   bool // run every case, not only up to the first failure
	// Grading scores the larger cases as failed, without running them,
	// once a case has run out of time or memory: they cannot pass, and a
	// search that hogs either would cost each of them its whole limit.
	Grading bool
	// Teach adds where the time goes to a report that ran out of it: for
	// a student judging their own file.
	Teach bool
}

// File judges file as a solution to p. display names the file in
// messages; "" names it relative to the kit. A broken submission is a
// verdict in the report; an error is the judge's or the kit's (a
// *SetupError, a *SubmissionError for a file it cannot read) or an
// interruption.
func (j *Judge) File(ctx context.Context, p *problem.Problem, file, display string, jp Params) (*Report, error) {
	jg, err := j.Begin(ctx, p, file, display, jp)
	if err != nil {
		return nil, err
	}
	return jg.Finish(ctx)
}

// Source judges src, a solution to p in language l read already (File
// reads it; -grade reads it once beneath the student's folder), as File
// does; display names it in messages.
func (j *Judge) Source(ctx context.Context, p *problem.Problem, l *lang.Language, src []byte, display string, jp Params) (*Report, error) {
	jg, err := j.begin(ctx, p, l, src, display, jp)
	if err != nil {
		return nil, err
	}
	return jg.Finish(ctx)
}

// A Judging is one file being judged, for a caller that shows each case
// as it ends: Begin reads, checks and builds the file, Cases runs its
// cases one by one as the caller asks for them, and Finish completes the
// report. File does all three at once.
type Judging struct {
	// Report is the file's report: its header once Begin returns, with
	// the verdict already where the file never reached its cases (a
	// compile error, an answer written in); whole once Finish returns.
	Report *Report

	j     *Judge
	r     calibrate.Ref
	s     lang.Submission
	cs    []*cases.Case
	progs programs
	jp    Params
	runs  bool // the file was built: it has cases to run
	ran   bool // Cases ran them (or began to)
	taken counted
	err   error
}

// Begin reads file and judges it as far as its cases (see File).
func (j *Judge) Begin(ctx context.Context, p *problem.Problem, file, display string, jp Params) (*Judging, error) {
	if display == "" {
		display = j.Kit.Rel(file)
	}
	l, src, err := ReadSubmission(p, file, display)
	if err != nil {
		return nil, err
	}
	return j.begin(ctx, p, l, src, display, jp)
}

// Runs reports whether the file reached its cases: whether Cases has any
// to run.
func (jg *Judging) Runs() bool { return jg.runs }

// Cases runs the file's cases, from small to large, stopping at the first
// failure unless Params.All, and yields each result as it ends. A caller
// that stops early leaves the remaining cases skipped.
func (jg *Judging) Cases(ctx context.Context) iter.Seq[*cases.Result] {
	return func(yield func(*cases.Result) bool) {
		if !jg.runs || jg.ran {
			return
		}
		jg.ran = true
		jg.taken, jg.err = jg.j.runCases(ctx, jg.r, jg.Report, jg.progs, jg.s, jg.cs, jg.jp, yield)
	}
}

// Finish runs the cases Cases has not run, and completes the report:
// where the time went, for a student whose search ran out of it
// (Params.Teach). An error is the judge's, or an interruption; the report
// so far comes with it.
func (jg *Judging) Finish(ctx context.Context) (*Report, error) {
	for range jg.Cases(ctx) {
	}
	rep := jg.Report
	if jg.err != nil {
		return rep, jg.err
	}
	if jg.runs && jg.jp.Teach && ranOutOfTime(rep) {
		rep.Profile = jg.j.whereTimeGoes(ctx, jg.r, jg.progs.timed, jg.s, rep, jg.taken)
	}
	return rep, nil
}

// begin judges src as far as its cases (see Source).
func (j *Judge) begin(ctx context.Context, p *problem.Problem, l *lang.Language, src []byte, display string, jp Params) (*Judging, error) {
	rep := j.newReport(p, l, display)
	if IsStarter(src, p.Func) {
		rep.Verdict, rep.Message = verdict.NotWritten, notWritten(j.Kit, p, l, display)
		return &Judging{Report: rep, j: j}, nil
	}

	s := lang.NewSubmission(p, l, src, display)
	checks, err := j.checkSourceBounded(ctx, p, l, s.Code)
	if stopped := (*worker.Stopped)(nil); errors.As(err, &stopped) {
		rep.Verdict = verdict.CE
		rep.Message = msg.Sprintf("%s: checking your source before the build was stopped at the judge's limits (%s of CPU time, %s of memory): is a type nested in itself many times over?",
			display, format.Duration(worker.Limits.CPU), format.Bytes(worker.Limits.Memory))
		return &Judging{Report: rep, j: j}, nil
	}
	if err != nil {
		return nil, err
	}
	if f := checks.Lookup; checks.HasLookup {
		rep.Verdict = verdict.HC
		rep.Message = msg.Sprintf("n = %d: the answer %s is written into the source at line %d; the kit asks you to compute it", f.N, f.Value, f.Line)
		if p.Kind == problem.Boards {
			rep.Message = msg.Sprintf("n = %d: rows of every %d-queens board are written into the source (line %d); the kit asks you to compute them", f.N, f.N, f.Line)
		}
		rep.Message = fmt.Sprintf("%s:%d: %s", display, f.Line, rep.Message)
		return &Judging{Report: rep, j: j}, nil
	}

	if checks.Reach {
		rep.Verdict = verdict.HC
		rep.Message = msg.Sprintf("%s:%d: %s reaches into the judge (its environment, its channels, the tracer or the checks that count and check your search): a solution needs none of them, and the kit asks you to compute the answer, not to change how it is judged",
			display, checks.ReachLine, checks.ReachCall)
		return &Judging{Report: rep, j: j}, nil
	}
	if note := clockNote(checks, display); note != "" {
		rep.Notes = append(rep.Notes, note)
	}

	r := calibrate.Ref{Problem: p, Lang: l}
	cs, err := j.Cases(p)
	if err != nil {
		return nil, err
	}
	progs, err := j.buildFor(ctx, s, cs)
	var ce *build.CompileError
	if errors.As(err, &ce) {
		rep.Verdict, rep.Message = verdict.CE, ce.Message
		if strings.Contains(ce.Message, "unreachable statement") && lang.StarterLine(src) > 0 {
			// javac refuses code after the starter's throw, or the throw
			// after the student's return.
			rep.Message += "\n" + msg.Sprintf("javac refuses a statement that can never run: the starter's line, %s:%d, is still in your function: delete it.", display, lang.StarterLine(src))
		}
		return &Judging{Report: rep, j: j}, nil
	}
	if err != nil {
		return nil, err
	}
	if progs.unchecked != "" {
		rep.Notes = append(rep.Notes, progs.unchecked)
	}
	if l == lang.Java {
		if class := lang.JavaClass(src, p); class != lang.LeetCodeClass {
			rep.Notes = append(rep.Notes, msg.Sprintf("note: your class is called %s, so the judge calls new %s().%s(n); LeetCode calls new %s(): name the class %s there", class, class, p.Func, lang.LeetCodeClass, lang.LeetCodeClass))
		}
	}
	if l == lang.Go {
		if added := build.MissingImports(s.Code); len(added) > 0 {
			rep.Notes = append(rep.Notes, msg.Sprintf("note: imported for your file, as LeetCode's Go does: %s", strings.Join(added, ", ")))
		}
	}
	return &Judging{Report: rep, j: j, r: r, s: s, cs: cs, progs: progs, jp: jp, runs: true}, nil
}

// Build builds s. A missing toolchain is a setup error that says what to
// install.
func (j *Judge) Build(ctx context.Context, s lang.Submission) (sandbox.Program, error) {
	if _, err := s.Lang.Toolchain(); err != nil {
		return sandbox.Program{}, &SetupError{Err: err}
	}
	return s.Lang.Build(ctx, j.Builder, s)
}

// programs are the builds of one submission: the one every case is timed
// with, and, for a language that has one, a checked build that runs the
// cases with absolute limits again, looking for errors the timed build
// does not see (lang.Language.Checked).
type programs struct {
	timed, checked sandbox.Program
	unchecked      string // a note on why there is no checked build, when one was wanted
}

// checks reports whether the checked build runs c again after the timed
// build's run gave res: a small case the timed build answered or crashed
// on. A memory error may give a wrong answer, a right one, or a crash
// without a line; a case out of time, memory or output already failed for
// a reason the checks cannot change.
func (ps programs) checks(c *cases.Case, res *cases.Result) bool {
	return ps.checked.Path != "" && !c.Relative() &&
		(res.Verdict == verdict.AC || res.Verdict == verdict.WA || res.Verdict == verdict.RE)
}

// buildFor builds s for the cases cs: the timed build, and, for a
// language that has one, the checked build where a case has an absolute
// limit (none, should it fail: the timed build's verdicts stand). The two
// are built side by side, on the second core a student's machine has: the
// checked build (sanitizers, a second prelude) would otherwise double a
// C or C++ file's wait for its first verdict. A compile error is a
// *build.CompileError, the timed build's first.
func (j *Judge) buildFor(ctx context.Context, s lang.Submission, cs []*cases.Case) (programs, error) {
	run, _ := cases.ForLanguage(s.Problem, s.Lang, cs)
	type built struct {
		prog sandbox.Program
		err  error
	}
	var checked chan built
	if s.Lang.Checked() && slices.ContainsFunc(run, func(c *cases.Case) bool { return !c.Relative() }) {
		checked = make(chan built, 1)
		bctx, cancel := context.WithCancel(ctx)
		go func() {
			prog, err := j.buildChecked(bctx, s)
			checked <- built{prog, err}
		}()
		defer func() {
			// A timed build that failed stops the checked one, and waits
			// for it to remove its build folder.
			cancel()
			if checked != nil {
				<-checked
			}
		}()
	}
	var progs programs
	prog, err := j.Build(ctx, s)
	if err != nil {
		var ce *build.CompileError
		var se *SetupError
		if errors.As(err, &ce) || errors.As(err, &se) {
			return programs{}, err
		}
		return programs{}, msg.Errorf("build %s: %w", s.Display, err)
	}
	progs.timed = prog
	if checked == nil {
		return progs, nil
	}
	b := <-checked
	checked = nil
	if err := b.err; err != nil {
		var ce *build.CompileError
		if errors.As(err, &ce) && strings.Contains(ce.Message, s.Display) {
			// The student's file does not build as LeetCode builds it
			// (it defines a sanitizer's hook, say): a verdict, not a
			// note, or the checks would be a file's to turn off.
			return programs{}, err
		}
		progs.unchecked = msg.Sprintf("note: the small cases were not checked for memory errors: the build under AddressSanitizer and UndefinedBehaviorSanitizer could not be made here (%s)", firstLine(err.Error()))
	}
	progs.checked = b.prog
	return progs, nil
}

// firstLine is the first line of s.
func firstLine(s string) string {
	line, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	return line
}

// check runs case c again on the checked build checked, under the timed
// run's params, with the case's CPU limit times cases.CheckScale: the
// checks slow a program several times. An error they find (RE) replaces
// res's verdict and message: the timed build's wrong answer or crash
// without a line came from it. Anything else leaves res as it was.
func (j *Judge) check(ctx context.Context, p *problem.Problem, c *cases.Case, params cases.Params, checked sandbox.Program, res *cases.Result) error {
	params.Program = checked
	params.Limits.CPU *= cases.CheckScale
	params.Locate = &lang.Locator{Builder: j.Builder, Binary: checked.Path}
	again, err := cases.Run(ctx, p, c, params)
	if err != nil {
		return err
	}
	if again.Verdict == verdict.RE {
		res.Verdict, res.Message, res.Output = again.Verdict, again.Message, again.Output
		res.Transcript += again.Transcript
	}
	return nil
}

// buildChecked is s's checked build (its language has one: buildFor
// asks), or why it could not be made: a *build.CompileError, or the
// toolchain's failure (no sanitizer runtime installed, say).
func (j *Judge) buildChecked(ctx context.Context, s lang.Submission) (sandbox.Program, error) {
	t, err := s.Lang.Toolchain()
	if err != nil {
		return sandbox.Program{}, err
	}
	return t.BuildChecked(ctx, j.Builder, s)
}

// runCases runs each case against the built program, from small to large,
// stopping at the first failure unless jp.All, and yields each result;
// where yield returns false, the rest are skipped. The first relative case
// passed has its search counted too (checkWork): it returns those counts.
func (j *Judge) runCases(ctx context.Context, r calibrate.Ref, rep *Report, progs programs, s lang.Submission, cs []*cases.Case, jp Params, yield func(*cases.Result) bool) (counted, error) {
	rep.Verdict = verdict.AC
	cs, rep.Beyond = cases.ForLanguage(r.Problem, r.Lang, cs)
	var so sofar
	for i, c := range cs {
		if rep.StoppedBy != "" {
			rep.Skipped = append(rep.Skipped, c.Name)
			continue
		}
		res, err := j.judgeCase(ctx, r, rep, progs, s, c, jp, &so)
		if err != nil {
			return so.taken, err
		}
		// A search too slow or too large for a smaller case cannot pass a
		// larger one, and an endless loop or a memory hog would cost every
		// case its whole limit.
		if jp.Grading && rep.StoppedBy == "" && (res.Verdict == verdict.TLE || res.Verdict == verdict.MLE) {
			rep.StoppedBy = res.Verdict
		}
		rep.Cases = append(rep.Cases, res)
		if res.Verdict != verdict.AC && rep.Verdict == verdict.AC {
			rep.Verdict, rep.Message = res.Verdict, res.Message
		}
		if !yield(res) || (rep.Verdict != verdict.AC && !jp.All) {
			for _, rest := range cs[i+1:] {
				rep.Skipped = append(rep.Skipped, rest.Name)
			}
			return so.taken, nil
		}
	}
	return so.taken, nil
}

// sofar is what a file's cases passed so far tell the next: the search's
// counts (taken once, at the first relative case passed), the last
// relative case passed and the pace there, and the quickest solve.
type sofar struct {
	taken    counted
	tried    bool          // the search was counted (or could not be)
	quickest time.Duration // the quickest solve passed: a start-up, measured under this judging's load
	// lastRelative is the last relative case passed, of n = lastN, and
	// ratio its CPU time over the reference's there.
	lastRelative *cases.Result
	lastN        int
	ratio        float64
}

// judgeCase runs case c, or decides it by the counts already taken, and
// judges the run by what the cases before it told (so), which it updates.
func (j *Judge) judgeCase(ctx context.Context, r calibrate.Ref, rep *Report, progs programs, s lang.Submission, c *cases.Case, jp Params, so *sofar) (*cases.Result, error) {
	var ref time.Duration
	if c.Relative() {
		// Calibrate only when a relative case is reached: a submission
		// that fails early never waits for it.
		var err error
		if ref, err = j.Refs.Time(ctx, r, c); err != nil {
			return nil, err
		}
	}
	params := cases.Params{
		Program:  progs.timed,
		Locate:   &lang.Locator{Builder: j.Builder, Binary: progs.timed.Path, Lines: &s},
		Display:  rep.File,
		Source:   s.Source,
		Lang:     r.Lang,
		Limits:   c.TimedLimits(ref, j.Refs.Rate(r).Startup, jp.Scale),
		Relative: true,
		Ref:      ref,
		Scale:    jp.Scale,
		TempDir:  j.TempDir,
		Jail:     j.Jail,
	}
	if v, why := so.taken.atHeadline(s, c.MaxInput()); v != "" && c.MaxInput() == r.Lang.Headline {
		// The counts taken at a smaller case have decided the headline:
		// its run could change nothing, and would cost its whole limit
		// (a run to the limit is the one a busy machine can spoil).
		res := cases.Decided(c, params, v, why+"\n"+msg.Sprintf("Not run: the counted work decides it."))
		return res, j.weigh(ctx, r, rep, progs, s, c, res, true, so)
	}
	res, err := j.runCase(ctx, r.Problem, c, params, progs)
	if err != nil {
		return nil, err
	}
	if res, err = j.againAtPace(ctx, r, rep, c, params, progs, res); err != nil {
		return nil, err
	}
	markClose(res, so.ratio)
	return res, j.weigh(ctx, r, rep, progs, s, c, res, false, so)
}

// againAtPace runs relative case c once more when its run res was stopped
// at the CPU limit and the machine is slower now than when the reference
// was calibrated (References.Pace): then the limit is the case's multiple
// of the reference's time now. The calibration keeps the quieter figure,
// and a host's busy neighbours slow every program in its virtual machines
// by as much as a method does (the Python bitmask reference took 1.96
// times its calibration at n = 14 in one run here, docs/judge.md,
// "Calibration"): held to that figure, a bitmask search failed where it
// passed idle. A
// search over the limit at the machine's pace now is TLE still. A note
// says what was done.
func (j *Judge) againAtPace(ctx context.Context, r calibrate.Ref, rep *Report, c *cases.Case, params cases.Params, progs programs, res *cases.Result) (*cases.Result, error) {
	if res.Verdict != verdict.TLE || !res.OutOfCPU || !res.Relative() {
		return res, nil
	}
	pace, err := j.Refs.Pace(ctx, r)
	if err != nil {
		return nil, err
	}
	slower := pace.Slower()
	if slower == 1 {
		return res, nil
	}
	scaled := func(d time.Duration) time.Duration { return time.Duration(float64(d) * slower) }
	params.Ref = scaled(params.Ref)
	params.Limits = c.TimedLimits(params.Ref, scaled(j.Refs.Rate(r).Startup), params.Scale)
	again, err := j.runCase(ctx, r.Problem, c, params, progs)
	if err != nil {
		return nil, err
	}
	rep.Notes = append(rep.Notes, msg.Sprintf("note: %s ran out of its %s limit, but this machine is %.2g times slower now than when the reference was calibrated (the reference takes %s at n = %d now, %s then): run again with the limit at %s times the reference's time now, %s, it was %s in %s",
		c.Name, format.Duration(format.Millis(res.LimitMs)), slower, format.Duration(pace.Now), pace.N, format.Duration(pace.Then),
		format.Factor(again.Factor), format.Duration(format.Millis(again.LimitMs)), again.Verdict, format.Duration(again.CPU)))
	return again, nil
}

// weigh judges res, the run of case c, beyond its time and answer: by the
// search's counts (taken at the first relative case passed), by whether a
// search explains it at all (searched), at the headline by the counts
// again, and a TLE by how far off it was. byWork says the counts decided
// it already. It updates so.
func (j *Judge) weigh(ctx context.Context, r calibrate.Ref, rep *Report, progs programs, s lang.Submission, c *cases.Case, res *cases.Result, byWork bool, so *sofar) error {
	// Where the time cannot tell the methods apart (Python), a first
	// relative case out of time is counted too: its verdict is TLE
	// either way, and the counts, not how busy the machine was, say
	// why (a busy machine can push boolean lists past the limit).
	outOfTime := res.Verdict == verdict.TLE && r.Lang.WorkDecides
	if (res.Verdict == verdict.AC || outOfTime) && res.Relative() && !so.tried {
		so.tried = true
		var v verdict.Verdict
		var why string
		var err error
		if so.taken, v, why, err = j.checkWork(ctx, r, progs.timed, s, c.MaxInput()); err != nil {
			return err
		}
		rep.Work = so.taken.work(s.Source)
		if v != "" && (!outOfTime || v == verdict.TLE) {
			res.Verdict, res.Message, res.Close, byWork = v, why, false, true
		}
	}
	if !byWork && res.Verdict == verdict.AC && res.Relative() {
		if err := j.searched(ctx, r, progs.timed, s, c, res, so.quickest, so.lastRelative, so.lastN); err != nil {
			return err
		}
	}
	if !byWork && res.Verdict == verdict.AC {
		so.quickest = quicker(so.quickest, c, res)
	}
	if (res.Verdict == verdict.AC || res.Verdict == verdict.TLE) && c.MaxInput() == r.Lang.Headline && !byWork {
		// The headline is the bitmask method's: counted work decides
		// it, not a time near its limit.
		if v, why := so.taken.atHeadline(s, c.MaxInput()); v != "" {
			res.Verdict, res.Message, res.Close, byWork = v, why, false, true
		}
	}
	if res.Close {
		res.CloseNote = so.taken.closeNote(r.Lang.Headline)
	}
	if res.Verdict == verdict.TLE && res.Relative() && !byWork {
		res.Message += "\n" + j.explainTLE(ctx, r, rep.Cases, c, res, so.taken)
	}
	if res.Verdict == verdict.AC && res.Relative() {
		so.lastRelative, so.lastN = res, c.MaxInput()
		if res.RefMs > 0 {
			so.ratio = float64(res.CPU) / float64(format.Millis(res.RefMs))
		}
	}
	return nil
}

// runCase runs case c on the timed build, and again on the checked build
// where it checks (programs.checks), showing its progress meanwhile.
func (j *Judge) runCase(ctx context.Context, p *problem.Problem, c *cases.Case, params cases.Params, progs programs) (*cases.Result, error) {
	stop := j.progress(fmt.Sprintf("%s %s", p.Folder(), c.Name))
	defer stop()
	run := cases.Run
	if j.Update {
		run = cases.Update
	}
	res, err := run(ctx, p, c, params)
	if err == nil && progs.checks(c, res) {
		err = j.check(ctx, p, c, params, progs.checked, res)
	}
	return res, err
}

// markClose marks a case whose verdict came within cases.CloseTo of its
// CPU limit. ratio, when known, is the submission's time over the
// reference's at the last relative case it passed: it estimates what a run
// stopped at the limit would have needed.
func markClose(res *cases.Result, ratio float64) {
	limit := float64(format.Millis(res.LimitMs))
	switch res.Verdict {
	case verdict.AC:
		res.Close = float64(res.CPU) >= (1-cases.CloseTo)*limit
	case verdict.TLE:
		if res.Relative() && ratio > 0 {
			res.Close = ratio*float64(format.Millis(res.RefMs)) < (1+cases.CloseTo)*limit
		}
	}
}
