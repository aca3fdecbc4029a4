// A sample submission for the judge's -verify: the bitmask method with an
// explicit stack instead of recursion, in Java, its loop a do-while. Its
// busiest line, the loop's test, runs about twice per position, as the
// recursive reference's does.
//
//judge:verdict AC

class Solution {
    public int totalNQueens(int n) {
        int full = (1 << n) - 1, count = 0, top = 0;
        int[] cols = new int[n + 1], left = new int[n + 1], right = new int[n + 1], free = new int[n + 1];
        free[0] = full;
        do {
            if (free[top] == 0) {
                top--;
                continue;
            }
            int bit = free[top] & -free[top];
            free[top] &= free[top] - 1;
            int c = cols[top] | bit;
            if (c == full) {
                count++;
                continue;
            }
            top++;
            cols[top] = c;
            left[top] = (left[top - 1] | bit) << 1;
            right[top] = (right[top - 1] | bit) >> 1;
            free[top] = full & ~(c | left[top] | right[top]);
        } while (top >= 0);
        return count;
    }
}
