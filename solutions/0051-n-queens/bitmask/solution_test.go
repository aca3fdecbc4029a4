package bitmask

import (
	"testing"

	"github.com/nqueens-kit/nqueens/internal/queenstest"
)

func TestSolveNQueens(t *testing.T) { queenstest.Lister(t, solveNQueens, 10) }
