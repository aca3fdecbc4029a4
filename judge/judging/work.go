// Counted work: before a file's relative cases are trusted, its search is
// counted once at a small n.

package judging

import (
	"context"
	"errors"

	"github.com/nqueens-kit/nqueens/internal/msg"
	"github.com/nqueens-kit/nqueens/internal/queens"
	"github.com/nqueens-kit/nqueens/judge/calibrate"
	"github.com/nqueens-kit/nqueens/judge/lang"
	"github.com/nqueens-kit/nqueens/judge/problem"
	"github.com/nqueens-kit/nqueens/judge/profile"
	"github.com/nqueens-kit/nqueens/judge/sandbox"
	"github.com/nqueens-kit/nqueens/judge/verdict"
)

// source is a submission's text as the judge read it, and its name for the
// student.
// counted is a search's counts at n, taken once and read twice: by
// checkWork, and by whereTimeGoes when it would count at the same n.
type counted struct {
	n      int // 0: nothing counted
	counts profile.Counts
}

// work is what taken says of the search's work, for the report; nil when
// nothing was counted.
func (taken counted) work(src []byte) *Work {
	refCalls, known := queens.Calls(taken.n)
	hot := taken.counts.Hottest(src, 1)
	if taken.n == 0 || !known || len(hot) == 0 {
		return nil
	}
	return &Work{N: taken.n, Line: hot[0].Line, Count: hot[0].Count, Positions: refCalls,
		PerPosition: profile.Work(taken.counts, refCalls), Limit: profile.MaxWork}
}

// closeNote is what taken's counts say of a verdict the time decided
// within cases.CloseTo of its limit, for a language whose headline n is
// headline: the search is the bitmask method or not, whatever the time of
// one run. "" when nothing was counted.
func (taken counted) closeNote(headline int) string {
	refCalls, known := queens.Calls(taken.n)
	if taken.n == 0 || !known {
		return ""
	}
	work := profile.Work(taken.counts, refCalls)
	if work > profile.MaxWork {
		return msg.Sprintf("its counted work (%.1f per position at n = %d, over %.1f) is not the bitmask method's: n = %d fails on it, whatever the time", work, taken.n, profile.MaxWork, headline)
	}
	return msg.Sprintf("its counted work (%.1f per position at n = %d) is the bitmask method's: the time of each step decides", work, taken.n)
}

// atHeadline is the verdict taken's counts give a relative case at the
// headline n of its language (a case of n = 16 in Go, C and C++): TLE for
// a search that is not the bitmask method, whatever its time; "" when they
// say nothing (nothing counted, or the bitmask method's work).
func (taken counted) atHeadline(s lang.Submission, n int) (verdict.Verdict, string) {
	refCalls, known := queens.Calls(taken.n)
	if taken.n == 0 || !known {
		return "", ""
	}
	if why, bad := profile.NotForTheHeadline(taken.counts, s.Source, s.Display, taken.n, n, refCalls); bad {
		return verdict.TLE, why
	}
	return "", ""
}

// countsWork reports whether r's searches are counted: a counting problem
// (LeetCode 52: 51's boards are not counted) in a language that counts.
func countsWork(r calibrate.Ref) bool {
	return r.Problem.Kind == problem.Count && r.Lang.Counting != lang.NotCounted
}

// checkWork counts src's search once at profile.WorkN (or at n, the
// relative case just passed, when smaller), for a counting problem in a
// language that counts (lang.Counting). Counts are exact: the verdict is
// the same on every machine, in every run, under any load.
//
//   - No line ran about as often as a search visits positions: the answer
//     is not searched for (HC), whatever its CPU time.
//   - In a language whose CPU time cannot tell the methods apart
//     (lang.Language.WorkDecides), a busiest line running several times
//     per position is not the bitmask method (TLE).
//   - A counting run the program does not finish is RE: a program that
//     runs its cases but not with counters hides its work. So is one
//     whose counts the judge cannot read (notCounts): the program wrote
//     on the judge's channel itself.
//
// It returns what it counted, and the verdict with its message, or ""
// when the counts raise nothing (or cannot be taken here: a case below the
// counted sizes).
func (j *Judge) checkWork(ctx context.Context, r calibrate.Ref, prog sandbox.Program, s lang.Submission, n int) (counted, verdict.Verdict, string, error) {
	if !countsWork(r) {
		return counted{}, "", "", nil
	}
	n = min(n, profile.WorkN)
	refCalls, known := queens.Calls(n)
	if n < profileFrom || !known {
		return counted{}, "", "", nil
	}
	counts, err := j.count(ctx, r, prog, s, n)
	if v, why, done, err := countFailed(err, n); done {
		return counted{}, v, why, err
	}
	if err != nil { // not counted here
		return counted{}, "", "", nil
	}
	taken := counted{n, counts}
	if why, bad := profile.NoSearch(counts, n, refCalls); bad {
		return taken, verdict.HC, why, nil
	}
	if r.Lang.WorkDecides {
		if why, bad := profile.TooMuchWork(counts, s.Source, s.Display, n, refCalls); bad {
			return taken, verdict.TLE, why, nil
		}
	}
	return taken, "", "", nil
}

// CountedWork counts src's search once at profile.WorkN, as a judging
// does before its relative cases, and says what the counts say of its
// work (-bench shows it beside the times). nil, nil in a language, or on
// a machine, that cannot count, and for a program that does not search
// (its answers written in).
func (j *Judge) CountedWork(ctx context.Context, prog sandbox.Program, s lang.Submission) (*Work, error) {
	counts, err := j.count(ctx, calibrate.Ref{Problem: s.Problem, Lang: s.Lang}, prog, s, profile.WorkN)
	if errors.Is(err, errNotCounted) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	refCalls, _ := queens.Calls(profile.WorkN)
	if _, none := profile.NoSearch(counts, profile.WorkN, refCalls); none {
		return nil, nil
	}
	return counted{profile.WorkN, counts}.work(s.Source), nil
}
