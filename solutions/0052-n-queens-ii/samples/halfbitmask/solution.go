// Package halfbitmask is a sample submission for the judge's -verify: the
// bitmask search with mirror symmetry. Only the left half of the first row
// is searched and each board found there counts twice (its mirror image is
// in the right half); for odd n the middle column is searched once more,
// alone. About half the reference's time: a bitmask search must pass
// however it is sped up.
//
//judge:verdict AC
package halfbitmask

func totalNQueens(n int) int {
	if n < 1 {
		return 0
	}
	limit := 1<<n - 1
	count := 0
	for c := 0; c < n/2; c++ {
		bit := 1 << c
		count += 2 * place(limit, bit, bit<<1, bit>>1)
	}
	if n%2 == 1 {
		bit := 1 << (n / 2)
		count += place(limit, bit, bit<<1, bit>>1)
	}
	return count
}

func place(limit, col, left, right int) int {
	if col == limit {
		return 1
	}
	count := 0
	for free := limit &^ (col | left | right); free != 0; free &= free - 1 {
		bit := free & -free
		count += place(limit, col|bit, (left|bit)<<1, (right|bit)>>1)
	}
	return count
}
