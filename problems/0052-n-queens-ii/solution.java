// Your answer to LeetCode 52, N-Queens II, in Java, as LeetCode shapes it
// (java.util.* is imported for you). Read README.md beside this file, write
// totalNQueens below, then judge it from the repository's root with:
//
//     go run ./judge 52
//
// If you write more than one language's file, the judge takes the one you
// saved last; -file picks another.
class Solution {
    // totalNQueens returns how many ways there are to place n queens on an
    // n×n board so that no two queens attack each other.
    public int totalNQueens(int n) {
        // Write your solution here and delete the line below.
        throw new UnsupportedOperationException("not written yet: write totalNQueens in problems/0052-n-queens-ii/solution.java");
    }
}
