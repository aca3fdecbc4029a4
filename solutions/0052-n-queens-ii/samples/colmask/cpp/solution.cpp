// A sample submission for the judge's -verify: three bit masks tested
// column by column, in C++, the count kept in a member. Its time was within
// a few percent of the 2.9× limit (AC in one run, TLE in the next); the
// counted work decides 16-queens (about n runs of the column loop per
// position).
//
//judge:verdict TLE (counted work: about n runs of the column loop per position)

class Solution {
    int n = 0, count = 0;

    void place(int row, int cols, int left, int right) {
        if (row == n) {
            count++;
            return;
        }
        for (int i = 0; i < n; i++) {
            if (!((cols | left | right) & (1 << i))) {
                place(row + 1, cols | 1 << i, (left | 1 << i) << 1, (right | 1 << i) >> 1);
            }
        }
    }

public:
    int totalNQueens(int n) {
        this->n = n;
        count = 0;
        place(0, 0, 0, 0);
        return count;
    }
};
