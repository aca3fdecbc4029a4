// Looked-up answers: a relative case answered far faster than any search
// is counted at its own n, and the counts decide.

package judging

import (
	"context"
	"errors"
	"time"

	"github.com/nqueens-kit/nqueens/internal/msg"
	"github.com/nqueens-kit/nqueens/internal/queens"
	"github.com/nqueens-kit/nqueens/judge/build"
	"github.com/nqueens-kit/nqueens/judge/calibrate"
	"github.com/nqueens-kit/nqueens/judge/cases"
	"github.com/nqueens-kit/nqueens/judge/format"
	"github.com/nqueens-kit/nqueens/judge/lang"
	"github.com/nqueens-kit/nqueens/judge/outcome"
	"github.com/nqueens-kit/nqueens/judge/profile"
	"github.com/nqueens-kit/nqueens/judge/sandbox"
	"github.com/nqueens-kit/nqueens/judge/verdict"
)

// The time only raises the question; the counts answer it. A relative
// case is suspect when its run took less than 1/suspectShare of the
// reference's search (the fastest honest counter in the kit needs about
// 1/3.5 of it), or less than twice the program's own quickest run of the
// same judging: a lookup costs a start-up, and that start-up was measured
// beside it, under the same load. Neither test alone must be exact: a
// suspect search is counted like any other and passes.
const suspectShare = 16

// suspect reports whether res, a relative case of c just passed, is to be
// counted at its n: see suspectShare. startup is one start-up as the
// calibration measured it, quickest the program's quickest solve so far
// in this judging (0: none yet).
func suspect(c *cases.Case, res *cases.Result, startup, quickest time.Duration) bool {
	search := c.Reference(format.Millis(res.RefMs), startup).Search()
	perSolve := res.CPU / time.Duration(len(c.Inputs))
	return res.CPU*suspectShare < search || perSolve < 2*quickest
}

// searched checks that res, a relative case of c just passed, was
// answered by a search, and makes it HC when it was not: a run suspect of
// being too fast is counted at its n (lookedUp); else a time that did not
// grow from the case of n-1 passed before (prev, at prevN) the way a
// search's does (cases.NotASearch). quickest is the program's quickest
// solve passed before it.
func (j *Judge) searched(ctx context.Context, r calibrate.Ref, prog sandbox.Program, s lang.Submission, c *cases.Case, res *cases.Result, quickest time.Duration, prev *cases.Result, prevN int) error {
	startup := j.Refs.Rate(r).Startup
	if suspect(c, res, startup, quickest) {
		v, why, err := j.lookedUp(ctx, r, prog, s, c, res, startup)
		if err != nil {
			return err
		}
		if v != "" {
			res.Verdict, res.Message = v, why
			return nil
		}
	}
	if prev != nil && c.MaxInput() == prevN+1 {
		if why, ok := cases.NotASearch(prev, res, c.MaxInput(), startup); ok {
			res.Verdict, res.Message = verdict.HC, why
		}
	}
	return nil
}

// quicker is quickest, the quickest solve passed so far, or res's solves
// (c's inputs) when they were quicker.
func quicker(quickest time.Duration, c *cases.Case, res *cases.Result) time.Duration {
	if res.CPU <= 0 { // not run: decided by the counts
		return quickest
	}
	perSolve := res.CPU / time.Duration(len(c.Inputs))
	if quickest == 0 || perSolve < quickest {
		return perSolve
	}
	return quickest
}

// lookedUp counts a suspect case's search at its own n (c.MaxInput()):
// counts in which nothing ran about as often as a search visits positions
// there are an answer looked up (HC), whatever the time and the load. A
// program whose counting run does not finish, or sends back something else
// than counts, is judged as checkWork judges it. Where the language, or
// the machine, cannot count, the time decides as it did before counting
// (outcome.AnsweredTooFast). "" when the case stays accepted.
func (j *Judge) lookedUp(ctx context.Context, r calibrate.Ref, prog sandbox.Program, s lang.Submission, c *cases.Case, res *cases.Result, startup time.Duration) (verdict.Verdict, string, error) {
	n := c.MaxInput()
	refCalls, known := queens.Calls(n)
	if countsWork(r) && known {
		counts, err := j.count(ctx, r, prog, s, n)
		if v, why, done, err := countFailed(err, n); done {
			return v, why, err
		}
		if err == nil {
			why, none := profile.NoSearch(counts, n, refCalls)
			if none {
				return verdict.HC, why, nil
			}
			return "", "", nil
		}
	}
	ref := c.Reference(format.Millis(res.RefMs), startup)
	if why, fast := outcome.AnsweredTooFast(n, res.CPU, ref.CPU, ref.Startup); fast {
		return verdict.HC, why, nil
	}
	return "", "", nil
}

// countFailed reads err, a counting run's error at n: the verdict and its
// message where the program is to blame, the judge's own error, and done
// when either was found. errNotCounted (the language or the machine
// cannot count) is not done: the caller goes on without counts.
func countFailed(err error, n int) (verdict.Verdict, string, bool, error) {
	var failed *countingFailed
	var sent *notCounts
	var ce *build.CompileError
	switch {
	case err == nil || errors.Is(err, errNotCounted):
		return "", "", false, nil
	case errors.As(err, &failed):
		return verdict.RE, msg.Sprintf("n = %d, run once more with counters: your program %v. A program that passes its cases must also run when its lines are counted.", n, failed), true, nil
	case errors.As(err, &sent):
		return verdict.RE, msg.Sprintf("n = %d, run once more with counters: what came back on the judge's channel is not the counts its harness writes: only the harness may write there, and only once your function has returned.", n), true, nil
	case errors.As(err, &ce):
		return verdict.CE, msg.Sprintf("your file does not build with counters on its lines, as the judge builds it to count its work:\n%s", ce.Message), true, nil
	}
	return "", "", true, err
}
