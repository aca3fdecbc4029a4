// Package allocmasks is a sample submission for the judge's -verify: the
// bitmask search with its three masks carried in a new slice made for every
// child. Each of the search's billion steps at n = 16 then allocates, and
// the garbage collector's work costs more than the bit tricks save: it runs
// at 4 to 5.5 times the reference, as slow as the boolean-array search with
// mirror symmetry, and no limit can pass it without passing that. Keep the
// masks in plain int parameters or variables.
//
//judge:verdict TLE (an allocation per step: 4 to 5.5 times the reference)
package allocmasks

func totalNQueens(n int) int {
	count := 0
	var place func(row int, masks []int)
	place = func(row int, masks []int) {
		if row == n {
			count++
			return
		}
		full := (1 << n) - 1
		free := full & ^(masks[0] | masks[1] | masks[2])
		for free > 0 {
			bit := free & -free
			free -= bit
			next := []int{masks[0] | bit, (masks[1] | bit) << 1, (masks[2] | bit) >> 1}
			place(row+1, next)
		}
	}
	place(0, []int{0, 0, 0})
	return count
}
