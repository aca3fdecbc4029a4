package fast

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/nqueens-kit/nqueens/internal/queens"
	"github.com/nqueens-kit/nqueens/internal/queenstest"
)

func TestTotalNQueens(t *testing.T) { queenstest.Counter(t, totalNQueens, 16) }

// TestBeyondTheCourse checks the counts the course never reaches.
func TestBeyondTheCourse(t *testing.T) {
	if !queenstest.Long() {
		t.Skip("long: n = 17 and 18 take a minute; skipped under -short and -race")
	}
	for _, n := range []int{17, 18} {
		want, _ := queens.Count(n)
		assert.Equal(t, want, int64(totalNQueens(n)), "n = %d", n)
	}
}

// TestSequentialAndParallelAgree runs the same n through both paths.
func TestSequentialAndParallelAgree(t *testing.T) {
	for n := 4; n <= 13; n++ {
		var s search
		tasks := startTasks(n)
		for i := range tasks {
			s.solve(&tasks[i])
		}
		want, _ := queens.Count(n)
		assert.Equal(t, want, int64(s.total()), "n = %d, one goroutine", n)
	}
}

func BenchmarkTotalNQueens(b *testing.B) {
	queenstest.Bench(b, totalNQueens, 10, 11, 12, 13, 14, 15, 16)
}
