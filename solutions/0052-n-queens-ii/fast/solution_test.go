package fast

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/nqueens-kit/nqueens/internal/queens"
	"github.com/nqueens-kit/nqueens/internal/queenstest"
)

func TestTotalNQueens(t *testing.T) { queenstest.Counter(t, totalNQueens, 13) }

// TestUpToTheHeadline checks 14 on every run, 15 and 16 in the exhaustive
// checks: the fast counter takes two to four seconds of CPU for them.
func TestUpToTheHeadline(t *testing.T) {
	last := 14
	if queenstest.Long() {
		last = queenstest.MaxN
	}
	for n := 14; n <= last; n++ {
		want, _ := queens.Count(n)
		assert.Equal(t, want, int64(totalNQueens(n)), "n = %d", n)
	}
}

// TestBeyondTheCourse checks the counts the course never reaches.
func TestBeyondTheCourse(t *testing.T) {
	queenstest.SkipUnlessLong(t) // n = 17 and 18 take a minute
	for _, n := range []int{17, 18} {
		want, _ := queens.Count(n)
		assert.Equal(t, want, int64(totalNQueens(n)), "n = %d", n)
	}
}

// TestSequentialAndParallelAgree runs the same n through both paths, the
// pool with one to four goroutines, whatever n totalNQueens itself would
// hand to the pool.
func TestSequentialAndParallelAgree(t *testing.T) {
	for n := 4; n <= 13; n++ {
		want, _ := queens.Count(n)
		assert.Equal(t, want, int64(sequential(startTasks(n))), "n = %d, one goroutine", n)
		for workers := 1; workers <= 4; workers++ {
			assert.Equal(t, want, int64(parallel(startTasks(n), workers)), "n = %d, %d workers", n, workers)
		}
	}
}

func BenchmarkTotalNQueens(b *testing.B) {
	queenstest.Bench(b, totalNQueens, 10, 11, 12, 13, 14, 15, 16)
}
