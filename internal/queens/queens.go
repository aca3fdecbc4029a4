// Package queens holds what the kit's tests and the judge's checker agree on:
// the known number of N-Queens boards for each n, and a validator for a list of
// boards returned by a LeetCode 51 solution.
package queens

import (
	"fmt"
	"strings"

	"github.com/nqueens-kit/nqueens/internal/msg"
)

// MaxKnown is the largest n whose count is in the table.
const MaxKnown = 18

// counts[n] is the number of ways to place n queens on an n×n board so that
// no two attack each other: OEIS A000170, n = 0..18.
var counts = [MaxKnown + 1]int64{
	1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712,
	365596, 2279184, 14772512, 95815104, 666090624,
}

// Count returns the number of n-queens boards, and false when n is outside
// the table (n < 0 or n > MaxKnown).
func Count(n int) (int64, bool) { return at(&counts, n) }

// calls[n] is how many calls the plain recursive bitmask search makes for
// n-queens, the first call and the calls that find a board included: the
// nodes of its backtracking tree (they match Knuth's totals, OEIS
// A319235/A319236). n = 0..18.
var calls = [MaxKnown + 1]int64{
	1, 2, 3, 6, 17, 54, 153, 552, 2057, 8394, 35539, 166926, 856189, 4674890,
	27358553, 171129072, 1141190303, 8017021932, 59365844491,
}

// Calls returns how many recursive calls the plain bitmask search makes for
// n-queens (its work: its CPU time grows in step with it), and false when n
// is outside the table.
func Calls(n int) (int64, bool) { return at(&calls, n) }

// at is table[n], and false when n is outside it.
func at(table *[MaxKnown + 1]int64, n int) (int64, bool) {
	if n < 0 || n > MaxKnown {
		return 0, false
	}
	return table[n], true
}

// BoardError explains why a list of boards is not the answer to n-queens.
type BoardError struct {
	Board  int      // index of the faulty board in the list (from 0), or -1 for the list as a whole
	Reason string   // one line, in words
	Rows   []string // the faulty board as it was given, for drawing
}

func (e *BoardError) Error() string {
	var b strings.Builder
	if e.Board >= 0 {
		msg.Fprintf(&b, "board %d: ", e.Board+1) // boards are counted from 1 for people
	}
	b.WriteString(e.Reason)
	if len(e.Rows) > 0 {
		b.WriteString("\n")
		b.WriteString(Draw(e.Rows))
	}
	return b.String()
}

// Draw renders a board as given, one indented row per line, with rows and
// columns numbered from 0 as in code.
func Draw(rows []string) string {
	var b strings.Builder
	width := 0
	for _, r := range rows {
		width = max(width, len(r))
	}
	b.WriteString("     ")
	for c := range width {
		fmt.Fprintf(&b, "%d", c%10)
	}
	b.WriteString("\n")
	for r, row := range rows {
		fmt.Fprintf(&b, "  %2d %s\n", r, row)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// CheckBoards reports whether boards is exactly the set of n-queens
// solutions, in any order. The first problem found is returned as a
// *BoardError: a malformed row, two queens that attack each other, a repeated
// board, then a wrong number of boards.
func CheckBoards(n int, boards [][]string) error {
	want, ok := Count(n)
	if !ok {
		return msg.Errorf("no known count for n = %d", n)
	}
	seen := make(map[string]int, len(boards))
	for i, board := range boards {
		if err := checkBoard(n, board); err != nil {
			return &BoardError{Board: i, Reason: err.Error(), Rows: board}
		}
		key := strings.Join(board, "/")
		if first, dup := seen[key]; dup {
			return &BoardError{Board: i, Reason: msg.Sprintf("repeats board %d", first+1), Rows: board}
		}
		seen[key] = i
	}
	// Valid, distinct boards can only be too few: every solution is counted.
	if got := int64(len(boards)); got != want {
		return &BoardError{Board: -1, Reason: msg.Sprintf("got %d boards, want %d: %d missing, such as this one", got, want, want-got), Rows: firstMissing(n, seen)}
	}
	return nil
}

// firstMissing returns the first board of n-queens, in the order a search
// from the left finds them, that is not in seen (keyed as CheckBoards keys).
func firstMissing(n int, seen map[string]int) []string {
	cols := make([]int, n)
	var found []string
	var place func(row int, used, down, up uint) bool
	place = func(row int, used, down, up uint) bool {
		if row == n {
			board := make([]string, n)
			for r, c := range cols {
				board[r] = strings.Repeat(".", c) + "Q" + strings.Repeat(".", n-c-1)
			}
			if _, ok := seen[strings.Join(board, "/")]; !ok {
				found = board
				return true
			}
			return false
		}
		for c := range n {
			d, u := uint(1)<<(row-c+n), uint(1)<<(row+c)
			if used&(1<<c) != 0 || down&d != 0 || up&u != 0 {
				continue
			}
			cols[row] = c
			if place(row+1, used|1<<c, down|d, up|u) {
				return true
			}
		}
		return false
	}
	place(0, 0, 0, 0)
	return found
}

// checkBoard checks one board's shape and that no two queens attack.
func checkBoard(n int, board []string) error {
	if len(board) != n {
		return msg.Errorf("has %d rows, want %d", len(board), n)
	}
	queenCol := make([]int, n)
	for r, row := range board {
		if len(row) != n {
			return msg.Errorf("row %d has %d characters, want %d", r, len(row), n)
		}
		queenCol[r] = -1
		for c := 0; c < len(row); c++ {
			switch ch := row[c]; ch {
			case '.':
			case 'Q':
				if queenCol[r] >= 0 {
					return msg.Errorf("row %d has two queens (columns %d and %d): they attack along the row", r, queenCol[r], c)
				}
				queenCol[r] = c
			case 'q':
				return msg.Errorf("row %d, column %d is 'q': a queen is a capital 'Q'", r, c)
			default:
				return msg.Errorf("row %d, column %d is %q: only 'Q' and '.' are allowed", r, c, ch)
			}
		}
		if queenCol[r] < 0 {
			return msg.Errorf("row %d has no queen", r)
		}
	}
	for r1 := range n {
		for r2 := r1 + 1; r2 < n; r2++ {
			c1, c2 := queenCol[r1], queenCol[r2]
			line := ""
			switch {
			case c1 == c2:
				line = msg.Sprintf("column")
			case r2-r1 == c2-c1:
				line = msg.Sprintf(`"\" diagonal`)
			case r2-r1 == c1-c2:
				line = msg.Sprintf(`"/" diagonal`)
			default:
				continue
			}
			return msg.Errorf("queens at row %d, column %d and row %d, column %d attack each other along a %s", r1, c1, r2, c2, line)
		}
	}
	return nil
}
