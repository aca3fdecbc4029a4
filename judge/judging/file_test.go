package judging

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/nqueens-kit/nqueens/judge/cases"
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
