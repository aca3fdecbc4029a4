// -grade: a folder of students' submissions into a grade sheet.

package main

import (
	"cmp"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/nqueens-kit/nqueens/internal/msg"
	"github.com/nqueens-kit/nqueens/judge/format"
	"github.com/nqueens-kit/nqueens/judge/grading"
	"github.com/nqueens-kit/nqueens/judge/judging"
	"github.com/nqueens-kit/nqueens/judge/verdict"
)

// defaultParallel is how many submissions -grade judges at once. Measured
// on 2 cores, two at a time gave the same verdicts, but the CPU times of
// rows made mostly of start-ups (a jail per run) grew by up to 14 %, more
// than the 10 % allowed: one at a time is the default, and -p N is there
// for a teacher in a hurry (docs/teachers.md, "For teachers: grading a class").
const defaultParallel = 1

// gradeHeader is the CSV header.
var gradeHeader = []string{"student", "problem", "verdict", "passed", "total", "points", "max_points", "cpu_ms", "file", "language", "message", "protection"}

func record(r grading.Row) []string {
	return []string{inert(r.Student), inert(r.Problem), string(r.Verdict), strconv.Itoa(r.Passed), strconv.Itoa(r.Total),
		strconv.Itoa(r.Points), strconv.Itoa(r.MaxPoints), strconv.FormatInt(r.CPUms, 10), inert(r.File), inert(r.Language), inert(oneLine(r.Message)), r.Protection}
}

// inert is a text cell a spreadsheet shows as text: one that starts with
// =, +, -, @, a tab or a carriage return would be read as a formula (or
// begin one), so it gets a leading apostrophe, as OWASP's advice on CSV
// injection says.
func inert(cell string) string {
	if cell != "" && strings.ContainsRune("=+-@\t\r", rune(cell[0])) {
		return "'" + cell
	}
	return cell
}

// oneLine is a message on one line, its control characters escaped: a
// sheet's cell, which a terminal or a spreadsheet shows as it is.
func oneLine(s string) string {
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(s), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	return strings.ReplaceAll(format.Printable(strings.Join(lines, " / ")), "\t", " ")
}

// grade judges every student's submission in j.opts.Grade and writes the
// grade sheet. Its exit status is 0 when the sheet is complete, whatever
// the verdicts on it.
func (j *judge) grade(ctx context.Context) (int, error) {
	subs, skipped, err := grading.Find(ctx, j.tempDir, j.opts.Grade, j.opts.Problems, j.kit)
	if err != nil {
		return 0, err
	}
	for _, s := range skipped {
		msg.Fprintf(j.stderr, "grade: skipped %s\n", s)
	}
	students := map[string]int{} // each student's number of rows
	for _, s := range subs {
		students[s.Student]++
	}
	if j.opts.Classroom && len(students) != 1 {
		return 0, setupErrorf("-classroom grades one student: %s holds %d (give one student's clone or folder)", j.opts.Grade, len(students))
	}
	g := &grading.Grader{Judge: j.judging, Dir: j.opts.Grade, Tier: j.jail.Tier(), Parallel: j.opts.Parallel}
	if err := j.prepareGrading(ctx, g, subs); err != nil {
		return 0, err
	}
	sheet, closeSheet, err := j.openSheet()
	if err != nil {
		return 0, err
	}
	all, err := j.gradeAll(ctx, g, subs, students, sheet)
	if cerr := closeSheet(); err == nil && cerr != nil {
		return 0, setupErrorf("-csv %s: %v", j.opts.CSV, cerr)
	}
	if err != nil {
		return exitInterrupted, err
	}
	return j.finishGrading(ctx, all)
}

// prepareGrading reads the cases and calibrates first, once, before any
// student runs (grading.Grader.Prepare), and checks the -feedback folder.
func (j *judge) prepareGrading(ctx context.Context, g *grading.Grader, subs []grading.Submission) error {
	if err := g.Prepare(ctx, subs, j.opts.Problems); err != nil {
		return err
	}
	j.live.on = false
	if j.opts.Feedback != "" {
		return checkFeedbackDir(j.opts.Feedback, j.opts.Grade)
	}
	return nil
}

// gradeAll grades subs, writing each row to the sheet as it comes and
// each student's feedback as soon as their last row (of
// students[student]) is in; it returns every row.
func (j *judge) gradeAll(ctx context.Context, g *grading.Grader, subs []grading.Submission, students map[string]int, sheet func(grading.Row)) ([]grading.Row, error) {
	prog := newProgress(j.stderr, len(students), len(subs))
	var all []grading.Row
	done := map[string]map[string]grading.Row{} // each student's rows so far, by problem
	var feedbackErr error
	err := g.All(ctx, subs, func(row grading.Row) {
		all = append(all, row)
		sheet(row)
		if done[row.Student] == nil {
			done[row.Student] = map[string]grading.Row{}
		}
		done[row.Student][row.Problem] = row
		if j.opts.Feedback != "" && len(done[row.Student]) == students[row.Student] && feedbackErr == nil {
			feedbackErr = writeFeedback(j.opts.Feedback, row.Student, j.inProblemOrder(done[row.Student]))
		}
		prog.done()
	})
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
func (j *judge) finishGrading(ctx context.Context, all []grading.Row) (int, error) {
	var failed []string
	for _, r := range all {
		if r.Verdict == verdict.JudgeError {
			failed = append(failed, r.Student+" "+r.Problem+": "+oneLine(r.Message))
		}
	}
	status := exitOK
	if len(failed) > 0 {
		status = exitSetup
		defer msg.Fprintf(j.stderr, "grade: %d rows could not be judged (ERR), by the judge's fault or the kit's, not the students':\n  %s\n", len(failed), strings.Join(failed, "\n  "))
	}
	if j.opts.HTML != "" {
		if err := j.writeClassPage(ctx, all); err != nil {
			return 0, err
		}
	}
	if j.opts.Classroom {
		// stdout is the step's output; the table is for the log.
		j.printGradeTable(j.stderr, all)
		printVerdictCounts(j.stderr, all, j.opts.Problems)
		slugs := map[string]string{}
		for _, p := range j.opts.Problems {
			slugs[p.Folder()] = p.Slug
		}
		if err := writeClassroom(j.stdout, all, slugs); err != nil {
			return 0, err
		}
		return status, nil
	}
	if !j.opts.JSON && j.opts.CSV != "-" {
		j.printGradeTable(j.stdout, all)
		fmt.Fprintln(j.stdout)
		printVerdictCounts(j.stdout, all, j.opts.Problems)
	}
	return status, nil
}

// inProblemOrder is one student's rows, by problem folder, in the order of
// j.opts.Problems.
func (j *judge) inProblemOrder(mine map[string]grading.Row) []grading.Row {
	var rows []grading.Row
	for _, p := range j.opts.Problems {
		if r, ok := mine[p.Folder()]; ok {
			rows = append(rows, r)
		}
	}
	return rows
}

// utf8BOM starts a CSV file, so that spreadsheets read its names as UTF-8.
const utf8BOM = "\ufeff"

// openSheet returns a function that writes one row to the grade sheet as
// soon as it is finished, so that an interrupted grading keeps its rows,
// and one that closes the sheet and says whether all of it was written (a
// full disk must not leave a short sheet behind an exit status of 0).
func (j *judge) openSheet() (func(grading.Row), func() error, error) {
	var w io.Writer
	closeFn := func() error { return nil }
	switch {
	case j.opts.CSV == "-":
		w = j.stdout
	case j.opts.CSV != "":
		f, err := os.Create(j.opts.CSV)
		if err != nil {
			return nil, nil, &setupError{Err: err}
		}
		if _, err := io.WriteString(f, utf8BOM); err != nil {
			f.Close()
			return nil, nil, &setupError{Err: err}
		}
		w, closeFn = f, f.Close
	}
	var cw *csv.Writer
	var writeErr error
	if w != nil {
		cw = csv.NewWriter(w)
		cw.Write(gradeHeader)
		cw.Flush()
		writeErr = cw.Error()
	}
	closeSheet := func() error {
		err := closeFn()
		return cmp.Or(writeErr, err)
	}
	write := func(r grading.Row) {
		if cw != nil {
			cw.Write(record(r))
			cw.Flush()
			writeErr = cmp.Or(writeErr, cw.Error())
		}
		if j.opts.JSON {
			fmt.Fprintln(j.stdout, jsonRecord(r))
		}
	}
	return write, closeSheet, nil
}

// jsonRecord is a row as -grade -json writes it: the whole report with
// the student and the points, or the row itself when nothing was judged.
func jsonRecord(r grading.Row) string {
	if r.Report == nil {
		data, _ := json.Marshal(r)
		return string(data)
	}
	data, _ := json.Marshal(struct {
		Student string `json:"student"`
		*judging.Report
		Passed    int `json:"passed"`
		Total     int `json:"total"`
		Points    int `json:"points"`
		MaxPoints int `json:"max_points"`
	}{r.Student, r.Report, r.Passed, r.Total, r.Points, r.MaxPoints})
	return string(data)
}

// printGradeTable writes the sheet for a person: a line per student, a
// column per problem.
func (j *judge) printGradeTable(w io.Writer, rows []grading.Row) {
	students, sheet := grading.ByStudent(rows)
	width := len("student")
	for _, s := range students {
		width = max(width, len(s))
	}
	fmt.Fprintf(w, "%-*s", width, "student")
	for _, p := range j.opts.Problems {
		fmt.Fprintf(w, "  %-18s", p.Folder())
	}
	fmt.Fprintln(w, "  points")
	for _, s := range students {
		fmt.Fprintf(w, "%-*s", width, s)
		got, most := 0, 0
		for _, p := range j.opts.Problems {
			r := sheet[s][p.Folder()]
			got, most = got+r.Points, most+r.MaxPoints
			fmt.Fprintf(w, "  %-4s %5s        ", j.paint(r.Verdict, fmt.Sprintf("%-4s", r.Verdict)), fmt.Sprintf("%d/%d", r.Passed, r.Total))
		}
		fmt.Fprintf(w, "  %d/%d\n", got, most)
	}
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
