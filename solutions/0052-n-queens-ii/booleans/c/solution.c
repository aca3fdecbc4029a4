// The boolean-array method for N-Queens II in C: three tables of occupied
// lines make testing a square O(1) instead of a loop over the rows above.
// On an n×n board there are n columns and 2n-1 diagonals each way: the
// squares of one "\" diagonal share row-col (plus n-1 for an index from
// 0), those of one "/" diagonal share row+col. Every column of every row
// is still tried, which the bitmask method avoids.
//
//judge:verdict TLE

// place counts the ways to finish the board from row on.
static int place(int row, int n, bool *cols, bool *down, bool *up) {
    if (row == n) {
        return 1;
    }
    int count = 0;
    for (int col = 0; col < n; col++) {
        int d = row - col + n - 1, u = row + col;
        if (cols[col] || down[d] || up[u]) {
            continue;
        }
        cols[col] = down[d] = up[u] = true;
        count += place(row + 1, n, cols, down, up);
        cols[col] = down[d] = up[u] = false;
    }
    return count;
}

int totalNQueens(int n) {
    bool cols[32] = {false}, down[64] = {false}, up[64] = {false};
    if (n < 1 || n > 32) {
        return 0;
    }
    return place(0, n, cols, down, up);
}
