// Package indexscan is a sample submission for the judge's -verify: the
// bitmask search, which finds the free squares at once, followed at every
// placement by a loop that finds the square's column bit by bit (an O(n)
// step LeetCode 52 does not need; bits.TrailingZeros is one instruction).
// It ran 16-queens at 0.9 of its limit: passing or failing with the load.
// The counted work decides (the scan runs about n/2 times per position).
//
//judge:verdict TLE (counted work: the index scan runs about n/2 times per position)
package indexscan

func totalNQueens(n int) int {
	cols := make([]int, n)
	full := 1<<n - 1
	var place func(row, taken, left, right int) int
	place = func(row, taken, left, right int) int {
		if row == n {
			return 1
		}
		count := 0
		for free := full &^ (taken | left | right); free != 0; free &= free - 1 {
			bit := free & -free
			col := 0
			for bit>>col != 1 {
				col++
			}
			cols[row] = col
			count += place(row+1, taken|bit, (left|bit)<<1, (right|bit)>>1)
		}
		return count
	}
	return place(0, 0, 0, 0)
}
