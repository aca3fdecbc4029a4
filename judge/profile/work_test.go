package profile

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/nqueens-kit/nqueens/internal/queens"
)

// workCase is a search whose busiest line runs perCall times per position
// of the reference search at n = 10, and whether that is over the
// bitmask's work.
type workCase struct {
	name    string
	perCall float64
	tooMuch bool
}

// partsTheMethods runs verdict (TooMuchWork or NotForTheHeadline, on
// solution's line 1) over cases, checking each verdict and that a message
// contains want.
func partsTheMethods(t *testing.T, cases []workCase, verdict func(c Counts, src []byte, refCalls int64) (string, bool), want ...string) {
	t.Helper()
	refCalls, _ := queens.Calls(WorkN)
	src := []byte("line one\nline two\n")
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			c := Counts{Lines: map[int]int64{1: int64(tt.perCall * float64(refCalls)), 2: 3}}
			why, tooMuch := verdict(c, src, refCalls)
			assert.Equal(t, tt.tooMuch, tooMuch)
			if tooMuch {
				for _, w := range want {
					assert.Contains(t, why, w)
				}
			}
		})
	}
}

// Busiest lines measured by the Python harness's tracing at n = 10, per
// position of the reference search (docs/measurements.md, "Counted work").
func TestTooMuchWorkPartsTheMethods(t *testing.T) {
	partsTheMethods(t, []workCase{
		{"bit masks, recursive or with a stack", 1.98, false},
		{"bit masks with mirror symmetry", 0.99, false},
		{"just under the bound", maxWork - 0.01, false},
		{"boolean lists with mirror symmetry", 5.39, true},
		{"boolean lists or sets", 10.78, true},
		{"the array method", 37.51, true},
	}, func(c Counts, src []byte, refCalls int64) (string, bool) {
		return TooMuchWork(c, src, "solution.py", WorkN, refCalls)
	}, "solution.py:1 ran ", "x & -x")
}

// Busiest lines of the compiled languages at n = 10, per position of the
// reference search, counted by gcov (C, C++) and Go's coverage counters
// (docs/measurements.md, "Counted work"): the headline is the bitmask's.
func TestNotForTheHeadlinePartsTheMethods(t *testing.T) {
	partsTheMethods(t, []workCase{
		{"bit masks in C (a loop's test counts its exit too)", 1.98, false},
		{"bit masks in Go (a loop's body)", 1.0, false},
		{"a bitmask that finds each column's index bit by bit, in Go", 4.50, true},
		{"the same in C", 5.50, true},
		{"masks tested column by column, in C", 10.78, true},
	}, func(c Counts, src []byte, refCalls int64) (string, bool) {
		return NotForTheHeadline(c, src, "solution.c", WorkN, 16, refCalls)
	}, "n = 16 is for the bitmask method alone", "solution.c:1 ran ")
}

func TestNoSearchFindsAnAnswerWithoutOne(t *testing.T) {
	n := WorkN
	refCalls, _ := queens.Calls(n)
	tests := []struct {
		name     string
		counts   Counts
		noSearch bool
	}{
		{"a recursive search", Counts{Lines: map[int]int64{3: refCalls, 4: 2 * refCalls}, Calls: refCalls}, false},
		{"an explicit stack (no recursion)", Counts{Lines: map[int]int64{5: refCalls, 6: 2 * refCalls}}, false},
		{"mirror symmetry (half the positions)", Counts{Lines: map[int]int64{3: refCalls / 2}, Calls: refCalls / 2}, false},
		{"a queen placed before its square is checked (n times the positions)", Counts{Lines: map[int]int64{3: int64(n) * refCalls, 4: int64(n*n) * refCalls}}, false},
		{"a table and nothing else", Counts{Lines: map[int]int64{2: 1, 3: 1}}, true},
		{"a table behind a spin of 4^n steps", Counts{Lines: map[int]int64{2: 1, 3: 1 << (2 * n), 4: 1 << (2 * n), 6: 1}}, true},
		{"a spin of a few steps", Counts{Lines: map[int]int64{3: refCalls / 10}}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			why, noSearch := NoSearch(tt.counts, n, refCalls)
			assert.Equal(t, tt.noSearch, noSearch, why)
			if noSearch {
				assert.Contains(t, why, "is it looked up?")
			}
		})
	}
}

func TestWorkIsTheBusiestLinePerPosition(t *testing.T) {
	c := Counts{Lines: map[int]int64{1: 100, 2: 700, 3: 50}}
	assert.InDelta(t, 3.5, Work(c, 200), 1e-9)
	assert.Zero(t, Work(c, 0), "no reference: no work to compare")
}
