// Package closure is a sample submission for the judge's -verify: the bitmask
// search written as a student might, with a recursive closure, unsigned masks
// and math/bits. It is slower than the reference and must still pass.
//
//judge:verdict AC
package closure

import "math/bits"

func totalNQueens(n int) int {
	full := uint(1)<<n - 1
	count := 0
	var dfs func(cols, diag1, diag2 uint)
	dfs = func(cols, diag1, diag2 uint) {
		if cols == full {
			count++
			return
		}
		for avail := full &^ (cols | diag1 | diag2); avail != 0; avail &= avail - 1 {
			c := bits.TrailingZeros(avail)
			bit := uint(1) << c
			dfs(cols|bit, (diag1|bit)<<1, (diag2|bit)>>1)
		}
	}
	dfs(0, 0, 0)
	return count
}
