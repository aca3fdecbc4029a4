// Package sheet writes what -grade makes of a class's graded rows: the
// grade sheet (CSV or JSON Lines) and its table for a person, a feedback
// file per student, GitHub Classroom's results and the class page.
package sheet

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/nqueens-kit/nqueens/internal/atomicfile"
	"github.com/nqueens-kit/nqueens/internal/msg"
	"github.com/nqueens-kit/nqueens/judge/format"
	"github.com/nqueens-kit/nqueens/judge/grading"
	"github.com/nqueens-kit/nqueens/judge/judging"
	"github.com/nqueens-kit/nqueens/judge/problem"
	"github.com/nqueens-kit/nqueens/judge/report"
	"github.com/nqueens-kit/nqueens/judge/verdict"
)

// Header is the CSV sheet's first line.
var Header = []string{"student", "problem", "verdict", "passed", "total", "points", "max_points", "cpu_ms", "file", "language", "message", "protection", "integrity", "sha256", "judged", "commit", "committed", "late"}

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
		points, strconv.Itoa(r.MaxPoints), strconv.FormatInt(r.CPUms, 10), Inert(r.File), Inert(r.Language), Inert(OneLine(r.Message)), r.Protection,
		Inert(OneLine(Integrity(r.Like, func(student string) string { return student }))),
		r.SHA256, when(r.Judged), r.Commit, when(r.Committed), lateCell(r.Late)}
}

// when is a time as a sheet's cell: local, to the second; "" for none.
func when(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.Local().Format("2006-01-02 15:04:05")
}

// lateCell is a late column's cell: "late", or "" on time (never
// translated: a spreadsheet or an LMS reads it).
func lateCell(l bool) string {
	if l {
		return "late"
	}
	return ""
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

// CheckPath reports, before grading begins, whether the CSV sheet can be
// written at csvPath ("-" and "" always can): a folder that takes no new
// file there must not be found out after a class was judged.
func CheckPath(csvPath string) error {
	if csvPath == "" || csvPath == "-" {
		return nil
	}
	fi, err := os.Stat(csvPath)
	switch {
	case err == nil && fi.IsDir():
		return &judging.SetupError{Err: msg.Errorf("%s is a folder", csvPath)}
	case err == nil && !fi.Mode().IsRegular():
		return nil // a device or a FIFO: written in place (atomicfile.Write)
	}
	f, err := os.CreateTemp(filepath.Dir(csvPath), ".sheet-check-*")
	if err != nil {
		return &judging.SetupError{Err: err}
	}
	f.Close()
	return os.Remove(f.Name())
}

// WriteCSV writes the grade sheet of rows as CSV, once every row is in (a
// row's integrity column compares it with the others), into the file
// csvPath ("-": stdout, "": none). The file is written whole beside
// csvPath and renamed into place: an interrupted grading leaves the sheet
// that was there, and a full disk no short sheet.
func WriteCSV(csvPath string, stdout io.Writer, rows []grading.Row) error {
	if csvPath == "" {
		return nil
	}
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.Write(Header)
	for _, r := range rows {
		w.Write(Record(r))
	}
	w.Flush()
	if csvPath == "-" {
		_, err := stdout.Write(b.Bytes())
		return err
	}
	return atomicfile.Write(csvPath, append([]byte(utf8BOM), b.Bytes()...), 0o644)
}

// WriteJSON writes the grade sheet of rows as JSON Lines (JSONRecord), one
// per row, on stdout.
func WriteJSON(stdout io.Writer, rows []grading.Row) error {
	for _, r := range rows {
		if _, err := fmt.Fprintln(stdout, JSONRecord(r)); err != nil {
			return err
		}
	}
	return nil
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
		Passed    int                `json:"passed"`
		Total     int                `json:"total"`
		Points    int                `json:"points"`
		MaxPoints int                `json:"max_points"`
		Like      []grading.Likeness `json:"like,omitempty"`
		SHA256    string             `json:"sha256,omitempty"`
		Judged    time.Time          `json:"judged,omitzero"`
		Commit    string             `json:"commit,omitempty"`
		Committed time.Time          `json:"committed,omitzero"`
		Late      bool               `json:"late,omitempty"`
	}{r.Student, r.Report, r.Passed, r.Total, r.Points, r.MaxPoints, r.Like, r.SHA256, r.Judged, r.Commit, r.Committed, r.Late})
	return string(data)
}

// Table writes the sheet for a person on out.W: a line per student, a
// column per problem of ps, each verdict painted as out paints it.
func Table(out report.Printer, rows []grading.Row, ps []*problem.Problem) {
	w := out.W
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
			fmt.Fprintf(w, "  %-4s %5s        ", out.Paint(r.Verdict, fmt.Sprintf("%-4s", r.Verdict)), fmt.Sprintf("%d/%d", r.Passed, r.Total))
		}
		fmt.Fprintf(w, "  %d/%d\n", got, most)
	}
}

// Integrity says whom a row's file looks copied from (grading.FlagCopies),
// each student named by name: "" when from no one.
func Integrity(like []grading.Likeness, name func(student string) string) string {
	var parts []string
	for _, l := range like {
		pct := int(l.Share*100 + 0.5)
		if l.Student == "" {
			parts = append(parts, msg.Sprintf("like the kit's %s (%d %%)", l.File, pct))
		} else {
			parts = append(parts, msg.Sprintf("like %s's file (%d %%)", name(l.Student), pct))
		}
	}
	return strings.Join(parts, "; ")
}
