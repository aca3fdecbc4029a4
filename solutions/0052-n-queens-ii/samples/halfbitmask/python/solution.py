# A sample submission for the judge's -verify: the bitmask search with
# mirror symmetry, in Python: the first row's left half only, each board
# found there counted twice, the middle column of an odd n once.
#
#judge:verdict AC


class Solution:
    def totalNQueens(self, n: int) -> int:
        full = (1 << n) - 1

        def place(cols: int, left: int, right: int) -> int:
            if cols == full:
                return 1
            count = 0
            free = full & ~(cols | left | right)
            while free:
                bit = free & -free
                free ^= bit
                count += place(cols | bit, ((left | bit) << 1) & full, (right | bit) >> 1)
            return count

        total = 0
        for col in range(n // 2):
            bit = 1 << col
            total += place(bit, (bit << 1) & full, bit >> 1)
        total *= 2
        if n % 2 == 1:
            bit = 1 << (n // 2)
            total += place(bit, (bit << 1) & full, bit >> 1)
        return total
