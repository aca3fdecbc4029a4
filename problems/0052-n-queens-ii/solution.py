# Your answer to LeetCode 52, N-Queens II, in Python 3, as LeetCode shapes
# it (typing's List and the usual modules come with it). Read README.md
# beside this file, write totalNQueens below, then judge it from the
# repository's root with:
#
#     go run ./judge 52
#
# If you write more than one language's file, the judge takes the one you
# saved last; -file picks another.


class Solution:
    def totalNQueens(self, n: int) -> int:
        """How many ways there are to place n queens on an n×n board so that
        no two queens attack each other."""
        # Write your solution here and delete the line below.
        raise NotImplementedError("not written yet: write totalNQueens in problems/0052-n-queens-ii/solution.py")
