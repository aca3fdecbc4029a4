// A sample submission for the judge's -verify: the bitmask search with a
// loop at every placement that finds the column's index bit by bit, in C++,
// the count kept in a member. g++ may make the loop one instruction; as
// written it is an O(n) step per placement, and the counted work (about
// n/2 runs of the scan per position) decides 16-queens.
//
//judge:verdict TLE (counted work: the index scan runs about n/2 times per position)

class Solution {
    int size = 0, full = 0, count = 0;
    vector<int> cols;

    void place(int row, int taken, int left, int right) {
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

public:
    int totalNQueens(int n) {
        size = n;
        full = (1 << n) - 1;
        count = 0;
        cols.assign(n, 0);
        place(0, 0, 0, 0);
        return count;
    }
};
