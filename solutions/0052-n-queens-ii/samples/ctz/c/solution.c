// A sample submission for the judge's -verify: the bitmask method in C with
// its state in globals, as many C answers keep it, each column's index
// found at once with __builtin_ctz (an O(1) step).
//
//judge:verdict AC

static int size, full, count, queens[32];

static void place(int row, int cols, int left, int right) {
    if (row == size) {
        count++;
        return;
    }
    for (int free = full & ~(cols | left | right); free; free &= free - 1) {
        int bit = free & -free;
        queens[row] = __builtin_ctz(bit);
        place(row + 1, cols | bit, (left | bit) << 1, (right | bit) >> 1);
    }
}

int totalNQueens(int n) {
    size = n;
    full = (1 << n) - 1;
    count = 0;
    place(0, 0, 0, 0);
    return count;
}
