# The array method for N-Queens II in Python: path[r] is the column of row
# r's queen, and a new square is checked against every queen above it (same
# column, or |r1 - r2| == |c1 - c2| for a shared diagonal): O(n) for each
# square tried. Clear, and far too slow once n grows.
#
#judge:verdict TLE (the O(n) check costs about 15-20 times the bitmask's time)


class Solution:
    def totalNQueens(self, n: int) -> int:
        path = [0] * n

        def safe(row: int, col: int) -> bool:
            for r in range(row):
                c = path[r]
                if c == col or abs(row - r) == abs(col - c):
                    return False
            return True

        def place(row: int) -> int:
            if row == n:
                return 1
            count = 0
            for col in range(n):
                if safe(row, col):
                    path[row] = col
                    count += place(row + 1)
            return count

        return place(0)
