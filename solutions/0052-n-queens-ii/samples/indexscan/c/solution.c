// A sample submission for the judge's -verify: the bitmask search with a
// loop at every placement that finds the column bit by bit, in C. gcc
// turns that loop into one instruction at -O2, so its time is the
// reference's; the method as written is an O(n) step per placement, and
// the counted work (about n/2 runs of the scan per position) decides
// 16-queens, the same in every language.
//
//judge:verdict TLE (counted work: the index scan runs about n/2 times per position)

static int size, full, count, cols[32];

static void place(int row, int taken, int left, int right) {
    if (row == size) {
        count++;
        return;
    }
    int free = full & ~(taken | left | right);
    while (free) {
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

int totalNQueens(int n) {
    size = n;
    full = (1 << n) - 1;
    count = 0;
    place(0, 0, 0, 0);
    return count;
}
