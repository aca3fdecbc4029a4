package sheet

import (
	"bytes"
	"context"
	"html/template"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nqueens-kit/nqueens/judge/chart"
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

// screenshot renders an HTML file in headless Chromium and returns the
// image. The flags keep Chromium off the network and out of the user's
// profile.
func screenshot(t *testing.T, page string, width, height int) image.Image {
	dir := t.TempDir()
	shot := filepath.Join(dir, "shot.png")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
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

func TestClassPageInChromium(t *testing.T) {
	ms := func(v int) time.Duration { return time.Duration(v) * time.Millisecond }
	var svg bytes.Buffer
	require.NoError(t, chart.Write(&svg, chart.Labels{Title: "0052-n-queens-ii", Time: "CPU time"}, 10, 16, []chart.Series{
		{Name: "alice", Times: map[int]time.Duration{10: ms(3), 13: ms(50), 14: ms(200), 16: ms(7000)}},
		{Name: "bob <b>", Times: map[int]time.Duration{10: ms(9), 13: ms(400), 14: ms(2600)}},
		{Name: "reference (Go)", Colour: "#000000", Dashed: true, Times: map[int]time.Duration{14: ms(180), 16: ms(7400)}},
	}))
	page := classPage{
		Title:    "N-Queens: the class in class",
		Text:     newPageText("test", sandbox.TierFull),
		Problems: []string{"0052-n-queens-ii"},
		Verdicts: Verdicts,
		Students: []pageStudent{
			{ID: "student-1", Name: "alice", Cells: []pageCell{{verdict.AC, "ok", 18, 18, ""}}, Points: 18, Max: 18, Report: "alice: everything passed"},
			{ID: "student-2", Name: "bob <b>", Cells: []pageCell{{verdict.TLE, "slow", 14, 18, "n = 14: used more than the CPU time limit"}}, Points: 15, Max: 18, Report: "<script>alert(1)</script>"},
			{ID: "student-3", Name: "carol", Cells: []pageCell{{verdict.WA, "wrong", 0, 18, "n = 4: got 3"}}, Points: 0, Max: 18, Report: "WA"},
		},
		Counts: []pageCounts{{"0052-n-queens-ii", []int{1, 1, 1, 0, 0, 0, 0, 0, 0, 0}}},
		Charts: []template.HTML{template.HTML(svg.String())},
	}
	var b bytes.Buffer
	require.NoError(t, page.render(&b))
	html := b.String()
	assert.NotContains(t, html, "<script>", "a student's text is escaped")
	assert.NotContains(t, html, "<b>")
	assert.Contains(t, html, "bob &lt;b&gt;")

	file := filepath.Join(t.TempDir(), "class.html")
	require.NoError(t, os.WriteFile(file, b.Bytes(), 0o644))
	img := screenshot(t, file, 1000, 1600)

	// The sheet: a green, a yellow and a red cell, each a whole cell's
	// worth of pixels (about 140 × 20).
	ac, acTop := pixels(img, "#c6efce")
	tle, _ := pixels(img, "#ffeb9c")
	wa, _ := pixels(img, "#ffc7ce")
	assert.Greater(t, ac, 1000, "the AC cell")
	assert.Greater(t, tle, 1000, "the TLE cell")
	assert.Greater(t, wa, 1000, "the WA cell")
	// The chart below it: alice's line (the palette's first colour) and
	// bob's (its second).
	alice, aliceTop := pixels(img, "#1f77b4")
	bob, _ := pixels(img, "#d62728")
	assert.Greater(t, alice, 200, "alice's line and points")
	assert.Greater(t, bob, 100, "bob's line and points")
	assert.Greater(t, aliceTop, acTop, "the chart is below the sheet")
}
