package lang

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/nqueens-kit/nqueens/judge/build"
	"github.com/nqueens-kit/nqueens/judge/sandbox"
)

// sanitizerFlags build a checked C or C++ program under gcc's
// AddressSanitizer (an access past an array or a buffer, on the stack, in
// the heap or in a global; memory used after it was freed) and
// UndefinedBehaviorSanitizer (a signed overflow, an index past an array
// whose size the compiler knows, a shift too far), each error fatal, as
// LeetCode builds C and C++. The frame pointers keep the sanitizers'
// frames whole.
var sanitizerFlags = []string{"-fsanitize=address,undefined", "-fno-sanitize-recover=all", "-fno-omit-frame-pointer"}

// sanitizedProgram is how a sanitized build runs: linked dynamically, it
// reads the loader and the libraries under gccFiles; AddressSanitizer
// reserves terabytes of address space for its shadow memory, which no
// address-space limit allows, so its memory is watched by resident size
// alone.
func sanitizedProgram(prog *sandbox.Program) {
	prog.ReadOnly = append(slices.Clone(prog.ReadOnly), gccFiles...)
	prog.AddressSpace = sandbox.Unlimited
}

// The lines of a sanitizer's report Locate reads.
var (
	// asanError is AddressSanitizer's first line: the kind of error.
	asanError = regexp.MustCompile(`ERROR: AddressSanitizer: (?:attempting )?([A-Za-z-]+)`)
	// asanAccess is the access that failed: "WRITE of size 4".
	asanAccess = regexp.MustCompile(`(?m)^(READ|WRITE) of size (\d+)`)
	// ubsanError is UndefinedBehaviorSanitizer's: where, and what.
	ubsanError = regexp.MustCompile(`(?m)^\S+: runtime error: (.*)$`)
	// sanitizerFrame is a frame of the program's own code, unsymbolized:
	// "#0 0x55b0cf05098f  (/tmp/submission+0x398f)".
	sanitizerFrame = regexp.MustCompile(`(?m)^\s*#\d+ 0x[0-9a-f]+\s+\(([^()]+)\+0x([0-9a-f]+)\)$`)
)

// Located reports whether Locate reads report: a harness's frames, or a
// sanitizer's report.
func Located(report string) bool {
	return strings.HasPrefix(report, CrashMark+SanitizerMark+"\n") || strings.Contains(report, FramesMark)
}

// A Locator finds the student's lines in the crash reports of Binary, a
// program built from a submission (Locate): in the line tables of the
// same build made with them (BuildWithLines) when Lines is that
// submission (the timed build has none), in Binary's own otherwise (a
// checked build has them).
type Locator struct {
	Builder *build.Builder
	Binary  string
	Lines   *Submission
}

// Locate is the report, a run of l.Binary's, with the student's lines
// (the package's Locate); a report with nothing to locate is returned as
// it is, and so is every report of a nil Locator.
func (l *Locator) Locate(ctx context.Context, report string) string {
	if l == nil || !Located(report) {
		return report
	}
	binary := l.Binary
	if l.Lines != nil {
		if t, err := l.Lines.Lang.Toolchain(); err == nil {
			if lines, err := t.BuildWithLines(ctx, l.Builder, *l.Lines); err == nil && lines != "" {
				binary = lines
			}
		}
	}
	return Locate(ctx, l.Builder, binary, report)
}

// Locate turns the crash report of a checked build into the harness's
// form (CrashMark, what happened, AtLine for each of the student's frames,
// innermost first), reading
// its line tables with addr2line run like a build's tool: the frames of a
// failed check of the C++ library (after FramesMark), or a sanitizer's
// report (after SanitizerMark), whose kind of error it keeps:
// "sanitizer: stack-buffer-overflow (WRITE of size 4)", "sanitizer:
// undefined: signed integer overflow: …". A report it cannot read is
// returned as it is.
func Locate(ctx context.Context, b *build.Builder, binary, report string) string {
	if rest, ok := strings.CutPrefix(report, CrashMark+SanitizerMark+"\n"); ok {
		return locateSanitizer(ctx, b, binary, rest)
	}
	before, frames, found := strings.Cut(report, FramesMark)
	if !found {
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
	for _, f := range studentLines(ctx, b, binary, addrs) {
		before += fmt.Sprintf(AtLine, f.line, f.fn)
	}
	return before
}

// locateSanitizer is Locate for a sanitizer's report.
func locateSanitizer(ctx context.Context, b *build.Builder, binary, report string) string {
	what := ""
	if m := asanError.FindStringSubmatch(report); m != nil {
		what = m[1]
		if a := asanAccess.FindStringSubmatch(report); a != nil {
			what += " (" + a[0] + ")"
		}
	} else if ubsan := ubsanError.FindStringSubmatch(report); ubsan != nil {
		what = "undefined: " + ubsan[1]
	} else {
		return CrashMark + SanitizerMark + "\n"
	}
	out := CrashMark + SanitizerMark + ": " + what + "\n"
	// The program's frames, up to the report's next part ("… is located",
	// "allocated by"): ASan prints the return address less one already.
	var addrs []uint64
	for _, m := range sanitizerFrame.FindAllStringSubmatch(report, 64) {
		if strings.Contains(filepath.Base(m[1]), ".so") {
			continue // the C library, the sanitizer's runtime
		}
		if a, err := strconv.ParseUint(m[2], 16, 64); err == nil {
			addrs = append(addrs, a)
		}
	}
	for _, f := range studentLines(ctx, b, binary, addrs) {
		out += fmt.Sprintf(AtLine, f.line, f.fn)
	}
	return out
}

// isSolution reports whether a file a compiler's line tables name is the
// student's.
func isSolution(file string) bool {
	base := filepath.Base(file)
	return base == "solution.cpp" || base == "solution.c"
}

// maxFrames is how many of the student's frames Locate lists: the
// innermost, and the calls that led there (where the innermost line is not
// a statement, a recursion's header, the judge names the call).
const maxFrames = 8

// A frame is a line of the student's file and its function.
type frame struct {
	line int
	fn   string
}

// studentLines finds, among the code addresses addrs of binary (innermost
// first), the lines of the student's file, inlined calls included, with
// their functions, innermost first (at most maxFrames), with addr2line run
// like a build's tool.
func studentLines(ctx context.Context, b *build.Builder, binary string, addrs []uint64) []frame {
	addr2line, err := lookPath("addr2line")
	if err != nil || len(addrs) == 0 {
		return nil
	}
	argv := []string{addr2line, "-a", "-i", "-f", "-C", "-e", binary}
	for _, a := range addrs {
		argv = append(argv, fmt.Sprintf("%#x", a))
	}
	// In the judge's own temporary folder, which the next judge removes
	// should this one be killed.
	dir, err := os.MkdirTemp(b.TempDir, "where-")
	if err != nil {
		return nil
	}
	defer os.RemoveAll(dir)
	out, err := RunGCC(ctx, b, dir, []string{binary}, argv...)
	if err != nil {
		return nil
	}
	// Each address: its line "0x…", then a function and a file:line per
	// frame, the inlined ones first.
	var found []frame
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	for i := 0; i < len(lines) && len(found) < maxFrames; i++ {
		if strings.HasPrefix(lines[i], "0x") || i+1 >= len(lines) {
			continue
		}
		name, place := lines[i], lines[i+1]
		i++
		file, num, _ := strings.Cut(place, ":")
		num, _, _ = strings.Cut(num, " ")
		if !isSolution(file) {
			continue
		}
		if n, err := strconv.Atoi(num); err == nil && n > 0 {
			found = append(found, frame{n, cppFunction(name)})
		}
	}
	return found
}

// cppFunction is a function's name alone, out of addr2line's demangled
// one ("Solution::place(int, int)": place); a lambda is named for the
// function it is in ("Solution::totalNQueens(int)::{lambda(int)#1}::
// operator()(int) const": totalNQueens/lambda, LambdaIn).
func cppFunction(demangled string) string {
	if outer, _, ok := strings.Cut(demangled, "::{lambda("); ok {
		return cppFunction(outer) + LambdaIn
	}
	name, _, _ := strings.Cut(demangled, "(")
	if k := strings.LastIndex(name, "::"); k >= 0 {
		name = name[k+2:]
	}
	return name
}
