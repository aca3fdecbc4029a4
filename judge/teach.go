// What a report says to a student who ran out of time.

package main

import (
	"context"
	"os"
	"strconv"
	"time"

	"github.com/nqueens-kit/nqueens/internal/queens"
	"github.com/nqueens-kit/nqueens/judge/build"
	"github.com/nqueens-kit/nqueens/judge/lang"
	"github.com/nqueens-kit/nqueens/judge/problem"
	"github.com/nqueens-kit/nqueens/judge/profile"
	"github.com/nqueens-kit/nqueens/judge/sandbox"

	"github.com/nqueens-kit/nqueens/judge/cases"
	"github.com/nqueens-kit/nqueens/judge/format"
	"github.com/nqueens-kit/nqueens/judge/msg"
	"github.com/nqueens-kit/nqueens/judge/verdict"
)

// explainTLE says how far off a submission that ran out of time on a
// relative case is, what that usually means, and what to read next. The
// ratio comes from the last case it passed when the reference's time there
// is known, and otherwise from the limit it used up (a lower bound).
func (j *judge) explainTLE(r ref, done []*cases.Result, c *cases.Case, res *cases.Result) string {
	ref := ms(res.RefMs)
	howFar := msg.Sprintf("How far off: stopped at the limit, so at least %s times the reference search (%s) at n = %d.",
		factor(res.Factor), format.Duration(ref), c.MaxInput())
	if prev, refPrev, ok := j.lastPassed(r, done); ok {
		ratio := float64(prev.CPU) / float64(refPrev)
		need := time.Duration(ratio * float64(ref))
		howFar = msg.Sprintf("How far off: at %s your search took %s, %.1f times the reference search (%s); at that pace n = %d needs about %s against a limit of %s.",
			prev.Name, format.Duration(prev.CPU), ratio, format.Duration(refPrev), c.MaxInput(), format.Duration(need), format.Duration(ms(res.LimitMs)))
	}
	return msg.Sprintf("%s\nWhat that usually means: %s.\nNext: read %s: %s.",
		howFar, msg.Tr(r.Lang.MethodRatios), j.kit.Rel(j.refs.File(r)), msg.Tr(r.Problem.Hint))
}

// lastPassed is the last accepted case whose reference time is known:
// measured for a relative case, predicted from the calibration otherwise.
func (j *judge) lastPassed(r ref, done []*cases.Result) (*cases.Result, time.Duration, bool) {
	cs := j.cases[r.Problem]
	for i := len(done) - 1; i >= 0; i-- {
		res := done[i]
		if res.Verdict != verdict.AC || res.CPU <= 0 {
			continue
		}
		if res.RefMs > 0 {
			return res, ms(res.RefMs), true
		}
		m := j.refs.Rate(r)
		if !m.Fits {
			continue
		}
		for _, c := range cs {
			if c.Name != res.Name {
				continue
			}
			// Cases too small to time well teach nothing.
			if d, ok := m.Predict(c.Inputs); ok && d >= 20*time.Millisecond {
				return res, d, true
			}
		}
	}
	return nil, 0, false
}

// Where a TLE's time went: the program is built with coverage counters and
// run once more, at the largest case it passed within profileBudget, and
// package profile reads the counts. Go only: the other languages' reports
// keep the ratio and the bands.
const (
	profileBudget = 500 * time.Millisecond // the passed case's CPU time, uninstrumented
	profileLimit  = 10 * profileBudget     // the instrumented run's CPU limit
	profileFrom   = 8                      // smaller searches say too little
)

// ranOutOfTime reports whether a case of rep ran out of CPU time.
func ranOutOfTime(rep *report) bool {
	for _, c := range rep.Cases {
		if c.Verdict == verdict.TLE {
			return true
		}
	}
	return false
}

// whereTimeGoes runs src once more with counters, at the largest n it
// passed quickly, and says where the time went; "" when it cannot tell.
// Nothing it fails at is the student's: the report just goes without it.
func (j *judge) whereTimeGoes(ctx context.Context, r ref, src []byte, display string, rep *report) string {
	if r.Lang != lang.Go || r.Problem.Kind != problem.Count {
		return ""
	}
	n := 0
	for _, res := range rep.Cases {
		for _, c := range j.cases[r.Problem] {
			if c.Name == res.Name && res.Verdict == verdict.AC && res.CPU <= profileBudget && c.MaxInput() >= profileFrom {
				n = max(n, c.MaxInput())
			}
		}
	}
	refCalls, ok := queens.Calls(n)
	if n == 0 || !ok {
		return ""
	}
	covered := spec(r.Problem, src, display)
	covered.Cover = true
	bin, err := j.builder.Build(ctx, covered)
	if err != nil {
		return ""
	}
	dir, err := os.MkdirTemp(j.tempDir, "cover-")
	if err != nil {
		return ""
	}
	defer os.RemoveAll(dir)
	lim := cases.Limits{CPU: profileLimit}.Resolve(0, false)
	prog := sandbox.Program{Path: bin, Env: []string{"GOCOVERDIR=" + dir}, Writable: []string{dir}}
	j.live.start(msg.Sprintf("%s: counting where the time goes at n = %d", r.Problem.Folder(), n))
	res, err := j.jail.RunProgram(ctx, dir, prog, []string{strconv.Itoa(n)}, lim)
	j.live.stop()
	if err != nil || res.Killed != sandbox.None || res.ExitCode != 0 {
		return ""
	}
	text, err := j.builder.CoverText(ctx, dir)
	if err != nil {
		return ""
	}
	code, err := build.Prepare(src)
	if err != nil {
		return ""
	}
	counts, err := profile.Go(text, build.StudentFile, code)
	if err != nil {
		return ""
	}
	return profile.Explain(counts, src, display, n, refCalls)
}
