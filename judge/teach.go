// What a report says to a student who ran out of time.

package main

import (
	"time"

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
