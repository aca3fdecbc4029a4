// -grade -feedback: a file per student to hand back, and the count of each
// verdict per problem at the end of a grading.

package sheet

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
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

// FeedbackFile is where a student's feedback goes in dir: the student's
// name (as grading.Find gives it: printable, on one line) with .txt,
// separators and backslashes replaced, at most maxFileName bytes.
func FeedbackFile(dir, student string) string {
	name := strings.Map(func(r rune) rune {
		if r == '/' || r == '\\' || r < ' ' {
			return '_'
		}
		return r
	}, student)
	for len(name) > maxFileName {
		r := []rune(name)
		name = string(r[:len(r)-1])
	}
	return filepath.Join(dir, name+".txt")
}

// maxFileName keeps a feedback file's name, .txt included, under the 255
// bytes most file systems allow.
const maxFileName = 240

// WriteFeedback writes one student's feedback file into dir, whole or not
// at all (written beside it and renamed): an interrupted grading leaves no
// half file, and a link in its place is replaced, not written through.
func WriteFeedback(dir, student, version string, graded time.Time, rows []grading.Row) error {
	return atomicfile.Write(FeedbackFile(dir, student), []byte(FeedbackText(student, version, graded, rows)), 0o644)
}

// FeedbackText is a student's feedback, as -feedback writes it and -html
// shows it behind the student's name: which judge graded when; for each
// problem, the points, the file and its hash (what was judged, to settle
// "that is not the file I handed in"), and the report the student would
// have seen judging it alone, every case with its message in full,
// control characters escaped.
func FeedbackText(student, version string, graded time.Time, rows []grading.Row) string {
	var b bytes.Buffer
	protection := ""
	if len(rows) > 0 {
		protection = rows[0].Protection
	}
	msg.Fprintf(&b, "%s: graded by the N-Queens judge (%s) on %s, protection: %s\n", student, version, graded.Local().Format("2006-01-02 15:04"), protection)
	for _, r := range rows {
		b.WriteString("\n")
		msg.Fprintf(&b, "%s: %s, %d of %d points\n", r.Problem, r.Verdict.Long(), r.Points, r.MaxPoints)
		if r.SHA256 != "" {
			msg.Fprintf(&b, "  file %s, sha256 %.16s\n", format.Printable(r.File), r.SHA256)
		}
		if r.Commit != "" {
			msg.Fprintf(&b, "  as committed in %.12s on %s, the last commit before the deadline\n", r.Commit, r.Committed.Local().Format("2006-01-02 15:04"))
		}
		if r.Late {
			msg.Fprintf(&b, "  late: you committed again after the deadline; those commits were not graded\n")
		}
		if r.Note != "" {
			fmt.Fprintf(&b, "%s\n", report.Indent(format.Printable(r.Note), "  "))
		}
		if r.Report == nil {
			// Nothing was judged: no file, or the judge's own failure.
			fmt.Fprintf(&b, "%s\n", report.Indent(format.Printable(r.Message), "  "))
			continue
		}
		report.Printer{W: &b}.Whole(r.Report)
	}
	return b.String()
}

// CheckFeedbackDir makes sure -feedback's folder can be written and lies
// outside the class folder, where the next -grade would take it for a
// student.
func CheckFeedbackDir(dir, class string) error {
	absDir, err := filepath.Abs(dir)
	if err != nil {
		return &judging.SetupError{Err: err}
	}
	absClass, err := filepath.Abs(class)
	if err != nil {
		return &judging.SetupError{Err: err}
	}
	if rel, err := filepath.Rel(absClass, absDir); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return judging.SetupErrorf("-feedback %s is inside the class folder %s: the next -grade would take it for a student (choose a folder outside it)", dir, class)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return judging.SetupErrorf("-feedback: %v", err)
	}
	return nil
}

// Counts counts each problem's verdicts on the sheet.
func Counts(rows []grading.Row) map[string]map[verdict.Verdict]int {
	counts := map[string]map[verdict.Verdict]int{}
	for _, r := range rows {
		if counts[r.Problem] == nil {
			counts[r.Problem] = map[verdict.Verdict]int{}
		}
		counts[r.Problem][r.Verdict]++
	}
	return counts
}

// Verdicts lists the verdicts a sheet can hold, in the README's
// order, the judge's own failures last.
var Verdicts = append(verdict.All[:len(verdict.All):len(verdict.All)], verdict.JudgeError)

// PrintCounts writes a line per problem: how many students got each
// verdict ("0052-n-queens-ii: 31 AC, 5 TLE, 4 NONE").
func PrintCounts(w io.Writer, rows []grading.Row, ps []*problem.Problem) {
	counts := Counts(rows)
	for _, p := range ps {
		var parts []string
		for _, v := range Verdicts {
			if n := counts[p.Folder()][v]; n > 0 {
				parts = append(parts, fmt.Sprintf("%d %s", n, v))
			}
		}
		if len(parts) > 0 {
			fmt.Fprintf(w, "%s: %s\n", p.Folder(), strings.Join(parts, ", "))
		}
	}
}

// PrintCopies lists, for the teacher, the rows whose file looks copied
// (the sheet's integrity column); nothing when none does.
func PrintCopies(w io.Writer, rows []grading.Row) {
	var lines []string
	for _, r := range rows {
		if len(r.Like) > 0 {
			lines = append(lines, fmt.Sprintf("  %s %s: %s", format.Printable(r.Student), r.Problem, Integrity(r.Like, format.Printable)))
		}
	}
	if len(lines) > 0 {
		msg.Fprintf(w, "\nLooks copied (%d files; the sheet's integrity column):\n%s\n", len(lines), strings.Join(lines, "\n"))
	}
}
