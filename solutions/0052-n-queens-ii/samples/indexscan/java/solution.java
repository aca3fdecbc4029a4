// A sample submission for the judge's -verify: the bitmask search with a
// loop at every placement that finds the column's index bit by bit, in
// Java, the columns kept for a board that is never built. Its time is close
// to the reference's; the method as written is an O(n) step per placement,
// and the counted work (about n/2 runs of the scan per position) decides
// 16-queens, the same in every language.
//
//judge:verdict TLE (counted work: the index scan runs about n/2 times per position)

class Solution {
    private int size, full, count;
    private final int[] cols = new int[32];

    public int totalNQueens(int n) {
        size = n;
        full = (1 << n) - 1;
        count = 0;
        place(0, 0, 0, 0);
        return count;
    }

    private void place(int row, int taken, int left, int right) {
        if (row == size) {
            count++;
            return;
        }
        int free = full & ~(taken | left | right);
        while (free != 0) {
            int bit = free & -free;
            int col = 0;
            while ((bit >> col) != 1) {
                col++;
            }
            cols[row] = col;
            free ^= bit;
            place(row + 1, taken | bit, (left | bit) << 1, (right | bit) >> 1);
        }
    }
}
