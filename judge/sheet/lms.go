// The grade sheet for a learning management system: one row per student,
// in the layout Canvas's gradebook import reads, or one Moodle's CSV
// grade import maps column by column (docs/teachers.md).

package sheet

import (
	"bytes"
	"encoding/csv"
	"errors"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/nqueens-kit/nqueens/internal/atomicfile"
	"github.com/nqueens-kit/nqueens/judge/grading"
	"github.com/nqueens-kit/nqueens/judge/judging"
	"github.com/nqueens-kit/nqueens/judge/problem"
	"github.com/nqueens-kit/nqueens/judge/verdict"
)

// A Roster maps the names on the kit's sheet (the class folder's entries)
// to a learning management system's students: a CSV file whose header
// names a column "student" (the kit's name) and the LMS's own columns
// (Canvas's "Student" (its name for the student), "ID", "SIS User ID",
// "SIS Login ID", "Section";
// Moodle's "email", "idnumber" or "username"), a row per student.
type Roster struct {
	Path    string
	Columns []string            // the LMS's columns, in the file's order
	Cells   map[string][]string // each student's cells under Columns, by the kit's name
	Order   []string            // the kit's names, in the file's order
}

// rosterKey is the roster's column of the kit's names.
const rosterKey = "student"

// ReadRoster reads the roster at path. A file it cannot take is a
// *judging.SetupError naming the file and line.
func ReadRoster(path string) (*Roster, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, judging.SetupErrorf("-roster: %v", err)
	}
	r := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(data, []byte(utf8BOM))))
	r.FieldsPerRecord = 0 // every row as long as the header
	header, err := r.Read()
	if err == io.EOF {
		return nil, judging.SetupErrorf("%s:1: empty: a roster's first line names its columns, one of them %q", path, rosterKey)
	}
	if err != nil {
		return nil, rosterError(path, err)
	}
	// Exactly "student": Canvas's own export has a "Student" column, the
	// LMS's name for the student.
	key := slices.IndexFunc(header, func(c string) bool { return strings.TrimSpace(c) == rosterKey })
	if key < 0 {
		return nil, judging.SetupErrorf("%s:1: no column %q (the name on the kit's sheet: the student's folder or file): the columns are %s", path, rosterKey, strings.Join(header, ", "))
	}
	ro := &Roster{Path: path, Columns: slices.Delete(slices.Clone(header), key, key+1), Cells: map[string][]string{}}
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, rosterError(path, err)
		}
		line, _ := r.FieldPos(0)
		name := strings.TrimSpace(rec[key])
		if name == "" {
			return nil, judging.SetupErrorf("%s:%d: no name in its %q column", path, line, rosterKey)
		}
		if _, dup := ro.Cells[name]; dup {
			return nil, judging.SetupErrorf("%s:%d: %s is in the roster twice", path, line, name)
		}
		ro.Cells[name] = slices.Delete(slices.Clone(rec), key, key+1)
		ro.Order = append(ro.Order, name)
	}
	return ro, nil
}

// rosterError is a CSV reader's error as a setup error naming the line.
func rosterError(path string, err error) error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return judging.SetupErrorf("%s:%d: %v", path, pe.Line, pe.Err)
	}
	return judging.SetupErrorf("%s: %v", path, err)
}

// Missing lists the students that are not in the roster, of those named.
func (ro *Roster) Missing(students []string) []string {
	var missing []string
	for _, s := range students {
		if _, ok := ro.Cells[s]; !ok {
			missing = append(missing, s)
		}
	}
	slices.Sort(missing)
	return missing
}

// lmsRows are the students of an LMS sheet, in its order: the roster's,
// then none (a student graded but not in it is refused before grading:
// Roster.Missing); without a roster, the sheet's, sorted. absent lists
// the roster's students with no rows (their cells left empty).
func lmsRows(rows []grading.Row, ro *Roster) (students []string, sheet map[string]map[string]grading.Row, absent []string) {
	students, sheet = grading.ByStudent(rows)
	if ro == nil {
		return students, sheet, nil
	}
	for _, s := range ro.Order {
		if _, ok := sheet[s]; !ok {
			absent = append(absent, s)
		}
	}
	return ro.Order, sheet, absent
}

// lmsPoints is a row's points as an LMS cell: "" for a row the judge
// could not judge (ERR) or none at all, which an LMS reads as no grade,
// not as 0.
func lmsPoints(r grading.Row, ok bool) string {
	if !ok || r.Verdict == verdict.JudgeError {
		return ""
	}
	return strconv.Itoa(r.Points)
}

// CanvasColumns are the student columns of Canvas's gradebook import, in
// the order it reads them: a roster's columns of these names fill them.
var CanvasColumns = []string{canvasStudent, canvasID, canvasSISUser, canvasSISLogin, canvasSection}

// Canvas's words: its student columns, and the first cell of the row that
// gives each assignment's points.
const (
	canvasStudent        = "Student"
	canvasID             = "ID"
	canvasSISUser        = "SIS User ID"
	canvasSISLogin       = "SIS Login ID"
	canvasSection        = "Section"
	canvasPointsPossible = "Points Possible"
)

// WriteCanvas writes the sheet of rows as Canvas's gradebook import reads
// it: the student columns (CanvasColumns, from the roster: without one,
// "Student" is the name on the kit's sheet, which Canvas matches against
// its students' names), a column of points per problem of ps (a new
// assignment, or an existing one when its header is renamed "Title (id)"),
// and a "Points Possible" row giving each one's points. Nothing else: any
// other column would be an assignment to Canvas. It returns the roster's
// students who have no rows (their cells empty, which Canvas leaves as
// they are).
func WriteCanvas(path string, rows []grading.Row, ps []*problem.Problem, ro *Roster) (absent []string, err error) {
	students, sheet, absent := lmsRows(rows, ro)
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	header := slices.Clone(CanvasColumns)
	possible := []string{canvasPointsPossible, "", "", "", ""}
	for _, p := range ps {
		header = append(header, p.Folder())
		most := 0
		for _, r := range rows {
			if r.Problem == p.Folder() {
				most = max(most, r.MaxPoints)
			}
		}
		possible = append(possible, strconv.Itoa(most))
	}
	w.Write(header)
	w.Write(possible)
	for _, s := range students {
		rec := make([]string, len(CanvasColumns))
		rec[0] = s
		if ro != nil {
			for i, c := range CanvasColumns {
				if k := slices.IndexFunc(ro.Columns, func(rc string) bool { return strings.EqualFold(strings.TrimSpace(rc), c) }); k >= 0 {
					rec[i] = ro.Cells[s][k]
				}
			}
		}
		for i := range rec {
			rec[i] = Inert(rec[i])
		}
		for _, p := range ps {
			r, ok := sheet[s][p.Folder()]
			rec = append(rec, lmsPoints(r, ok))
		}
		w.Write(rec)
	}
	w.Flush()
	return absent, atomicfile.Write(path, b.Bytes(), 0o644)
}

// WriteMoodle writes the sheet of rows as Moodle's CSV grade import takes
// it: a row per student with the name on the kit's sheet ("student"), the
// roster's columns (the one Moodle maps to its users: email, idnumber or
// username), the points of each problem of ps, their total, and "late"
// (-before). Moodle's import maps each column to a user field, a grade
// item or nothing; an empty cell is no grade. It returns the roster's
// students who have no rows (their cells empty).
func WriteMoodle(path string, rows []grading.Row, ps []*problem.Problem, ro *Roster) (absent []string, err error) {
	students, sheet, absent := lmsRows(rows, ro)
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	header := []string{rosterKey}
	if ro != nil {
		header = append(header, ro.Columns...)
	}
	for _, p := range ps {
		header = append(header, p.Folder())
	}
	w.Write(append(header, "total", "late"))
	for _, s := range students {
		rec := []string{Inert(s)}
		if ro != nil {
			for _, c := range ro.Cells[s] {
				rec = append(rec, Inert(c))
			}
		}
		total, known, late := 0, true, false
		for _, p := range ps {
			r, ok := sheet[s][p.Folder()]
			cell := lmsPoints(r, ok)
			rec = append(rec, cell)
			known = known && cell != ""
			total += r.Points
			late = late || r.Late
		}
		sum := ""
		if known {
			sum = strconv.Itoa(total)
		}
		w.Write(append(rec, sum, lateCell(late)))
	}
	w.Flush()
	return absent, atomicfile.Write(path, b.Bytes(), 0o644)
}
