// Package colmask is a sample submission for the judge's -verify: three bit
// masks, tested column by column. The masks make each test O(1), but the
// loop still runs over every column of every row, free or not: the boolean
// arrays' search with the arrays packed into ints, not the bitmask method,
// which visits only the free squares (x & -x). In Go it runs at about 3
// times the reference; in C at about 2.5 times, under the 2.9× limit, so
// the counted work decides 16-queens (about n runs of the column loop per
// position).
//
//judge:verdict TLE (counted work: about n runs of the column loop per position)
package colmask

func totalNQueens(n int) int {
	var place func(row, cols, left, right int) int
	place = func(row, cols, left, right int) int {
		if row == n {
			return 1
		}
		count := 0
		for i := 0; i < n; i++ {
			bit := 1 << i
			if cols&bit == 0 && left&bit == 0 && right&bit == 0 {
				count += place(row+1, cols|bit, (left|bit)<<1, (right|bit)>>1)
			}
		}
		return count
	}
	return place(0, 0, 0, 0)
}
