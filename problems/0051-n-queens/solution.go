// Package nqueens is your answer to LeetCode 51, N-Queens.
// Read README.md beside this file, write solveNQueens below, then judge it
// from the repository's root with:
//
//	go run ./judge 51
package nqueens

// solveNQueens returns every way to place n queens on an n×n board so that no
// two queens attack each other, each board as n strings of 'Q' and '.'.
func solveNQueens(n int) [][]string {
	// Write your solution here and delete the panic below.
	panic("not written yet: write solveNQueens in problems/0051-n-queens/solution.go")
}
