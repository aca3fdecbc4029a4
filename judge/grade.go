// -grade: a folder of students' submissions into a grade sheet.

package main

import (
	"bytes"
	"cmp"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/nqueens-kit/nqueens/internal/msg"
	"github.com/nqueens-kit/nqueens/judge/cases"
	"github.com/nqueens-kit/nqueens/judge/format"
	"github.com/nqueens-kit/nqueens/judge/judging"
	"github.com/nqueens-kit/nqueens/judge/lang"
	"github.com/nqueens-kit/nqueens/judge/problem"
	"github.com/nqueens-kit/nqueens/judge/verdict"
)

// defaultParallel is how many submissions -grade judges at once. Measured
// on 2 cores, two at a time gave the same verdicts, but the CPU times of
// rows made mostly of start-ups (a jail per run) grew by up to 14 %, more
// than the 10 % allowed: one at a time is the default, and -p N is there
// for a teacher in a hurry (docs/teachers.md, "For teachers: grading a class").
const defaultParallel = 1

// A submission is one student's file for one problem, or why there is none.
type submission struct {
	student string
	p       *problem.Problem
	file    string // "" when there is none
	missing string // why there is no file, for the row's message
	note    string // said in the row beside the verdict's message
	root    string // the student's folder, which file must be inside of
	entry   string // the class folder's entry it came from: bob, bob.py
}

// gradeRow is one line of the grade sheet.
type gradeRow struct {
	Student   string          `json:"student"`
	Problem   string          `json:"problem"`
	File      string          `json:"file"`     // the file graded, relative to -grade's folder
	Language  string          `json:"language"` // its language
	Verdict   verdict.Verdict `json:"verdict"`
	Passed    int             `json:"passed"`
	Total     int             `json:"total"`
	Points    int             `json:"points"`
	MaxPoints int             `json:"max_points"`
	CPUms     int64           `json:"cpu_ms"`
	Message   string          `json:"message,omitempty"`
	// Protection is the jail's tier that graded the row (sandbox.Tier).
	Protection string `json:"protection"`

	json  string          // the JSON Lines record, when -json: the whole report
	cases []scoredCase    // each case of the exercise, for -classroom
	rep   *judging.Report // what was judged; nil when nothing was
}

// scoredCase is one case of a graded row: what it got and what it is worth.
type scoredCase struct {
	name    string
	verdict verdict.Verdict // "" when it did not run
	points  int
	message string
}

// gradeHeader is the CSV header.
var gradeHeader = []string{"student", "problem", "verdict", "passed", "total", "points", "max_points", "cpu_ms", "file", "language", "message", "protection"}

func (r gradeRow) record() []string {
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
	subs, skipped, err := findSubmissions(ctx, j.tempDir, j.opts.Grade, j.opts.Problems, j.kit)
	if err != nil {
		return 0, err
	}
	for _, s := range skipped {
		msg.Fprintf(j.stderr, "grade: skipped %s\n", s)
	}
	students := map[string]int{} // each student's number of rows
	for _, s := range subs {
		students[s.student]++
	}
	if j.opts.Classroom && len(students) != 1 {
		return 0, setupErrorf("-classroom grades one student: %s holds %d (give one student's clone or folder)", j.opts.Grade, len(students))
	}
	if err := j.prepareGrading(ctx, subs); err != nil {
		return 0, err
	}
	sheet, closeSheet, err := j.openSheet()
	if err != nil {
		return 0, err
	}
	all, err := j.gradeAll(ctx, subs, students, sheet)
	if cerr := closeSheet(); err == nil && cerr != nil {
		return 0, setupErrorf("-csv %s: %v", j.opts.CSV, cerr)
	}
	if err != nil {
		return exitInterrupted, err
	}
	return j.finishGrading(ctx, all)
}

// prepareGrading reads the cases and calibrates first, once, before any
// student runs: every language in the class, so that no worker times a
// reference while another judges (the references are guarded too); and
// checks the -feedback folder.
func (j *judge) prepareGrading(ctx context.Context, subs []submission) error {
	var languages []*lang.Language
	for _, l := range lang.All {
		if slices.ContainsFunc(subs, func(s submission) bool { sl, _ := lang.ForFile(s.file); return sl == l }) {
			languages = append(languages, l)
		}
	}
	for _, p := range j.opts.Problems {
		cs, err := j.judging.Cases(p)
		if err != nil {
			return err
		}
		for _, l := range languages {
			if _, err := l.Toolchain(); err != nil {
				continue // its students' rows say what to install
			}
			run, _ := cases.ForLanguage(p, l, cs)
			for _, c := range run {
				if c.Relative() {
					if _, err := j.refs.Time(ctx, ref{Problem: p, Lang: l}, c); err != nil {
						return err
					}
				}
			}
		}
	}
	j.live.on = false
	if j.opts.Feedback != "" {
		return checkFeedbackDir(j.opts.Feedback, j.opts.Grade)
	}
	return nil
}

// gradeAll grades subs with j.opts.Parallel workers, writing each row to
// the sheet as it comes and each student's feedback as soon as their last
// row (of students[student]) is in; it returns every row.
func (j *judge) gradeAll(ctx context.Context, subs []submission, students map[string]int, sheet func(gradeRow)) ([]gradeRow, error) {
	prog := newProgress(j.stderr, len(students), len(subs))
	rows := make(chan gradeRow)
	jobs := make(chan submission)
	var workers sync.WaitGroup
	for range max(1, j.opts.Parallel) {
		workers.Add(1)
		go func() {
			defer workers.Done()
			for s := range jobs {
				row, err := j.gradeOne(ctx, s)
				if err != nil {
					row = gradeRow{Student: s.student, Problem: s.p.Folder(), Verdict: verdict.JudgeError, Message: err.Error()}
				}
				rows <- row
			}
		}()
	}
	go func() {
		defer close(jobs)
		for _, s := range subs {
			select {
			case jobs <- s:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() {
		workers.Wait()
		close(rows)
	}()

	var all []gradeRow
	done := map[string]map[string]gradeRow{} // each student's rows so far, by problem
	var feedbackErr error
	for row := range rows {
		if ctx.Err() != nil {
			continue // interrupted: what was finished is already written
		}
		all = append(all, row)
		sheet(row)
		if done[row.Student] == nil {
			done[row.Student] = map[string]gradeRow{}
		}
		done[row.Student][row.Problem] = row
		if j.opts.Feedback != "" && len(done[row.Student]) == students[row.Student] && feedbackErr == nil {
			feedbackErr = writeFeedback(j.opts.Feedback, row.Student, j.inProblemOrder(done[row.Student]))
		}
		prog.done()
	}
	prog.stop()
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	if feedbackErr != nil {
		return nil, setupErrorf("-feedback: %v", feedbackErr)
	}
	return all, nil
}

// finishGrading writes what follows the rows: the class page, the
// Classroom results or the table with the verdicts counted, and names the
// rows the judge could not judge (exit status 2 then, the sheet written).
func (j *judge) finishGrading(ctx context.Context, all []gradeRow) (int, error) {
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
func (j *judge) inProblemOrder(mine map[string]gradeRow) []gradeRow {
	var rows []gradeRow
	for _, p := range j.opts.Problems {
		if r, ok := mine[p.Folder()]; ok {
			rows = append(rows, r)
		}
	}
	return rows
}

// byStudent groups a sheet's rows: each student's row per problem folder,
// and the students in order.
func byStudent(rows []gradeRow) (students []string, sheet map[string]map[string]gradeRow) {
	sheet = map[string]map[string]gradeRow{}
	for _, r := range rows {
		if sheet[r.Student] == nil {
			sheet[r.Student] = map[string]gradeRow{}
			students = append(students, r.Student)
		}
		sheet[r.Student][r.Problem] = r
	}
	slices.Sort(students)
	return students, sheet
}

// gradeOne judges one submission, every case, and scores it.
func (j *judge) gradeOne(ctx context.Context, s submission) (gradeRow, error) {
	cs, err := j.judging.Cases(s.p)
	if err != nil {
		return gradeRow{}, err
	}
	row := gradeRow{Student: s.student, Problem: s.p.Folder(), Total: len(cs), Protection: string(j.jail.Tier())}
	for _, c := range cs {
		row.MaxPoints += c.Points
	}
	if s.file != "" {
		if why := outsideFolder(s.file, s.root); why != "" {
			s.file, s.missing = "", why
		}
	}
	if s.file == "" {
		row.Verdict, row.Message = verdict.NotWritten, s.missing
		for _, c := range cs {
			row.cases = append(row.cases, scoredCase{name: c.Name, points: c.Points, message: s.missing})
		}
		return row, nil
	}
	display, err := filepath.Rel(j.opts.Grade, s.file)
	if err != nil {
		display = s.file
	}
	display = printablePath(filepath.ToSlash(display))
	row.File = display
	if l, ok := lang.ForFile(s.file); ok {
		row.Language = l.Name
	}
	rep, err := j.judging.File(ctx, s.p, s.file, display, judging.Params{All: true, Grading: true})
	var unreadable *judging.SubmissionError
	if errors.As(err, &unreadable) {
		// The student's file itself: too large, not a regular file, …
		row.Verdict, row.Message = verdict.NotWritten, err.Error()
		return row, nil
	}
	if err != nil {
		// The judge's own failure, or the kit's: never the student's.
		row.Verdict, row.Message = verdict.JudgeError, err.Error()
		return row, nil
	}
	row.score(rep, cs, s.note)
	if j.opts.JSON {
		data, _ := json.Marshal(struct {
			Student string `json:"student"`
			*judging.Report
			Passed    int `json:"passed"`
			Total     int `json:"total"`
			Points    int `json:"points"`
			MaxPoints int `json:"max_points"`
		}{s.student, rep, row.Passed, row.Total, row.Points, row.MaxPoints})
		row.json = string(data)
	}
	return row, nil
}

// score fills row in from rep, the report on the student's file for the
// problem of cases cs: the verdict, the message (with note, the report's
// notes and what was scored without running), and each case's points.
func (row *gradeRow) score(rep *judging.Report, cs []*cases.Case, note string) {
	row.rep = rep
	row.Verdict, row.Message = rep.Verdict, rep.Message
	if note != "" {
		row.Message = strings.TrimSpace(row.Message + "\n" + note)
	}
	for _, note := range rep.Notes {
		row.Message = strings.TrimSpace(row.Message + "\n" + note)
	}
	results := map[string]*cases.Result{}
	for _, r := range rep.Cases {
		results[r.Name] = r
		row.CPUms += r.CPUms
	}
	// Every language has the same maximum: the cases past a language's
	// headline (Python's 15 and 16) are scored as its largest case that
	// runs, the same achievement in that language.
	headline := ""
	for _, c := range cs {
		if !slices.Contains(rep.Beyond, c.Name) {
			headline = c.Name
		}
	}
	for _, c := range cs {
		sc := scoredCase{name: c.Name, points: c.Points}
		name := c.Name
		if slices.Contains(rep.Beyond, c.Name) {
			name = headline
		}
		if r, ok := results[name]; ok {
			sc.verdict, sc.message = r.Verdict, r.Message
			if r.Verdict == verdict.AC {
				row.Passed++
				row.Points += c.Points
			}
		} else if slices.Contains(rep.Skipped, name) {
			sc.message = msg.Sprintf("scored as failed without running: a smaller case already ran out of time")
		} else {
			sc.message = rep.Message // nothing ran: a compile error, an answer written in
		}
		row.cases = append(row.cases, sc)
	}
	if len(rep.Skipped) > 0 {
		row.Message += msg.Sprintf(" (%s scored as failed without running: a smaller case already ran out of time)", strings.Join(rep.Skipped, ", "))
	}
	if len(rep.Beyond) > 0 && headline != "" {
		row.Message = strings.TrimSpace(row.Message + "\n" + msg.Sprintf("%s scored as %s, the largest case run in %s: past it the reference search needs more than about %.0f s there", strings.Join(rep.Beyond, ", "), headline, rep.Language, lang.HeadlineSearch.Seconds()))
	}
}

// utf8BOM starts a CSV file, so that spreadsheets read its names as UTF-8.
const utf8BOM = "\ufeff"

// openSheet returns a function that writes one row to the grade sheet as
// soon as it is finished, so that an interrupted grading keeps its rows,
// and one that closes the sheet and says whether all of it was written (a
// full disk must not leave a short sheet behind an exit status of 0).
func (j *judge) openSheet() (func(gradeRow), func() error, error) {
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
	write := func(r gradeRow) {
		if cw != nil {
			cw.Write(r.record())
			cw.Flush()
			writeErr = cmp.Or(writeErr, cw.Error())
		}
		if j.opts.JSON {
			if r.json == "" {
				data, _ := json.Marshal(r)
				r.json = string(data)
			}
			fmt.Fprintln(j.stdout, r.json)
		}
	}
	return write, closeSheet, nil
}

// printGradeTable writes the sheet for a person: a line per student, a
// column per problem.
func (j *judge) printGradeTable(w io.Writer, rows []gradeRow) {
	students, sheet := byStudent(rows)
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

// findSubmissions lists every student's file for each problem in dir; what
// it cannot make sense of is reported in skipped, not guessed at.
//
//   - a folder holding problems/ (a clone of the kit): the student's
//     problems/<folder>/solution.* for each problem, as the judge picks it
//     for the student (the one written; of several, the last committed or
//     saved);
//   - any other folder: one file per problem, named 52.go, 0052.go,
//     n-queens-ii.go or 0052-n-queens-ii.go, or the same with another
//     language's extension (52.java, …; of several, the last committed or
//     saved); with exactly one PROBLEM, a folder holding a single solution
//     file;
//   - a solution file: the student is its name (alice.go, bob.py), and the
//     problem the one PROBLEM, or the one whose function the file defines.
//
// DIR itself may be one student's clone or folder: then it is graded
// alone, named for the folder.
func findSubmissions(ctx context.Context, tempDir, dir string, ps []*problem.Problem, k problem.Kit) (subs []submission, skipped []string, err error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, nil, setupErrorf("-grade: %v", err)
	}
	if isClone(dir) || isStudentFolder(entries, ps) {
		abs, err := filepath.Abs(dir)
		if err != nil {
			return nil, nil, setupErrorf("-grade: %v", err)
		}
		return nameStudents(studentFolder(ctx, tempDir, filepath.Base(abs), dir, ps), filepath.Base(abs)), nil, nil
	}
	for _, e := range entries {
		name := e.Name()
		if strings.HasPrefix(name, ".") {
			continue
		}
		path := filepath.Join(dir, name)
		if fi, err := os.Lstat(path); err == nil && fi.Mode()&os.ModeSymlink != 0 {
			// A link may lead to another student's work or the teacher's
			// files: refused, in the student's rows.
			student := strings.TrimSuffix(name, filepath.Ext(name))
			for _, p := range ps {
				subs = append(subs, submission{student: student, p: p, entry: name, missing: msg.Sprintf("%s is a link: -grade reads only regular files inside the class folder", printableName(name))})
			}
			continue
		}
		fi, err := os.Stat(path)
		if err != nil {
			skipped = append(skipped, fmt.Sprintf("%s: %v", name, err))
			continue
		}
		switch {
		case fi.IsDir():
			subs = append(subs, nameStudents(studentFolder(ctx, tempDir, name, path, ps), name+"/")...)
		case fi.Mode().IsRegular() && isSource(name):
			subs = append(subs, nameStudents(singleFile(name, path, ps), name)...)
		default:
			skipped = append(skipped, msg.Sprintf("%s: not a student's folder or solution file", printableName(name)))
		}
	}
	if len(subs) == 0 {
		return nil, skipped, setupErrorf("-grade %s: no submissions found (see go run ./judge -h for the layouts)", dir)
	}
	return distinctStudents(subs), skipped, nil
}

// nameStudents records which entry of the class folder subs came from.
func nameStudents(subs []submission, entry string) []submission {
	for i := range subs {
		subs[i].entry = entry
	}
	return subs
}

// distinctStudents gives each student a name fit for a sheet, a terminal
// and a file name (printableName), and keeps apart two entries that would
// be one student (bob/ beside bob.py, or names alike once escaped and
// cut): each is then named for its entry, so that both are graded and
// both get feedback.
func distinctStudents(subs []submission) []submission {
	entries := map[string]map[string]bool{} // each student's entries
	for i := range subs {
		subs[i].student = printableName(subs[i].student)
		if entries[subs[i].student] == nil {
			entries[subs[i].student] = map[string]bool{}
		}
		entries[subs[i].student][subs[i].entry] = true
	}
	taken := map[string]string{} // a name given → its entry
	for i := range subs {
		s := &subs[i]
		if len(entries[s.student]) < 2 {
			continue
		}
		name := printableName(s.entry)
		for k := 2; taken[name] != "" && taken[name] != s.entry; k++ {
			name = fmt.Sprintf("%s #%d", printableName(s.entry), k)
		}
		taken[name] = s.entry
		s.student = name
	}
	return subs
}

// printablePath is a file's path as the sheet shows it: each of its
// names as printableName shows it.
func printablePath(path string) string {
	parts := strings.Split(path, "/")
	for i, p := range parts {
		parts[i] = printableName(p)
	}
	return strings.Join(parts, "/")
}

// maxName is how many characters of a student's or a file's name a sheet
// shows.
const maxName = 64

// printableName is a name from the class folder as the sheet, the table,
// the feedback and the page show it: on one line, its control characters
// (ESC, a newline) escaped, at most maxName characters.
func printableName(name string) string {
	name = nameControls.Replace(format.Printable(name))
	if r := []rune(name); len(r) > maxName {
		return string(r[:maxName-1]) + "…"
	}
	return name
}

// nameControls escapes what format.Printable leaves in a text but a name
// must not hold: it is one cell, on one line.
var nameControls = strings.NewReplacer("\n", `\x0a`, "\t", `\x09`)

// outsideFolder says why file may not be graded: it is a link, or it lies
// outside root, the student's folder ("" for a single file); "" when it is
// a regular file inside.
func outsideFolder(file, root string) string {
	name := filepath.Base(file)
	if fi, err := os.Lstat(file); err == nil && fi.Mode()&os.ModeSymlink != 0 {
		return msg.Sprintf("%s is a link: -grade reads only regular files inside the student's folder", name)
	}
	if root == "" {
		return ""
	}
	real, err := filepath.EvalSymlinks(file)
	top, err2 := filepath.EvalSymlinks(root)
	if err != nil || err2 != nil {
		return ""
	}
	if rel, err := filepath.Rel(top, real); err != nil || !filepath.IsLocal(rel) {
		return msg.Sprintf("%s leads outside the student's folder: -grade reads only regular files inside it", name)
	}
	return ""
}

// isSource reports whether a file's name says it is a solution in a
// language the judge takes.
func isSource(name string) bool {
	_, ok := lang.ForFile(name)
	return ok
}

// isClone reports whether dir is a clone of the kit.
func isClone(dir string) bool {
	fi, err := os.Stat(filepath.Join(dir, "problems"))
	return err == nil && fi.IsDir()
}

// isStudentFolder reports whether entries are one student's files: no
// folders, and a file named for one of ps (52.py, n-queens-ii.go, …).
func isStudentFolder(entries []os.DirEntry, ps []*problem.Problem) bool {
	named := false
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") {
			continue
		}
		if e.IsDir() {
			return false
		}
		for _, p := range ps {
			named = named || slices.Contains(problemFileNames(p), e.Name())
		}
	}
	return named
}

// problemFileNames are the names a file solving p may have in a student's
// folder.
func problemFileNames(p *problem.Problem) []string {
	var names []string
	for _, base := range []string{strconv.Itoa(p.Number), fmt.Sprintf("%04d", p.Number), p.Slug, p.Folder()} {
		for _, l := range lang.All {
			names = append(names, base+l.Exts[0])
		}
	}
	return names
}

// singleFile is a student who handed in one file (alice.go): it solves the
// one PROBLEM, or, of several, the one whose function it defines; every
// other problem asked is a row saying so.
func singleFile(name, path string, ps []*problem.Problem) []submission {
	student := strings.TrimSuffix(name, filepath.Ext(name))
	if len(ps) == 1 {
		return []submission{{student: student, p: ps[0], file: path}}
	}
	src, _ := judging.ReadSource(path, name)
	var subs []submission
	for _, p := range ps {
		s := submission{student: student, p: p}
		if bytes.Contains(src, []byte(p.Func)) {
			s.file = path
		} else {
			s.missing = msg.Sprintf("no solution file: %s does not define %s", name, p.Func)
		}
		subs = append(subs, s)
	}
	return subs
}

// studentFolder finds one student's files, one per problem (tempDir: the
// workers' that read a clone's history).
func studentFolder(ctx context.Context, tempDir, student, dir string, ps []*problem.Problem) []submission {
	var subs []submission
	if isClone(dir) {
		clone := problem.Kit{Root: dir}
		for _, p := range ps {
			file, written := judging.StarterFor(ctx, tempDir, clone, p)
			s := submission{student: student, p: p, file: file, root: dir}
			if _, err := os.Stat(s.file); err != nil {
				s.file, s.missing = "", msg.Sprintf("no solution file (problems/%s/solution.*)", p.Folder())
			}
			if len(written) == 0 {
				if stray := strayFile(dir, filepath.Join("problems", p.Folder())); stray != "" {
					s.file, s.missing = "", msg.Sprintf("no solution file written: found %s; the judge grades problems/%s/solution.<language>", stray, p.Folder())
				}
			}
			if len(written) > 1 {
				s.note = msg.Sprintf("several files written (%s): graded the last committed or saved", baseNames(written))
			}
			subs = append(subs, s)
		}
		return subs
	}
	var sources []string
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if _, ok := lang.ForFile(e.Name()); ok && !e.IsDir() {
			sources = append(sources, filepath.Join(dir, e.Name()))
		}
	}
	for _, p := range ps {
		s := submission{student: student, p: p, root: dir}
		names := problemFileNames(p)
		var latest time.Time
		for _, n := range names {
			f := filepath.Join(dir, n)
			if fi, err := os.Stat(f); err == nil && !fi.IsDir() {
				if at := judging.SavedAt(ctx, tempDir, f); at.After(latest) {
					s.file, latest = f, at
				}
			}
		}
		if s.file == "" && len(ps) == 1 && len(sources) == 1 {
			s.file = sources[0]
		}
		if s.file == "" {
			s.missing = msg.Sprintf("no solution file (looked for %s)", strings.Join(names, ", "))
			if stray := strayFile(dir, "."); stray != "" {
				s.missing = msg.Sprintf("no solution file: found %s; the judge grades %d.<language> (or %s.<language>)", stray, p.Number, p.Slug)
			}
		}
		subs = append(subs, s)
	}
	return subs
}

// strayFile finds, below dir/under, a source file in a language the judge
// takes that is not a starter or a file named for a problem: a solution in
// the wrong place, to name in the row. It looks at most strayLimit entries.
func strayFile(dir, under string) string {
	const strayLimit = 2000
	seen := 0
	found := ""
	filepath.WalkDir(filepath.Join(dir, under), func(path string, d os.DirEntry, err error) error {
		seen++
		if err != nil || seen > strayLimit {
			return filepath.SkipAll
		}
		if d.IsDir() && strings.HasPrefix(d.Name(), ".") && path != filepath.Join(dir, under) {
			return filepath.SkipDir
		}
		if d.Type().IsRegular() && isSource(d.Name()) && !isExpectedName(d.Name()) && found == "" {
			if rel, err := filepath.Rel(dir, path); err == nil {
				found = filepath.ToSlash(rel)
			}
		}
		return nil
	})
	return found
}

// isExpectedName reports whether name is where the judge looks for a
// solution already (a starter, a file named for a problem) or a Go test.
func isExpectedName(name string) bool {
	if strings.HasPrefix(name, "solution.") || strings.HasSuffix(name, "_test.go") {
		return true
	}
	for _, p := range problem.All {
		if slices.Contains(problemFileNames(p), name) {
			return true
		}
	}
	return false
}

// baseNames lists files by their base names.
func baseNames(files []string) string {
	var names []string
	for _, f := range files {
		names = append(names, filepath.Base(f))
	}
	return strings.Join(names, ", ")
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
