// harness.c calls the student's C function as LeetCode does and writes its
// answer on the judge's answer channel (file descriptor 3). The student's
// file, solution.c, is another translation unit: only the function
// LeetCode names joins the two.
//
// nqueens:judge

#include "nqueens.h"

#if NQUEENS_BOARDS
char ***solveNQueens(int n, int *returnSize, int **returnColumnSizes);
#else
int totalNQueens(int n);
#endif

int main(int argc, char **argv) {
	if (argc < 2) {
		return 2;
	}
	nqueens_install_where();
	int n = atoi(argv[1]);
#if NQUEENS_BOARDS
	int size = 0;
	int *cols = NULL;
	char ***boards = solveNQueens(n, &size, &cols);
#else
	int got = totalNQueens(n);
#endif
#ifdef NQUEENS_COUNTED
	if (nqueens_send_counts()) {
		return 0;
	}
#endif
#if NQUEENS_BOARDS
	if (boards == NULL) {
		nqueens_put("null\n", 5);
		nqueens_flush();
		return 0;
	}
	if (size > 0 && cols == NULL) {
		nqueens_write(4, NQUEENS_CRASH_MARK NQUEENS_NO_COLUMN_SIZES "\n", sizeof NQUEENS_CRASH_MARK NQUEENS_NO_COLUMN_SIZES "\n" - 1);
		_exit(134);
	}
	nqueens_put("[", 1);
	for (int i = 0; i < size; i++) {
		if (i > 0) {
			nqueens_put(",", 1);
		}
		nqueens_put("[", 1);
		for (int j = 0; cols != NULL && j < cols[i]; j++) {
			if (j > 0) {
				nqueens_put(",", 1);
			}
			nqueens_json_string(boards[i][j]);
		}
		nqueens_put("]", 1);
	}
	nqueens_put("]\n", 2);
#else
	char buf[32];
	int k = snprintf(buf, sizeof buf, "%d\n", got);
	nqueens_put(buf, (size_t)k);
#endif
	nqueens_flush();
	return 0;
}
