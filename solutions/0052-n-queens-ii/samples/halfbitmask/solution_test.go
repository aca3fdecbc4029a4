package halfbitmask

import (
	"testing"

	"github.com/nqueens-kit/nqueens/internal/queenstest"
)

func TestTotalNQueens(t *testing.T) { queenstest.Counter(t, totalNQueens, queenstest.DeclaredMaxN(t)) }

func BenchmarkTotalNQueens(b *testing.B) {
	queenstest.Bench(b, totalNQueens, 10, 11, 12, 13, 14)
}
