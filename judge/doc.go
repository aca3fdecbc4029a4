// Command judge builds a student's N-Queens solution (Go, Java, C++, C or
// Python), runs it against the problem's cases under CPU-time, memory and
// output limits, and reports LeetCode-style verdicts (AC, WA, TLE, MLE,
// OLE, RE, CE, HC) with times, in English or Simplified Chinese.
//
//	go run ./judge [flags] [PROBLEM...]
//
// The command line and its exit statuses are in cli.go (go run ./judge -h
// prints them). The judge is one command over small packages, each with
// one concern, imported one way (main → the rest; none imports main):
//
//   - problem: the registry of problems (function, signature, answer
//     kind, largest n, the reference that calibrates) and where a kit keeps
//     each problem's files; the //judge:verdict directive of solutions.
//   - cases: the case language — loading and checking case files, running
//     one case's script, classifying each run into a verdict. It alone
//     knows that cases are testscript scripts.
//   - build: a student's file into a program, beside a generated harness;
//     compile errors name the student's lines; bounded, cached by content.
//   - lang: the languages besides Go — their toolchains, harnesses and how
//     their programs run.
//   - sandbox: one run of a program under limits, in a jail, and what it
//     used.
//   - msg: the judge's messages in the reader's language.
//   - calibrate: the per-machine cache of the reference's CPU times.
//   - lookup: answers written into a submission's source (HC).
//   - verdict: the verdicts and their long names.
//   - format: how durations and sizes are written.
//
// In this package: cli.go (flags, modes, exit statuses), judge.go (judging
// one file: read, build, run the cases), references.go (calibration: timing
// the reference), report.go (the report, for a person or as JSON), teach.go
// (what a report says to a student out of time), terminal.go (colour and
// the live line), and one file per other mode: grade.go, watch.go,
// status.go, verify.go, bench.go, update.go.
package main
