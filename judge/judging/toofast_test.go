package judging

import (
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/nqueens-kit/nqueens/judge/build"
	"github.com/nqueens-kit/nqueens/judge/cases"
	"github.com/nqueens-kit/nqueens/judge/sandbox"
	"github.com/nqueens-kit/nqueens/judge/verdict"
)

func TestSuspectRaisesTheQuestionForRunsNoSearchIsThatFast(t *testing.T) {
	ms := time.Millisecond
	for _, tc := range []struct {
		name                   string
		ref, startup, quickest time.Duration
		cpu                    time.Duration
		want                   bool
	}{
		// The run seen beside go test -race: a 94 ms lookup against a
		// reference calibrated at 9564 ms, start-up inflated by the load.
		{"a Go lookup at n = 16 under load", 9564 * ms, 90 * ms, 0, 94 * ms, true},
		{"a Go lookup after a smaller case", 7500 * ms, 40 * ms, 146 * ms, 94 * ms, true},
		// Java's start-up is larger than 1/16 of its search at n = 16: the
		// program's own quickest run (its start-up) raises it.
		{"a Java lookup at n = 16", 3000 * ms, 200 * ms, 210 * ms, 230 * ms, true},
		{"a spin to a seventh of the reference, after n = 14", 1421 * ms, 40 * ms, 242 * ms, 178 * ms, true},
		{"the fastest honest counter at n = 16", 7500 * ms, 40 * ms, 45 * ms, 1900 * ms, false},
		{"the reference itself at n = 13, no case before", 90 * ms, 40 * ms, 0, 95 * ms, false},
		{"a search that grew from the last case", 1421 * ms, 40 * ms, 242 * ms, 1300 * ms, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := &cases.Case{Inputs: []int{16}}
			res := &cases.Result{RefMs: tc.ref.Milliseconds(), CPU: tc.cpu, Factor: 3}
			assert.Equal(t, tc.want, suspect(c, res, tc.startup, tc.quickest))
		})
	}
}

func TestCountFailedBlamesTheProgramOrTheJudge(t *testing.T) {
	v, why, done, err := countFailed(&countingFailed{&sandbox.Result{Killed: sandbox.CPU}}, 16)
	assert.True(t, done)
	assert.NoError(t, err)
	assert.Equal(t, verdict.RE, v)
	assert.Contains(t, why, "n = 16, run once more with counters: your program stopped at its")

	v, _, done, err = countFailed(&notCounts{errors.New("forged")}, 16)
	assert.True(t, done)
	assert.NoError(t, err)
	assert.Equal(t, verdict.RE, v)

	v, _, done, _ = countFailed(&build.CompileError{Message: "x.go:1: nope"}, 16)
	assert.True(t, done)
	assert.Equal(t, verdict.CE, v)

	// Not counted here: the caller goes on without counts.
	_, _, done, err = countFailed(errNotCounted, 16)
	assert.False(t, done)
	assert.NoError(t, err)

	// The judge's own failure stays the judge's, never a verdict.
	v, _, done, err = countFailed(errors.New("jail: no such file"), 16)
	assert.True(t, done)
	assert.Error(t, err)
	assert.Empty(t, v)
}
