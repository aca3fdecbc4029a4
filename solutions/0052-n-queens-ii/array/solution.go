// Package array counts N-Queens boards the plainest way: place one queen a
// row, remember each row's column in path, and test a new square against every
// queen already placed.
//
// path[r] is the column of the queen in row r. Two queens (r1, c1) and (r2, c2)
// share a diagonal exactly when |r1-r2| == |c1-c2|, so the check is a loop over
// the rows above: O(n) work for every square tried. Correct, easy to follow,
// and the slowest of the course's three methods.
//
//judge:verdict TLE (the O(n) check makes 16-queens about 20 times the bitmask's time)
package array

func totalNQueens(n int) int {
	path := make([]int, n)
	return place(path, 0, n)
}

// place counts the ways to finish a board whose rows 0..row-1 are set in path.
func place(path []int, row, n int) int {
	if row == n {
		return 1
	}
	count := 0
	for col := 0; col < n; col++ {
		if safe(path, row, col) {
			path[row] = col
			count += place(path, row+1, n)
		}
	}
	return count
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
