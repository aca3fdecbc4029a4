package grading

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nqueens-kit/nqueens/judge/cases"
	"github.com/nqueens-kit/nqueens/judge/judging"
	"github.com/nqueens-kit/nqueens/judge/problem"
	"github.com/nqueens-kit/nqueens/judge/verdict"
)

func TestScoreCountsPointsOfTheCasesPassed(t *testing.T) {
	cs := []*cases.Case{{Name: "n04", Points: 1}, {Name: "n14", Points: 2}, {Name: "n15", Points: 3}, {Name: "n16", Points: 4}}
	rep := &judging.Report{
		Verdict: verdict.TLE, Message: "n = 15: too slow", Language: "Go",
		Cases: []*cases.Result{
			{Name: "n04", Verdict: verdict.AC, CPUms: 5},
			{Name: "n14", Verdict: verdict.AC, CPUms: 100},
			{Name: "n15", Verdict: verdict.TLE, CPUms: 600},
		},
		Skipped:   []string{"n16"},
		StoppedBy: verdict.TLE,
	}
	var row Row
	row.Score(rep, cs, "")
	assert.Equal(t, verdict.TLE, row.Verdict)
	assert.Equal(t, 2, row.Passed)
	assert.Equal(t, 3, row.Points)
	assert.Equal(t, int64(705), row.CPUms)
	assert.Contains(t, row.Message, "n16 scored as failed without running: a smaller case already ran out of time")
	if assert.Len(t, row.Cases, 4) {
		assert.Equal(t, verdict.Verdict(""), row.Cases[3].Verdict, "n16 did not run")
	}

	rep.Verdict, rep.StoppedBy = verdict.MLE, verdict.MLE
	rep.Cases[2].Verdict = verdict.MLE
	row = Row{}
	row.Score(rep, cs, "")
	assert.Contains(t, row.Message, "n16 scored as failed without running: a smaller case already ran out of memory")
	assert.Equal(t, "scored as failed without running: a smaller case already ran out of memory", row.Cases[3].Message)
}

// A language judged only up to its headline (Python: 14) scores the cases
// beyond it as its largest case run: the same maximum in every language.
func TestScoreCountsCasesBeyondTheHeadlineAsTheHeadline(t *testing.T) {
	cs := []*cases.Case{{Name: "n14", Points: 1}, {Name: "n15", Points: 1}, {Name: "n16", Points: 1}}
	rep := &judging.Report{Verdict: verdict.AC, Language: "Python",
		Cases:  []*cases.Result{{Name: "n14", Verdict: verdict.AC}},
		Beyond: []string{"n15", "n16"},
	}
	var row Row
	row.Score(rep, cs, "graded the last saved")
	assert.Equal(t, 3, row.Points)
	assert.Equal(t, 3, row.Passed)
	assert.Contains(t, row.Message, "graded the last saved")
	assert.Contains(t, row.Message, "n15, n16 scored as n14, the largest case run in Python")
}

// The same method scores the same in every language: boolean lists in
// Python, out of time from n12 (its first relative case), lose the three
// relative cases, as boolean arrays in Go lose n14 to n16, and no more:
// the cases past Python's headline are scored as its largest case with an
// absolute limit (n11), not as n14, which ran out of time.
func TestScoreGivesAMethodTooSlowTheSamePointsInEveryLanguage(t *testing.T) {
	var cs []*cases.Case
	for n := 10; n <= 16; n++ {
		cs = append(cs, &cases.Case{Name: fmt.Sprintf("n%d", n), Points: 1})
	}
	python := &judging.Report{Verdict: verdict.TLE, Language: "Python", Beyond: []string{"n15", "n16"}}
	for n := 10; n <= 14; n++ {
		r := &cases.Result{Name: fmt.Sprintf("n%d", n), Verdict: verdict.AC}
		if n >= 12 {
			r.Verdict, r.Factor = verdict.TLE, 2.9
		}
		python.Cases = append(python.Cases, r)
	}
	goRep := &judging.Report{Verdict: verdict.TLE, Language: "Go"}
	for n := 10; n <= 16; n++ {
		r := &cases.Result{Name: fmt.Sprintf("n%d", n), Verdict: verdict.AC}
		if n >= 14 {
			r.Verdict, r.Factor = verdict.TLE, 2.9
		}
		goRep.Cases = append(goRep.Cases, r)
	}
	var inPython, inGo Row
	inPython.Score(python, cs, "")
	assert.Equal(t, 4, inPython.Points)
	// As the judge reports it: n13 and n14 not run after n12 ran out of
	// time.
	python.Cases, python.Skipped, python.StoppedBy = python.Cases[:3], []string{"n13", "n14"}, verdict.TLE
	inPython = Row{}
	inPython.Score(python, cs, "")
	inGo.Score(goRep, cs, "")
	assert.Equal(t, 4, inGo.Points)
	assert.Equal(t, inGo.Points, inPython.Points)
	assert.Equal(t, verdict.AC, inPython.Cases[6].Verdict, "n16 scored as n11")
	assert.Contains(t, inPython.Message, "n15, n16 scored as n11, the largest case with an absolute limit run in Python: n14 ran out of its relative time limit")

	// Wrong from n12, the cases past the headline are wrong as n14 is.
	python.Skipped, python.StoppedBy = nil, ""
	for n := 12; n <= 14; n++ {
		python.Cases = append(python.Cases[:n-10], &cases.Result{Name: fmt.Sprintf("n%d", n), Verdict: verdict.WA})
	}
	inPython = Row{}
	inPython.Score(python, cs, "")
	assert.Equal(t, 2, inPython.Points)
	assert.Contains(t, inPython.Message, "n15, n16 scored as n14, the largest case run in Python")
}

func TestByStudentSortsStudentsAndKeysRowsByProblem(t *testing.T) {
	students, sheet := ByStudent([]Row{{Student: "zoe", Problem: "0052"}, {Student: "ann", Problem: "0051"}, {Student: "zoe", Problem: "0051"}})
	assert.Equal(t, []string{"ann", "zoe"}, students)
	assert.Len(t, sheet["zoe"], 2)
}

// A file the judge could not get by its own failure (-before's history
// unread for a reason of the judge's) is an ERR row: never the student's
// NONE and 0.
func TestAFileTheJudgeFailedToGetIsERR(t *testing.T) {
	p, err := problem.Find("52")
	require.NoError(t, err)
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	g := &Grader{Judge: judging.New(judging.Config{Kit: problem.Kit{Root: root}})}
	row, err := g.One(context.Background(), Submission{Student: "ana", Problem: p, Failed: "the worker could not start"})
	require.NoError(t, err)
	assert.Equal(t, verdict.JudgeError, row.Verdict)
	assert.Equal(t, "the worker could not start", row.Message)
}
