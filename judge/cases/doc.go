// Package cases is the case language of the kit: it loads and checks a
// problem's case files and runs one case's script against a built
// submission under limits, each run's verdict given by package outcome. It
// is the only part of the judge that knows cases are go-internal
// testscript scripts.
//
// A problem's cases are files in testdata/<problem folder>/, one per case,
// run in name order. Each starts with a comment saying what it tests.
// Besides testscript's own cmp, cmpenv, stdout, stderr, exists, grep, env
// and stop, a case may use these commands:
//
//   - limit [cpu=DURATION|cpu=FACTORx] [wall=DURATION] [mem=SIZE] [out=SIZE]
//     sets the limits of every later solve. cpu=4x is four times the CPU
//     time of the problem's reference solution on this case, measured on
//     this machine (package calibrate). Without it a case gets the defaults
//     in limits.go. SIZE takes KiB, MiB or GiB. At most one limit line,
//     before the first solve.
//   - points N
//     what passing the case is worth on a grade sheet (-grade): 0 to 1000,
//     1 without it. At most one points line.
//   - solve N
//     runs the solution for n = N under the limits and prints its answer:
//     for 52 the count, for 51 the boards as JSON. A run that breaks a
//     limit, panics or exits without an answer fails the case with its
//     verdict. Every solve must be checked before the next one: for 52 by
//     cmp stdout FILE, where FILE holds the known count for N, or by
//     stdout '^COUNT$'; for 51 by boards N.
//   - boards N
//     checks that the last solve printed every board of N-queens exactly
//     once, in any order (51 only; N must be the n of that solve). On
//     failure it names the faulty board.
//
// Every case file is checked before a student's code runs against it: an
// unknown command, an unterminated quote, a $ (cases take no variables), an
// n outside the problem's range, an expected count that differs from the
// known one or a solve that nothing checks is an error naming the file and
// line.
//
// If you add a command, document it here.
package cases
