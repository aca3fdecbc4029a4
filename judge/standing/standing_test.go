package standing

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nqueens-kit/nqueens/judge/cases"
	"github.com/nqueens-kit/nqueens/judge/judging"
	"github.com/nqueens-kit/nqueens/judge/problem"
	"github.com/nqueens-kit/nqueens/judge/verdict"
)

func TestRecordKeepsTheLastVerdictPerKitAndProblem(t *testing.T) {
	p, err := problem.Find("52")
	require.NoError(t, err)
	s := Store{Path: filepath.Join(t.TempDir(), "status.json")}
	mine, other := problem.Kit{Root: "/home/ana/kit"}, problem.Kit{Root: "/home/ana/other"}
	rep := &judging.Report{Verdict: verdict.TLE, File: "problems/0052-n-queens-ii/solution.go", Language: "Go",
		Cases: []*cases.Result{{Verdict: verdict.AC}, {Verdict: verdict.TLE}}, Skipped: []string{"n16"}}
	s.Record(mine, p, rep)

	e, ok := s.Load().Get(mine, p)
	require.True(t, ok)
	assert.Equal(t, verdict.TLE, e.Verdict)
	assert.Equal(t, 1, e.Passed)
	assert.Equal(t, 3, e.Total, "the cases not run count too")
	_, ok = s.Load().Get(other, p)
	assert.False(t, ok, "another kit's problem")

	require.NoError(t, os.WriteFile(s.Path, []byte("{damaged"), 0o600))
	assert.Empty(t, s.Load(), "a damaged file starts again")
	s.Record(mine, p, rep)
	_, ok = s.Load().Get(mine, p)
	assert.True(t, ok)
	assert.Empty(t, Store{}.Load(), "no cache: nothing kept")
}
