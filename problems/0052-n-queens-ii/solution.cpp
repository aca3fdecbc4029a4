//go:build ignore

// Your answer to LeetCode 52, N-Queens II, in C++, as LeetCode shapes it
// (<bits/stdc++.h> and "using namespace std;" come with it; the first line
// only tells the Go tools to leave this file alone). Read README.md beside
// this file, write totalNQueens below, then judge it from the repository's
// root with:
//
//     go run ./judge 52
//
// If you write more than one language's file, the judge takes the one you
// saved last; -file picks another.
class Solution {
public:
    // totalNQueens returns how many ways there are to place n queens on an
    // n×n board so that no two queens attack each other.
    int totalNQueens(int n) {
        // Write your solution here and delete the line below.
        throw logic_error("not written yet: write totalNQueens in problems/0052-n-queens-ii/solution.cpp");
    }
};
