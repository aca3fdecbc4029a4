// -verify's rule: a reference or sample solution gets the verdict it
// declares (//judge:verdict), with margins.

package judging

import (
	"context"

	"github.com/nqueens-kit/nqueens/judge/cases"
	"github.com/nqueens-kit/nqueens/judge/lang"
	"github.com/nqueens-kit/nqueens/judge/problem"
	"github.com/nqueens-kit/nqueens/judge/verdict"
)

// A Verified is one solution's -verify: its report and whether it got the
// verdict it declares, or why it was not run.
type Verified struct {
	Report *Report
	OK     bool
	// NotRun is why the solution was not judged: its language's
	// toolchain is not on this machine (one with only Go still verifies
	// Go; CI installs every toolchain and checks each is there).
	NotRun error
}

// Verify judges sol, a reference or sample solution of p, on every case
// under the margins of cases.VerifyScale (relative limits divided for one
// declared AC, multiplied for one declared TLE) and says whether it got
// the verdict it declares. One declared TLE stops at its first TLE, as in
// grading: the larger cases could only run out of time too, and each
// would cost its whole limit. A toolchain on the machine but failing is
// an error, not a row.
func (j *Judge) Verify(ctx context.Context, p *problem.Problem, sol problem.Solution) (Verified, error) {
	l, _ := lang.ForFile(sol.Path)
	if _, err := l.Toolchain(); err != nil {
		if l.OnPath() {
			return Verified{}, &SetupError{Err: err}
		}
		return Verified{NotRun: err}, nil
	}
	rep, err := j.File(ctx, p, sol.Path, "", Params{Scale: cases.VerifyScale(sol.Declared, sol.Thin), All: sol.Declared != verdict.TLE})
	if err != nil {
		return Verified{}, err
	}
	return Verified{Report: rep, OK: rep.Verdict == sol.Declared}, nil
}
