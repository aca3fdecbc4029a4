// Package outcome turns one run of a submission under limits into a
// verdict and a message for the student: how the sandbox stopped it, what
// the crash report on its own channel says (the Go runtime's, or a
// harness's in another language), and whether it answered at all; and
// where a search cannot be counted, whether it answered impossibly fast
// (AnsweredTooFast). It never reads the student's own prints.
package outcome

import (
	"cmp"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/nqueens-kit/nqueens/internal/lazy"
	"github.com/nqueens-kit/nqueens/internal/msg"
	"github.com/nqueens-kit/nqueens/judge/format"
	"github.com/nqueens-kit/nqueens/judge/lang"
	"github.com/nqueens-kit/nqueens/judge/sandbox"
	"github.com/nqueens-kit/nqueens/judge/verdict"
)

// LookupFactor: where a search cannot be counted, a relative case answered
// in less than 1/LookupFactor of the reference's search time is taken for a
// looked-up answer (HC). The fastest
// honest counter in the kit, solutions/…/fast (eight symmetries, explicit
// stack) on one core, needs 0.25–0.29 of the reference, 3.4–4 times less;
// 50 is twelve times beyond that. A lookup table answers in about 0.0002
// of it.
const LookupFactor = 50

// startupSlack is how many start-ups a run that answers at once may take:
// under load such a run was seen to take 11 ms of CPU against 5–6 ms idle
// (Go in the jail), and the JVM's start-up spreads over 170–225 ms.
const startupSlack = 2

// lookupThreshold is the CPU time under which a run at a case whose
// reference costs ref (startup of which is start-up) is a lookup, and
// whether the check can be trusted there at all. The run's own CPU time is
// compared whole, start-up included: nothing is subtracted from it, so a
// noisy start-up can only make a run look slower, never impossibly fast.
// The check applies only where the threshold is above startupSlack
// start-ups, so that a lookup is told apart from the start-up every
// program pays: for Go, C and C++ from n = 15, for Python at n = 14, and
// for Java never (its start-up, about 0.2 s, is more than 1/50 of its
// largest search): there the source check alone finds answers written in.
func lookupThreshold(ref, startup time.Duration) (time.Duration, bool) {
	threshold := (ref - startup) / LookupFactor
	return threshold, startup > 0 && threshold > startupSlack*startup
}

// memoryHog is the share of the memory limit, in percent, past which a run
// out of CPU time is told that its memory is the cost.
const memoryHog = 50

// A Run is one run of the submission and what classifying it needs.
type Run struct {
	Result *sandbox.Result
	Crash  string // the crash report (SplitCrash), naming the student's file
	// Prints is what the program printed (its first bytes), and Printed
	// how many lines in all: the student's own, without a runtime's or a
	// sanitizer's report.
	Prints   string
	Printed  int64
	N        int
	Limits   sandbox.Limits
	Func     string // the solution function
	Display  string // the student's file
	Relative bool   // the CPU limit is relative to the reference
	// Source is the student's file, in Lang: a line a report names is
	// checked against it (a statement of the function named); nil trusts
	// the runtime's line.
	Source []byte
	Lang   *lang.Language
}

// The Go runtime's report lines, and the C++ library's.
var (
	panicLine = lazy.Regexp(`(?m)^panic: (.*)$`)
	fatalLine = lazy.Regexp(`(?m)^fatal error: (.*)$`)
	// libraryError is the C++ library's debug mode's report of a failed
	// check, to the blank line that ends it.
	libraryError = lazy.Regexp(`(?s)(?:^|\n)Error: (.*?)\n\n`)
	// atLine is where a harness's report says the crash happened: the
	// innermost of the student's frames first, then the calls that led
	// there (locate lists them).
	atLine = lazy.Regexp(`(?m)^at line (\d+) in (\S+)$`)
	// expected is a library check's condition as libstdc++ 9 and 10 write
	// an index's: __builtin_expect(__n < this->size(), true).
	expected = lazy.Regexp(`^__builtin_expect\((.*), (?:true|1)\)$`)
)

// Classify turns one run into a verdict and a message for the student. It
// reads the crash report (the Go runtime's, a harness's) from its own
// channel, never the student's prints: a program that prints "stack
// overflow" or glibc's words for a failed assertion gets no message from
// them.
func Classify(r Run) (verdict.Verdict, string) {
	v, m := classify(r)
	switch r.Result.Killed {
	case sandbox.CPU, sandbox.Idle, sandbox.Memory, sandbox.Output, sandbox.Answer:
		m += stoppedAt(r)
	}
	words := lang.StarterWords + ": write "
	if v == verdict.RE && (strings.Contains(r.Crash, words) || strings.Contains(r.Prints, words)) {
		// The file is written, but the starter's line was left in above it
		// (its panic, raise or throw; C's prints the words, then aborts).
		m += "\n  " + StarterLeftIn(r.Display, r.Source)
	}
	return v, m
}

// StarterLeftIn tells a student that the starter's line, which stops the
// function before their code, is still in src (display names the file).
func StarterLeftIn(display string, src []byte) string {
	if line := lang.StarterLine(src); line > 0 {
		return msg.Sprintf("The starter's line, %s:%d, is still in your function, above your code: delete it.", display, line)
	}
	return msg.Sprintf("The starter's line is still in your function, above your code: delete it.")
}

// classify is Classify but for where a run stopped at a limit was.
func classify(r Run) (verdict.Verdict, string) {
	res, lim, n := r.Result, r.Limits, r.N
	switch res.Killed {
	case sandbox.CPU:
		switch {
		case res.MaxRSS > lim.Memory*memoryHog/100:
			// A search building ever more lists is told about its memory,
			// not about an endless loop.
			return verdict.TLE, msg.Sprintf("n = %d: used more than the CPU time limit of %s, much of it on memory: %s of the %s allowed. A search needs little memory: does it copy the board, or keep every partial board, at each step?",
				n, format.Duration(lim.CPU), format.Bytes(res.MaxRSS), format.Bytes(lim.Memory))
		case !r.Relative && r.Printed > 0:
			// A program that prints as it searches may be slow rather than
			// endless: each print is a system call, dearer than a step.
			return verdict.TLE, msg.Sprintf("no answer after %s at n = %d, while it printed (%d lines by then): a search that prints at every step or board spends its time printing, and one that never ends prints too. Take the prints out and judge it again: an endless loop, or a recursion that never reaches row n, stays out of time",
				format.Seconds(lim.CPU), n, r.Printed)
		case !r.Relative:
			return verdict.TLE, msg.Sprintf("no answer after %s at n = %d: an endless loop, or a recursion that never reaches row n?",
				format.Seconds(lim.CPU), n)
		}
		return verdict.TLE, msg.Sprintf("n = %d: used more than the CPU time limit of %s", n, format.Duration(lim.CPU))
	case sandbox.Idle:
		return verdict.TLE, msg.Sprintf("n = %d: made no progress for %s (%s of CPU in all): is it sleeping, stopped or waiting for something?",
			n, format.Duration(lim.Idle), format.Duration(res.CPU))
	case sandbox.Memory:
		return verdict.MLE, msg.Sprintf("n = %d: used more than the memory limit of %s", n, format.Bytes(lim.Memory))
	case sandbox.Output:
		return verdict.OLE, msg.Sprintf("n = %d: printed more than %s to stdout and stderr", n, format.Bytes(lim.Output))
	case sandbox.Answer:
		return verdict.OLE, msg.Sprintf("n = %d: the answer was larger than %s", n, format.Bytes(lim.Answer))
	case sandbox.Processes:
		return verdict.RE, msg.Sprintf("n = %d: started more than %d processes or threads at once", n, cmp.Or(lim.Processes, sandbox.DefaultProcesses))
	}
	if res.ExitCode != 0 {
		crash := r.Crash
		switch {
		case strings.HasPrefix(crash, lang.CrashMark):
			return harnessCrash(r)
		case strings.HasPrefix(crash, sandbox.MemoryLimitReport):
			// The harness stopped itself where the sandbox cannot watch memory.
			return verdict.MLE, msg.Sprintf("n = %d: used more than the memory limit of %s", n, format.Bytes(lim.Memory))
		case strings.Contains(crash, "fatal error: stack overflow") || strings.Contains(crash, "goroutine stack exceeds"):
			return verdict.RE, msg.Sprintf("n = %d: stack overflow: the recursion never ends or goes far too deep%s", n, where(r))
		case strings.Contains(crash, "fatal error: runtime: out of memory") || strings.Contains(crash, "fatal error: out of memory"):
			return verdict.MLE, msg.Sprintf("n = %d: ran out of memory (limit %s)", n, format.Bytes(lim.Memory)) + where(r)
		case panicLine().MatchString(crash):
			return verdict.RE, msg.Sprintf("n = %d: panic: %s%s", n, panicLine().FindStringSubmatch(crash)[1], where(r))
		case fatalLine().MatchString(crash):
			return verdict.RE, msg.Sprintf("n = %d: fatal error: %s%s", n, fatalLine().FindStringSubmatch(crash)[1], where(r))
		case res.Signal != 0:
			return verdict.RE, msg.Sprintf("n = %d: killed by signal %v%s", n, res.Signal, signalHint(res.Signal))
		}
		return verdict.RE, msg.Sprintf("n = %d: exit status %d (did it exit on its own: os.Exit, exit, System.exit, sys.exit?)", n, res.ExitCode)
	}
	if len(res.Answer) == 0 || res.Answer[len(res.Answer)-1] != '\n' {
		return verdict.RE, msg.Sprintf("n = %d: the program ended without returning an answer from %s (did it exit on its own: os.Exit, exit, System.exit, sys.exit?)", n, r.Func)
	}
	return verdict.AC, ""
}

// AnsweredTooFast is the time's word on a run at a relative case of n that
// answered in cpu, where the reference took ref (startup of which is
// start-up): the message for the student when it is a lookup. The judge
// asks it only where the search cannot be counted: counts decide exactly.
func AnsweredTooFast(n int, cpu, ref, startup time.Duration) (string, bool) {
	if threshold, ok := lookupThreshold(ref, startup); !ok || cpu >= threshold {
		return "", false
	}
	return msg.Sprintf("n = %d: answered in %s of CPU, %.0f times less than the reference search (%s): no search is that fast; the kit asks you to compute the answer, not to look it up",
		n, format.Duration(cpu), float64(ref-startup)/float64(max(cpu, time.Microsecond)), format.Duration(ref)), true
}

// harnessCrash reads the crash report of a harness in another language
// than Go (lang.CrashMark): what happened, and where in the student's file.
func harnessCrash(r Run) (verdict.Verdict, string) {
	report := strings.TrimPrefix(r.Crash, lang.CrashMark)
	what, rest, _ := strings.Cut(report, "\n")
	at := ""
	if place, fn, ok := r.located(harnessFrames(rest)); ok {
		at = msg.Sprintf("\n  at %s%s", place, fn)
	}
	assertion, check := lang.AssertionFailed, lang.LibraryCheck
	switch {
	case what == check:
		// The C++ library's debug mode's report (a checked build).
		if m := libraryError().FindStringSubmatch(rest); m != nil {
			return verdict.RE, msg.Sprintf("n = %d: a check of the C++ library failed: %s (an index past the end of a bitset or a container: is it smaller than n?)%s", r.N, format.Printable(strings.Join(strings.Fields(m[1]), " ")), at)
		}
		return verdict.RE, msg.Sprintf("n = %d: a check of the C++ library failed%s", r.N, at)
	case strings.HasPrefix(what, check+": "):
		// _GLIBCXX_ASSERTIONS' check of an index (a timed build).
		cond := strings.TrimPrefix(what, check+": ")
		if m := expected().FindStringSubmatch(cond); m != nil {
			cond = m[1]
		}
		return verdict.RE, msg.Sprintf("n = %d: a check of the library failed (%s): an index past the end of a vector, array or string?%s", r.N, format.Printable(cond), at)
	case strings.HasPrefix(what, assertion):
		return verdict.RE, msg.Sprintf("n = %d: an assertion failed: %s%s", r.N, format.Printable(strings.TrimPrefix(what, assertion)), at)
	case what == lang.NoColumnSizes:
		return verdict.RE, msg.Sprintf("n = %d: solveNQueens returned boards but never set *returnColumnSizes, from which LeetCode's C driver reads how many rows each board has: allocate *returnSize ints, each n, and point *returnColumnSizes at them", r.N)
	case what == lang.Aborted:
		return verdict.RE, msg.Sprintf("n = %d: the program aborted%s", r.N, at)
	case what == lang.StackOverflow:
		return verdict.RE, msg.Sprintf("n = %d: stack overflow: the recursion never ends or goes far too deep%s", r.N, at)
	case what == lang.OutOfMemory:
		return verdict.MLE, msg.Sprintf("n = %d: ran out of memory (limit %s)", r.N, format.Bytes(r.Limits.Memory)) + at
	case strings.HasPrefix(what, lang.SanitizerMark):
		return sanitizerError(r, strings.TrimPrefix(strings.TrimPrefix(what, lang.SanitizerMark), ": "), at)
	}
	return verdict.RE, msg.Sprintf("n = %d: %s%s", r.N, format.Printable(what), at) + python2Hint(what) + importHint(what)
}

// harnessFrames are the student's frames a harness's report lists
// (atLine), innermost first.
func harnessFrames(report string) []spot {
	var found []spot
	for _, m := range atLine().FindAllStringSubmatch(report, -1) {
		line, _ := strconv.Atoi(m[1])
		found = append(found, spot{line, m[2]})
	}
	return found
}

// javaLambda is the name the Java compiler gives a lambda's body.
var javaLambda = lazy.Regexp(`^lambda\$(\w+)\$\d+$`)

// inFunction says which function a line is in, from the name a harness
// gave: a lambda is named for the function it is in (lang.LambdaIn, or
// Java's lambda$totalNQueens$0).
func inFunction(name string) string {
	if m := javaLambda().FindStringSubmatch(name); m != nil {
		name = m[1] + lang.LambdaIn
	}
	if outer, ok := strings.CutSuffix(name, lang.LambdaIn); ok {
		return msg.Sprintf(" in a lambda in %s", outer)
	}
	return msg.Sprintf(" in %s", name)
}

// asanKind says what a kind of error AddressSanitizer reports is called,
// and what it usually means in a search.
func asanKind(kind string) (name, meaning string, ok bool) {
	switch kind {
	case "stack-buffer-overflow":
		return msg.Sprintf("a stack buffer overflow"), msg.Sprintf("an index past the end of a local array or a member array: is it smaller than n?"), true
	case "heap-buffer-overflow":
		return msg.Sprintf("a heap buffer overflow"), msg.Sprintf("an index past the end of memory from malloc or new: did it allocate room for fewer boards, rows or columns than it writes?"), true
	case "global-buffer-overflow":
		return msg.Sprintf("a global buffer overflow"), msg.Sprintf("an index past the end of a global array: is it smaller than n?"), true
	case "heap-use-after-free":
		return msg.Sprintf("a use after free"), msg.Sprintf("memory read or written after it was freed"), true
	case "stack-use-after-scope":
		return msg.Sprintf("a use after scope"), msg.Sprintf("a local variable used through a pointer after its block ended"), true
	case "double-free":
		return msg.Sprintf("a double free"), msg.Sprintf("memory freed twice"), true
	case "bad-free":
		return msg.Sprintf("a bad free"), msg.Sprintf("a pointer freed that malloc did not give"), true
	case "alloc-dealloc-mismatch":
		return msg.Sprintf("an allocation and deallocation mismatch"), msg.Sprintf("memory freed with the wrong function (malloc with delete, new[] with delete, …)"), true
	case "SEGV":
		return msg.Sprintf("a segmentation fault"), msg.Sprintf("a read or write of memory it does not own: a null or wild pointer?"), true
	}
	return "", "", false
}

// sanitizerError is the verdict and message for a sanitizer's report,
// read by locate: "stack-buffer-overflow (WRITE of size 4)", or
// "undefined: signed integer overflow: …".
func sanitizerError(r Run, what, at string) (verdict.Verdict, string) {
	if ub, ok := strings.CutPrefix(what, "undefined: "); ok {
		return verdict.RE, msg.Sprintf("n = %d: undefined behaviour, found by UndefinedBehaviorSanitizer: %s%s", r.N, format.Printable(ub), at)
	}
	kind, access, _ := strings.Cut(what, " (")
	access = strings.TrimSuffix(access, ")")
	switch kind {
	case "":
		return verdict.RE, msg.Sprintf("n = %d: a sanitizer found an error%s", r.N, at)
	case "stack-overflow":
		return verdict.RE, msg.Sprintf("n = %d: stack overflow: the recursion never ends or goes far too deep%s", r.N, at)
	case "out-of-memory", "allocation-size-too-big", "calloc-overflow", "rss-limit-exceeded":
		return verdict.MLE, msg.Sprintf("n = %d: ran out of memory (limit %s)", r.N, format.Bytes(r.Limits.Memory))
	}
	name, meaning, ok := asanKind(kind)
	if ok {
		meaning = ": " + meaning
	} else {
		name = format.Printable(kind)
	}
	if rw, size, ok := strings.Cut(access, " of size "); ok {
		if rw == "WRITE" {
			name = msg.Sprintf("%s, a write of %s bytes", name, format.Printable(size))
		} else {
			name = msg.Sprintf("%s, a read of %s bytes", name, format.Printable(size))
		}
	}
	return verdict.RE, msg.Sprintf("n = %d: AddressSanitizer found %s%s%s", r.N, name, meaning, at)
}

// unimported are modules of Python's standard library a LeetCode answer
// uses that the harness's preamble, like LeetCode's, does not import
// (lang's harness/harness.py imports typing, collections, math, heapq, bisect,
// itertools, functools, string, re and random).
var unimported = []string{"sys", "copy", "operator", "time", "array", "fractions", "decimal", "statistics"}

// importHint says which import a Python crash asks for: a module used but
// never imported.
func importHint(what string) string {
	for _, m := range unimported {
		if strings.Contains(what, "NameError: name '"+m+"' is not defined") {
			return msg.Sprintf("\n  add `import %s` at the top of your file: the judge, like LeetCode, imports some modules for you (collections, math, heapq, …), but not %s", m, m)
		}
	}
	return ""
}

// python2Names are Python 2 names that Python 3 does not have, and what
// replaced them.
var python2Names = map[string]string{"xrange": "range", "raw_input": "input", "unicode": "str", "long": "int", "basestring": "str"}

// python2Hint says so when a Python crash is Python 2 code run by Python 3.
func python2Hint(what string) string {
	for old, now := range python2Names {
		if strings.Contains(what, "NameError: name '"+old+"' is not defined") {
			return msg.Sprintf("\n  this is Python 2: the judge runs Python 3, where %s is %s", old, now)
		}
	}
	return ""
}

// signalHint says what a signal that killed a program usually means (C
// and C++ programs crash this way).
func signalHint(sig syscall.Signal) string {
	switch sig {
	case syscall.SIGSEGV, syscall.SIGBUS:
		return msg.Sprintf(": it read or wrote memory it does not own: an index out of bounds, a null or freed pointer, or a recursion so deep it overflowed the stack")
	case syscall.SIGFPE:
		return msg.Sprintf(": an arithmetic error, such as a division by zero")
	case syscall.SIGABRT:
		return msg.Sprintf(": it aborted: a failed assertion, an exception nothing caught, or memory freed twice")
	}
	return ""
}

// SplitCrash separates what the program printed from the Go runtime's crash
// report. The runtime writes the whole report to stderr and, from the stack
// on, to the crash channel too; the lines of the report's header (such as
// "fatal error: stack overflow") are the runtime lines just before where
// the crash channel's text starts in the output. Without a crash channel
// text there is no report, whatever the program printed.
func SplitCrash(out, crash string) (prints, report string) {
	first := ""
	for _, l := range strings.Split(crash, "\n") {
		if strings.TrimSpace(l) != "" {
			first = l
			break
		}
	}
	if first == "" {
		return out, ""
	}
	i := strings.LastIndex(out, first)
	if i < 0 {
		return out, crash
	}
	start := i
	for start > 0 {
		prev := strings.LastIndexByte(out[:start-1], '\n') + 1
		l := out[prev : start-1]
		if !isRuntimeHeader(l) {
			break
		}
		start = prev
	}
	return out[:start], out[start:i] + crash
}

// runtimeHeader starts a line of the Go runtime's crash report before its
// stack.
var runtimeHeader = lazy.Regexp(`^(runtime: |fatal error: |panic: |\[signal |SIGSEGV|SIGBUS|SIGQUIT: |PC=0x)`)

func isRuntimeHeader(l string) bool {
	return runtimeHeader().MatchString(l) || strings.TrimSpace(l) == ""
}

// where finds, in a crash report, the innermost frame in the student's file:
// "\n  at solution.go:12 in place".
func where(r Run) string {
	if place, fn, ok := r.located(frames(r.Crash, r.Display)); ok {
		return msg.Sprintf("\n  at %s%s", place, fn)
	}
	return ""
}

// frames are, in the Go runtime's stacks, the frames in the student's file
// of the first goroutine that has one, innermost first.
func frames(crash, display string) []spot {
	var found []spot
	lines := strings.Split(crash, "\n")
	for i, l := range lines {
		if l == "" && found != nil {
			break // the end of that goroutine's stack
		}
		file, ok := strings.CutPrefix(l, "\t")
		if !ok {
			continue
		}
		file, ok = strings.CutPrefix(file, display+":")
		if !ok {
			continue
		}
		if j := strings.LastIndex(file, " +0x"); j > 0 {
			file = file[:j]
		}
		line, err := strconv.Atoi(file)
		if err != nil {
			continue
		}
		name := ""
		if i > 0 {
			name = goFunction(lines[i-1])
		}
		found = append(found, spot{line, name})
	}
	return found
}

// goFunction is the function a Go stack's line names, as a spot names it:
// "main.totalNQueens(0x4)" is totalNQueens; a function literal,
// "main.totalNQueens.func1(...)" (or "main.main.totalNQueens.func1" where
// it was inlined into main), is totalNQueens+lang.LambdaIn.
func goFunction(l string) string {
	if k := strings.LastIndexByte(l, '('); k > 0 && strings.HasSuffix(l, ")") {
		l = l[:k]
	}
	parts := strings.Split(l, ".")
	for i, p := range parts {
		if i > 0 && goLiteral().MatchString(p) {
			return format.Printable(parts[i-1]) + lang.LambdaIn
		}
	}
	return format.Printable(parts[len(parts)-1])
}

// located says where the frames (innermost first) put the run: the place
// ("solution.go:12", or the file alone when no line of it can be trusted)
// and " in" its function. With the student's source, only a statement of
// the function is named (source.choose); without it, the innermost frame.
func (r Run) located(frames []spot) (place, fn string, ok bool) {
	if len(frames) == 0 {
		return "", "", false
	}
	f := frames[0]
	if r.Source != nil {
		f = readSource(r.Lang, r.Source).choose(frames)
	}
	place = r.Display
	if f.line > 0 {
		place += ":" + strconv.Itoa(f.line)
	}
	if f.fn != "" {
		fn = inFunction(f.fn)
	}
	return place, fn, true
}

// goLiteral is the part of a name Go gives a function literal after its
// function's: func1 (func1.2 for one inside another).
var goLiteral = lazy.Regexp(`^func\d+$`)

// faultFrame is the line of Python's faulthandler for the innermost frame
// in the student's file (the harness runs it as solution.py).
var faultFrame = lazy.Regexp(`(?m)^\s*File "solution\.py", line (\d+) in (\w+)`)

// stoppedAt says where a run stopped at a limit was, when it said
// (sandbox.Program.SaysWhere): the Go runtime's stacks, or a line of
// lineFrames: "\n  stopped at solution.go:5 in place".
func stoppedAt(r Run) string {
	found := frames(r.Crash, r.Display)
	for _, f := range lineFrames {
		if found != nil {
			break
		}
		if m := f.re().FindStringSubmatch(r.Crash); m != nil {
			line, _ := strconv.Atoi(m[f.line])
			found = []spot{{line, m[f.fn]}}
		}
	}
	if found == nil {
		found = harnessFrames(r.Crash)
	}
	place, fn, ok := r.located(found)
	if !ok {
		return ""
	}
	return msg.Sprintf("\n  stopped at %s%s", place, fn)
}

// lineFrames are the lines that say where a stopped run was, and which of
// their groups is the line and which the function: Python's faulthandler
// and the JVM's thread dump (then a harness's own word, harnessFrames: a C
// or C++ harness's frames, located, or Java's where its prints crossed the
// limit).
var lineFrames = []struct {
	re       func() *regexp.Regexp
	line, fn int
}{{faultFrame, 1, 2}, {jvmFrame, 2, 1}}

// jvmFrame is the line of a JVM's thread dump for the innermost frame in
// the student's class (the harness compiles it as Solution.java).
var jvmFrame = lazy.Regexp(`(?m)^\s+at [\w$.]+\.([\w$<>]+)\(Solution\.java:(\d+)\)`)
