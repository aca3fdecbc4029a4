package outcome

import (
	"cmp"
	"context"
	"slices"
	"strings"

	"github.com/nqueens-kit/nqueens/internal/lazy"
	"github.com/nqueens-kit/nqueens/judge/build"
	"github.com/nqueens-kit/nqueens/judge/lang"
	"github.com/nqueens-kit/nqueens/judge/sandbox"
)

// Output is what a run printed and sent, read apart: the student's own
// prints (the start, and the end when more was printed than kept), how
// many lines they printed, and the report of the runtime or the harness
// (a crash, or where a run stopped at a limit was).
type Output struct {
	Prints, Tail string
	Lines        int64 // newlines printed in all, the reports' taken out
	Printed      int64 // lines printed, a last one unended included where all were kept
	Crash        string
}

// Read reads what res printed and sent, the student's file named display
// (build.Relabel): the runtime's report taken out of the prints (a Go
// program stopped at a limit writes its stacks there too), a JVM's thread
// dump (a run stopped at a limit, of a program that saysWhere on stdout)
// moved to the report, a sanitizer's first lines (printed before the
// harness's hook sends the rest to the crash channel) dropped, and a C or
// C++ harness's report given the student's lines, which l finds in the
// program's line tables (locate).
func Read(ctx context.Context, res *sandbox.Result, display string, saysWhere bool, l *lang.Locator) Output {
	prints, crash := SplitCrash(build.Relabel(string(res.Output), display), build.Relabel(string(res.Crash), display))
	tail, lines := build.Relabel(string(res.Tail), display), res.Lines
	if res.Killed != sandbox.None && saysWhere {
		var dump, dumpTail string
		prints, dump = splitThreadDump(prints)
		tail, dumpTail = splitThreadDump(tail)
		lines -= int64(strings.Count(dumpTail, "\n"))
		crash += cmp.Or(dump, dumpTail)
	}
	if crash != "" && tail != "" {
		kept, _ := SplitCrash(tail, crash)
		lines -= int64(strings.Count(tail[len(kept):], "\n"))
		tail = kept
	}
	if strings.HasPrefix(crash, lang.CrashMark+lang.SanitizerMark) {
		var dropped int
		prints, dropped = withoutSanitizerLines(prints)
		tail, _ = withoutSanitizerLines(tail)
		lines -= int64(dropped)
	}
	printed := lines
	if tail == "" {
		// All of it is in prints: count there.
		printed = int64(strings.Count(prints, "\n"))
		if prints != "" && !strings.HasSuffix(prints, "\n") {
			printed++
		}
	}
	return Output{Prints: prints, Tail: tail, Lines: lines, Printed: printed, Crash: locate(ctx, l, crash)}
}

// threadDump starts the JVM's answer to SIGQUIT, which it prints on stdout.
const threadDump = "Full thread dump "

// splitThreadDump separates what a program printed from a JVM's thread
// dump at its end, which a run stopped at a limit asked for
// (Language.SaysWhere).
func splitThreadDump(prints string) (kept, dump string) {
	i := strings.LastIndex(prints, threadDump)
	if i < 0 || i > 0 && prints[i-1] != '\n' {
		return prints, ""
	}
	// The dump's first line is the time it was taken.
	if start := strings.LastIndexByte(strings.TrimSuffix(prints[:i], "\n"), '\n') + 1; dumpTime().MatchString(prints[start:i]) {
		i = start
	}
	return prints[:i], prints[i:]
}

// dumpTime is the line a JVM's thread dump starts with.
var dumpTime = lazy.Regexp(`^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\n$`)

// sanitizerLines are what a sanitizer prints on stderr before its hook
// (lang's harness/nqueens.h) is called: a rule above the report, and a line that a
// signal (a segmentation fault) was caught.
var sanitizerLines = []string{
	"=================================================================",
	"AddressSanitizer:DEADLYSIGNAL",
	"UndefinedBehaviorSanitizer:DEADLYSIGNAL",
}

// withoutSanitizerLines is what a program printed, without the sanitizer's
// lines at its end, and how many lines those were.
func withoutSanitizerLines(prints string) (string, int) {
	dropped := 0
	for {
		rest := strings.TrimSuffix(prints, "\n")
		last := rest[strings.LastIndexByte(rest, '\n')+1:]
		if rest == prints || !slices.Contains(sanitizerLines, last) {
			return prints, dropped
		}
		prints, dropped = rest[:len(rest)-len(last)], dropped+1
	}
}
