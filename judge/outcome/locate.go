package outcome

import (
	"context"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/nqueens-kit/nqueens/internal/lazy"
	"github.com/nqueens-kit/nqueens/judge/lang"
)

// The lines of a sanitizer's report locate reads.
var (
	// asanError is AddressSanitizer's first line: the kind of error.
	asanError = lazy.Regexp(`ERROR: AddressSanitizer: (?:attempting )?([A-Za-z-]+)`)
	// asanAccess is the access that failed: "WRITE of size 4".
	asanAccess = lazy.Regexp(`(?m)^(READ|WRITE) of size (\d+)`)
	// ubsanError is UndefinedBehaviorSanitizer's: where, and what.
	ubsanError = lazy.Regexp(`(?m)^\S+: runtime error: (.*)$`)
	// sanitizerFrame is a frame of the program's own code, unsymbolized:
	// "#0 0x55b0cf05098f  (/tmp/submission+0x398f)".
	sanitizerFrame = lazy.Regexp(`(?m)^\s*#\d+ 0x[0-9a-f]+\s+\(([^()]+)\+0x([0-9a-f]+)\)$`)
)

// locate turns the crash report of a C or C++ run, whose harness cannot
// read its own line tables, into the harness's form (CrashMark, what
// happened, AtLine for each of the student's frames, innermost first),
// with the lines l finds at its addresses: the frames of a failed check of
// the C++ library (after FramesMark), or a sanitizer's report (after
// SanitizerMark), whose kind of error it keeps: "sanitizer:
// stack-buffer-overflow (WRITE of size 4)", "sanitizer: undefined: signed
// integer overflow: …". Any other report, and every report of a nil
// Locator, is returned as it is; a sanitizer's report it cannot read keeps
// its mark alone.
func locate(ctx context.Context, l *lang.Locator, report string) string {
	if l == nil {
		return report
	}
	if rest, ok := strings.CutPrefix(report, lang.CrashMark+lang.SanitizerMark+"\n"); ok {
		return locateSanitizer(ctx, l, rest)
	}
	before, frames, found := strings.Cut(report, lang.FramesMark)
	if !found || !strings.HasPrefix(report, lang.CrashMark) {
		return report
	}
	if !strings.HasSuffix(before, "\n") {
		before += "\n"
	}
	var addrs []uint64
	for _, f := range strings.Fields(frames) {
		// A return address is the instruction after the call.
		if a, err := strconv.ParseUint(strings.TrimPrefix(f, "0x"), 16, 64); err == nil && a > 0 {
			addrs = append(addrs, a-1)
		}
	}
	return before + atLines(l.Frames(ctx, addrs))
}

// locateSanitizer is locate for a sanitizer's report.
func locateSanitizer(ctx context.Context, l *lang.Locator, report string) string {
	what := ""
	if m := asanError().FindStringSubmatch(report); m != nil {
		what = m[1]
		if a := asanAccess().FindStringSubmatch(report); a != nil {
			what += " (" + a[0] + ")"
		}
	} else if ubsan := ubsanError().FindStringSubmatch(report); ubsan != nil {
		what = "undefined: " + ubsan[1]
	} else {
		return lang.CrashMark + lang.SanitizerMark + "\n"
	}
	// The program's frames, up to the report's next part ("… is located",
	// "allocated by"): ASan prints the return address less one already.
	var addrs []uint64
	for _, m := range sanitizerFrame().FindAllStringSubmatch(report, 64) {
		if strings.Contains(filepath.Base(m[1]), ".so") {
			continue // the C library, the sanitizer's runtime
		}
		if a, err := strconv.ParseUint(m[2], 16, 64); err == nil {
			addrs = append(addrs, a)
		}
	}
	return lang.CrashMark + lang.SanitizerMark + ": " + what + "\n" + atLines(l.Frames(ctx, addrs))
}

// atLines is frames as the harness's AtLine lines.
func atLines(frames []lang.Frame) string {
	var b strings.Builder
	for _, f := range frames {
		fmt.Fprintf(&b, lang.AtLine, f.Line, f.Fn)
	}
	return b.String()
}
