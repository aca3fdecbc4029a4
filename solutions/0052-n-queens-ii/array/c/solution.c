// The array method for N-Queens II in C: path[r] is the column of row r's
// queen, and a new square is checked against every queen above it (same
// column, or |r1 - r2| == |c1 - c2| for a shared diagonal): O(n) for each
// square tried. Clear, and far too slow for 16-queens.
//
//judge:verdict TLE (the O(n) check costs about 15-20 times the bitmask's time)

// safe reports whether no queen above attacks the square (row, col).
static bool safe(const int *path, int row, int col) {
    for (int r = 0; r < row; r++) {
        int c = path[r];
        if (c == col || abs(row - r) == abs(col - c)) {
            return false;
        }
    }
    return true;
}

// place counts the ways to finish a board whose rows 0..row-1 are in path.
static int place(int *path, int row, int n) {
    if (row == n) {
        return 1;
    }
    int count = 0;
    for (int col = 0; col < n; col++) {
        if (safe(path, row, col)) {
            path[row] = col;
            count += place(path, row + 1, n);
        }
    }
    return count;
}

int totalNQueens(int n) {
    int path[32];
    return place(path, 0, n);
}
