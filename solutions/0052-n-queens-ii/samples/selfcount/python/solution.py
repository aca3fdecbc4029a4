# A sample submission for the judge's -verify: the bitmask search as many
# LeetCode answers write it, a method that counts boards in self and takes
# the row number along.
#
#judge:verdict AC


class Solution:
    def totalNQueens(self, n: int) -> int:
        self.count = 0
        self.n = n
        self.dfs(0, 0, 0, 0)
        return self.count

    def dfs(self, row, cols, left, right):
        if row == self.n:
            self.count += 1
            return
        free = ~(cols | left | right) & ((1 << self.n) - 1)
        while free:
            p = free & -free
            free -= p
            self.dfs(row + 1, cols | p, (left | p) << 1, (right | p) >> 1)
