package bench

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestMedianOfNothingIsNotAPanic(t *testing.T) {
	_, ok := median(nil)
	assert.False(t, ok)
	got, ok := median([]time.Duration{3, 1, 2})
	assert.True(t, ok)
	assert.Equal(t, time.Duration(2), got)
}

// What is left is predicted as Time runs it: each n Growth times the last,
// three rounds under Repeat, one above, none past Budget.
func TestRemainingPredictsTheRunsLeft(t *testing.T) {
	quick := &Program{last: 10 * time.Millisecond} // 70 ms, 490 ms, 3.43 s: three rounds each
	slow := &Program{last: time.Second}            // 7 s, 49 s: once each; 343 s: left out
	b := &Bench{Programs: []*Program{quick, slow}}
	want := Rounds*(70*time.Millisecond+490*time.Millisecond+3430*time.Millisecond) + 7*time.Second + 49*time.Second
	assert.Equal(t, want, b.Remaining(To-3))
	assert.Zero(t, b.Remaining(To), "nothing after the last n")
}
