// Package class grades a class (-grade): it finds the students'
// submissions in a folder, judges them or reuses the reports kept for
// them, keeps every student on the sheet, and writes the sheets: the CSV
// or JSON one, an LMS's, the page, each student's feedback and GitHub
// Classroom's results. main gives it the options and where to write;
// what a grading does and how it ends (Outcome) are this package's.
package class

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
	"github.com/nqueens-kit/nqueens/judge/activity"
	"github.com/nqueens-kit/nqueens/judge/calibrate"
	"github.com/nqueens-kit/nqueens/judge/cases"
	"github.com/nqueens-kit/nqueens/judge/format"
	"github.com/nqueens-kit/nqueens/judge/grading"
	"github.com/nqueens-kit/nqueens/judge/judging"
	"github.com/nqueens-kit/nqueens/judge/lang"
	"github.com/nqueens-kit/nqueens/judge/problem"
	"github.com/nqueens-kit/nqueens/judge/report"
	"github.com/nqueens-kit/nqueens/judge/sandbox"
	"github.com/nqueens-kit/nqueens/judge/sheet"
	"github.com/nqueens-kit/nqueens/judge/verdict"
)

// DefaultParallel is how many submissions a grading judges at once.
// Measured on 2 cores, two at a time gave the same verdicts, but the CPU
// times of rows made mostly of start-ups (a jail per run) grew by up to
// 14 %, more than the 10 % allowed: one at a time is the default, and -p N
// is there for a teacher in a hurry (docs/teachers.md, "For teachers:
// grading a class").
const DefaultParallel = 1

// Config is what a grading is asked for: the command line's -grade and
// the flags that go with it.
type Config struct {
	Path      string             // -grade's DIR: a class, one student's folder or file
	Only      []string           // -only: the students to judge
	Problems  []*problem.Problem // the problems graded
	Before    time.Time          // -before: the deadline; zero grades the folders as they are
	Parallel  int                // -p
	Regrade   bool               // judge every file, kept reports or not
	Classroom bool               // print GitHub Classroom's results for one student
	JSON      bool               // the rows as JSON Lines on stdout
	Anonymous bool               // the page numbers the students
	// Where the sheets go ("" for none): CSV ("-" for stdout), the
	// feedback folder, the page, Canvas's and Moodle's sheets, and the
	// roster those two map the students through.
	CSV, Feedback, HTML, Canvas, Moodle, Roster string
}

// A Grader grades with one judge and writes to its Stdout and Stderr.
type Grader struct {
	Judge    *judging.Judge
	Refs     *calibrate.References // the references' times the page shows
	Tier     sandbox.Tier          // the jail's tier, on every row
	TempDir  string                // the judge's, removed when it ends
	CacheDir string                // the user's cache for the judge: the kept reports; "" keeps none
	Version  string                // which judge, on the page and the feedback
	Stdout   io.Writer
	Stderr   io.Writer
	Colour   bool // the table's verdicts in colour (a terminal)
	// Terminal says Stderr is a terminal: the grading's progress is shown
	// on one line there, in place of Live, the judge's live line, which
	// stops once the cases are read and the references timed.
	Terminal bool
	Live     *activity.Line
}

// An Outcome is how a grading ended, which the exit status says.
type Outcome int

const (
	// Accepted: every row accepted, every student graded (with
	// -classroom: the results printed).
	Accepted Outcome = iota
	// NotAccepted: a row not accepted, or a student not graded now.
	NotAccepted
	// Unjudged: a row the judge could not judge (ERR), the sheet written.
	Unjudged
)

// Grade grades c.Path's students (all, -only's, or the one given) and
// writes the sheets: a student's kept report is reused when nothing that
// decides it changed (grading.Store). An error is the judge's, the kit's
// or the command line's, never a student's.
func (gr *Grader) Grade(ctx context.Context, c Config) (Outcome, error) {
	gradedAt := time.Now()
	store := grading.Store{}
	if gr.CacheDir != "" {
		store.Dir = filepath.Join(gr.CacheDir, "graded")
	}
	store.Prune()
	var target grading.Target
	var err error
	if c.Classroom {
		target, err = grading.ResolveClassroom(c.Path)
	} else {
		graded := func(class string) bool { return store.Graded(grading.SheetOf(class, c.Before)) }
		target, err = grading.Resolve(c.Path, c.Only, c.Problems, graded)
	}
	if err != nil {
		return 0, err
	}
	target.Before = c.Before
	subs, skipped, err := grading.Find(ctx, gr.TempDir, target.Class, c.Problems, target.Entries(), target.Before)
	if err != nil {
		return 0, err
	}
	if none := target.Unmatched(subs); len(none) > 0 {
		return 0, judging.SetupErrorf("-only %s: no such student in %s", strings.Join(none, ", "), target.Class)
	}
	for _, s := range skipped {
		msg.Fprintf(gr.Stderr, "grade: skipped %s\n", s)
	}
	count := grading.Students(subs)
	var roster *sheet.Roster
	if c.Roster != "" {
		if roster, err = sheet.ReadRoster(c.Roster); err != nil {
			return 0, err
		}
		// Refused before anything is judged: an LMS given a row it cannot
		// place drops it, or (Moodle) the whole import.
		if missing := roster.Missing(slices.Sorted(maps.Keys(count))); len(missing) > 0 {
			return 0, judging.SetupErrorf("-roster %s: not in it: %s: add a row for each (the name on the sheet in its student column)", c.Roster, strings.Join(missing, ", "))
		}
	}
	if c.Classroom && len(count) != 1 {
		return 0, judging.SetupErrorf("-classroom grades one student: %s holds %d (give one student's clone or folder)", c.Path, len(count))
	}
	g := &grading.Grader{Judge: gr.Judge, Dir: target.Class, Tier: gr.Tier, Parallel: c.Parallel, Store: store, Regrade: c.Regrade}
	if err := g.Prepare(ctx, subs, c.Problems); err != nil {
		return 0, err
	}
	gr.Live.Stop()
	if c.Feedback != "" {
		if err := sheet.CheckFeedbackDir(c.Feedback, g.Dir); err != nil {
			return 0, err
		}
	}
	split, err := g.Split(ctx, target, subs)
	if err != nil {
		return 0, err
	}
	if err := sheet.CheckPath(c.CSV); err != nil {
		return 0, judging.SetupErrorf("-csv %s: %v", c.CSV, err)
	}
	all, err := gr.gradeAll(ctx, g, c, gradedAt, split.Judge, split.Kept)
	if err != nil {
		return 0, err
	}
	grading.FlagCopies(all, gr.Judge.Kit.Root)
	if err := gr.writeSheets(c, target, all, roster); err != nil {
		return 0, err
	}
	if reused, files := grading.Reused(all); reused > 0 {
		msg.Fprintf(gr.Stderr, "grade: %d of %d files reused from earlier gradings (same file, cases, calibration, judge and jail); %d judged now; -regrade judges every file again\n", reused, files, files-reused)
	}
	if len(split.Stale) > 0 {
		msg.Fprintf(gr.Stderr, "grade: stale on this sheet: %s: changed since they were graded, their last rows kept (-grade %s judges them)\n", strings.Join(split.Stale, ", "), target.Class)
	}
	if len(split.Missing) > 0 {
		msg.Fprintf(gr.Stderr, "grade: not on this sheet: %s: never graded (-grade %s judges them)\n", strings.Join(split.Missing, ", "), target.Class)
	}
	if err := store.KeepRows(target.Sheet(), all); err != nil {
		msg.Fprintf(gr.Stderr, "note: cannot keep this sheet's rows (%v): a student not judged next time whose file changed is left off, not kept stale\n", err)
	}
	if err := g.NotKept(); err != nil {
		msg.Fprintf(gr.Stderr, "note: the reports graded now are not kept (%v): they will be judged again next time\n", err)
	}
	if target.Whole(subs) {
		if err := store.MarkGraded(target.Sheet()); err != nil {
			msg.Fprintf(gr.Stderr, "note: cannot record that %s was graded as a whole (%v): a student graded alone next time gets a sheet of their own, not the class's\n", target.Class, err)
		}
	}
	out, err := gr.finish(ctx, c, target.Class, gradedAt, all)
	if err == nil && out == Accepted && len(split.Stale)+len(split.Missing) > 0 {
		// A sheet without every student graded now is not a complete
		// one: an LMS given it would drop them, or keep an old score,
		// without a word.
		out = NotAccepted
	}
	return out, err
}

// writeSheets writes the rows as the sheets asked for: JSON Lines, the
// CSV sheet, Canvas's and Moodle's.
func (gr *Grader) writeSheets(c Config, target grading.Target, all []grading.Row, roster *sheet.Roster) error {
	if c.JSON {
		if err := sheet.WriteJSON(gr.Stdout, all); err != nil {
			return judging.SetupErrorf("-json: %v", err)
		}
	}
	if err := sheet.WriteCSV(c.CSV, gr.Stdout, all); err != nil {
		return judging.SetupErrorf("-csv %s: %v", c.CSV, err)
	}
	for _, lms := range []struct {
		flag, path string
		write      func(string, []grading.Row, []*problem.Problem, *sheet.Roster) ([]string, error)
	}{{"canvas", c.Canvas, sheet.WriteCanvas}, {"moodle", c.Moodle, sheet.WriteMoodle}} {
		if lms.path == "" {
			continue
		}
		absent, err := lms.write(lms.path, all, c.Problems, roster)
		if err != nil {
			return judging.SetupErrorf("-%s %s: %v", lms.flag, lms.path, err)
		}
		if len(absent) > 0 {
			msg.Fprintf(gr.Stderr, "grade: in the roster, not in %s: %s: their cells on the -%s sheet are empty (no grade)\n", target.Class, strings.Join(absent, ", "), lms.flag)
		}
	}
	return nil
}

// gradeAll grades subs, among the rows kept, writing each student's
// feedback as soon as their last row is in; it returns every row, in the
// students' order.
func (gr *Grader) gradeAll(ctx context.Context, g *grading.Grader, c Config, gradedAt time.Time, subs []grading.Submission, kept []grading.Row) ([]grading.Row, error) {
	expect := grading.Students(subs)
	prog := &progress{w: gr.Stderr, on: gr.Terminal, start: time.Now(), students: len(expect), total: len(subs)}
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
		if c.Feedback != "" && len(done[row.Student]) == expect[row.Student] && feedbackErr == nil {
			feedbackErr = sheet.WriteFeedback(c.Feedback, row.Student, gr.Version, gradedAt, grading.InOrder(done[row.Student], c.Problems))
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
		return nil, judging.SetupErrorf("-feedback: %v", feedbackErr)
	}
	return all, nil
}

// finish writes what follows the rows: the class page, the Classroom
// results or the table with the verdicts counted, and names the rows the
// judge could not judge (Unjudged then, the sheet written).
func (gr *Grader) finish(ctx context.Context, c Config, class string, gradedAt time.Time, all []grading.Row) (Outcome, error) {
	var failed []string
	out := Accepted
	for _, r := range all {
		if r.Verdict == verdict.JudgeError {
			failed = append(failed, r.Student+" "+r.Problem+": "+sheet.OneLine(r.Message))
		}
		if r.Verdict != verdict.AC && !c.Classroom {
			out = NotAccepted // the Classroom step must go on to the reporter
		}
	}
	if len(failed) > 0 {
		out = Unjudged
		defer msg.Fprintf(gr.Stderr, "grade: %d rows could not be judged (ERR), by the judge's fault or the kit's, not the students':\n  %s\n", len(failed), strings.Join(failed, "\n  "))
	}
	if c.HTML != "" {
		if err := gr.writePage(ctx, c, class, gradedAt, all); err != nil {
			return 0, err
		}
	}
	if c.Classroom {
		// stdout is the step's output; the table is for the log.
		sheet.Table(report.Printer{W: gr.Stderr, Colour: gr.Colour}, all, c.Problems)
		sheet.PrintCounts(gr.Stderr, all, c.Problems)
		slugs := map[string]string{}
		for _, p := range c.Problems {
			slugs[p.Folder()] = p.Slug
		}
		if err := sheet.WriteClassroom(gr.Stdout, all, slugs); err != nil {
			return 0, err
		}
		return out, nil
	}
	if !c.JSON && c.CSV != "-" {
		sheet.Table(report.Printer{W: gr.Stdout, Colour: gr.Colour}, all, c.Problems)
		fmt.Fprintln(gr.Stdout)
		sheet.PrintCounts(gr.Stdout, all, c.Problems)
		sheet.PrintCopies(gr.Stdout, all)
	}
	return out, nil
}

// writePage writes -html's page for the graded rows.
func (gr *Grader) writePage(ctx context.Context, c Config, class string, gradedAt time.Time, rows []grading.Row) error {
	var b bytes.Buffer
	abs, err := filepath.Abs(class)
	if err != nil {
		return judging.SetupErrorf("-html: %v", err)
	}
	err = sheet.WritePage(ctx, &b, sheet.Class{
		Name: filepath.Base(abs), Anonymous: c.Anonymous, Version: gr.Version, Graded: gradedAt, Tier: gr.Tier, Problems: c.Problems, Rows: rows,
		Cases: gr.Judge.Cases,
		Reference: func(ctx context.Context, p *problem.Problem, l *lang.Language, cs *cases.Case) (time.Duration, error) {
			return gr.Refs.Time(ctx, calibrate.Ref{Problem: p, Lang: l}, cs)
		},
	})
	if err != nil {
		return err
	}
	if err := atomicfile.Write(c.HTML, b.Bytes(), 0o644); err != nil {
		return judging.SetupErrorf("-html: %v", err)
	}
	msg.Fprintf(gr.Stderr, "class page written to %s\n", c.HTML)
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
