// A sample submission for the judge's -verify: three bit masks tested
// column by column, in C. The loop runs over every column, free or not: in
// C its time is about 2.5 times the reference's, under the 2.9× limit, and
// passed 16-queens by time; the counted work decides it (about n runs of
// the column loop per position).
//
//judge:verdict TLE (counted work: about n runs of the column loop per position)

static int count;

static void place(int n, int row, int cols, int left, int right) {
    if (row == n) {
        count++;
        return;
    }
    for (int i = 0; i < n; i++) {
        int bit = 1 << i;
        if (!(cols & bit) && !(left & bit) && !(right & bit)) {
            place(n, row + 1, cols | bit, (left | bit) << 1, (right | bit) >> 1);
        }
    }
}

int totalNQueens(int n) {
    count = 0;
    place(n, 0, 0, 0, 0);
    return count;
}
