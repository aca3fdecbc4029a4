// -grade -html: the class on one self-contained page (no script, no
// network): the sheet, the verdicts per problem, a chart of CPU time
// against n per problem, and each student's report behind a click.

package sheet

import (
	"context"
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"strings"
	"time"

	"github.com/nqueens-kit/nqueens/internal/msg"
	"github.com/nqueens-kit/nqueens/judge/cases"
	"github.com/nqueens-kit/nqueens/judge/chart"
	"github.com/nqueens-kit/nqueens/judge/grading"
	"github.com/nqueens-kit/nqueens/judge/lang"
	"github.com/nqueens-kit/nqueens/judge/problem"
	"github.com/nqueens-kit/nqueens/judge/sandbox"
	"github.com/nqueens-kit/nqueens/judge/verdict"
)

//go:embed page.html
var pageHTML string

var pageTemplate = template.Must(template.New("page").Parse(pageHTML))

// classPage is what the page shows.
type classPage struct {
	Title    string
	Text     pageText
	Problems []string
	Students []pageStudent
	Verdicts []verdict.Verdict // the columns of the counts
	Counts   []pageCounts
	Charts   []template.HTML // an SVG image per problem
}

// pageText is the page's prose, in the user's language.
type pageText struct {
	Intro, Sheet, Student, Points, Verdicts, Problem, Charts, ChartNote, Reports string
}

func newPageText(version string, protection sandbox.Tier) pageText {
	return pageText{
		Intro:     msg.Sprintf("Graded by the N-Queens judge (%s), protection: %s. Point at a cell for its message; click a name for the student's report.", version, protection),
		Sheet:     msg.Sprintf("Grade sheet"),
		Student:   msg.Sprintf("student"),
		Points:    msg.Sprintf("points"),
		Verdicts:  msg.Sprintf("Verdicts per problem"),
		Problem:   msg.Sprintf("problem"),
		Charts:    msg.Sprintf("CPU time against n"),
		ChartNote: msg.Sprintf("One line per student, the calibrated reference of each language dashed: a line far above its reference at the largest n is a slower method."),
		Reports:   msg.Sprintf("Each student's report"),
	}
}

type pageStudent struct {
	ID, Name    string
	Cells       []pageCell
	Points, Max int
	Report      string // the feedback file's text
}

type pageCell struct {
	Verdict       verdict.Verdict
	Class         string // the cell's colour: ok, slow, wrong, none, err
	Passed, Total int
	Message       string
}

type pageCounts struct {
	Problem string
	N       []int // one per classPage.Verdicts
}

// verdictClass is a verdict's colour on the page: the terminal's colours.
func verdictClass(v verdict.Verdict) string {
	switch v {
	case verdict.AC:
		return "ok"
	case verdict.TLE, verdict.MLE, verdict.OLE:
		return "slow"
	case verdict.NotWritten:
		return "none"
	case verdict.JudgeError:
		return "err"
	}
	return "wrong"
}

// verdictColour is a student's line on the class chart: the colours of the
// sheet's cells, darker.
func verdictColour(v verdict.Verdict) string {
	switch verdictClass(v) {
	case "ok":
		return "#2e9e44"
	case "slow":
		return "#e08a00"
	}
	return "#d62728"
}

// referenceColours tell the languages' references apart on the class chart.
var referenceColours = map[*lang.Language]string{
	lang.Go: "#000000", lang.Java: "#7b3f00", lang.CPP: "#5a3d99", lang.C: "#1f77b4", lang.Python: "#777777",
}

// Class is a graded class, as its page shows it.
type Class struct {
	Name     string // the class folder, as the teacher named it
	Version  string // the judge's
	Tier     sandbox.Tier
	Problems []*problem.Problem
	Rows     []grading.Row
	// Cases are a problem's cases; Reference is the CPU time of its
	// calibrated reference in a language on a case with a relative limit.
	Cases     func(p *problem.Problem) ([]*cases.Case, error)
	Reference func(ctx context.Context, p *problem.Problem, l *lang.Language, c *cases.Case) (time.Duration, error)
}

// WritePage writes class's page to w.
func WritePage(ctx context.Context, w io.Writer, class Class) error {
	page := classPage{Title: msg.Sprintf("N-Queens: the class in %s", class.Name), Text: newPageText(class.Version, class.Tier), Verdicts: Verdicts}
	for _, p := range class.Problems {
		page.Problems = append(page.Problems, p.Folder())
	}
	names, sheet := grading.ByStudent(class.Rows)
	for i, name := range names {
		st := pageStudent{ID: fmt.Sprintf("student-%d", i+1), Name: name}
		for _, p := range page.Problems {
			cell := pageCell{Verdict: "-", Class: "none"}
			if r, ok := sheet[name][p]; ok {
				cell = pageCell{r.Verdict, verdictClass(r.Verdict), r.Passed, r.Total, OneLine(r.Message)}
				st.Points, st.Max = st.Points+r.Points, st.Max+r.MaxPoints
			}
			st.Cells = append(st.Cells, cell)
		}
		st.Report = FeedbackText(name, class.Version, grading.InOrder(sheet[name], class.Problems))
		page.Students = append(page.Students, st)
	}
	counts := Counts(class.Rows)
	for _, p := range page.Problems {
		pc := pageCounts{Problem: p}
		for _, v := range page.Verdicts {
			pc.N = append(pc.N, counts[p][v])
		}
		page.Counts = append(page.Counts, pc)
	}
	for _, p := range class.Problems {
		svg, err := class.chart(ctx, p)
		if err != nil {
			return err
		}
		if svg != "" {
			page.Charts = append(page.Charts, template.HTML(svg)) // built by chart.Write, its text escaped
		}
	}
	return page.render(w)
}

// render writes the page's HTML.
func (page classPage) render(w io.Writer) error { return pageTemplate.Execute(w, page) }

// chart draws p's chart: each student's CPU time at each n run, and the
// calibrated reference of each language in the class at the cases whose
// limit it sets. "" when nobody ran a case.
func (class Class) chart(ctx context.Context, p *problem.Problem) (string, error) {
	cs, err := class.Cases(p)
	if err != nil {
		return "", err
	}
	sizes := map[string]int{}
	for _, c := range cs {
		sizes[c.Name] = c.MaxInput()
	}
	from, to := 0, 0
	span := func(n int) {
		if from == 0 || n < from {
			from = n
		}
		to = max(to, n)
	}
	var all []chart.Series
	languages := map[*lang.Language]bool{}
	for _, r := range class.Rows {
		if r.Problem != p.Folder() || r.Report == nil || len(r.Report.Cases) == 0 {
			continue
		}
		s := chart.Series{Name: r.Student, Times: map[int]time.Duration{}, Legend: msg.Sprintf("students: %s", r.Verdict), Colour: verdictColour(r.Verdict)}
		for _, c := range r.Report.Cases {
			n := sizes[c.Name]
			// A log scale has no 0: a run too short to measure is drawn at 1 ms.
			s.Times[n] = max(s.Times[n], c.CPU, time.Millisecond)
			span(n)
		}
		all = append(all, s)
		if l, ok := lang.ForFile(r.Report.File); ok {
			languages[l] = true
		}
	}
	if len(all) == 0 {
		return "", nil
	}
	for _, l := range lang.All {
		if !languages[l] {
			continue
		}
		s := chart.Series{Name: msg.Sprintf("reference (%s)", l.Name), Times: map[int]time.Duration{}, Colour: referenceColours[l], Dashed: true}
		run, _ := cases.ForLanguage(p, l, cs)
		for _, c := range run {
			if c.Relative() {
				d, err := class.Reference(ctx, p, l, c)
				if err != nil {
					return "", err
				}
				s.Times[c.MaxInput()] = d
				span(c.MaxInput())
			}
		}
		if len(s.Times) > 0 {
			all = append(all, s)
		}
	}
	// The methods part where the search grows: the largest seven n.
	from = max(from, to-6)
	var b strings.Builder
	labels := chart.Labels{Title: msg.Sprintf("%s: CPU time of each case against n", p.Folder()), Time: msg.Sprintf("CPU time (log scale)")}
	if err := chart.Write(&b, labels, from, to, all); err != nil {
		return "", err
	}
	return b.String(), nil
}
