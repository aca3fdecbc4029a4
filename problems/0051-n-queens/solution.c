//go:build ignore

// Your answer to LeetCode 51, N-Queens, in C, as LeetCode shapes it (the
// usual headers come with it; the first line only tells the Go tools to
// leave this file alone). Read README.md beside this file, write
// solveNQueens below, then judge it from the repository's root with:
//
//     go run ./judge 51
//
// If you write more than one language's file, the judge takes the one you
// saved last; -file picks another.

// solveNQueens returns every way to place n queens on an n×n board so that
// no two queens attack each other: the boards (each n strings of 'Q' and
// '.', each ending in '\0'), their number in *returnSize, and in
// *returnColumnSizes an array with each board's number of rows (n). Every
// array must be allocated with malloc; the caller frees them.
char ***solveNQueens(int n, int *returnSize, int **returnColumnSizes) {
    // Write your solution here and delete the two lines below.
    fputs("not written yet: write solveNQueens in problems/0051-n-queens/solution.c\n", stderr);
    abort();
}
