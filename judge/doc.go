package main

// Case files
//
// A problem's cases are testscript scripts in testdata/<problem folder>/,
// one per file, run in name order. Each starts with a comment saying what
// it tests. Besides testscript's own cmp, cmpenv, stdout, stderr, exists,
// grep, env and stop, a case may use these commands:
//
//   - limit [cpu=DURATION|cpu=FACTORx] [wall=DURATION] [mem=SIZE] [out=SIZE]
//     sets the limits of every later solve. cpu=4x is four times the CPU time
//     of the reference bitmask solution on this case, measured on this machine
//     (see calibrate.go). Without it a case gets the defaults in limits.go.
//     SIZE takes KiB, MiB or GiB. At most one limit line, before the first solve.
//   - solve N
//     runs the solution for n = N under the limits and prints its answer:
//     for 52 the count, for 51 the boards as JSON. A run that breaks a limit,
//     panics or exits without an answer fails the case with its verdict.
//   - boards N
//     checks that the last solve printed every board of N-queens exactly
//     once, in any order (51 only). On failure it names the faulty board.
//
// The judge checks every case file before running a student's code against
// it: an unknown command, an unterminated quote or an n outside the
// problem's range is an error naming the file and line (exit status 2).
