package judging

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nqueens-kit/nqueens/judge/calibrate"
	"github.com/nqueens-kit/nqueens/judge/cases"
	"github.com/nqueens-kit/nqueens/judge/lang"
	"github.com/nqueens-kit/nqueens/judge/problem"
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
	over := atThatPace(prev, 40*time.Millisecond, 12, 300*time.Millisecond, 670*time.Millisecond)
	assert.Contains(t, over, "at that pace n = 12 needs about 750 ms against a limit of 670 ms")
	assert.NotContains(t, over, "close")

	under := atThatPace(prev, 40*time.Millisecond, 12, 248*time.Millisecond, 670*time.Millisecond)
	assert.Contains(t, under, "How far off: close.")
	assert.Contains(t, under, "would need about 620 ms, under its limit of 670 ms, but this run used the whole limit")
	assert.NotContains(t, under, "needs about 620 ms against")
}

// A language with a checked build (C++) runs its absolute cases on it and
// its relative ones on the timed build; a checked build that failed (none)
// leaves every case to the timed one, and a file built only checked (no
// relative case to run) runs every case on it.
func TestForCasePicksTheCheckedBuildForAbsoluteCases(t *testing.T) {
	timed, checked := sandbox.Program{Path: "timed"}, sandbox.Program{Path: "checked"}
	absolute := &cases.Case{Name: "n04"}
	relative := &cases.Case{Name: "n14", Limits: cases.Limits{Factor: 2.9}}
	both := programs{timed: timed, checked: checked}
	assert.Equal(t, "checked", both.forCase(absolute).Path)
	assert.Equal(t, "timed", both.forCase(relative).Path)
	onlyTimed := programs{timed: timed}
	assert.Equal(t, "timed", onlyTimed.forCase(absolute).Path, "the checked build failed")
	onlyChecked := programs{checked: checked}
	assert.Equal(t, "checked", onlyChecked.forCase(relative).Path, "no timed build: no relative case ran")
}

// The pace of a TLE comes from the last relative case passed: not from a
// failed case, and not from a case a checked build ran (slower than the
// timed one).
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
	got, ref, ok := j.lastPassed(r, done)
	require.True(t, ok)
	assert.Equal(t, "n14", got.Name)
	assert.Equal(t, 400*time.Millisecond, ref)

	_, _, ok = j.lastPassed(r, []*cases.Result{{Name: "n08", Verdict: verdict.AC, CPU: 5 * time.Millisecond}})
	assert.False(t, ok, "C++ ran n08 on its checked build: no pace to go by")
}
