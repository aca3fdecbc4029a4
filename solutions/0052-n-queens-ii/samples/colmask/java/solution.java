// A sample submission for the judge's -verify: three bit masks tested
// column by column, in Java (NeetCode's "Bit Mask" style), the count kept
// in a field. The masks make each test O(1), but the loop still looks at
// every column, free or not: about n runs of its test per position, which
// the counted work sees whatever the time.
//
//judge:verdict TLE (counted work: about n runs of the column loop per position)

class Solution {
    private int n, count;

    public int totalNQueens(int n) {
        this.n = n;
        count = 0;
        place(0, 0, 0, 0);
        return count;
    }

    private void place(int row, int cols, int left, int right) {
        if (row == n) {
            count++;
            return;
        }
        for (int i = 0; i < n; i++) {
            int bit = 1 << i;
            if ((cols & bit) == 0 && (left & bit) == 0 && (right & bit) == 0) {
                place(row + 1, cols | bit, (left | bit) << 1, (right | bit) >> 1);
            }
        }
    }
}
