// Package beginner is a sample submission for the judge's -verify: the
// bitmask search as a beginner might first write it, with the row counted
// separately, the full mask recomputed on every call, the masks of each row
// kept in a slice indexed by row, and the count kept outside the recursion.
// It does the same steps as the reference with more bookkeeping, and it
// must pass: the idea, not the polish, is what the limit rewards.
//
// It needs 2.1 to 2.4 times the reference's CPU time (more when another
// program shares the caches), against a limit of 2.9 times: less room than
// the 1.3 -verify asks for, so -verify checks it at the plain limits.
//
//judge:verdict AC thin
package beginner

func totalNQueens(n int) int {
	count := 0
	// masks[row] holds the columns, left and right diagonals attacked in row.
	masks := make([][3]int, n+1)
	var place func(row int)
	place = func(row int) {
		if row == n {
			count++
			return
		}
		full := (1 << n) - 1
		m := masks[row]
		free := full & ^(m[0] | m[1] | m[2])
		for free > 0 {
			bit := free & -free
			free -= bit
			masks[row+1] = [3]int{m[0] | bit, (m[1] | bit) << 1, (m[2] | bit) >> 1}
			place(row + 1)
		}
	}
	place(0)
	return count
}
