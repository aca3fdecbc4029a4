# A sample submission for the judge's -verify: the bitmask search in a
# closure that adds to the outer count through nonlocal, clearing the
# lowest bit with bits & (bits - 1).
#
#judge:verdict AC


class Solution:
    def totalNQueens(self, n: int) -> int:
        boards = 0
        mask = (1 << n) - 1

        def go(c: int, l: int, r: int) -> None:
            nonlocal boards
            if c == mask:
                boards += 1
                return
            bits = ~(c | l | r) & mask
            while bits:
                b = bits & -bits
                go(c | b, ((l | b) << 1) & mask, (r | b) >> 1)
                bits &= bits - 1

        go(0, 0, 0)
        return boards
