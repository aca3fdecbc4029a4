package class

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nqueens-kit/nqueens/judge/judging"
	"github.com/nqueens-kit/nqueens/judge/problem"
	"github.com/nqueens-kit/nqueens/judge/worker"
)

func TestMain(m *testing.M) {
	worker.Serve()
	os.Exit(m.Run())
}

// A roster that lacks a student of the class stops the grading before
// anything is judged (the grader has no judge here: judging would panic).
func TestARosterWithoutAStudentStopsTheGradingFirst(t *testing.T) {
	p, err := problem.Find("52")
	require.NoError(t, err)
	dir := t.TempDir()
	class := filepath.Join(dir, "class")
	for _, f := range []string{"ana/52.go", "ben/52.go"} {
		require.NoError(t, os.MkdirAll(filepath.Join(class, filepath.Dir(f)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(class, f), []byte("func totalNQueens(n int) int { return 1 }\n"), 0o644))
	}
	roster := filepath.Join(dir, "roster.csv")
	require.NoError(t, os.WriteFile(roster, []byte("student,email\nana,ana@u.edu\n"), 0o644))

	g := &Grader{TempDir: t.TempDir(), Stdout: io.Discard, Stderr: io.Discard}
	_, err = g.Grade(context.Background(), Config{Path: class, Problems: []*problem.Problem{p}, Parallel: 1, Canvas: filepath.Join(dir, "canvas.csv"), Roster: roster})
	var se *judging.SetupError
	require.ErrorAs(t, err, &se)
	assert.Contains(t, err.Error(), "not in it: ben")
	assert.NoFileExists(t, filepath.Join(dir, "canvas.csv"))
}
