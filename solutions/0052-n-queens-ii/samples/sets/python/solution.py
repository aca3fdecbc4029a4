# A sample submission for the judge's -verify: the taken columns and
# diagonals kept in three sets, a common Python answer. Every column of
# every row is tried, as with boolean lists, and each test hashes.
#
#judge:verdict TLE (about 4 times the bitmask's time, and n runs of the column loop per position)


class Solution:
    def totalNQueens(self, n: int) -> int:
        cols, down, up = set(), set(), set()

        def place(row: int) -> int:
            if row == n:
                return 1
            count = 0
            for col in range(n):
                if col in cols or row - col in down or row + col in up:
                    continue
                cols.add(col)
                down.add(row - col)
                up.add(row + col)
                count += place(row + 1)
                cols.remove(col)
                down.remove(row - col)
                up.remove(row + col)
            return count

        return place(0)
