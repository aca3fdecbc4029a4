package grading

import (
	"context"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/nqueens-kit/nqueens/judge/worker"
)

// TestMain lets this test binary be the judge's worker: Find reads a
// file's commit time in one (worker.Call starts this binary again), which
// without Serve would run this package's tests instead, in the worker's
// folder, and answer nothing.
func TestMain(m *testing.M) {
	worker.Serve()
	os.Exit(m.Run())
}

// The worker this binary starts answers as the judge's does: a task it
// does not know is its error, not an empty answer.
func TestThisBinaryServesAsTheWorker(t *testing.T) {
	var answer any
	err := worker.Call(context.Background(), t.TempDir(), "no-such-task", "x", &answer)
	assert.ErrorContains(t, err, `no such task: "no-such-task"`)
}
