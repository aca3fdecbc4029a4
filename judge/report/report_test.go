package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/nqueens-kit/nqueens/internal/msg"
	"github.com/nqueens-kit/nqueens/judge/cases"
	"github.com/nqueens-kit/nqueens/judge/format"
	"github.com/nqueens-kit/nqueens/judge/verdict"
)

// TestCaseLinesLineUpInEveryLanguage prints a case with an absolute limit,
// one with a relative limit (its reference in brackets, full-width in
// Chinese) and one decided without a run: their memory columns end in the
// same column of the terminal, in English and in Chinese.
func TestCaseLinesLineUpInEveryLanguage(t *testing.T) {
	rows := []*cases.Result{
		{Name: "n13", Verdict: verdict.AC, CPUms: 387, LimitMs: 2000, MaxRSSKB: 2458},
		{Name: "n14", Verdict: verdict.TLE, CPUms: 542, LimitMs: 520, Factor: 2.9, RefMs: 181, MaxRSSKB: 2458},
		{Name: "n16", Verdict: verdict.TLE, LimitMs: 21400, Factor: 2.9, RefMs: 7380, NotRun: true},
	}
	defer msg.Use(msg.Current())
	for _, lang := range []msg.Lang{msg.English, msg.Chinese} {
		msg.Use(lang)
		var out bytes.Buffer
		p := Printer{W: &out}
		var widths []int
		for _, r := range rows {
			out.Reset()
			p.Case(r)
			line, _, _ := strings.Cut(out.String(), "\n")
			widths = append(widths, format.Columns(line))
		}
		assert.Equal(t, []int{widths[0], widths[0], widths[0]}, widths, "language %v: every case line ends in one column", lang)
	}
}
