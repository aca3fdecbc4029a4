package queens

import (
	"strings"
	"testing"
)

// decode turns fuzz bytes into n and a list of boards. Each board takes n
// bytes, one per row: below 0x80 a queen in column b%n; from 0x80 on a faulty
// row (empty, lowercase q, too short, or two queens).
func decode(data []byte) (int, [][]string) {
	if len(data) == 0 {
		return 1, nil
	}
	n := 1 + int(data[0])%6
	var boards [][]string
	rest := data[1:]
	for len(rest) >= n {
		board := make([]string, n)
		for r, b := range rest[:n] {
			row := []byte(strings.Repeat(".", n))
			c := int(b) % n
			switch {
			case b < 0x80:
				row[c] = 'Q'
			case b%4 == 0: // no queen
			case b%4 == 1:
				row[c] = 'q'
			case b%4 == 2:
				row = row[:n-1]
			default:
				row[c], row[(c+1)%n] = 'Q', 'Q'
			}
			board[r] = string(row)
		}
		boards = append(boards, board)
		rest = rest[n:]
	}
	return n, boards
}

// solutions lists every n-queens board by trying every permutation: slow,
// obviously right, and independent of CheckBoards.
func solutions(n int) map[string]bool {
	all := map[string]bool{}
	cols := make([]int, n)
	for i := range cols {
		cols[i] = i
	}
	var permute func(k int)
	permute = func(k int) {
		if k == n {
			for a := range n {
				for b := a + 1; b < n; b++ {
					if b-a == cols[b]-cols[a] || b-a == cols[a]-cols[b] {
						return
					}
				}
			}
			rows := make([]string, n)
			for r, c := range cols {
				rows[r] = strings.Repeat(".", c) + "Q" + strings.Repeat(".", n-c-1)
			}
			all[strings.Join(rows, "/")] = true
			return
		}
		for i := k; i < n; i++ {
			cols[k], cols[i] = cols[i], cols[k]
			permute(k + 1)
			cols[k], cols[i] = cols[i], cols[k]
		}
	}
	permute(0)
	return all
}

// FuzzCheckBoards checks that CheckBoards never panics and accepts a list
// exactly when it holds every solution once: never a board where queens
// attack, a malformed board, a repeated board or a wrong count.
func FuzzCheckBoards(f *testing.F) {
	f.Add([]byte{3, 1, 3, 0, 2, 2, 0, 3, 1})                // both 4-queens boards
	f.Add([]byte{3, 1, 3, 0, 2, 1, 3, 0, 2})                // one board twice
	f.Add([]byte{0, 0})                                     // n = 1
	f.Add([]byte{3, 0, 1, 2, 3})                            // queens on a diagonal
	f.Add([]byte{3, 1, 3, 0, 0x82, 2, 0, 3, 1})             // a short row
	f.Add([]byte{5, 1, 3, 5, 0, 2, 4, 0x81, 0, 0, 0, 0, 0}) // 6-queens, lowercase q
	all := map[int]map[string]bool{}
	for n := 1; n <= 6; n++ {
		all[n] = solutions(n)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		n, boards := decode(data)
		err := CheckBoards(n, boards)
		want := all[n]
		seen := map[string]bool{}
		exact := len(boards) == len(want)
		for _, b := range boards {
			key := strings.Join(b, "/")
			if !want[key] || seen[key] {
				exact = false
			}
			seen[key] = true
		}
		if exact && err != nil {
			t.Fatalf("rejected the exact solution set for n = %d: %v", n, err)
		}
		if !exact && err == nil {
			t.Fatalf("accepted a wrong answer for n = %d: %q", n, boards)
		}
		if err != nil && err.Error() == "" {
			t.Fatalf("an empty message for n = %d", n)
		}
	})
}
