// -grade -html: the class on one self-contained page (no script, no
// network), to read alone or to show a class: the sheet with each file and
// language, the verdicts' colours explained, how many passed each case,
// the points' distribution, charts of CPU time against n, and each
// student's report opened from their name.

package sheet

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"fmt"
	"html/template"
	"io"
	"math/big"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
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

var pageTemplate = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("page").Parse(pageHTML))
})

// classPage is what the page shows.
type classPage struct {
	Title      string
	Text       pageText
	Anonymous  bool
	Problems   []string
	Students   []pageStudent
	Legend     []pageVerdict // every verdict's colour, what it means and scores
	Counts     []pageCounts
	Passes     []pagePasses
	Histograms []pageHistogram
	Charts     []pageChart
	Copies     []pageCopy // the rows whose file looks copied
}

// pageCopy is a row whose file looks copied, and from whom.
type pageCopy struct {
	Student, Problem, Like string
}

// pageText is the page's prose, in the user's language.
type pageText struct {
	Intro, Sheet, Student, File, Language, Points, Legend, Verdict, Meaning, Scores string
	Verdicts, Problem, Passes, PassesNote, Histogram, HistogramNote, Students       string
	Charts, ChartNote, Reports, ReportsNote, Copies, CopiesNote, Like, Late         string
}

func newPageText(version string, graded time.Time, protection sandbox.Tier, anonymous bool) pageText {
	when := graded.Local().Format("2006-01-02 15:04")
	t := pageText{
		Intro:         msg.Sprintf("Graded by the N-Queens judge (%s) on %s, protection: %s. Point at a cell for its message; click a name for the student's report.", version, when, protection),
		Sheet:         msg.Sprintf("Grade sheet"),
		Student:       msg.Sprintf("student"),
		File:          msg.Sprintf("file"),
		Language:      msg.Sprintf("language"),
		Points:        msg.Sprintf("points"),
		Legend:        msg.Sprintf("What the colours mean"),
		Verdict:       msg.Sprintf("verdict"),
		Meaning:       msg.Sprintf("meaning"),
		Scores:        msg.Sprintf("scores"),
		Late:          msg.Sprintf("late"),
		Verdicts:      msg.Sprintf("Verdicts per problem"),
		Problem:       msg.Sprintf("problem"),
		Passes:        msg.Sprintf("How many passed each case"),
		PassesNote:    msg.Sprintf("A case is one n: where the count drops, the method stops being fast enough."),
		Histogram:     msg.Sprintf("Points"),
		HistogramNote: msg.Sprintf("How many students got each total of points, from 0 to the most there is."),
		Students:      msg.Sprintf("students"),
		Charts:        msg.Sprintf("CPU time against n"),
		ChartNote:     msg.Sprintf("One chart per group of verdicts, one thin line per student (point at it for the name), the calibrated reference of each language dashed: a line far above its reference at the largest n is a slower method."),
		Copies:        msg.Sprintf("Looks copied"),
		CopiesNote:    msg.Sprintf("Files whose code, its comments, layout and names aside, is mostly (80 %% or more) the same as one of the kit's own answers or another student's file of the same problem and language. A lead to look into, not a verdict: short code written the same way by two students can match too."),
		Like:          msg.Sprintf("looks like"),
		Reports:       msg.Sprintf("Each student's report"),
		ReportsNote:   msg.Sprintf("Click a name to open the report the student would see judging the file alone."),
	}
	if anonymous {
		t.Intro = msg.Sprintf("Graded by the N-Queens judge (%s) on %s, protection: %s. Students are numbered, in an order drawn for this page.", version, when, protection)
	}
	return t
}

type pageStudent struct {
	ID, Name    string
	Cells       []pageCell
	Points, Max int
	Report      string // the feedback file's text
}

type pageCell struct {
	Verdict        verdict.Verdict
	Class          string // the cell's colour: verdictClass
	Passed, Total  int
	Message        string
	File, Language string
	Late           bool // committed again after the deadline (-before)
}

type pageCounts struct {
	Problem string
	N       []int // one per classPage.Legend
}

// pageVerdict is a verdict's entry in the legend.
type pageVerdict struct {
	Verdict      verdict.Verdict
	Class        string
	Cell, Line   string // its colours: the sheet's cells, the charts' lines
	Name, Scores string
}

// pagePasses is one problem's count of students who passed each case.
type pagePasses struct {
	Problem string
	Of      int       // the students with a row for it
	Bars    []pageBar // a case each
}

// pageHistogram is how many students got each total of a problem's points.
type pageHistogram struct {
	Problem string
	Max     int
	Bars    []pageBar // a total each, from 0 to Max
}

// pageBar is one bar of a bar chart: a count of students, under its label.
type pageBar struct {
	Label  string
	Count  int
	Height int // in pixels
}

type pageChart struct {
	SVG template.HTML
}

// A verdict's colours: its cell on the sheet, light, and its line on the
// charts, dark. Each verdict has its own, and any two differ in lightness
// or saturation, not in hue alone (CIELAB: at least 10 apart in L* and
// chroma), so that a projector's washed-out picture, a grey print or a
// reader who does not see red from green still tells them apart.
var colours = map[verdict.Verdict]struct{ cell, line string }{
	verdict.AC:         {"#c0edc9", "#2e9e44"},
	verdict.WA:         {"#eb8999", "#d62728"},
	verdict.TLE:        {"#ffeb8a", "#e08a00"},
	verdict.MLE:        {"#7fcdd7", "#00838f"},
	verdict.OLE:        {"#c1cf63", "#7e7300"},
	verdict.RE:         {"#b398b7", "#791e92"},
	verdict.CE:         {"#d0c4c0", "#6d4c41"},
	verdict.HC:         {"#ff7bb6", "#c2185b"},
	verdict.NotWritten: {"#eeeeee", "#757575"},
	verdict.JudgeError: {"#c1daf0", "#305da6"},
}

// scores says what a verdict is worth on the sheet (Row.Score): the same
// words as docs/teachers.md's table.
func scores(v verdict.Verdict) string {
	switch v {
	case verdict.AC:
		return msg.Sprintf("every case's points")
	case verdict.CE, verdict.NotWritten:
		return msg.Sprintf("0: nothing ran")
	case verdict.HC:
		return msg.Sprintf("0 when the answer is in the source; else the points of the cases passed")
	case verdict.JudgeError:
		return msg.Sprintf("0, the judge's fault, not the student's: grade again")
	}
	return msg.Sprintf("the points of the cases passed")
}

// verdictClass is a verdict's class on the page: its colours.
func verdictClass(v verdict.Verdict) string { return "v-" + strings.ToLower(string(v)) }

// referenceColours tell the languages' references apart on the class chart.
var referenceColours = map[*lang.Language]string{
	lang.Go: "#000000", lang.Java: "#7b3f00", lang.CPP: "#5a3d99", lang.C: "#1f77b4", lang.Python: "#777777",
}

// chartGroups are the class charts of a problem, one per group of
// verdicts, so that forty lines are not drawn on one.
var chartGroups = []struct {
	verdicts []verdict.Verdict
	name     func() string
}{
	{[]verdict.Verdict{verdict.AC}, func() string { return msg.Sprintf("accepted") }},
	{[]verdict.Verdict{verdict.TLE, verdict.MLE, verdict.OLE}, func() string { return msg.Sprintf("out of time, memory or output") }},
	{[]verdict.Verdict{verdict.WA, verdict.RE, verdict.HC, verdict.JudgeError}, func() string { return msg.Sprintf("wrong, crashed or hard-coded") }},
}

// Class is a graded class, as its page shows it.
type Class struct {
	Name      string    // the class folder's name
	Version   string    // the judge's
	Graded    time.Time // when
	Tier      sandbox.Tier
	Problems  []*problem.Problem
	Rows      []grading.Row
	Anonymous bool // number the students instead of naming them
	// Cases are a problem's cases; Reference is the CPU time of its
	// calibrated reference in a language on a case with a relative limit.
	Cases     func(p *problem.Problem) ([]*cases.Case, error)
	Reference func(ctx context.Context, p *problem.Problem, l *lang.Language, c *cases.Case) (time.Duration, error)
}

// Anchor is the page's anchor of the student named name (#anchor opens
// their report): a hash of the name, so that a link to a student's report
// stays theirs when another student is added to the class.
func Anchor(name string) string {
	sum := sha256.Sum256([]byte(name))
	return "student-" + hex.EncodeToString(sum[:5])
}

// WritePage writes class's page to w.
func WritePage(ctx context.Context, w io.Writer, class Class) error {
	names, sheet := grading.ByStudent(class.Rows)
	label := func(name string) string { return name }
	if class.Anonymous {
		label = anonymous(names)
		slices.SortFunc(names, func(a, b string) int { return strings.Compare(label(a), label(b)) })
	}
	page := classPage{Title: msg.Sprintf("N-Queens: the class in %s", class.Name), Text: newPageText(class.Version, class.Graded, class.Tier, class.Anonymous), Anonymous: class.Anonymous}
	for _, p := range class.Problems {
		page.Problems = append(page.Problems, p.Folder())
	}
	for _, v := range Verdicts {
		page.Legend = append(page.Legend, pageVerdict{v, verdictClass(v), colours[v].cell, colours[v].line, v.Long(), scores(v)})
	}
	for _, name := range names {
		hide := hider(name, label(name), sheet[name], class.Anonymous)
		st := pageStudent{ID: Anchor(label(name)), Name: label(name)}
		var rows []grading.Row
		for _, p := range page.Problems {
			cell := pageCell{Verdict: "-", Class: "none"}
			if r, ok := sheet[name][p]; ok {
				r.Student, r.File, r.Message = label(name), hide(r.File), hide(r.Message)
				cell = pageCell{r.Verdict, verdictClass(r.Verdict), r.Passed, r.Total, OneLine(r.Message), r.File, r.Language, r.Late}
				st.Points, st.Max = st.Points+r.Points, st.Max+r.MaxPoints
				rows = append(rows, r)
				if len(r.Like) > 0 {
					page.Copies = append(page.Copies, pageCopy{label(name), p, Integrity(r.Like, label)})
				}
			}
			st.Cells = append(st.Cells, cell)
		}
		st.Report = hide(FeedbackText(label(name), class.Version, class.Graded, rows))
		page.Students = append(page.Students, st)
	}
	counts := Counts(class.Rows)
	for _, p := range page.Problems {
		pc := pageCounts{Problem: p}
		for _, v := range Verdicts {
			pc.N = append(pc.N, counts[p][v])
		}
		page.Counts = append(page.Counts, pc)
	}
	for _, p := range class.Problems {
		page.Passes = append(page.Passes, passes(p, class.Rows))
		page.Histograms = append(page.Histograms, histogram(p, class.Rows))
		for _, g := range chartGroups {
			svg, err := class.chart(ctx, p, g.verdicts, g.name(), label)
			if err != nil {
				return err
			}
			if svg != "" {
				page.Charts = append(page.Charts, pageChart{template.HTML(svg)}) // built by chart.Write, its text escaped
			}
		}
	}
	return page.render(w)
}

// render writes the page's HTML.
func (page classPage) render(w io.Writer) error { return pageTemplate().Execute(w, page) }

// anonymous numbers names in an order drawn for this page: not the
// alphabet's, nor one a student could work out from the names.
func anonymous(names []string) func(string) string {
	order := slices.Clone(names)
	for i := len(order) - 1; i > 0; i-- {
		j, err := rand.Int(rand.Reader, big.NewInt(int64(i+1)))
		if err != nil {
			panic(err) // crypto/rand does not fail on Linux, macOS or Windows
		}
		k := int(j.Int64())
		order[i], order[k] = order[k], order[i]
	}
	number := map[string]string{}
	width := len(fmt.Sprint(len(order)))
	for i, name := range order {
		number[name] = msg.Sprintf("student %0*d", width, i+1)
	}
	return func(name string) string { return number[name] }
}

// hider hides, on an anonymous page, what names a student in the texts of
// their rows: the name, and each file's path, which holds it (bob/52.go:
// solution.go, keeping the extension). A name the student wrote into their
// own code or output stays.
func hider(name, label string, rows map[string]grading.Row, anonymous bool) func(string) string {
	if !anonymous {
		return func(s string) string { return s }
	}
	var pairs []string
	for _, r := range rows {
		if r.File != "" {
			pairs = append(pairs, r.File, "solution"+path.Ext(r.File))
		}
	}
	files := strings.NewReplacer(pairs...)
	word := regexp.MustCompile(`(^|[^\p{L}\p{N}_])` + regexp.QuoteMeta(name) + `($|[^\p{L}\p{N}_])`)
	return func(s string) string {
		return word.ReplaceAllString(files.Replace(s), "${1}"+strings.ReplaceAll(label, "$", "$$")+"${2}")
	}
}

// passes counts, for each of p's cases, the students who passed it.
func passes(p *problem.Problem, rows []grading.Row) pagePasses {
	pp := pagePasses{Problem: p.Folder()}
	count := map[string]int{}
	var order []string
	for _, r := range rows {
		if r.Problem != p.Folder() {
			continue
		}
		pp.Of++
		for _, c := range r.Cases {
			if !slices.Contains(order, c.Name) {
				order = append(order, c.Name)
			}
			if c.Verdict == verdict.AC {
				count[c.Name]++
			}
		}
	}
	for _, name := range order {
		pp.Bars = append(pp.Bars, pageBar{Label: name, Count: count[name], Height: barLength(count[name], pp.Of, 60)})
	}
	return pp
}

// histogram counts p's students by their points, every total from 0 to
// the most there is.
func histogram(p *problem.Problem, rows []grading.Row) pageHistogram {
	h := pageHistogram{Problem: p.Folder()}
	count := map[int]int{}
	most := 0
	for _, r := range rows {
		if r.Problem == p.Folder() {
			count[r.Points]++
			h.Max = max(h.Max, r.MaxPoints)
			most = max(most, count[r.Points])
		}
	}
	for points := 0; points <= h.Max; points++ {
		h.Bars = append(h.Bars, pageBar{Label: strconv.Itoa(points), Count: count[points], Height: barLength(count[points], most, 60)})
	}
	return h
}

// barLength is the length of a bar of n out of most, the longest full.
func barLength(n, most, full int) int {
	if most == 0 {
		return 0
	}
	return n * full / most
}

// chart draws p's chart for the students whose verdict is one of vs: each
// one's CPU time at each n run, and the calibrated reference of each
// language among them at the cases whose limit it sets. "" when none of
// them ran a case.
func (class Class) chart(ctx context.Context, p *problem.Problem, vs []verdict.Verdict, group string, label func(string) string) (string, error) {
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
		if r.Problem != p.Folder() || r.Report == nil || len(r.Report.Cases) == 0 || !slices.Contains(vs, r.Verdict) {
			continue
		}
		s := chart.Series{Name: label(r.Student), Times: map[int]time.Duration{}, Legend: msg.Sprintf("students: %s", r.Verdict), Colour: colours[r.Verdict].line, Thin: true}
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
	students := len(all)
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
	labels := chart.Labels{Title: msg.Sprintf("%s, %s: CPU time of each case against n (%d students)", p.Folder(), group, students), Time: msg.Sprintf("CPU time (log scale)")}
	if err := chart.Write(&b, labels, from, to, all); err != nil {
		return "", err
	}
	return b.String(), nil
}
