// -verify: every reference and sample solution gets the verdict it declares.

package main

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/nqueens-kit/nqueens/internal/msg"
	"github.com/nqueens-kit/nqueens/judge/cases"
	"github.com/nqueens-kit/nqueens/judge/format"
	"github.com/nqueens-kit/nqueens/judge/lang"
	"github.com/nqueens-kit/nqueens/judge/problem"
	"github.com/nqueens-kit/nqueens/judge/report"
)

// verifyEntry is one solution file -verify judges.
type verifyEntry struct {
	p *problem.Problem
	problem.Solution
}

// verify judges every reference and sample solution of each problem on every
// case and checks that each gets the verdict its file declares
// (//judge:verdict).
func (j *judge) verify(ctx context.Context) (int, error) {
	var todo []verifyEntry
	width := len("solution")
	for _, p := range j.opts.Problems {
		sols, err := j.kit.SolutionFiles(p, func(name string) bool { _, ok := lang.ForFile(name); return ok })
		if err != nil {
			return 0, &setupError{Err: err}
		}
		for _, s := range sols {
			todo = append(todo, verifyEntry{p, s})
			width = max(width, len(j.kit.Rel(filepath.Dir(s.Path))))
		}
	}

	msg.Fprintf(j.stdout, "Every solution runs every case (one declared TLE, up to its first TLE). Where\n"+
		"a limit is relative to the reference, those declared AC must pass with it\n"+
		"divided by %.1f and those declared TLE must fail with %.1f times it.\n\n", cases.VerifyMargin, cases.VerifyMargin)
	row := fmt.Sprintf("%%-16s  %%-%ds  %%-6s  %%-4s  %%-12s  %%s%%s\n", width)
	fmt.Fprintf(j.stdout, row, msg.Sprintf("problem"), msg.Sprintf("solution"), msg.Sprintf("expect"), msg.Sprintf("got"),
		msg.Sprintf("largest case"), msg.Sprintf("cpu / limit"), "")
	code := exitOK
	for _, e := range todo {
		ok, err := j.verifyOne(ctx, e, row)
		if err != nil {
			return 0, err
		}
		if !ok {
			code = exitFailed
		}
	}
	if code == exitOK {
		msg.Fprintf(j.stdout, "\nevery solution got the verdict it declares\n")
	} else {
		msg.Fprintf(j.stdout, "\nsome solutions did not get the verdict they declare\n")
	}
	return code, nil
}

// verifyOne judges e (judging.Judge.Verify) and prints its row: whether
// it got its declared verdict, or why it was not run.
func (j *judge) verifyOne(ctx context.Context, e verifyEntry, row string) (bool, error) {
	v, err := j.judging.Verify(ctx, e.p, e.Solution)
	if err != nil {
		return false, err
	}
	if v.NotRun != nil {
		fmt.Fprintf(j.stdout, row, e.p.Folder(), j.kit.Rel(filepath.Dir(e.Path)), e.Declared, "-", "-", "-", "")
		msg.Fprintf(j.stdout, "    not run: %v\n", v.NotRun)
		return true, nil
	}
	rep := v.Report
	mark := ""
	if rep.Verdict != e.Declared {
		mark = "   ✗ expected " + string(e.Declared)
	}
	last, usage := "-", "-"
	if n := len(rep.Cases); n > 0 {
		c := rep.Cases[n-1]
		last = fmt.Sprintf("%s %s", c.Name, c.Verdict)
		used := format.Duration(format.Millis(c.CPUms))
		if c.NotRun {
			used = report.NotRun
		}
		usage = fmt.Sprintf("%s / %s", used, format.Duration(format.Millis(c.LimitMs)))
	}
	if e.Thin {
		mark += msg.Sprintf("   (thin: at the plain limits)")
	}
	fmt.Fprintf(j.stdout, row, e.p.Folder(), j.kit.Rel(filepath.Dir(e.Path)), e.Declared, rep.Verdict, last, usage, mark)
	switch {
	case rep.Verdict != e.Declared:
		// Why, and what the judge did on the way (a run again at the
		// machine's pace), for whoever reads a failed CI's log.
		for _, text := range append([]string{rep.Message}, rep.Notes...) {
			fmt.Fprintf(j.stdout, "    %s\n", strings.ReplaceAll(format.Printable(text), "\n", "\n    "))
		}
	case len(rep.Cases) > 0 && rep.Cases[len(rep.Cases)-1].Verdict != e.Declared:
		// The verdict holds, but the largest case ended otherwise: say how.
		fmt.Fprintf(j.stdout, "    %s\n", strings.ReplaceAll(format.Printable(rep.Cases[len(rep.Cases)-1].Message), "\n", "\n    "))
	}
	return v.OK, nil
}
