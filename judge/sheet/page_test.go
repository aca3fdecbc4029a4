package sheet

import (
	"bytes"
	"context"
	"fmt"
	"html/template"
	"image"
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nqueens-kit/nqueens/internal/queenstest"
	"github.com/nqueens-kit/nqueens/judge/cases"
	"github.com/nqueens-kit/nqueens/judge/grading"
	"github.com/nqueens-kit/nqueens/judge/judging"
	"github.com/nqueens-kit/nqueens/judge/lang"
	"github.com/nqueens-kit/nqueens/judge/problem"
	"github.com/nqueens-kit/nqueens/judge/sandbox"
	"github.com/nqueens-kit/nqueens/judge/verdict"
)

// chromium is Debian's headless Chromium, which .ci/run installs; the test
// skips without it (a machine with only Go).
func chromium(t *testing.T) string {
	path, err := exec.LookPath("chromium")
	if err != nil {
		t.Skip("no chromium on PATH (apt-get install chromium): the class page is checked in a real browser in CI")
	}
	return path
}

// browserContext bounds a Chromium run by the test's own deadline (go
// test's -timeout), less a margin to report it, not by a fixed wall time:
// on a crowded machine (go test -p 64 on 2 cores) a page took over two
// minutes to draw with nothing wrong. Without a deadline Chromium is only
// stopped with the test.
func browserContext(t *testing.T) (context.Context, context.CancelFunc) {
	deadline, ok := t.Deadline()
	if !ok {
		return context.WithCancel(context.Background())
	}
	return context.WithDeadline(context.Background(), deadline.Add(-30*time.Second))
}

// screenshot renders an HTML file in headless Chromium and returns the
// image. The flags keep Chromium off the network and out of the user's
// profile.
func screenshot(t *testing.T, page string, width, height int) image.Image {
	dir := t.TempDir()
	shot := filepath.Join(dir, "shot.png")
	ctx, cancel := browserContext(t)
	defer cancel()
	cmd := exec.CommandContext(ctx, chromium(t), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
		"--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--force-color-profile=srgb", "--hide-scrollbars", "--user-data-dir="+filepath.Join(dir, "profile"),
		"--window-size="+strconv.Itoa(width)+","+strconv.Itoa(height), "--screenshot="+shot, "file://"+page)
	cmd.Env = append(os.Environ(), "HOME="+dir)
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "chromium: %s", out)
	f, err := os.Open(shot)
	require.NoError(t, err, "chromium wrote no screenshot: %s", out)
	defer f.Close()
	img, err := png.Decode(f)
	require.NoError(t, err)
	return img
}

// pixels finds where an image has a colour: how many pixels, and the
// topmost row.
func pixels(img image.Image, hex string) (count, top int) {
	rgb, err := strconv.ParseUint(strings.TrimPrefix(hex, "#"), 16, 32)
	if err != nil {
		panic(err)
	}
	r, g, b := uint8(rgb>>16), uint8(rgb>>8), uint8(rgb)
	top = -1
	bounds := img.Bounds()
	for y := bounds.Min.Y; y < bounds.Max.Y; y++ {
		for x := bounds.Min.X; x < bounds.Max.X; x++ {
			pr, pg, pb, _ := img.At(x, y).RGBA()
			if uint8(pr>>8) == r && uint8(pg>>8) == g && uint8(pb>>8) == b {
				count++
				if top < 0 {
					top = y
				}
			}
		}
	}
	return count, top
}

// testClass is a class of 40 for the page: most accepted in Go, some too
// slow, a few wrong or missing, in several languages, with a Chinese name
// and a name that is HTML.
func testClass() Class {
	p := problem.All[1] // 0052-n-queens-ii
	cs := []*cases.Case{
		{Name: "n04", Inputs: []int{4}, Points: 2},
		{Name: "n08", Inputs: []int{8}, Points: 1},
		{Name: "n13", Inputs: []int{13}, Points: 1, Limits: cases.Limits{Factor: 6}},
	}
	ms := func(v int) time.Duration { return time.Duration(v) * time.Millisecond }
	row := func(student, file, language string, v verdict.Verdict, passed int, cpu13 int) grading.Row {
		r := grading.Row{Student: student, Problem: p.Folder(), File: file, Language: language, Verdict: v, Total: 3, MaxPoints: 4, Protection: "full"}
		rep := &judging.Report{Problem: p.Folder(), File: file, Verdict: v, Language: language}
		for i, c := range cs {
			cv := verdict.AC
			if i >= passed {
				cv = v
			}
			cpu := ms(2 + i)
			if c.Name == "n13" {
				cpu = ms(cpu13)
			}
			rep.Cases = append(rep.Cases, &cases.Result{Name: c.Name, Verdict: cv, CPU: cpu, CPUms: int64(cpu / time.Millisecond), Message: "at " + file})
			r.Cases = append(r.Cases, grading.ScoredCase{Name: c.Name, Verdict: cv, Points: c.Points})
			if cv == verdict.AC {
				r.Passed++
				r.Points += c.Points
			}
		}
		if v != verdict.AC {
			rep.Message = "n = 13: " + file + " used more than the limit"
		}
		r.Message, r.Report = rep.Message, rep
		return r
	}
	var rows []grading.Row
	for i := range 30 {
		rows = append(rows, row(fmt.Sprintf("student%02d", i), fmt.Sprintf("student%02d/52.go", i), "Go", verdict.AC, 3, 40+i))
	}
	for i := range 6 {
		rows = append(rows, row(fmt.Sprintf("slow%d", i), fmt.Sprintf("slow%d/52.py", i), "Python", verdict.TLE, 2, 900))
	}
	rows = append(rows,
		row("王小明", "王小明/52.c", "C", verdict.WA, 1, 30),
		row("bob <b>", "bob <b>.java", "Java", verdict.RE, 0, 5),
		row("hog", "hog/52.cpp", "C++", verdict.MLE, 1, 5),
		grading.Row{Student: "zed", Problem: p.Folder(), Verdict: verdict.NotWritten, Total: 3, MaxPoints: 4, Message: "no solution file"},
	)
	return Class{
		Name: "class-7b", Version: "test", Tier: sandbox.TierFull, Problems: []*problem.Problem{p}, Rows: rows,
		Cases: func(*problem.Problem) ([]*cases.Case, error) { return cs, nil },
		Reference: func(context.Context, *problem.Problem, *lang.Language, *cases.Case) (time.Duration, error) {
			return ms(35), nil
		},
	}
}

func TestEveryVerdictHasColoursOfItsOwn(t *testing.T) {
	cells, lines := map[string]verdict.Verdict{}, map[string]verdict.Verdict{}
	for _, v := range Verdicts {
		c, ok := colours[v]
		require.True(t, ok, "%s has colours", v)
		assert.NotContains(t, cells, c.cell, "%s's cell colour is %s's", v, cells[c.cell])
		assert.NotContains(t, lines, c.line, "%s's line colour is %s's", v, lines[c.line])
		cells[c.cell], lines[c.line] = v, v
	}
}

func TestClassPageSummarisesTheClass(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, WritePage(context.Background(), &b, testClass()))
	html := b.String()
	assert.Contains(t, html, "<title>N-Queens: the class in class-7b</title>", "the folder's name, not its path")
	assert.NotContains(t, html, "<b>", "a student's text is escaped")
	assert.Contains(t, html, "bob &lt;b&gt;")
	assert.Contains(t, html, `<td class="small">Python</td><td class="small">slow0/52.py</td>`, "language and file columns")
	assert.Contains(t, html, "王小明")
	assert.Contains(t, html, `"Noto Sans CJK SC"`, "the page names CJK fonts")
	// How many passed each case: n04 all but the RE and the missing, n13
	// only the 30 accepted.
	assert.Regexp(t, `<tr><td>38</td><td>\d+</td><td>30</td></tr>`, html)
	// The points: 30 with 4, 6 with 3 (n13 failed), 2 with 2 (n04 only), 2 with 0.
	assert.Contains(t, html, `<tr><td>2</td><td>0</td><td>2</td><td>6</td><td>30</td></tr>`+"\n"+`<tr><td class="small">0</td><td class="small">1</td><td class="small">2</td><td class="small">3</td><td class="small">4</td></tr>`)
	// A chart per group of verdicts, each naming how many it draws.
	assert.Contains(t, html, "0052-n-queens-ii, accepted: CPU time of each case against n (30 students)")
	assert.Contains(t, html, "0052-n-queens-ii, out of time, memory or output: CPU time of each case against n (7 students)")
	assert.Contains(t, html, "0052-n-queens-ii, wrong, crashed or hard-coded: CPU time of each case against n (2 students)")
	assert.Contains(t, html, `<td>MLE</td><td>Memory Limit Exceeded</td>`, "the legend explains each colour")
}

func TestAnonymousClassPageNamesNoStudent(t *testing.T) {
	class := testClass()
	class.Anonymous = true
	var b bytes.Buffer
	require.NoError(t, WritePage(context.Background(), &b, class))
	html := b.String()
	for _, r := range class.Rows {
		assert.NotContains(t, html, template.HTMLEscapeString(r.Student), "no name")
		if r.File != "" {
			assert.NotContains(t, html, template.HTMLEscapeString(r.File), "no file path")
		}
	}
	assert.Contains(t, html, ">student 01</a>")
	assert.Contains(t, html, ">student 40</a>")
	assert.Contains(t, html, "at solution.py", "a report's paths are the file's kind only")
	assert.Equal(t, 40, strings.Count(html, `<div class="report" id="student-`))
}

// TestClassPageInChromium draws a class of 40 in Chromium: the sheet's
// cells in their verdicts' colours, the charts below, every report closed;
// then the page opened at one student's name (the link the name is): that
// report open. Both as named and anonymous. Exhaustive: Chromium takes
// seconds of CPU per picture; the page's text is checked in the quick
// suite (TestClassPageSummarisesTheClass, TestAnonymousClassPageNamesNoStudent
// and the grade script).
func TestClassPageInChromium(t *testing.T) {
	queenstest.SkipUnlessLong(t)
	chromium(t)
	for _, anonymous := range []bool{false, true} {
		class := testClass()
		class.Anonymous = anonymous
		var b bytes.Buffer
		require.NoError(t, WritePage(context.Background(), &b, class))
		file := filepath.Join(t.TempDir(), "class.html")
		require.NoError(t, os.WriteFile(file, b.Bytes(), 0o644))

		// A window taller than the page: nothing scrolls, the whole page
		// is in the picture.
		const width, height = 1000, 6000
		img := screenshot(t, file, width, height)
		ac, acTop := pixels(img, colours[verdict.AC].cell)
		assert.Greater(t, ac, 10000, "the AC cells")
		for _, v := range []verdict.Verdict{verdict.TLE, verdict.WA, verdict.RE, verdict.MLE} {
			n, _ := pixels(img, colours[v].cell)
			assert.Greater(t, n, 1000, "the %s cells", v)
		}
		marked, _ := pixels(img, "#fff3bf")
		assert.Zero(t, marked, "no report is open")
		text, _ := pixels(img, reportBackground)
		assert.Less(t, text, 1000, "no report's text is shown")
		// The charts below the sheet: the accepted students' thin green
		// lines.
		lines, linesTop := pixels(img, colours[verdict.AC].line)
		assert.Greater(t, lines, 500, "the accepted students' lines")
		assert.Greater(t, linesTop, acTop, "the charts are below the sheet")

		// A name is a link to its report: opened at it, the report shows.
		student := slices.IndexFunc(class.Rows, func(r grading.Row) bool { return r.Verdict == verdict.MLE })
		id := Anchor("student 01")
		if !anonymous {
			id = Anchor(class.Rows[student].Student)
		}
		assert.Contains(t, b.String(), `<a href="#`+id+`">`)
		img = screenshot(t, file+"#"+id, width, height)
		marked, _ = pixels(img, "#fff3bf")
		text, _ = pixels(img, reportBackground)
		assert.Greater(t, marked, 1000, "the report's heading, marked")
		assert.Greater(t, text, 10000, "the report's text, shown")
	}
}

// Any two verdicts' colours differ in lightness or saturation, not in hue
// alone: at least 10 apart in CIELAB's L* and chroma, for the cells and
// for the chart lines (WA's and HC's pinks, TLE's and OLE's yellows, CE's
// and NONE's greys were 1 to 5 apart).
func TestVerdictColoursDifferByMoreThanHue(t *testing.T) {
	var vs []verdict.Verdict
	for v := range colours {
		vs = append(vs, v)
	}
	slices.Sort(vs)
	for i, a := range vs {
		for _, b := range vs[i+1:] {
			for _, pair := range [][2]string{{colours[a].cell, colours[b].cell}, {colours[a].line, colours[b].line}} {
				l1, c1 := lightnessAndChroma(t, pair[0])
				l2, c2 := lightnessAndChroma(t, pair[1])
				assert.GreaterOrEqual(t, math.Hypot(l1-l2, c1-c2), 10.0, "%s %s and %s %s", a, pair[0], b, pair[1])
			}
		}
	}
}

// lightnessAndChroma is an sRGB colour's CIELAB L* and chroma (D65).
func lightnessAndChroma(t *testing.T, hex string) (lightness, chroma float64) {
	rgb, err := strconv.ParseUint(strings.TrimPrefix(hex, "#"), 16, 32)
	require.NoError(t, err)
	linear := func(c uint64) float64 {
		v := float64(c&0xff) / 255
		if v <= 0.04045 {
			return v / 12.92
		}
		return math.Pow((v+0.055)/1.055, 2.4)
	}
	r, g, b := linear(rgb>>16), linear(rgb>>8), linear(rgb)
	x := (0.4124*r + 0.3576*g + 0.1805*b) / 0.95047
	y := 0.2126*r + 0.7152*g + 0.0722*b
	z := (0.0193*r + 0.1192*g + 0.9505*b) / 1.08883
	f := func(v float64) float64 {
		if v > 0.008856 {
			return math.Cbrt(v)
		}
		return 7.787*v + 16.0/116
	}
	return 116*f(y) - 16, math.Hypot(500*(f(x)-f(y)), 200*(f(y)-f(z)))
}

// measureScript, appended to a copy of the page, measures the class
// charts as Chromium lays them out: the smallest text's size (the bar
// charts' labels, the line charts' as drawn at the chart's scale) and the
// thinnest line's width, in the window's pixels, written on the body.
const measureScript = `<script>
let text = Infinity, line = Infinity;
for (const td of document.querySelectorAll(".bars td")) {
	text = Math.min(text, parseFloat(getComputedStyle(td).fontSize));
}
for (const svg of document.querySelectorAll("svg")) {
	const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
	for (const t of svg.querySelectorAll("text")) {
		text = Math.min(text, parseFloat(getComputedStyle(t).fontSize) * scale);
	}
	for (const p of svg.querySelectorAll("polyline")) {
		line = Math.min(line, parseFloat(getComputedStyle(p).strokeWidth) * scale);
	}
}
document.body.setAttribute("data-text", text.toFixed(1));
document.body.setAttribute("data-line", line.toFixed(2));
</script>`

// The class charts read on a projector: in a window 1024 pixels wide, as
// a projector shows the page, every label of a chart is at least 16
// pixels, the page's own text size, and every line at least 2 pixels wide
// (the axes' labels were 13 pixels before, the bars' 13.6, the students'
// lines 1.5). Exhaustive, as every page Chromium draws (3 s).
func TestClassChartsReadOnAProjector(t *testing.T) {
	path := chromium(t)
	queenstest.SkipUnlessLong(t)
	var b bytes.Buffer
	require.NoError(t, WritePage(context.Background(), &b, testClass()))
	dir := t.TempDir()
	file := filepath.Join(dir, "class.html")
	page := strings.Replace(b.String(), "</body>", measureScript+"</body>", 1)
	require.NoError(t, os.WriteFile(file, []byte(page), 0o644))
	ctx, cancel := browserContext(t)
	defer cancel()
	cmd := exec.CommandContext(ctx, path, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
		"--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir="+filepath.Join(dir, "profile"), "--window-size=1024,768", "--dump-dom", "file://"+file)
	cmd.Env = append(os.Environ(), "HOME="+dir)
	out, err := cmd.Output()
	require.NoError(t, err)
	m := regexp.MustCompile(`<body[^>]* data-text="([\d.]+)" data-line="([\d.]+)"`).FindStringSubmatch(string(out))
	require.NotNil(t, m, "the measures on the body: %.300s", out)
	text, err := strconv.ParseFloat(m[1], 64)
	require.NoError(t, err)
	line, err := strconv.ParseFloat(m[2], 64)
	require.NoError(t, err)
	assert.GreaterOrEqual(t, text, 16.0, "the smallest label's size in pixels")
	assert.GreaterOrEqual(t, line, 2.0, "the thinnest line's width in pixels")
}

// reportBackground is the background of a report's text on the page
// (page.html's pre): a faint blue, which no grey line or text blended
// into white becomes.
const reportBackground = "#f6f8fb"
