// -grade: a folder of students' submissions into a grade sheet.

package main

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"io"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/nqueens-kit/nqueens/internal/atomicfile"
	"github.com/nqueens-kit/nqueens/internal/msg"
	"github.com/nqueens-kit/nqueens/judge/cases"
	"github.com/nqueens-kit/nqueens/judge/format"
	"github.com/nqueens-kit/nqueens/judge/grading"
	"github.com/nqueens-kit/nqueens/judge/lang"
	"github.com/nqueens-kit/nqueens/judge/problem"
	"github.com/nqueens-kit/nqueens/judge/sheet"
	"github.com/nqueens-kit/nqueens/judge/verdict"
	"github.com/nqueens-kit/nqueens/judge/version"
)

// defaultParallel is how many submissions -grade judges at once. Measured
// on 2 cores, two at a time gave the same verdicts, but the CPU times of
// rows made mostly of start-ups (a jail per run) grew by up to 14 %, more
// than the 10 % allowed: one at a time is the default, and -p N is there
// for a teacher in a hurry (docs/teachers.md, "For teachers: grading a class").
const defaultParallel = 1

// grade grades the students of j.opts.Grade (all, -only's, or the one
// given) and writes the grade sheet of the class: a student's kept report
// is reused when nothing that decides it changed (grading.Store). Its exit
// status says whether every row is accepted (cli.go's usage).
func (j *judge) grade(ctx context.Context) (int, error) {
	j.gradedAt = time.Now()
	store := grading.Store{}
	if j.cacheDir != "" {
		store.Dir = filepath.Join(j.cacheDir, "graded")
	}
	store.Prune()
	resolve := func() (grading.Target, error) {
		graded := func(class string) bool { return store.Graded(grading.SheetOf(class, j.opts.Before)) }
		return grading.Resolve(j.opts.Grade, j.opts.Only, j.opts.Problems, graded)
	}
	if j.opts.Classroom {
		resolve = func() (grading.Target, error) { return grading.ResolveClassroom(j.opts.Grade) }
	}
	target, err := resolve()
	if err != nil {
		return 0, err
	}
	target.Before = j.opts.Before
	subs, skipped, err := grading.Find(ctx, j.tempDir, target.Class, j.opts.Problems, target.Entries(), target.Before)
	if err != nil {
		return 0, err
	}
	if none := target.Unmatched(subs); len(none) > 0 {
		return 0, setupErrorf("-only %s: no such student in %s", strings.Join(none, ", "), target.Class)
	}
	for _, s := range skipped {
		msg.Fprintf(j.stderr, "grade: skipped %s\n", s)
	}
	count := grading.Students(subs)
	var roster *sheet.Roster
	if j.opts.Roster != "" {
		if roster, err = sheet.ReadRoster(j.opts.Roster); err != nil {
			return 0, err
		}
		// Refused before anything is judged: an LMS given a row it cannot
		// place drops it, or (Moodle) the whole import.
		if missing := roster.Missing(slices.Sorted(maps.Keys(count))); len(missing) > 0 {
			return 0, setupErrorf("-roster %s: not in it: %s: add a row for each (the name on the sheet in its student column)", j.opts.Roster, strings.Join(missing, ", "))
		}
	}
	if j.opts.Classroom && len(count) != 1 {
		return 0, setupErrorf("-classroom grades one student: %s holds %d (give one student's clone or folder)", j.opts.Grade, len(count))
	}
	g := &grading.Grader{Judge: j.judging, Dir: target.Class, Tier: j.jail.Tier(), Parallel: j.opts.Parallel, Store: store, Regrade: j.opts.Regrade}
	if err := j.prepareGrading(ctx, g, subs); err != nil {
		return 0, err
	}
	split, err := g.Split(ctx, target, subs)
	if err != nil {
		return 0, err
	}
	if err := sheet.CheckPath(j.opts.CSV); err != nil {
		return 0, setupErrorf("-csv %s: %v", j.opts.CSV, err)
	}
	all, err := j.gradeAll(ctx, g, split.Judge, split.Kept)
	if err != nil {
		return exitInterrupted, err
	}
	grading.FlagCopies(all, j.judging.Kit.Root)
	if j.opts.JSON {
		if err := sheet.WriteJSON(j.stdout, all); err != nil {
			return 0, setupErrorf("-json: %v", err)
		}
	}
	if err := sheet.WriteCSV(j.opts.CSV, j.stdout, all); err != nil {
		return 0, setupErrorf("-csv %s: %v", j.opts.CSV, err)
	}
	for _, lms := range []struct {
		flag, path string
		write      func(string, []grading.Row, []*problem.Problem, *sheet.Roster) ([]string, error)
	}{{"canvas", j.opts.Canvas, sheet.WriteCanvas}, {"moodle", j.opts.Moodle, sheet.WriteMoodle}} {
		if lms.path == "" {
			continue
		}
		absent, err := lms.write(lms.path, all, j.opts.Problems, roster)
		if err != nil {
			return 0, setupErrorf("-%s %s: %v", lms.flag, lms.path, err)
		}
		if len(absent) > 0 {
			msg.Fprintf(j.stderr, "grade: in the roster, not in %s: %s: their cells on the -%s sheet are empty (no grade)\n", target.Class, strings.Join(absent, ", "), lms.flag)
		}
	}
	if reused, files := grading.Reused(all); reused > 0 {
		msg.Fprintf(j.stderr, "grade: %d of %d files reused from earlier gradings (same file, cases, calibration, judge and jail); %d judged now; -regrade judges every file again\n", reused, files, files-reused)
	}
	if len(split.Stale) > 0 {
		msg.Fprintf(j.stderr, "grade: stale on this sheet: %s: changed since they were graded, their last rows kept (-grade %s judges them)\n", strings.Join(split.Stale, ", "), target.Class)
	}
	if len(split.Missing) > 0 {
		msg.Fprintf(j.stderr, "grade: not on this sheet: %s: never graded (-grade %s judges them)\n", strings.Join(split.Missing, ", "), target.Class)
	}
	if err := store.KeepRows(target.Sheet(), all); err != nil {
		msg.Fprintf(j.stderr, "note: cannot keep this sheet's rows (%v): a student not judged next time whose file changed is left off, not kept stale\n", err)
	}
	if err := g.NotKept(); err != nil {
		msg.Fprintf(j.stderr, "note: the reports graded now are not kept (%v): they will be judged again next time\n", err)
	}
	if target.Whole(subs) {
		if err := store.MarkGraded(target.Sheet()); err != nil {
			msg.Fprintf(j.stderr, "note: cannot record that %s was graded as a whole (%v): a student graded alone next time gets a sheet of their own, not the class's\n", target.Class, err)
		}
	}
	code, err := j.finishGrading(ctx, target.Class, all)
	if err == nil && code == exitOK && len(split.Stale)+len(split.Missing) > 0 {
		// A sheet without every student graded now is not a complete
		// one: an LMS given it would drop them, or keep an old score,
		// without a word.
		code = exitFailed
	}
	return code, err
}

// prepareGrading reads the cases and calibrates first, once, before any
// student runs (grading.Grader.Prepare), and checks the -feedback folder.
func (j *judge) prepareGrading(ctx context.Context, g *grading.Grader, subs []grading.Submission) error {
	if err := g.Prepare(ctx, subs, j.opts.Problems); err != nil {
		return err
	}
	j.live.on = false
	if j.opts.Feedback != "" {
		return sheet.CheckFeedbackDir(j.opts.Feedback, g.Dir)
	}
	return nil
}

// gradeAll grades subs, among the rows kept, writing each student's
// feedback as soon as their last row is in; it returns every row, in the
// students' order.
func (j *judge) gradeAll(ctx context.Context, g *grading.Grader, subs []grading.Submission, kept []grading.Row) ([]grading.Row, error) {
	expect := grading.Students(subs)
	prog := newProgress(j.stderr, len(expect), len(subs))
	for _, r := range kept {
		expect[r.Student]++
	}
	var all []grading.Row
	done := map[string]map[string]grading.Row{} // each student's rows so far, by problem
	var feedbackErr error
	add := func(row grading.Row) {
		all = append(all, row)
		if done[row.Student] == nil {
			done[row.Student] = map[string]grading.Row{}
		}
		done[row.Student][row.Problem] = row
		if j.opts.Feedback != "" && len(done[row.Student]) == expect[row.Student] && feedbackErr == nil {
			feedbackErr = sheet.WriteFeedback(j.opts.Feedback, row.Student, version.String(), j.gradedAt, grading.InOrder(done[row.Student], j.opts.Problems))
		}
	}
	// The rows kept from the class's last grading go in among the rows
	// judged now, in the students' order, not all before them.
	order := func(a, b grading.Row) int {
		return cmp.Or(strings.Compare(a.Student, b.Student), strings.Compare(a.Problem, b.Problem))
	}
	kept = slices.SortedFunc(slices.Values(kept), order)
	err := g.All(ctx, subs, func(row grading.Row) {
		for len(kept) > 0 && order(kept[0], row) < 0 {
			add(kept[0])
			kept = kept[1:]
		}
		add(row)
		prog.done()
	})
	if err == nil {
		for _, r := range kept {
			add(r)
		}
	}
	prog.stop()
	if err != nil {
		return nil, err
	}
	if feedbackErr != nil {
		return nil, setupErrorf("-feedback: %v", feedbackErr)
	}
	return all, nil
}

// finishGrading writes what follows the rows: the class page, the
// Classroom results or the table with the verdicts counted, and names the
// rows the judge could not judge (exit status 2 then, the sheet written).
func (j *judge) finishGrading(ctx context.Context, class string, all []grading.Row) (int, error) {
	var failed []string
	status := exitOK
	for _, r := range all {
		if r.Verdict == verdict.JudgeError {
			failed = append(failed, r.Student+" "+r.Problem+": "+sheet.OneLine(r.Message))
		}
		if r.Verdict != verdict.AC && !j.opts.Classroom {
			status = exitFailed // the Classroom step must go on to the reporter
		}
	}
	if len(failed) > 0 {
		status = exitSetup
		defer msg.Fprintf(j.stderr, "grade: %d rows could not be judged (ERR), by the judge's fault or the kit's, not the students':\n  %s\n", len(failed), strings.Join(failed, "\n  "))
	}
	if j.opts.HTML != "" {
		if err := j.writeClassPage(ctx, class, all); err != nil {
			return 0, err
		}
	}
	if j.opts.Classroom {
		// stdout is the step's output; the table is for the log.
		sheet.Table(j.stderr, all, j.opts.Problems, j.paint)
		sheet.PrintCounts(j.stderr, all, j.opts.Problems)
		slugs := map[string]string{}
		for _, p := range j.opts.Problems {
			slugs[p.Folder()] = p.Slug
		}
		if err := sheet.WriteClassroom(j.stdout, all, slugs); err != nil {
			return 0, err
		}
		return status, nil
	}
	if !j.opts.JSON && j.opts.CSV != "-" {
		sheet.Table(j.stdout, all, j.opts.Problems, j.paint)
		fmt.Fprintln(j.stdout)
		sheet.PrintCounts(j.stdout, all, j.opts.Problems)
		sheet.PrintCopies(j.stdout, all)
	}
	return status, nil
}

// writeClassPage writes -html's page for the graded rows.
func (j *judge) writeClassPage(ctx context.Context, class string, rows []grading.Row) error {
	var b bytes.Buffer
	abs, err := filepath.Abs(class)
	if err != nil {
		return setupErrorf("-html: %v", err)
	}
	err = sheet.WritePage(ctx, &b, sheet.Class{
		Name: filepath.Base(abs), Anonymous: j.opts.Anonymous, Version: version.String(), Graded: j.gradedAt, Tier: j.jail.Tier(), Problems: j.opts.Problems, Rows: rows,
		Cases: j.judging.Cases,
		Reference: func(ctx context.Context, p *problem.Problem, l *lang.Language, c *cases.Case) (time.Duration, error) {
			return j.refs.Time(ctx, ref{Problem: p, Lang: l}, c)
		},
	})
	if err != nil {
		return err
	}
	if err := atomicfile.Write(j.opts.HTML, b.Bytes(), 0o644); err != nil {
		return setupErrorf("-html: %v", err)
	}
	msg.Fprintf(j.stderr, "class page written to %s\n", j.opts.HTML)
	return nil
}

// progress shows, on a terminal, how far grading has come.
type progress struct {
	w        io.Writer
	on       bool
	start    time.Time
	students int
	total    int
	finished int
}

func newProgress(w io.Writer, students, subs int) *progress {
	return &progress{w: w, on: isTerminal(w), start: time.Now(), students: students, total: subs}
}

func (p *progress) done() {
	p.finished++
	if !p.on {
		return
	}
	elapsed := time.Since(p.start)
	eta := time.Duration(float64(elapsed) / float64(p.finished) * float64(p.total-p.finished))
	msg.Fprintf(p.w, "\r\x1b[K  graded %d of %d submissions (%d students), %s, about %s left",
		p.finished, p.total, p.students, format.Seconds(elapsed), format.Seconds(eta))
}

func (p *progress) stop() {
	if p.on {
		fmt.Fprint(p.w, "\r\x1b[K")
	}
}
