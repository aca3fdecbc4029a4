// Judging one file: read it, build it while the cases load, run the cases.

package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
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
	"github.com/nqueens-kit/nqueens/judge/lookup"
	"github.com/nqueens-kit/nqueens/judge/problem"
	"github.com/nqueens-kit/nqueens/judge/sandbox"
	"github.com/nqueens-kit/nqueens/judge/verdict"
)

// judge holds what every judged submission of one invocation shares.
type judge struct {
	opts     options
	kit      problem.Kit
	builder  *build.Builder
	machine  string                             // calibrate.MachineID, read once
	cacheDir string                             // the user's cache for the judge, or "" when there is none
	tempDir  string                             // removed when the judge ends
	refs     *calibrate.References              // each reference's time on this machine
	jail     *sandbox.Jail                      // isolates every run of a submission or reference
	cases    map[*problem.Problem][]*cases.Case // read once per invocation
	stdout   io.Writer
	stderr   io.Writer
	live     *liveLine
	colour   bool
	started  time.Time
}

// setupError is the judge's or the kit's problem, never the student's: it
// leads to exit status 2.
type setupError struct{ err error }

func (e *setupError) Error() string { return e.err.Error() }
func (e *setupError) Unwrap() error { return e.err }

func setupErrorf(format string, args ...any) error {
	return &setupError{fmt.Errorf(msg.Tr(format), args...)}
}

// newJudge finds the kit, the go command and the cache, and makes the
// judge's temporary directory; close removes it.
func newJudge(opts options, stdout, stderr io.Writer) (*judge, error) {
	k, err := problem.FindKit()
	if err != nil {
		return nil, err
	}
	goEnv, err := build.FindGo()
	if err != nil {
		return nil, err
	}
	jail := sandbox.NewJail()
	if !jail.Complete() {
		if opts.Strict {
			return nil, msg.Errorf("-strict: this machine cannot isolate submissions; missing:\n  - %s", strings.Join(jail.Missing(), "\n  - "))
		}
		msg.Fprintf(stderr, "note: submissions run with fewer protections here; missing:\n  - %s\n(-strict, for grading others' code, refuses to run like this)\n", strings.Join(jail.Missing(), "\n  - "))
	}
	removeStale()
	tempDir, err := os.MkdirTemp("", fmt.Sprintf("%s%d-", tempPrefix, os.Getpid()))
	if err != nil {
		return nil, err
	}
	cacheDir := ""
	if dir, err := os.UserCacheDir(); err == nil {
		cacheDir = filepath.Join(dir, "nqueens-judge") // untranslated: a folder's name
		if os.MkdirAll(cacheDir, 0o700) != nil {
			cacheDir = ""
		}
	}
	binCache := ""
	if cacheDir != "" {
		binCache = filepath.Join(cacheDir, "bin")
	}
	j := &judge{
		opts:     opts,
		kit:      k,
		builder:  &build.Builder{CacheDir: binCache, TempDir: tempDir, Jail: jail},
		machine:  calibrate.MachineID(),
		cacheDir: cacheDir,
		jail:     jail,
		tempDir:  tempDir,
		cases:    map[*problem.Problem][]*cases.Case{},
		stdout:   stdout,
		stderr:   stderr,
		live:     newLiveLine(stderr),
		colour:   useColour(stdout),
	}
	j.builder.UseGo(goEnv)
	j.refs = &calibrate.References{
		Cache:   calibrate.Open(cacheDir),
		Machine: j.machine,
		Kit:     k,
		Jail:    jail,
		TempDir: tempDir,
		Build:   j.build,
		Notes:   stderr,
		Progress: func(what string) func() {
			j.live.start(what)
			return j.live.stop
		},
	}
	return j, nil
}

func (j *judge) close() { os.RemoveAll(j.tempDir) }

// tempPrefix starts the name of every judge's temporary directory, followed
// by its process ID.
const tempPrefix = "nqueens-judge-" // untranslated: a folder's name

// removeStale removes the temporary directories of judges that were killed
// before they could (SIGKILL leaves them): those of this user whose process
// is gone.
func removeStale() {
	dirs, _ := filepath.Glob(filepath.Join(os.TempDir(), tempPrefix+"*"))
	for _, dir := range dirs {
		pidText, _, _ := strings.Cut(strings.TrimPrefix(filepath.Base(dir), tempPrefix), "-")
		pid, err := strconv.Atoi(pidText)
		if err != nil || pid == os.Getpid() {
			continue
		}
		fi, err := os.Lstat(dir)
		if err != nil || !fi.IsDir() || !ownedByMe(fi) {
			continue
		}
		if !alive(pid) {
			os.RemoveAll(dir)
		}
	}
}

// judgeAll judges the student's file for each problem and returns the exit status.
func (j *judge) judgeAll(ctx context.Context) (int, error) {
	code := exitOK
	var cpu time.Duration
	for _, p := range j.opts.Problems {
		var file, display string
		if j.opts.File != "" {
			file, _ = filepath.Abs(j.opts.File)
			display = filepath.Clean(j.opts.File)
		} else {
			// Only without -file: the note on which starter was taken would
			// name a file not judged (seen at c25c659).
			file = j.starter(p)
		}
		rep, err := j.judgeFile(ctx, p, file, display, judgeParams{scale: 1, all: j.opts.All, stream: !j.opts.JSON, teach: true})
		if err != nil {
			return 0, err
		}
		for _, c := range rep.Cases {
			cpu += c.CPU
		}
		j.finish(rep)
		j.recordStatus(p, rep)
		if rep.Verdict != verdict.AC {
			code = exitFailed
		}
	}
	if j.opts.Verbose {
		wall := time.Since(j.started)
		msg.Fprintf(j.stderr, "judge overhead: %s wall in all, %s of it in the solution's CPU time, %s for the judge\n",
			format.Duration(wall), format.Duration(cpu), format.Duration(max(0, wall-cpu)))
	}
	return code, nil
}

// judgeParams varies how a file is judged: -verify scales relative limits
// and runs every case; human output streams each case as it ends.
type judgeParams struct {
	scale  float64 // multiplies relative CPU limits; 1 normally
	all    bool    // run every case, not only up to the first failure
	stream bool    // print the header and each case as it ends
	// grading scores the larger relative cases as failed, without running
	// them, once a relative case has run out of time: they cannot pass.
	grading bool
	// teach adds where the time goes to a report that ran out of it: for a
	// student judging their own file.
	teach bool
}

// notWrittenMarker is in every untouched starter file.
const notWrittenMarker = `"not written yet` // untranslated: in the starters

// starterFor picks the student's file for p in kit k among p's starters,
// one per language: the one written, the most recently saved of several,
// or, with none written, the Go starter. written lists those written.
func starterFor(k problem.Kit, p *problem.Problem) (file string, written []string) {
	type saved struct {
		file string
		when time.Time
	}
	var ws []saved
	for _, l := range lang.All {
		f := k.StarterNamed(p, l.File())
		src, err := readSource(f, f)
		if err != nil || bytes.Contains(src, []byte(notWrittenMarker)) {
			continue
		}
		ws = append(ws, saved{f, savedAt(f)})
	}
	if len(ws) == 0 {
		return k.Starter(p), nil
	}
	slices.SortStableFunc(ws, func(a, b saved) int { return b.when.Compare(a.when) })
	for _, w := range ws {
		written = append(written, w.file)
	}
	return written[0], written
}

// starter is starterFor in the student's own kit; it says which file it
// took when several are written.
func (j *judge) starter(p *problem.Problem) string {
	file, written := starterFor(j.kit, p)
	if len(written) > 1 {
		var names []string
		for _, w := range written {
			names = append(names, filepath.Base(w))
		}
		msg.Fprintf(j.stderr, "note: judging %s, the most recently saved of the files you wrote (%s); -file judges another\n",
			j.kit.Rel(file), strings.Join(names, ", "))
	}
	return file
}

// judgeFile judges file as a solution to p. display names the file in
// messages; "" names it relative to the kit.
func (j *judge) judgeFile(ctx context.Context, p *problem.Problem, file, display string, jp judgeParams) (*report, error) {
	if display == "" {
		display = j.kit.Rel(file)
	}
	rep := newReport(p, display)
	l, src, err := readSubmission(p, file, display)
	if err != nil {
		return nil, err
	}
	if j.untouched(p, l, src, jp.grading) {
		rep.Verdict, rep.Message = verdict.NotWritten, notWritten(p, l, display)
		return rep, nil
	}

	code := l.Code(src)
	if f, ok := findLookup(p, l, code); ok {
		rep.Verdict = verdict.HC
		rep.Message = msg.Sprintf("n = %d: the answer %s is written into the source at line %d; the kit asks you to compute it", f.N, f.Value, f.Line)
		if p.Kind == problem.Boards {
			rep.Message = msg.Sprintf("n = %d: rows of every %d-queens board are written into the source (line %d); the kit asks you to compute them", f.N, f.N, f.Line)
		}
		rep.Message = fmt.Sprintf("%s:%d: %s", display, f.Line, rep.Message)
		return rep, nil
	}

	if note := clockNote(p, l, code, display); note != "" {
		rep.Notes = append(rep.Notes, note)
	}

	r := ref{Problem: p, Lang: l}
	cs, err := j.loadCases(p)
	if err != nil {
		return nil, err
	}
	progs, err := j.buildFor(ctx, r, src, display, cs)
	var ce *build.CompileError
	if errors.As(err, &ce) {
		rep.Verdict, rep.Message = verdict.CE, ce.Message
		return rep, nil
	}
	if err != nil {
		return nil, err
	}
	if jp.stream {
		j.out().header(rep)
		rep.streamed = true
	}
	if err := j.runCases(ctx, r, rep, progs, cs, jp); err != nil {
		return rep, err
	}
	if jp.teach && ranOutOfTime(rep) {
		rep.Profile = j.whereTimeGoes(ctx, r, progs.timed, src, display, rep)
	}
	return rep, nil
}

// maxSource is the largest submission the judge reads: the longest
// reference is under 20 KiB.
const maxSource = 1 << 20

// untouched reports whether src is a starter nobody has written in yet. On
// the student's own machine the starter's marker says so; in -grade, where
// the kit is the teacher's, only a file the same as the kit's starter is:
// a solution that kept the starter's unreachable panic is judged.
func (j *judge) untouched(p *problem.Problem, l *lang.Language, src []byte, grading bool) bool {
	if !bytes.Contains(src, []byte(notWrittenMarker)) {
		return false
	}
	if !grading {
		return true
	}
	starter, err := os.ReadFile(j.kit.StarterNamed(p, l.File()))
	if err != nil || !bytes.Contains(starter, []byte(notWrittenMarker)) {
		return true // no pristine starter to compare with: the marker decides
	}
	return sameText(src, starter)
}

// sameText compares two texts as an editor shows them: line ends and
// trailing white space aside.
func sameText(a, b []byte) bool {
	norm := func(s []byte) string {
		var lines []string
		for _, l := range strings.Split(strings.ReplaceAll(string(s), "\r\n", "\n"), "\n") {
			lines = append(lines, strings.TrimRight(l, " \t"))
		}
		return strings.TrimSpace(strings.Join(lines, "\n"))
	}
	return norm(a) == norm(b)
}

// readSubmission reads a student's file, once, and names its language; a
// missing or unsuitable file is a setup error (exit 2), not a verdict. It
// must be a regular file of at most maxSource bytes: it is opened without
// blocking, so that a FIFO or a device is refused at once instead of read
// without end.
func readSubmission(p *problem.Problem, file, display string) (*lang.Language, []byte, error) {
	l, ok := lang.ForFile(file)
	if !ok {
		return nil, nil, setupErrorf("%s: not a solution file: the judge takes a file ending in %s, holding %s", display, lang.Extensions(), p.Func)
	}
	src, err := readSource(file, display)
	if err != nil {
		return nil, nil, &submissionError{err}
	}
	return l, src, nil
}

// submissionError is a submission file the judge cannot read (gone, not a
// regular file, too large): in -grade the student's row says so (NONE),
// elsewhere the judge exits with it.
type submissionError struct{ err error }

func (e *submissionError) Error() string { return e.err.Error() }
func (e *submissionError) Unwrap() error { return e.err }

// readSource reads a solution file as readSubmission describes.
func readSource(file, display string) ([]byte, error) {
	f, err := openSubmission(file)
	if errors.Is(err, os.ErrNotExist) {
		return nil, setupErrorf("%s: no such file", display)
	}
	if err != nil {
		return nil, &setupError{err}
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, &setupError{err}
	}
	switch {
	case !fi.Mode().IsRegular():
		return nil, setupErrorf("%s: not a regular file (%s): the judge reads a source file", display, fi.Mode().Type())
	case fi.Size() > maxSource:
		return nil, setupErrorf("%s: %d bytes is too large for a solution (at most %d KiB)", display, fi.Size(), maxSource>>10)
	}
	src, err := io.ReadAll(io.LimitReader(f, maxSource+1))
	if err != nil {
		return nil, &setupError{err}
	}
	if len(src) > maxSource {
		return nil, setupErrorf("%s: too large for a solution (at most %d KiB)", display, maxSource>>10)
	}
	return src, nil
}

// notWritten says where to write, and which of the course's solutions in
// the starter's own language shows the judge at work.
func notWritten(p *problem.Problem, l *lang.Language, display string) string {
	example := filepath.Join("solutions", p.Folder(), p.Calibrator, l.Dir, l.File())
	return msg.Sprintf("nothing written yet: write %s in %s, then run\n"+
		"    go run ./judge %d\n"+
		"(or in Java, C++, C or Python: the starters beside it, solution.java, .cpp, .c, .py)\n"+
		"To see the judge at work first, judge one of the course's solutions:\n"+
		"    go run ./judge -file %s %d",
		p.Func, display, p.Number, filepath.ToSlash(example), p.Number)
}

// findLookup looks for an answer written into code, the source (prepared,
// in Go): in Go, in code the solution function can reach; in other
// languages, anywhere outside comments.
func findLookup(p *problem.Problem, l *lang.Language, code []byte) (lookup.Finding, bool) {
	ans := lookup.Answers{Boards: p.Kind == problem.Boards, Counts: map[int64]int{}}
	for n := p.LookupFrom; p.LookupFrom > 0 && n <= queens.MaxKnown; n++ {
		c, _ := queens.Count(n)
		ans.Counts[c] = n
	}
	return l.FindAnswer(code, p.Func, ans)
}

// clockNote marks a solution that reads a clock or its own CPU time: no
// search needs one, and a spin that makes a looked-up answer cost as much
// CPU as a search does. It is a note for the teacher rather than a
// verdict: timing one's own code is not cheating, and the run-time checks
// (1/50 of the search, growth with n) decide HC from what the run did.
func clockNote(p *problem.Problem, l *lang.Language, code []byte, display string) string {
	line, call, ok := l.ReadsClock(code, p.Func)
	if !ok {
		return ""
	}
	return msg.Sprintf("note: %s:%d: %s reads the clock. A solution needs none (the judge times it); a program that spins until it has used the CPU of a search, to hide a looked-up answer, needs one", display, line, call)
}

// build builds src, a solution to r's problem in r's language. A missing
// toolchain is a setup error that says what to install.
func (j *judge) build(ctx context.Context, r ref, src []byte, display string) (sandbox.Program, error) {
	t, err := r.Lang.Toolchain()
	if err != nil {
		return sandbox.Program{}, &setupError{err}
	}
	return t.Build(ctx, j.builder, lang.Submission{Problem: r.Problem, Source: src, Display: display})
}

// programs are the builds of one submission: the one every case is timed
// with, and, for a language that has one, a checked build the cases with
// absolute limits run instead (lang.Language.Checked).
type programs struct {
	timed, checked sandbox.Program
}

// forCase is the program that runs c.
func (ps programs) forCase(c *cases.Case) sandbox.Program {
	if ps.checked.Path != "" && (!c.Relative() || ps.timed.Path == "") {
		return ps.checked
	}
	return ps.timed
}

// buildFor builds src for the cases cs: the timed build where a case has
// a relative limit, and, for a language that has one, the checked build
// where a case has an absolute limit (the timed build instead, should the
// checked one fail). A compile error is a *build.CompileError.
func (j *judge) buildFor(ctx context.Context, r ref, src []byte, display string, cs []*cases.Case) (programs, error) {
	run, _ := cases.ForLanguage(r.Problem, r.Lang, cs)
	relative := slices.ContainsFunc(run, (*cases.Case).Relative)
	absolute := slices.ContainsFunc(run, func(c *cases.Case) bool { return !c.Relative() })
	var progs programs
	if r.Lang.Checked() && absolute {
		progs.checked = j.buildChecked(ctx, r, src, display)
	}
	if progs.checked.Path != "" && !relative {
		return progs, nil
	}
	prog, err := j.build(ctx, r, src, display)
	if err != nil {
		var ce *build.CompileError
		var se *setupError
		if errors.As(err, &ce) || errors.As(err, &se) {
			return programs{}, err
		}
		return programs{}, msg.Errorf("build %s: %w", display, err)
	}
	progs.timed = prog
	return progs, nil
}

// buildChecked is src's checked build, where its language has one and
// the build succeeds; otherwise no program.
func (j *judge) buildChecked(ctx context.Context, r ref, src []byte, display string) sandbox.Program {
	if !r.Lang.Checked() {
		return sandbox.Program{}
	}
	t, err := r.Lang.Toolchain()
	if err != nil {
		return sandbox.Program{}
	}
	prog, err := t.BuildChecked(ctx, j.builder, lang.Submission{Problem: r.Problem, Source: src, Display: display})
	if err != nil {
		return sandbox.Program{}
	}
	return prog
}

// loadCases reads and checks p's case files once per invocation, keeping
// those -run picks.
func (j *judge) loadCases(p *problem.Problem) ([]*cases.Case, error) {
	if cs, ok := j.cases[p]; ok {
		return cs, nil
	}
	all, err := cases.Load(j.kit.Cases(p), j.kit.Rel(j.kit.Cases(p)), p, j.opts.Mode == modeUpdate)
	if err != nil {
		return nil, &setupError{err}
	}
	var cs []*cases.Case
	for _, c := range all {
		if j.opts.Run == nil || j.opts.Run.MatchString(c.Name) {
			cs = append(cs, c)
		}
	}
	if len(cs) == 0 {
		return nil, setupErrorf("-run %s matches no case of %s", j.opts.Run, p.Folder())
	}
	j.cases[p] = cs
	return cs, nil
}

// runCases runs each case against the built program, from small to large,
// stopping at the first failure unless jp.all.
func (j *judge) runCases(ctx context.Context, r ref, rep *report, progs programs, cs []*cases.Case, jp judgeParams) error {
	p := r.Problem
	rep.Verdict, rep.graded = verdict.AC, jp.grading
	cs, rep.Beyond = cases.ForLanguage(r.Problem, r.Lang, cs)
	ratio := 0.0 // CPU time over the reference's, at the last relative case passed
	var lastRelative *cases.Result
	lastN := 0 // the n of lastRelative
	outOfTime := false
	for i, c := range cs {
		if jp.grading && outOfTime {
			rep.Skipped = append(rep.Skipped, c.Name)
			continue
		}
		var ref time.Duration
		if c.Relative() {
			// Calibrate only when a relative case is reached: a submission
			// that fails early never waits for it.
			var err error
			if ref, err = j.refs.Time(ctx, r, c); err != nil {
				return err
			}
		}
		j.live.start(fmt.Sprintf("%s %s", p.Folder(), c.Name))
		prog := progs.forCase(c)
		var where func(string) (int, string, bool)
		if prog.Path == progs.checked.Path && prog.Path != "" {
			where = func(report string) (int, string, bool) { return lang.Where(ctx, j.builder, prog.Path, report) }
		}
		res, err := cases.Run(ctx, p, c, cases.Params{
			Program: prog,
			Where:   where,
			Display: rep.File,
			Ref:     ref,
			Scale:   jp.scale,
			Verbose: j.opts.Verbose,
			Update:  j.opts.Mode == modeUpdate,
			TempDir: j.tempDir,
			Jail:    j.jail,
			Startup: j.refs.Rate(r).Startup,
		})
		j.live.stop()
		if err != nil {
			return err
		}
		markClose(res, ratio)
		if res.Verdict == verdict.AC && res.Relative() && lastRelative != nil && c.MaxInput() == lastN+1 {
			if why, ok := cases.NotASearch(lastRelative, res, c.MaxInput(), j.refs.Rate(r).Startup); ok {
				res.Verdict, res.Message = verdict.HC, why
			}
		}
		if res.Verdict == verdict.AC && res.Relative() {
			lastRelative, lastN = res, c.MaxInput()
		}
		if res.Verdict == verdict.TLE && res.Relative() {
			res.Message += "\n" + j.explainTLE(r, rep.Cases, c, res)
		}
		if res.Relative() && res.Verdict == verdict.AC && res.RefMs > 0 {
			ratio = float64(res.CPU) / float64(ms(res.RefMs))
		}
		// A search too slow for a smaller case cannot pass a larger one,
		// and an endless loop would cost every case its whole limit.
		outOfTime = outOfTime || res.Verdict == verdict.TLE
		rep.Cases = append(rep.Cases, res)
		if jp.stream {
			j.out().caseLine(res)
		}
		if res.Verdict != verdict.AC && rep.Verdict == verdict.AC {
			rep.Verdict, rep.Message = res.Verdict, res.Message
			if !jp.all {
				for _, rest := range cs[i+1:] {
					rep.Skipped = append(rep.Skipped, rest.Name)
				}
				return nil
			}
		}
	}
	return nil
}

// markClose marks a case whose verdict came within cases.CloseTo of its
// CPU limit. ratio, when known, is the submission's time over the
// reference's at the last relative case it passed: it estimates what a run
// stopped at the limit would have needed.
func markClose(res *cases.Result, ratio float64) {
	limit := float64(ms(res.LimitMs))
	switch res.Verdict {
	case verdict.AC:
		res.Close = float64(res.CPU) >= (1-cases.CloseTo)*limit
	case verdict.TLE:
		if res.Relative() && ratio > 0 {
			res.Close = ratio*float64(ms(res.RefMs)) < (1+cases.CloseTo)*limit
		}
	}
}
