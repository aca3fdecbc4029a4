# The boolean-array method for N-Queens II in Python: three lists of
# booleans say which columns and diagonals hold a queen, so testing a
# square is O(1). The squares of one "\" diagonal share row - col (plus n
# for an index from 0), those of one "/" diagonal share row + col. Every
# column of every row is still tried, which the bitmask method avoids.
#
# In Python its CPU time is only about twice the bitmask's (the
# interpreter's cost per step dominates), so its counted work decides: its
# busiest line runs about n times per position of the search.
#
#judge:verdict TLE (its counted work: about n runs of the column loop per position)


class Solution:
    def totalNQueens(self, n: int) -> int:
        cols = [False] * n
        down = [False] * (2 * n)  # by row - col + n
        up = [False] * (2 * n)  # by row + col

        def place(row: int) -> int:
            if row == n:
                return 1
            count = 0
            for col in range(n):
                if cols[col] or down[row - col + n] or up[row + col]:
                    continue
                cols[col] = down[row - col + n] = up[row + col] = True
                count += place(row + 1)
                cols[col] = down[row - col + n] = up[row + col] = False
            return count

        return place(0)
