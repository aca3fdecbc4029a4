# A sample submission for the judge's -verify: boolean lists with mirror
# symmetry, in Python. Only the left half of the first row is searched and
# each board found there counts twice (its mirror image is another board);
# for odd n the middle column is searched once more, alone. In Python it
# runs about as fast as the bitmask reference, but its counted work gives
# it away: its column loop still runs about n/2 times per position.
#
#judge:verdict TLE (counted work: about n/2 runs of the column loop per position)


class Solution:
    def totalNQueens(self, n: int) -> int:
        cols = [False] * n
        down = [False] * (2 * n)
        up = [False] * (2 * n)

        def place(row: int) -> int:
            if row == n:
                return 1
            count = 0
            for col in range(n):
                if not cols[col] and not down[row - col + n] and not up[row + col]:
                    cols[col] = down[row - col + n] = up[row + col] = True
                    count += place(row + 1)
                    cols[col] = down[row - col + n] = up[row + col] = False
            return count

        total = 0
        for col in range((n + 1) // 2):
            cols[col] = down[n - col] = up[col] = True
            boards = place(1)
            cols[col] = down[n - col] = up[col] = False
            middle = n % 2 == 1 and col == n // 2
            total += boards if middle else 2 * boards
        return total
