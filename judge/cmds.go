package main

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/nqueens-kit/nqueens/internal/queens"
	"github.com/nqueens-kit/nqueens/judge/build"
	"github.com/nqueens-kit/nqueens/judge/sandbox"
)

// caseCommands are the commands the judge gives case scripts.
// If you add a command, document it in doc.go.
var caseCommands = map[string]func(ts *testscript.TestScript, neg bool, args []string){
	"boards": cmdBoards,
	"limit":  cmdLimit,
	"solve":  cmdSolve,
}

// runKey finds a case's *caseRun among a script's values.
type runKey struct{}

// caseRun is the state of one case being run: what to run, under which
// limits, and what happened.
type caseRun struct {
	ctx         context.Context
	prob        *problem
	binary      string
	display     string        // the student's file, for stack traces
	ref         time.Duration // the reference's CPU time on this case, for relative limits
	calibrating bool
	limits      sandbox.Limits

	// Filled in as the case runs.
	cpu, wall   time.Duration
	maxRSS      int64
	runs        int
	lastN       int
	lastAnswer  string
	verdict     verdict // set when a command decided the case failed
	message     string
	output      []byte // the student's own prints from the last run
	interrupted bool
}

func caseState(ts *testscript.TestScript) *caseRun { return ts.Value(runKey{}).(*caseRun) }

// cmdLimit sets the case's limits: limit cpu=2s|cpu=4x wall=5s mem=256MiB out=64KiB.
func cmdLimit(ts *testscript.TestScript, neg bool, args []string) {
	if neg {
		ts.Fatalf("unsupported: ! limit")
	}
	l, err := parseLimits(args)
	if err != nil {
		ts.Fatalf("%v", err)
	}
	r := caseState(ts)
	r.limits = l.resolve(r.ref, r.calibrating)
}

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
	r := caseState(ts)
	res, err := sandbox.Run(r.ctx, ts.MkAbs("."), []string{r.binary, args[0]}, r.limits)
	if err != nil {
		ts.Fatalf("run submission: %v", err)
	}
	r.runs++
	r.cpu += res.CPU
	r.wall += res.Wall
	r.maxRSS = max(r.maxRSS, res.MaxRSS)
	r.lastN = n
	out := build.Relabel(string(res.Output), r.display)
	r.output = studentPrints(out)
	if v, msg := r.classify(res, out, n); v != AC {
		r.verdict, r.message = v, msg
		ts.Fatalf("%s: %s", v, msg)
	}
	r.lastAnswer = string(res.Answer)
	ts.Stdout().Write(res.Answer)
}

// cmdBoards checks the last solve's boards for n: boards N.
func cmdBoards(ts *testscript.TestScript, neg bool, args []string) {
	n := sizeArg(ts, "boards", neg, args)
	r := caseState(ts)
	var boards [][]string
	if err := json.Unmarshal([]byte(ts.ReadFile("stdout")), &boards); err != nil {
		ts.Fatalf("boards: cannot read the answer: %v", err)
	}
	if err := queens.CheckBoards(n, boards); err != nil {
		r.verdict, r.message = WA, fmt.Sprintf("n = %d: %v", n, err)
		ts.Fatalf("%s", r.message)
	}
}

var (
	panicLine    = regexp.MustCompile(`(?m)^panic: (.*)$`)
	fatalLine    = regexp.MustCompile(`(?m)^fatal error: (.*)$`)
	goroutineTop = regexp.MustCompile(`(?m)^goroutine \d+ .*\[running\]:`)
	traceStart   = regexp.MustCompile(`(?m)^(panic: |fatal error: |runtime: |SIGQUIT|\[signal )`)
)

// classify turns one run's result into a verdict and a message for the
// student; out is what the program printed, naming the student's file.
func (r *caseRun) classify(res *sandbox.Result, out string, n int) (verdict, string) {
	lim := r.limits
	switch res.Killed {
	case sandbox.Interrupted:
		r.interrupted = true
		return RE, "interrupted"
	case sandbox.CPU:
		return TLE, fmt.Sprintf("n = %d: used more than the CPU time limit of %s", n, ms(lim.CPU))
	case sandbox.Wall:
		return TLE, fmt.Sprintf("n = %d: still running after %s of wall-clock time while using only %s of CPU: is it sleeping or waiting for something?", n, ms(lim.Wall), ms(res.CPU))
	case sandbox.Memory:
		return MLE, fmt.Sprintf("n = %d: used more than the memory limit of %s", n, mib(lim.Memory))
	case sandbox.Output:
		return OLE, fmt.Sprintf("n = %d: printed more than %s to stdout and stderr", n, mib(lim.Output))
	case sandbox.Answer:
		return OLE, fmt.Sprintf("n = %d: the answer was larger than %s", n, mib(lim.Answer))
	}
	if res.ExitCode != 0 {
		switch {
		case strings.Contains(out, "stack overflow") || strings.Contains(out, "goroutine stack exceeds"):
			return RE, fmt.Sprintf("n = %d: stack overflow: the recursion never ends or goes far too deep%s", n, where(out))
		case strings.Contains(out, "out of memory"):
			return MLE, fmt.Sprintf("n = %d: ran out of memory (limit %s)", n, mib(lim.Memory))
		case panicLine.MatchString(out):
			return RE, fmt.Sprintf("n = %d: panic: %s%s", n, panicLine.FindStringSubmatch(out)[1], where(out))
		case fatalLine.MatchString(out):
			return RE, fmt.Sprintf("n = %d: fatal error: %s%s", n, fatalLine.FindStringSubmatch(out)[1], where(out))
		case res.Signal != 0:
			return RE, fmt.Sprintf("n = %d: killed by signal %v", n, res.Signal)
		}
		return RE, fmt.Sprintf("n = %d: exit status %d (did it call os.Exit?)", n, res.ExitCode)
	}
	if len(res.Answer) == 0 || res.Answer[len(res.Answer)-1] != '\n' {
		return RE, fmt.Sprintf("n = %d: the program ended without returning an answer from %s (did it call os.Exit?)", n, r.prob.Func)
	}
	return AC, ""
}

// studentPrints is what the program printed before any crash report of the
// Go runtime, whose gist the verdict's message already gives.
func studentPrints(out string) []byte {
	if loc := traceStart.FindStringIndex(out); loc != nil {
		out = out[:loc[0]]
	}
	return []byte(out)
}

// where finds the first line of the stack trace in the student's file.
func where(trace string) string {
	loc := goroutineTop.FindStringIndex(trace)
	if loc == nil {
		return ""
	}
	lines := strings.Split(trace[loc[1]:], "\n")
	for i, line := range lines {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "judge_harness.go") || !strings.Contains(line, ".go:") || strings.HasPrefix(line, "runtime/") {
			continue
		}
		if j := strings.LastIndex(line, " +0x"); j > 0 {
			line = line[:j]
		}
		fn := ""
		if i > 0 {
			fn = strings.TrimPrefix(lines[i-1], "main.")
			if k := strings.IndexByte(fn, '('); k > 0 {
				fn = fn[:k]
			}
			fn = " in " + fn
		}
		return fmt.Sprintf("\n  at %s%s", line, fn)
	}
	return ""
}

func ms(d time.Duration) string {
	if d < 10*time.Second {
		return fmt.Sprintf("%d ms", d.Milliseconds())
	}
	return fmt.Sprintf("%.1f s", d.Seconds())
}

func mib(b int64) string {
	if b >= 1<<20 {
		return fmt.Sprintf("%d MiB", b>>20)
	}
	return fmt.Sprintf("%d KiB", b>>10)
}
