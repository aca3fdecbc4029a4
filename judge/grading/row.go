// A grade sheet's row, and how a report is scored.

package grading

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/nqueens-kit/nqueens/internal/msg"
	"github.com/nqueens-kit/nqueens/judge/cases"
	"github.com/nqueens-kit/nqueens/judge/judging"
	"github.com/nqueens-kit/nqueens/judge/lang"
	"github.com/nqueens-kit/nqueens/judge/problem"
	"github.com/nqueens-kit/nqueens/judge/verdict"
)

// A Row is one line of the grade sheet: one student's result for one
// problem. Its exported fields with a JSON name are the sheet's columns.
type Row struct {
	Student   string          `json:"student"`
	Problem   string          `json:"problem"`
	File      string          `json:"file"`     // the file graded, relative to the class folder
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
	// Like is whom the file looks copied from (FlagCopies), most alike
	// first.
	Like []Likeness `json:"like,omitempty"`
	// SHA256 is the file's bytes' as judged (hex); Judged is when its
	// report was made (now, or by the grading that kept it).
	SHA256 string    `json:"sha256,omitempty"`
	Judged time.Time `json:"judged,omitzero"`
	// Commit, Committed and Late say which commit the file was read from
	// (-before): its hash and committer's time, and whether the student
	// committed again at or after the deadline.
	Commit    string    `json:"commit,omitempty"`
	Committed time.Time `json:"committed,omitzero"`
	Late      bool      `json:"late,omitempty"`

	Source []byte `json:"-"` // the file's bytes as judged (read once); nil when none was read

	Cases  []ScoredCase    `json:"-"` // each case of the exercise
	Report *judging.Report `json:"-"` // what was judged; nil when nothing was
	Reused bool            `json:"-"` // the report was kept from an earlier grading
	Stale  bool            `json:"-"` // kept from the last sheet: the file changed since and was not judged
	Note   string          `json:"-"` // what grading says beside the report (which file of several), also in Message
}

// A ScoredCase is one case of a graded row: what it got and what it is
// worth.
type ScoredCase struct {
	Name    string
	Verdict verdict.Verdict // "" when it did not run
	Points  int
	Message string
}

// Score fills row in from rep, the report on the student's file for the
// problem of cases cs: the verdict, the message (with note, the report's
// notes and what was scored without running), and each case's points.
// Every language has the same maximum: the cases past a language's
// headline (Python's 15 and 16) are scored as its largest case that runs,
// the same achievement in that language. The same method scores the same
// in every language: a search out of its relative time limit at the
// headline fails the relative cases (the last three run, in any language),
// and the cases past the headline, which stand for the other languages'
// cases under absolute limits (Go's 12 and 13), are scored as the largest
// such case run instead.
func (row *Row) Score(rep *judging.Report, cs []*cases.Case, note string) {
	row.Report, row.Note = rep, note
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
	headline := ""
	for _, c := range cs {
		if !slices.Contains(rep.Beyond, c.Name) {
			headline = c.Name
		}
	}
	standIn := headline
	if outOfRelativeTime(rep, results, headline) {
		for _, c := range cs {
			if r, ok := results[c.Name]; ok && r.Factor == 0 {
				standIn = c.Name
			}
		}
	}
	for _, c := range cs {
		sc := ScoredCase{Name: c.Name, Points: c.Points}
		name := c.Name
		if slices.Contains(rep.Beyond, c.Name) {
			name = standIn
		}
		if r, ok := results[name]; ok {
			sc.Verdict, sc.Message = r.Verdict, r.Message
			if r.Verdict == verdict.AC {
				row.Passed++
				row.Points += c.Points
			}
		} else if slices.Contains(rep.Skipped, name) {
			sc.Message = rep.SkipReason()
		} else {
			sc.Message = rep.Message // nothing ran: a compile error, an answer written in
		}
		row.Cases = append(row.Cases, sc)
	}
	if why := rep.SkipReason(); len(rep.Skipped) > 0 && why != "" {
		row.Message += fmt.Sprintf(" (%s %s)", strings.Join(rep.Skipped, ", "), why)
	}
	switch {
	case len(rep.Beyond) > 0 && standIn != headline:
		row.Message = strings.TrimSpace(row.Message + "\n" + msg.Sprintf("%s scored as %s, the largest case with an absolute limit run in %s: %s ran out of its relative time limit, and a method that does loses the cases with a relative limit and no more, the same points in every language", strings.Join(rep.Beyond, ", "), standIn, rep.Language, headline))
	case len(rep.Beyond) > 0 && headline != "":
		row.Message = strings.TrimSpace(row.Message + "\n" + msg.Sprintf("%s scored as %s, the largest case run in %s: past it the reference search needs more than about %.0f s there", strings.Join(rep.Beyond, ", "), headline, rep.Language, lang.HeadlineSearch.Seconds()))
	}
}

// outOfRelativeTime reports whether the case named headline failed on its
// relative time limit: out of time itself, or scored as failed without
// running after a smaller case with a relative limit ran out of time.
func outOfRelativeTime(rep *judging.Report, results map[string]*cases.Result, headline string) bool {
	if r, ok := results[headline]; ok {
		return r.Verdict == verdict.TLE && r.Factor > 0
	}
	return slices.Contains(rep.Skipped, headline) && rep.StoppedBy == verdict.TLE &&
		slices.ContainsFunc(rep.Cases, func(r *cases.Result) bool { return r.Verdict == verdict.TLE && r.Factor > 0 })
}

// ByStudent groups a sheet's rows: each student's row per problem folder,
// and the students in order.
func ByStudent(rows []Row) (students []string, sheet map[string]map[string]Row) {
	sheet = map[string]map[string]Row{}
	for _, r := range rows {
		if sheet[r.Student] == nil {
			sheet[r.Student] = map[string]Row{}
			students = append(students, r.Student)
		}
		sheet[r.Student][r.Problem] = r
	}
	slices.Sort(students)
	return students, sheet
}

// InOrder is one student's rows, by problem folder (as ByStudent gives
// them), in the order of ps.
func InOrder(mine map[string]Row, ps []*problem.Problem) []Row {
	var rows []Row
	for _, p := range ps {
		if r, ok := mine[p.Folder()]; ok {
			rows = append(rows, r)
		}
	}
	return rows
}
