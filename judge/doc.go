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
//   - judging: judging one file for one problem — reading it, the source
//     checks (HC), building it for its cases, running them from small to
//     large, what a report says to a student out of time — into a Report,
//     from a Config.
//   - problem: the registry of problems (function, signature, answer
//     kind, largest n, the reference that calibrates) and where a kit keeps
//     each problem's files; the //judge:verdict directive of solutions.
//   - cases: the case language — loading and checking case files, running
//     one case's script, each language's cases and limits. It alone knows
//     that cases are testscript scripts.
//   - outcome: one run into a verdict and a message.
//   - grading: a class — what -grade was given (a class, some of its
//     students, one), each student's submission in its layouts, judging
//     several at once, the reports kept between gradings, scoring rows.
//   - sheet: what -grade writes — the CSV or JSON sheet, the table,
//     feedback files, GitHub Classroom's results, the class page.
//   - report: a judged file's report for a person; chart: the SVG charts;
//     version: which judge this is.
//   - calibrate: each reference's time on this machine — measuring,
//     modelling its cost per call, probing and caching it, and the
//     course's other methods measured against it.
//   - lang: the five languages — their toolchains, harnesses, how their
//     programs run, how their sources are checked and their time counted.
//   - build: a student's file into a program, beside a generated harness;
//     compile errors name the student's lines; bounded, jailed, cached by
//     content.
//   - sandbox: one run of a program under limits, in a jail (in the
//     strongest of its tiers the machine allows), and what it used.
//   - worker: the judge's own code on a student's material (when a file
//     was committed, the source checks) in a child under limits.
//   - lookup: answers written into a submission's source (HC).
//   - profile: where a search's time goes, from a counting run.
//   - bench: programs timed side by side (-bench).
//   - verdict: the verdicts and their long names.
//   - format: how durations, sizes and factors are written.
//   - internal/msg: the judge's messages in the reader's language;
//     internal/atomicfile: files written whole or not at all;
//     internal/safeopen: reading what a run could have planted.
//
// In this package: main.go, cli.go (flags, modes, exit statuses), judge.go
// (the invocation's services; judging the student's own files),
// report.go (showing a report, for a person or as JSON), terminal.go
// (colour and the live line), references.go (-calibrate's table), and one
// file per other mode: grade.go, watch.go, status.go, verify.go,
// bench.go, update.go.
package main
