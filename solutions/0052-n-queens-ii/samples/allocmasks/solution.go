// Package allocmasks is a sample submission for the judge's -verify: the
// bitmask search that makes new slices at every step, the way a search
// that copies its state does: its three masks in a new slice for every
// child, and a copy of the columns placed so far. Each of the search's
// billion steps at n = 16 then allocates twice and copies up to n ints,
// and the garbage collector's work costs far more than the bit tricks
// save. Keep the masks in plain int parameters or variables, and the
// placed queens (where a board needs them) in one slice, set and unset.
//
//judge:verdict TLE (two allocations and a copy per step: about 9 times the reference)
package allocmasks

import "math/bits"

func totalNQueens(n int) int {
	count := 0
	var place func(queens []int, masks []int)
	place = func(queens []int, masks []int) {
		if len(queens) == n {
			count++
			return
		}
		full := (1 << n) - 1
		free := full & ^(masks[0] | masks[1] | masks[2])
		for free > 0 {
			bit := free & -free
			free -= bit
			next := []int{masks[0] | bit, (masks[1] | bit) << 1, (masks[2] | bit) >> 1}
			placed := append(append([]int(nil), queens...), bits.TrailingZeros(uint(bit)))
			place(placed, next)
		}
	}
	place(nil, []int{0, 0, 0})
	return count
}
