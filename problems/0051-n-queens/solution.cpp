//go:build ignore

// Your answer to LeetCode 51, N-Queens, in C++, as LeetCode shapes it
// (<bits/stdc++.h> and "using namespace std;" come with it; the first line
// only tells the Go tools to leave this file alone). Read README.md beside
// this file, write solveNQueens below, then judge it from the repository's
// root with:
//
//     go run ./judge 51
//
// If you write more than one language's file, the judge takes the one you
// saved last; -file picks another.
class Solution {
public:
    // solveNQueens returns every way to place n queens on an n×n board so
    // that no two queens attack each other, each board as n strings of 'Q'
    // and '.'.
    vector<vector<string>> solveNQueens(int n) {
        // Write your solution here and delete the line below.
        throw logic_error("not written yet: write solveNQueens in problems/0051-n-queens/solution.cpp");
    }
};
