// Package pointer is a sample submission for the judge's -verify: the bitmask
// search with the row number carried along and the count kept through a
// pointer, a common way to write it. It must pass.
//
//judge:verdict AC
package pointer

func totalNQueens(n int) int {
	count := 0
	search(n, 0, 0, 0, 0, &count)
	return count
}

func search(n, row, cols, ld, rd int, count *int) {
	if row == n {
		*count++
		return
	}
	avail := ((1 << n) - 1) & ^(cols | ld | rd)
	for avail > 0 {
		p := avail & -avail
		avail -= p
		search(n, row+1, cols|p, (ld|p)<<1, (rd|p)>>1, count)
	}
}
