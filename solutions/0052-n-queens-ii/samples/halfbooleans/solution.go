// Package halfbooleans is a sample submission for the judge's -verify: the
// boolean-array search with mirror symmetry. A board and its mirror image
// (columns reversed) are different boards, so only the left half of the
// first row is searched and every board found there counts twice; for odd
// n the middle column of the first row is searched once more, alone. It
// halves the work of the plain boolean-array method and is still a
// boolean-array search: it must not pass 16-queens.
//
//judge:verdict TLE (about 3.5 times the bitmask reference's CPU time)
package halfbooleans

func totalNQueens(n int) int {
	s := &state{
		n:    n,
		cols: make([]bool, n),
		down: make([]bool, 2*n),
		up:   make([]bool, 2*n),
	}
	count := 0
	for col := 0; col < n/2; col++ {
		count += 2 * s.from(col)
	}
	if n%2 == 1 {
		count += s.from(n / 2)
	}
	return count
}

type state struct {
	n    int
	cols []bool // cols[c]: column c holds a queen
	down []bool // down[r-c+n]: that "\" diagonal holds a queen
	up   []bool // up[r+c]: that "/" diagonal holds a queen
}

// from counts the boards whose first-row queen is in column col.
func (s *state) from(col int) int {
	s.set(0, col, true)
	count := s.place(1)
	s.set(0, col, false)
	return count
}

func (s *state) set(row, col int, on bool) {
	s.cols[col], s.down[row-col+s.n], s.up[row+col] = on, on, on
}

// place counts the ways to finish the board from row on.
func (s *state) place(row int) int {
	if row == s.n {
		return 1
	}
	count := 0
	for col := 0; col < s.n; col++ {
		if s.cols[col] || s.down[row-col+s.n] || s.up[row+col] {
			continue
		}
		s.set(row, col, true)
		count += s.place(row + 1)
		s.set(row, col, false)
	}
	return count
}
