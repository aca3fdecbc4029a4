package lang

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
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

// A Locator finds the student's lines at code addresses of Binary, a
// program built from a submission (Frames): in the line tables of the
// same build made with them (BuildWithLines) when Lines is that
// submission (the timed build has none), in Binary's own otherwise (a
// checked build has them). Package outcome reads the addresses out of a
// crash report.
type Locator struct {
	Builder *build.Builder
	Binary  string
	Lines   *Submission
}

// Frames are the student's lines at addrs, code addresses of l.Binary
// (innermost first), with their functions, inlined calls included,
// innermost first (at most maxFrames); none for a nil Locator.
func (l *Locator) Frames(ctx context.Context, addrs []uint64) []Frame {
	if l == nil {
		return nil
	}
	binary := l.Binary
	if l.Lines != nil {
		if t, err := l.Lines.Lang.Toolchain(); err == nil {
			if lines, err := t.BuildWithLines(ctx, l.Builder, *l.Lines); err == nil && lines != "" {
				binary = lines
			}
		}
	}
	return studentLines(ctx, l.Builder, binary, addrs)
}

// isSolution reports whether a file a compiler's line tables name is the
// student's.
func isSolution(file string) bool {
	base := filepath.Base(file)
	return base == "solution.cpp" || base == "solution.c"
}

// maxFrames is how many of the student's frames Frames lists: the
// innermost, and the calls that led there (where the innermost line is not
// a statement, a recursion's header, the judge names the call).
const maxFrames = 8

// A Frame is a line of the student's file and its function.
type Frame struct {
	Line int
	Fn   string
}

// studentLines finds, among the code addresses addrs of binary (innermost
// first), the lines of the student's file, inlined calls included, with
// their functions, innermost first (at most maxFrames), with addr2line run
// like a build's tool.
func studentLines(ctx context.Context, b *build.Builder, binary string, addrs []uint64) []Frame {
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
	var found []Frame
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
			found = append(found, Frame{n, cppFunction(name)})
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
