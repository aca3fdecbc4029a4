// Package sheet writes what -grade makes of a class's graded rows: the
// grade sheet (CSV or JSON Lines) and its table for a person, a feedback
// file per student, GitHub Classroom's results and the class page.
package sheet

import (
	"cmp"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/nqueens-kit/nqueens/judge/format"
	"github.com/nqueens-kit/nqueens/judge/grading"
	"github.com/nqueens-kit/nqueens/judge/judging"
	"github.com/nqueens-kit/nqueens/judge/problem"
	"github.com/nqueens-kit/nqueens/judge/verdict"
)

// Header is the CSV sheet's first line.
var Header = []string{"student", "problem", "verdict", "passed", "total", "points", "max_points", "cpu_ms", "file", "language", "message", "protection"}

// Record is r as a line of the CSV sheet.
//
// A row the judge could not judge (ERR) has no points: its points cell is
// empty, which a learning platform takes for "not graded", where a 0 would
// be recorded as the student's score.
func Record(r grading.Row) []string {
	points := strconv.Itoa(r.Points)
	if r.Verdict == verdict.JudgeError {
		points = ""
	}
	return []string{Inert(r.Student), Inert(r.Problem), string(r.Verdict), strconv.Itoa(r.Passed), strconv.Itoa(r.Total),
		points, strconv.Itoa(r.MaxPoints), strconv.FormatInt(r.CPUms, 10), Inert(r.File), Inert(r.Language), Inert(OneLine(r.Message)), r.Protection}
}

// Inert is a text cell a spreadsheet shows as text: one that starts with
// =, +, -, @, a tab or a carriage return would be read as a formula (or
// begin one), so it gets a leading apostrophe, as OWASP's advice on CSV
// injection says.
func Inert(cell string) string {
	if cell != "" && strings.ContainsRune("=+-@\t\r", rune(cell[0])) {
		return "'" + cell
	}
	return cell
}

// OneLine is a message on one line, its control characters escaped: a
// sheet's cell, which a terminal or a spreadsheet shows as it is.
func OneLine(s string) string {
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(s), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	return strings.ReplaceAll(format.Printable(strings.Join(lines, " / ")), "\t", " ")
}

// utf8BOM starts a CSV file, so that spreadsheets read its names as UTF-8.
const utf8BOM = "\ufeff"

// Writer writes the grade sheet a row at a time, as soon as each is
// finished, so that an interrupted grading keeps its rows: as CSV, as JSON
// Lines, or both.
type Writer struct {
	csv    *csv.Writer
	json   io.Writer
	closer func() error
	err    error // the first write that failed
}

// Open starts a sheet: CSV into the file csvPath ("-": stdout, "": none)
// and, when json is set, JSON Lines on stdout.
func Open(csvPath string, stdout io.Writer, json bool) (*Writer, error) {
	s := &Writer{closer: func() error { return nil }}
	if json {
		s.json = stdout
	}
	var w io.Writer
	switch {
	case csvPath == "-":
		w = stdout
	case csvPath != "":
		f, err := os.Create(csvPath)
		if err != nil {
			return nil, &judging.SetupError{Err: err}
		}
		if _, err := io.WriteString(f, utf8BOM); err != nil {
			f.Close()
			return nil, &judging.SetupError{Err: err}
		}
		w, s.closer = f, f.Close
	}
	if w != nil {
		s.csv = csv.NewWriter(w)
		s.csv.Write(Header)
		s.csv.Flush()
		s.err = s.csv.Error()
	}
	return s, nil
}

// Write adds r to the sheet.
func (s *Writer) Write(r grading.Row) {
	if s.csv != nil {
		s.csv.Write(Record(r))
		s.csv.Flush()
		s.err = cmp.Or(s.err, s.csv.Error())
	}
	if s.json != nil {
		fmt.Fprintln(s.json, JSONRecord(r))
	}
}

// Close closes the sheet and says whether all of it was written: a full
// disk must not leave a short sheet behind an exit status of 0.
func (s *Writer) Close() error {
	err := s.closer()
	return cmp.Or(s.err, err)
}

// JSONRecord is a row as -grade -json writes it: the whole report with
// the student and the points, or the row itself when nothing was judged.
func JSONRecord(r grading.Row) string {
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

// Table writes the sheet for a person: a line per student, a column per
// problem of ps, each verdict painted by paint.
func Table(w io.Writer, rows []grading.Row, ps []*problem.Problem, paint func(verdict.Verdict, string) string) {
	students, sheet := grading.ByStudent(rows)
	width := len("student")
	for _, s := range students {
		width = max(width, format.Columns(s))
	}
	fmt.Fprint(w, format.Pad("student", width))
	for _, p := range ps {
		fmt.Fprintf(w, "  %-18s", p.Folder())
	}
	fmt.Fprintln(w, "  points")
	for _, s := range students {
		fmt.Fprint(w, format.Pad(s, width))
		got, most := 0, 0
		for _, p := range ps {
			r := sheet[s][p.Folder()]
			got, most = got+r.Points, most+r.MaxPoints
			fmt.Fprintf(w, "  %-4s %5s        ", paint(r.Verdict, fmt.Sprintf("%-4s", r.Verdict)), fmt.Sprintf("%d/%d", r.Passed, r.Total))
		}
		fmt.Fprintf(w, "  %d/%d\n", got, most)
	}
}
