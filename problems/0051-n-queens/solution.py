# Your answer to LeetCode 51, N-Queens, in Python 3, as LeetCode shapes it
# (typing's List and the usual modules come with it). Read README.md beside
# this file, write solveNQueens below, then judge it from the repository's
# root with:
#
#     go run ./judge 51
#
# If you write more than one language's file, the judge takes the one you
# saved last; -file picks another.


class Solution:
    def solveNQueens(self, n: int) -> List[List[str]]:
        """Every way to place n queens on an n×n board so that no two queens
        attack each other, each board as n strings of 'Q' and '.'."""
        # Write your solution here and delete the line below.
        raise NotImplementedError("not written yet: write solveNQueens in problems/0051-n-queens/solution.py")
