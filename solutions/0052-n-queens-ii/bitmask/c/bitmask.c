/*
 * The reference bitmask search of ../solution.go, line for line in C, to
 * compare the Go reference with gcc -O2 (go run ./judge -bench 52 builds and
 * times it when gcc is installed). Like the judge's harness, it takes n as
 * its argument and writes the count to file descriptor 3.
 */
#include <stdio.h>
#include <stdlib.h>

static long place(long limit, long col, long left, long right)
{
	if (col == limit)
		return 1;
	long count = 0;
	long free = limit & ~(col | left | right);
	while (free != 0) {
		long bit = free & -free; /* the lowest set bit */
		free ^= bit;
		count += place(limit, col | bit, (left | bit) << 1, (right | bit) >> 1);
	}
	return count;
}

int main(int argc, char **argv)
{
	if (argc != 2)
		return 2;
	int n = atoi(argv[1]);
	long count = n < 1 ? 0 : place((1L << n) - 1, 0, 0, 0);
	FILE *out = fdopen(3, "w");
	if (out == NULL)
		out = stdout;
	fprintf(out, "%ld\n", count);
	fclose(out);
	return 0;
}
