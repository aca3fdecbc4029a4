// Your answer to LeetCode 51, N-Queens, in Java, as LeetCode shapes it
// (java.util.* is imported for you). Read README.md beside this file, write
// solveNQueens below, then judge it from the repository's root with:
//
//     go run ./judge 51
//
// If you write more than one language's file, the judge takes the one you
// saved last; -file picks another.
class Solution {
    // solveNQueens returns every way to place n queens on an n×n board so
    // that no two queens attack each other, each board as n strings of 'Q'
    // and '.'.
    public List<List<String>> solveNQueens(int n) {
        // Write your solution here and delete the line below.
        throw new UnsupportedOperationException("not written yet: write solveNQueens in problems/0051-n-queens/solution.java");
    }
}
