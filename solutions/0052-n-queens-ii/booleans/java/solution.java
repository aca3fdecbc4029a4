// The boolean-array method for N-Queens II in Java: three tables of
// occupied lines make testing a square O(1) instead of a loop over the rows
// above. On an n×n board there are n columns and 2n-1 diagonals each way:
// the squares of one "\" diagonal share row-col (plus n-1 for an index
// from 0), those of one "/" diagonal share row+col. Every column of every
// row is still tried, which the bitmask method avoids.
//
//judge:verdict TLE
class Solution {
    private boolean[] cols, down, up;
    private int n;

    public int totalNQueens(int n) {
        this.n = n;
        cols = new boolean[n];
        down = new boolean[2 * n];
        up = new boolean[2 * n];
        return place(0);
    }

    // place counts the ways to finish the board from row on.
    private int place(int row) {
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
            count += place(row + 1);
            cols[col] = down[d] = up[u] = false;
        }
        return count;
    }
}
