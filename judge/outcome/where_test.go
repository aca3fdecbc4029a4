package outcome

import (
	"fmt"
	"testing"

	"github.com/nqueens-kit/nqueens/judge/lang"
	"github.com/nqueens-kit/nqueens/judge/sandbox"

	"github.com/stretchr/testify/assert"
)

const repeatCrash = `panic: strings: negative Repeat count

goroutine 1 [running]:
strings.Repeat({0x4b8f1e?, 0x1?}, 0xffffffffffffffff?)
	strings/strings.go:632 +0x5c5
main.row(...)
	mine.go:12
main.solveNQueens(0x4)
	mine.go:7 +0x45
main.main()
	submission/judge_harness.go:23 +0x8e
`

func TestWhereNamesTheStudentsLineNotTheLibrarys(t *testing.T) {
	assert.Equal(t, "\n  at mine.go:12 in row", where(Run{Crash: repeatCrash, Display: "mine.go"}))
	assert.Equal(t, "", where(Run{Crash: repeatCrash, Display: "other.go"}))
}

// quit is the Go runtime's report of a program stopped by SIGQUIT in an
// endless loop, as seen: the loop's back edge is given line 1.
const quit = `SIGQUIT: quit
PC=0x4801a1 m=0 sigcode=0

goroutine 1 gp=0x2865ae4c81e0 m=nil [runnable]:
runtime.asyncPreempt2()
	runtime/preempt.go:320 +0x14 fp=0x2865ae52ae88 sp=0x2865ae52ae68 pc=0x446e54
runtime.asyncPreempt()
	runtime/preempt_amd64.s:124 +0x28b fp=0x2865ae52af10 sp=0x2865ae52ae88 pc=0x47f78b
main.totalNQueens(...)
	loop.go:%d
main.main()
	submission/judge_harness.go:55 +0x3a fp=0x2865ae52af48 sp=0x2865ae52af10 pc=0x499fba

goroutine 2 gp=0x2865ae4c8780 m=nil [force gc (idle)]:
runtime.gopark(0x0?, 0x0?, 0x0?, 0x0?, 0x0?)
	runtime/proc.go:462 +0xce fp=0x2865ae4f4fa8 sp=0x2865ae4f4f88 pc=0x47898e
`

const loop = `package nqueensii

func totalNQueens(n int) int {
	x := 0
	for {
		x++
	}
}
`

func TestStoppedAtNamesTheLoopNotTheLineTheCompilerGaveItsBackEdge(t *testing.T) {
	r := Run{Display: "loop.go", Source: []byte(loop), Lang: lang.Go}
	for line, want := range map[int]string{
		1: "loop.go:5", // the back edge: the loop stands for it
		5: "loop.go:5",
		6: "loop.go:6",
		3: "loop.go", // the header (a prologue): no line of the function
		8: "loop.go", // the closing brace
	} {
		r.Crash = fmt.Sprintf(quit, line)
		assert.Equal(t, "\n  stopped at "+want+" in totalNQueens", stoppedAt(r), "runtime's line %d", line)
	}

	r.Source = nil // without the source, the runtime's line as it is
	r.Crash = fmt.Sprintf(quit, 1)
	assert.Equal(t, "\n  stopped at loop.go:1 in totalNQueens", stoppedAt(r))
}

const closure = `package nqueensii

func totalNQueens(n int) int {
	count := 0
	var backtrack func(r int)
	backtrack = func(r int) {
		if r == n {
			count++
			return
		}
		for c := 0; c < n; c++ {
			backtrack(r + 1)
		}
	}
	backtrack(0)
	return count
}
`

// nested is a stopped run's stacks in closure, innermost first: %d is
// the innermost frame's line.
const nested = `goroutine 1 gp=0x1 m=nil [runnable]:
main.main.totalNQueens.func1(0x3)
	closure.go:%d +0x1
main.main.totalNQueens.func1(0x2)
	closure.go:12 +0x2
main.totalNQueens(...)
	closure.go:15
main.main()
	submission/judge_harness.go:55 +0x3a
`

func TestStoppedAtNamesAStatementOfTheFunctionTheRuntimeNamed(t *testing.T) {
	r := Run{Display: "closure.go", Source: []byte(closure), Lang: lang.Go}
	for line, want := range map[int]string{
		7:  "closure.go:7",  // the condition
		11: "closure.go:11", // the loop
		6:  "closure.go:12", // the literal's header (its prologue): the call that led there
		9:  "closure.go:12", // a return of nothing: the call
		14: "closure.go:12", // its closing brace
		4:  "closure.go:12", // a line of totalNQueens, not of the literal
	} {
		r.Crash = fmt.Sprintf(nested, line)
		assert.Equal(t, "\n  stopped at "+want+" in a lambda in totalNQueens", stoppedAt(r), "runtime's line %d", line)
	}
}

func TestTextStatementLeavesOutHeadersAndBareReturns(t *testing.T) {
	for line, want := range map[string]bool{
		"int totalNQueens(int n) {":                                      false,
		"    public int totalNQueens(int n) {":                           false,
		"void dfs(int r, vector<int>& cols)":                             false,
		"static unsigned long long count(int n) {":                       false,
		"    def totalNQueens(self, n: int) -> int:":                     false,
		"private static void place(int row, int[] q) throws Exception {": false,
		"return count;":                 false,
		"        return":                false,
		"}":                             false,
		"// a comment":                  false,
		"package main":                  false,
		"dfs(r + 1);":                   true,
		"return dfs(0, 0, 0);":          true,
		"if (ok(r, c)) {":               true,
		"for (int c = 0; c < n; c++) {": true,
		"vector<string> board(n, string(n, '.'));": true,
		"int x = f(a);":         true,
		"count += 1":            true,
		"while True:":           true,
		"else if (x) place(y);": true,
	} {
		assert.Equal(t, want, textStatement(line), "%q", line)
	}
}

func TestAHarnessLineThatIsNoStatementIsLeftOut(t *testing.T) {
	src := "class Solution {\npublic:\n    int totalNQueens(int n) {\n        while (true) {}\n        return 0;\n    }\n};\n"
	r := Run{Display: "loop.cpp", Source: []byte(src), Lang: lang.CPP, Crash: "stopped\nat line 3 in totalNQueens\n"}
	assert.Equal(t, "\n  stopped at loop.cpp in totalNQueens", stoppedAt(r))
	r.Crash = "stopped\nat line 4 in totalNQueens\n"
	assert.Equal(t, "\n  stopped at loop.cpp:4 in totalNQueens", stoppedAt(r))

	// A recursion's overflow, found in its header: the call that led there.
	deep := "static int place(int row, int n) {\n    volatile char frame[256];\n    return place(row + 1, n) + frame[0];\n}\n"
	r = Run{N: 4, Display: "deep.c", Source: []byte(deep), Lang: lang.C, Result: &sandbox.Result{ExitCode: 1},
		Crash: lang.CrashMark + "stack overflow\nat line 1 in place\nat line 3 in place\nat line 3 in place\n"}
	_, text := Classify(r)
	assert.Equal(t, "n = 4: stack overflow: the recursion never ends or goes far too deep\n  at deep.c:3 in place", text)
}

func TestJavaStoppedInAnotherClassOfTheFileNamesThatClasssLine(t *testing.T) {
	dump := "\"main\" #1 prio=5 os_prio=0 tid=0x1 nid=0x2 runnable\n   java.lang.Thread.State: RUNNABLE\n" +
		"\tat Helper.search(Solution.java:9)\n\tat Solution.totalNQueens(Solution.java:3)\n\tat NQueensJudgeMain.main(NQueensJudgeMain.java:40)\n"
	r := Run{Display: "Two.java", Crash: dump}
	assert.Equal(t, "\n  stopped at Two.java:9 in search", stoppedAt(r))
}
