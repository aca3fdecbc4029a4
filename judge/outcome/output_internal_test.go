package outcome

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/nqueens-kit/nqueens/judge/lang"
	"github.com/nqueens-kit/nqueens/judge/sandbox"
)

// The sanitizer's own lines at the end of the program's prints go; the
// student's stay, even when they look alike elsewhere.
func TestWithoutSanitizerLines(t *testing.T) {
	rule := sanitizerLines[0]
	got, n := withoutSanitizerLines("trying 4\nAddressSanitizer:DEADLYSIGNAL\n" + rule + "\n")
	assert.Equal(t, "trying 4\n", got)
	assert.Equal(t, 2, n)
	got, n = withoutSanitizerLines(rule + "\ntrying 4\n")
	assert.Equal(t, rule+"\ntrying 4\n", got)
	assert.Zero(t, n)
	got, n = withoutSanitizerLines("")
	assert.Empty(t, got)
	assert.Zero(t, n)
}

// Read takes out of the prints what is not the student's: a JVM's thread
// dump where the run was stopped (moved to the report), a sanitizer's
// first lines (dropped), and names the student's file as they do.
func TestReadSeparatesTheStudentsPrints(t *testing.T) {
	dump := "2026-12-03 23:10:00\nFull thread dump OpenJDK 64-Bit Server VM:\n\"main\" at Solution.totalNQueens(Solution.java:5)\n"
	stopped := &sandbox.Result{Output: []byte("row 1\n" + dump), Killed: sandbox.CPU, Lines: 4}
	out := Read(t.Context(), stopped, "Mine.java", true, nil)
	assert.Equal(t, "row 1\n", out.Prints)
	assert.Equal(t, dump, out.Crash)
	assert.Equal(t, int64(1), out.Printed)

	out = Read(t.Context(), stopped, "Mine.java", false, nil)
	assert.Equal(t, "row 1\n"+dump, out.Prints, "only a program that says where on stdout has its dump moved")

	sanitized := &sandbox.Result{
		Output: []byte("trying 4\nAddressSanitizer:DEADLYSIGNAL\n" + sanitizerLines[0] + "\n"),
		Crash:  []byte(lang.CrashMark + lang.SanitizerMark + "\nERROR: AddressSanitizer: SEGV\n"),
		Lines:  3,
	}
	out = Read(t.Context(), sanitized, "mine.c", false, nil)
	assert.Equal(t, "trying 4\n", out.Prints)
	assert.Equal(t, int64(1), out.Printed)
	assert.Equal(t, string(sanitized.Crash), out.Crash)
}

// A report with nothing to locate, or read with no Locator, is kept as it
// is; a sanitizer's report locate cannot read keeps its mark, with no line
// made up.
func TestLocateLeavesAReportItCannotRead(t *testing.T) {
	none := &lang.Locator{Binary: "/nonexistent"}
	assert.Equal(t, lang.CrashMark+lang.SanitizerMark+"\n", locate(t.Context(), none, lang.CrashMark+lang.SanitizerMark+"\nsomething else\n"))
	assert.Equal(t, "plain report\n", locate(t.Context(), none, "plain report\n"))
	report := lang.CrashMark + "abort\n" + lang.FramesMark + " 0x401000\n"
	assert.Equal(t, report, locate(t.Context(), nil, report))
}
