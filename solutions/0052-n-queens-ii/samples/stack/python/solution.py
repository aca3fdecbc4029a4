# A sample submission for the judge's -verify: the bitmask search with an
# explicit stack instead of recursion, in Python. Each entry is a position
# (the three masks); popping one pushes one entry per free square.
#
#judge:verdict AC


class Solution:
    def totalNQueens(self, n: int) -> int:
        full = (1 << n) - 1
        boards = 0
        stack = [(0, 0, 0)]
        while stack:
            cols, left, right = stack.pop()
            if cols == full:
                boards += 1
                continue
            free = full & ~(cols | left | right)
            while free:
                bit = free & -free
                free ^= bit
                stack.append((cols | bit, ((left | bit) << 1) & full, (right | bit) >> 1))
        return boards
