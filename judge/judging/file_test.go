package judging

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nqueens-kit/nqueens/internal/queens"
	"github.com/nqueens-kit/nqueens/judge/calibrate"
	"github.com/nqueens-kit/nqueens/judge/cases"
	"github.com/nqueens-kit/nqueens/judge/lang"
	"github.com/nqueens-kit/nqueens/judge/problem"
	"github.com/nqueens-kit/nqueens/judge/profile"
	"github.com/nqueens-kit/nqueens/judge/sandbox"
	"github.com/nqueens-kit/nqueens/judge/verdict"
)

func TestMarkCloseFlagsVerdictsNearTheLimit(t *testing.T) {
	tests := []struct {
		name  string
		res   cases.Result
		ratio float64
		want  bool
	}{
		{"AC well under", cases.Result{Verdict: verdict.AC, CPU: 500 * time.Millisecond, LimitMs: 1000}, 0, false},
		{"AC at 90 %", cases.Result{Verdict: verdict.AC, CPU: 900 * time.Millisecond, LimitMs: 1000}, 0, true},
		{"TLE, 10 % over by the last ratio", cases.Result{Verdict: verdict.TLE, CPU: 1000 * time.Millisecond, LimitMs: 1000, Factor: 4, RefMs: 250}, 4.4, true},
		{"TLE, twice over by the last ratio", cases.Result{Verdict: verdict.TLE, CPU: 1000 * time.Millisecond, LimitMs: 1000, Factor: 4, RefMs: 250}, 8, false},
		{"TLE with nothing to go by", cases.Result{Verdict: verdict.TLE, CPU: 1000 * time.Millisecond, LimitMs: 1000, Factor: 4, RefMs: 250}, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := tt.res
			markClose(&res, tt.ratio)
			assert.Equal(t, tt.want, res.Close)
		})
	}
}

// A TLE's "at that pace" never predicts a time under the limit without
// saying it is a close call ("n = 12 needs about 621 ms against a limit of
// 670 ms" under a TLE verdict contradicts it).
func TestAtThatPaceAgreesWithTheVerdict(t *testing.T) {
	prev := &cases.Result{Name: "n11", CPU: 100 * time.Millisecond}
	over, close := atThatPace(prev, 40*time.Millisecond, 12, 300*time.Millisecond, 670*time.Millisecond, 0)
	assert.Contains(t, over, "at that pace n = 12 needs about 750 ms against a limit of 670 ms")
	assert.NotContains(t, over, "close")
	assert.False(t, close)

	// A JVM's start-up is left out of the pace, and added to the need:
	// (100-30)/(40-30) = 7 times the search, 30 + 7×(300-30) ms.
	java, _ := atThatPace(prev, 40*time.Millisecond, 12, 300*time.Millisecond, 670*time.Millisecond, 30*time.Millisecond)
	assert.Contains(t, java, "took 100 ms, 7.0 times the reference search (40 ms); at that pace n = 12 needs about 1920 ms against a limit of 670 ms")

	under, close := atThatPace(prev, 40*time.Millisecond, 12, 248*time.Millisecond, 670*time.Millisecond, 0)
	assert.True(t, close)
	assert.Contains(t, under, "How far off: close.")
	assert.NotContains(t, under, "may pass", "no report promises another run")
	assert.Contains(t, under, "would need about 620 ms, under its limit of 670 ms, but this run used the whole limit")
	assert.NotContains(t, under, "needs about 620 ms against")
}

// A verdict close to its limit says what the counted work says of the
// search, never that another run may go the other way.
func TestCloseNoteSaysWhatTheCountsSay(t *testing.T) {
	refCalls, _ := queens.Calls(10)
	bitmask := counted{10, profile.Counts{Lines: map[int]int64{5: 2 * refCalls}}}
	columns := counted{10, profile.Counts{Lines: map[int]int64{5: 11 * refCalls}}}
	assert.Equal(t, "its counted work (2.0 per position at n = 10) is the bitmask method's: the time of each step decides", bitmask.closeNote(16))
	assert.Equal(t, "its counted work (11.0 per position at n = 10, over 3.5) is not the bitmask method's: n = 16 fails on it, whatever the time", columns.closeNote(16))
	assert.Empty(t, counted{}.closeNote(16), "nothing counted")
}

// A language with a checked build (C, C++) runs a small case on it again
// after the timed build answered, wrongly or not, or crashed; never a
// large case, a case out of time, or when the checked build failed.
func TestChecksRunTheSmallCasesAgain(t *testing.T) {
	timed, checked := sandbox.Program{Path: "timed"}, sandbox.Program{Path: "checked"}
	absolute := &cases.Case{Name: "n04"}
	relative := &cases.Case{Name: "n14", Limits: cases.Limits{Factor: 2.9}}
	both := programs{timed: timed, checked: checked}
	for _, v := range []verdict.Verdict{verdict.AC, verdict.WA, verdict.RE} {
		assert.True(t, both.checks(absolute, &cases.Result{Verdict: v}), v)
		assert.False(t, both.checks(relative, &cases.Result{Verdict: v}), v)
	}
	for _, v := range []verdict.Verdict{verdict.TLE, verdict.MLE, verdict.OLE, verdict.CE} {
		assert.False(t, both.checks(absolute, &cases.Result{Verdict: v}), v)
	}
	onlyTimed := programs{timed: timed}
	assert.False(t, onlyTimed.checks(absolute, &cases.Result{Verdict: verdict.WA}), "the checked build failed")
}

// The pace of a TLE comes from the last relative case passed, not from a
// failed case.
func TestLastPassedIsTheLastRelativeCasePassed(t *testing.T) {
	j := New(Config{Kit: problem.Kit{Root: filepath.Join("..", "..")}})
	p, err := problem.Find("52")
	require.NoError(t, err)
	r := calibrate.Ref{Problem: p, Lang: lang.CPP}
	done := []*cases.Result{
		{Name: "n13", Verdict: verdict.AC, CPU: 300 * time.Millisecond, Factor: 2.9, RefMs: 100},
		{Name: "n14", Verdict: verdict.AC, CPU: 900 * time.Millisecond, Factor: 2.9, RefMs: 400},
		{Name: "n15", Verdict: verdict.TLE, CPU: 2 * time.Second, Factor: 2.9, RefMs: 600},
	}
	got, ref, ok := j.lastPassed(t.Context(), r, done)
	require.True(t, ok)
	assert.Equal(t, "n14", got.Name)
	assert.Equal(t, 400*time.Millisecond, ref)

}

// A report names the language its file was read as, whatever the name it
// is shown by: a grading shows a long name cut short, without its
// extension, and the report once said Go for a Python file then.
func TestReportNamesTheLanguageItWasReadAs(t *testing.T) {
	p := problem.All[len(problem.All)-1]
	src, err := os.ReadFile(filepath.Join("..", "..", "problems", p.Folder(), "solution.py"))
	require.NoError(t, err)
	j := New(Config{Jail: sandbox.NewJail()})
	rep, err := j.Source(context.Background(), p, lang.Python, src, "a-very-long-student-name-cut-short…", Params{})
	require.NoError(t, err)
	assert.Equal(t, verdict.NotWritten, rep.Verdict)
	assert.Equal(t, "Python", rep.Language)
}
