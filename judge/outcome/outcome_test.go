package outcome_test

import (
	"fmt"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/nqueens-kit/nqueens/judge/cases"
	"github.com/nqueens-kit/nqueens/judge/lang"
	"github.com/nqueens-kit/nqueens/judge/outcome"
	"github.com/nqueens-kit/nqueens/judge/sandbox"
	"github.com/nqueens-kit/nqueens/judge/verdict"
)

func TestClassifyReadsTheCrashChannelNotTheStudentsPrints(t *testing.T) {
	lim := cases.Limits{}.Resolve(cases.Reference{})
	base := outcome.Run{N: 4, Limits: lim, Func: "totalNQueens", Display: "mine.go"}

	// The student prints alarming words, then exits with an error status.
	r := base
	r.Result = &sandbox.Result{ExitCode: 3, Output: []byte("fatal error: stack overflow\nout of memory\npanic: x\n")}
	v, msg := outcome.Classify(r)
	assert.Equal(t, verdict.RE, v)
	assert.Contains(t, msg, "exit status 3")

	// The same words from the runtime, on the crash channel.
	r.Result = &sandbox.Result{ExitCode: 2}
	r.Crash = "runtime: goroutine stack exceeds 134217728-byte limit\nfatal error: stack overflow\n"
	v, msg = outcome.Classify(r)
	assert.Equal(t, verdict.RE, v)
	assert.Contains(t, msg, "stack overflow: the recursion never ends")

	r.Crash = outcome.RepeatCrash
	v, msg = outcome.Classify(r)
	assert.Equal(t, verdict.RE, v)
	assert.Contains(t, msg, "panic: strings: negative Repeat count\n  at mine.go:12 in row")

	// A harness that stopped itself at the memory limit (macOS).
	r.Crash = sandbox.MemoryLimitReport + ": 65 MiB\n"
	v, msg = outcome.Classify(r)
	assert.Equal(t, verdict.MLE, v)
	assert.Contains(t, msg, "used more than the memory limit")
}

func TestAnsweredTooFastTakesAnImpossiblyFastAnswerForALookup(t *testing.T) {
	ms := time.Millisecond
	for _, tc := range []struct {
		name              string
		ref, startup, cpu time.Duration
		want              verdict.Verdict
	}{
		{"a Go lookup at n = 16", 7500 * ms, 6 * ms, 12 * ms, verdict.HC},
		{"a Go lookup at n = 15, start-up doubled by load", 1100 * ms, 6 * ms, 13 * ms, verdict.HC},
		{"a Python lookup at n = 14", 6800 * ms, 25 * ms, 40 * ms, verdict.HC},
		{"the fastest honest counter at n = 16", 7500 * ms, 6 * ms, 1900 * ms, verdict.AC},
		{"an honest run after a calibration taken busy", 10300 * ms, 11 * ms, 1900 * ms, verdict.AC},
		// The kit's own Java bitmask, whose JVM start-up is about as large
		// as the reference's search, is no lookup (416 ms against a search
		// of 570 ms; 413 ms against 407 ms).
		{"the Java reference at n = 14, calibrated busy", 570 * ms, 299 * ms, 416 * ms, verdict.AC},
		{"the Java reference at n = 14 in -grade", 407 * ms, 224 * ms, 413 * ms, verdict.AC},
		{"a Java run at n = 14 that starts faster than calibration saw", 407 * ms, 225 * ms, 180 * ms, verdict.AC},
		// Java's start-up is more than 1/50 of its largest search: the run
		// cannot tell a lookup from a start-up, so it does not judge one.
		{"a Java lookup at n = 16", 7000 * ms, 200 * ms, 210 * ms, verdict.AC},
		{"a Go lookup at n = 14, where start-up is as large as 1/50 of the search", 175 * ms, 6 * ms, 8 * ms, verdict.AC},
		{"no start-up measured (51)", 7500 * ms, 0, 1 * ms, verdict.AC},
	} {
		t.Run(tc.name, func(t *testing.T) {
			msg, fast := outcome.AnsweredTooFast(16, tc.cpu, tc.ref, tc.startup)
			assert.Equal(t, tc.want == verdict.HC, fast, msg)
			if fast {
				assert.Contains(t, msg, "look it up")
			}
		})
	}
}

func TestSplitCrashKeepsWhatTheStudentPrinted(t *testing.T) {
	// The runtime's header goes to stderr only; the crash channel gets the rest.
	overflow := "runtime: goroutine stack exceeds 1048576-byte limit\nfatal error: stack overflow\n\n"
	stack := "runtime stack:\nruntime.throw()\n"
	out := "debug: fatal error: is just a word here\n" + overflow + stack
	prints, report := outcome.SplitCrash(out, stack)
	assert.Equal(t, "debug: fatal error: is just a word here\n", prints)
	assert.Equal(t, overflow+stack, report)

	prints, report = outcome.SplitCrash("panic: printed, no crash\n", "")
	assert.Equal(t, "panic: printed, no crash\n", prints)
	assert.Empty(t, report)
}

func TestClassifyNamesTheRealProcessLimit(t *testing.T) {
	// With no limit of the case's own, the message names the default, never 0.
	r := outcome.Run{N: 4, Limits: cases.Limits{}.Resolve(cases.Reference{}), Func: "totalNQueens"}
	r.Result = &sandbox.Result{Killed: sandbox.Processes}
	v, msg := outcome.Classify(r)
	assert.Equal(t, verdict.RE, v)
	assert.Contains(t, msg, fmt.Sprintf("more than %d processes or threads", sandbox.DefaultProcesses))
}

func TestClassifyTellsAMemoryHogOutOfTimeWhereTheTimeWent(t *testing.T) {
	// A search out of time with most of its memory used (484.6 MiB of
	// 512) is asked about its memory, not about an endless loop.
	r := outcome.Run{N: 12, Limits: cases.Limits{}.Resolve(cases.Reference{}), Func: "totalNQueens"}
	r.Result = &sandbox.Result{Killed: sandbox.CPU, MaxRSS: 484 << 20}
	v, text := outcome.Classify(r)
	assert.Equal(t, verdict.TLE, v)
	assert.Contains(t, text, "much of it on memory: 484 MiB of the 512 MiB allowed")
	assert.NotContains(t, text, "endless loop")

	r.Result = &sandbox.Result{Killed: sandbox.CPU, MaxRSS: 12 << 20}
	_, text = outcome.Classify(r)
	assert.Contains(t, text, "endless loop", "a small program out of time")
}

func TestClassifyReadsAFailedAssertionFromTheCrashChannelOnly(t *testing.T) {
	r := outcome.Run{N: 4, Limits: cases.Limits{}.Resolve(cases.Reference{}), Func: "totalNQueens", Display: "mine.c"}
	r.Result = &sandbox.Result{ExitCode: 134}
	r.Crash = lang.CrashMark + "library check failed: __n < this->size()\n"
	v, text := outcome.Classify(r)
	assert.Equal(t, verdict.RE, v)
	assert.Equal(t, "n = 4: a check of the library failed (__n < this->size()): an index past the end of a vector, array or string?", text)
	// libstdc++ 9 and 10 (Ubuntu 20.04's) write it wrapped.
	r.Crash = lang.CrashMark + "library check failed: __builtin_expect(__n < this->size(), true)\n"
	_, text = outcome.Classify(r)
	assert.Equal(t, "n = 4: a check of the library failed (__n < this->size()): an index past the end of a vector, array or string?", text)

	r.Crash = lang.CrashMark + "assertion failed: row < 16\nat line 7 in place\n"
	_, text = outcome.Classify(r)
	assert.Equal(t, "n = 4: an assertion failed: row < 16\n  at mine.c:7 in place", text)

	// glibc's words printed by the program itself, then a crash: the
	// crash is explained, the prints are not believed.
	r.Crash = ""
	r.Result = &sandbox.Result{ExitCode: -1, Signal: syscall.SIGSEGV,
		Output: []byte("submission: solution.c:7: place: Assertion `row < 16' failed.\n")}
	v, text = outcome.Classify(r)
	assert.Equal(t, verdict.RE, v)
	assert.NotContains(t, text, "assertion")
	assert.Contains(t, text, "killed by signal")
}

// A sanitizer's report, as locate leaves it, is RE naming the kind of
// error, the access and the line; its running out of memory is MLE; a
// lambda's line names the function it is in.
func TestClassifyNamesTheSanitizersError(t *testing.T) {
	lim := cases.Limits{}.Resolve(cases.Reference{})
	run := func(crash string) (verdict.Verdict, string) {
		return outcome.Classify(outcome.Run{N: 10, Limits: lim, Func: "totalNQueens", Display: "room.c",
			Result: &sandbox.Result{ExitCode: 1}, Crash: crash})
	}
	v, msg := run(lang.CrashMark + lang.SanitizerMark + ": heap-buffer-overflow (WRITE of size 8)\n" + fmt.Sprintf(lang.AtLine, 23, "search"))
	assert.Equal(t, verdict.RE, v)
	assert.Equal(t, "n = 10: AddressSanitizer found a heap buffer overflow, a write of 8 bytes: an index past the end of memory from malloc or new: did it allocate room for fewer boards, rows or columns than it writes?\n  at room.c:23 in search", msg)

	v, msg = run(lang.CrashMark + lang.SanitizerMark + ": undefined: signed integer overflow: 2147483647 + 1 cannot be represented in type 'int'\n" + fmt.Sprintf(lang.AtLine, 4, "place"+lang.LambdaIn))
	assert.Equal(t, verdict.RE, v)
	assert.Equal(t, "n = 10: undefined behaviour, found by UndefinedBehaviorSanitizer: signed integer overflow: 2147483647 + 1 cannot be represented in type 'int'\n  at room.c:4 in a lambda in place", msg)

	v, _ = run(lang.CrashMark + lang.SanitizerMark + ": out-of-memory\n")
	assert.Equal(t, verdict.MLE, v)
	v, msg = run(lang.CrashMark + lang.SanitizerMark + ": stack-overflow (READ of size 4)\n")
	assert.Equal(t, verdict.RE, v)
	assert.Contains(t, msg, "stack overflow: the recursion never ends")
	v, msg = run(lang.CrashMark + lang.SanitizerMark + ": container-overflow (READ of size 4)\n")
	assert.Equal(t, verdict.RE, v)
	assert.Equal(t, "n = 10: AddressSanitizer found container-overflow, a read of 4 bytes", msg, "a kind without words of its own")
	v, msg = run(lang.CrashMark + "exception java.lang.ArrayIndexOutOfBoundsException: Index 9 out of bounds for length 9\n" + fmt.Sprintf(lang.AtLine, 10, "lambda$totalNQueens$0"))
	assert.Equal(t, verdict.RE, v)
	assert.Contains(t, msg, "\n  at room.c:10 in a lambda in totalNQueens")
}
