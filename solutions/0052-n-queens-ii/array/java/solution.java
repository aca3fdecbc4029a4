// The array method for N-Queens II in Java: one queen a row, path[r] the
// column of row r's queen, and each new square checked against every queen
// above it. Two queens (r1, c1) and (r2, c2) share a diagonal exactly when
// |r1 - r2| == |c1 - c2|, so the check is a loop: O(n) for every square
// tried. Correct and plain, and far too slow for 16-queens.
//
//judge:verdict TLE (the O(n) check costs about 15-20 times the bitmask's time)
class Solution {
    public int totalNQueens(int n) {
        return place(new int[n], 0, n);
    }

    // place counts the ways to finish a board whose rows 0..row-1 are in path.
    private int place(int[] path, int row, int n) {
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

    // safe reports whether no queen above attacks the square (row, col).
    private boolean safe(int[] path, int row, int col) {
        for (int r = 0; r < row; r++) {
            int c = path[r];
            if (c == col || Math.abs(row - r) == Math.abs(col - c)) {
                return false;
            }
        }
        return true;
    }
}
