package cases

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/nqueens-kit/nqueens/internal/lazy"
	"github.com/nqueens-kit/nqueens/internal/msg"
	"github.com/nqueens-kit/nqueens/internal/queens"
	"github.com/nqueens-kit/nqueens/judge/format"
	"github.com/nqueens-kit/nqueens/judge/outcome"
	"github.com/nqueens-kit/nqueens/judge/sandbox"
	"github.com/nqueens-kit/nqueens/judge/verdict"
)

// commands are the commands the judge gives case scripts.
// If you add a command, document it in doc.go.
var commands = map[string]func(ts *testscript.TestScript, neg bool, args []string){
	"boards": cmdBoards,
	"limit":  cmdLimit,
	"points": cmdPoints,
	"solve":  cmdSolve,
}

// cmdPoints does nothing when a case runs: what a case is worth matters
// only to the grade sheet, which reads it when cases load.
func cmdPoints(ts *testscript.TestScript, neg bool, args []string) {}

// cmdLimit does nothing when a case runs: the limit line was read when the
// cases loaded (one line, before the first solve), and Run resolved it, or
// the limits the judge adapted it to, before the script started.
func cmdLimit(ts *testscript.TestScript, neg bool, args []string) {}

// sizeArg reads the one argument, N, of the command name, which cannot be negated.
func sizeArg(ts *testscript.TestScript, name string, neg bool, args []string) int {
	if neg {
		ts.Fatalf("unsupported: ! %s", name)
	}
	if len(args) != 1 {
		ts.Fatalf("usage: %s N", name)
	}
	n, err := strconv.Atoi(args[0])
	if err != nil {
		ts.Fatalf("%s: bad n %q", name, args[0])
	}
	return n
}

// cmdSolve runs the solution on n under the case's limits and prints its
// answer: solve N.
func cmdSolve(ts *testscript.TestScript, neg bool, args []string) {
	n := sizeArg(ts, "solve", neg, args)
	s := caseState(ts)
	res, err := s.params.Jail.RunProgram(s.ctx, ts.MkAbs("."), s.params.Program, []string{args[0]}, s.limits)
	if err != nil {
		// The jail's failure, not the submission's: the case is not judged.
		s.judgeErr = msg.Errorf("run submission: %w", err)
		ts.Fatalf("%v", s.judgeErr)
	}
	switch res.Killed {
	case sandbox.Interrupted:
		s.interrupted = true
		ts.Fatalf("interrupted")
	case sandbox.Wall:
		// Progressing, but with a tenth of a core or less: the machine's
		// load, which no verdict may be taken from.
		s.judgeErr = msg.Errorf("n = %d: %s of CPU in %s of wall-clock time, when the judge stops a run: this machine is too busy to time it; judge again when it is quieter",
			n, format.Duration(res.CPU), format.Duration(res.Wall))
		ts.Fatalf("%v", s.judgeErr)
	}
	s.runs++
	s.cpu += res.CPU
	s.wall += res.Wall
	s.maxRSS = max(s.maxRSS, res.MaxRSS)
	s.lastN = n
	s.outOfCPU = res.Killed == sandbox.CPU
	out := outcome.Read(s.ctx, res, s.params.Display, s.params.Program.SaysWhere, s.params.Locate)
	prints, tail, lines, crash := out.Prints, out.Tail, out.Lines, out.Crash
	s.output, s.outputTail, s.outputLines = []byte(prints), []byte(tail), lines
	run := outcome.Run{
		Result: res, Crash: crash, Prints: prints, Printed: out.Printed, N: n, Limits: s.limits, Func: s.prob.Func, Display: s.params.Display,
		Relative: s.c.Relative() && s.params.Relative,
		Source:   s.params.Source, Lang: s.params.Lang,
	}
	if v, msg := outcome.Classify(run); v != verdict.AC {
		s.verdict, s.message = v, msg
		ts.Fatalf("%s: %s", v, msg)
	}
	s.lastAnswer = string(res.Answer)
	ts.Stdout().Write(res.Answer)
}

// cmdBoards checks the last solve's boards for n: boards N.
func cmdBoards(ts *testscript.TestScript, neg bool, args []string) {
	n := sizeArg(ts, "boards", neg, args)
	s := caseState(ts)
	var boards [][]string
	answer := ts.ReadFile("stdout")
	if err := json.Unmarshal([]byte(answer), &boards); err != nil {
		s.verdict, s.message = verdict.WA, msg.Sprintf("n = %d: the answer is not a list of boards, each a list of strings", n)+iteratorHint(answer)
		ts.Fatalf("%s", s.message)
	}
	if err := queens.CheckBoards(n, boards); err != nil {
		s.verdict, s.message = verdict.WA, fmt.Sprintf("n = %d: %v", n, err)
		ts.Fatalf("%s", s.message)
	}
}

// pythonIterators are how Python 3 prints an iterator where a list was
// meant (Python 2's map and filter returned lists).
var pythonIterators = lazy.Regexp(`<(map|filter|zip|generator) object`)

// iteratorHint says what to do when a board is a Python 3 iterator.
func iteratorHint(answer string) string {
	m := pythonIterators().FindStringSubmatch(answer)
	if m == nil {
		return ""
	}
	return msg.Sprintf(": a board is a %s object. In Python 3, map, filter and zip give iterators, not lists: wrap the board in list(...)", m[1])
}
