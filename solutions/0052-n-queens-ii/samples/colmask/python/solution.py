# A sample submission for the judge's -verify: three bit masks tested
# column by column, in Python (NeetCode's "Bit Mask" style). Each test is
# O(1), but the loop looks at every column, free or not: about n runs of it
# per position, which the counted work sees (in Python the time alone
# cannot tell the methods apart).
#
#judge:verdict TLE (counted work: about n runs of the column loop per position)


class Solution:
    def totalNQueens(self, n: int) -> int:
        def place(row: int, cols: int, left: int, right: int) -> int:
            if row == n:
                return 1
            count = 0
            for c in range(n):
                bit = 1 << c
                if not (cols | left | right) & bit:
                    count += place(row + 1, cols | bit, (left | bit) << 1, (right | bit) >> 1)
            return count

        return place(0, 0, 0, 0)
