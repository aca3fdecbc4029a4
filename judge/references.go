// -calibrate: every problem's reference measured again, and the limits
// that follow printed (package calibrate does the measuring).

package main

import (
	"context"
	"strings"

	"github.com/nqueens-kit/nqueens/internal/msg"
	"github.com/nqueens-kit/nqueens/judge/calibrate"
	"github.com/nqueens-kit/nqueens/judge/cases"
	"github.com/nqueens-kit/nqueens/judge/format"
	"github.com/nqueens-kit/nqueens/judge/lang"
)

// ref names one reference: a problem's, in a language.
type ref = calibrate.Ref

// calibrate measures every problem's reference again and prints the limits
// that follow, with the spread of the timings behind them: Go's, and each
// other language's that this machine has calibrated before (its toolchain
// still there).
func (j *judge) calibrate(ctx context.Context) error {
	for _, p := range j.opts.Problems {
		all, err := j.judging.Cases(p)
		if err != nil {
			return err
		}
		for _, l := range lang.All {
			r := ref{Problem: p, Lang: l}
			cs, _ := cases.ForLanguage(p, l, all)
			if l != lang.Go && !j.refs.CalibratedBefore(r, cs) {
				continue
			}
			if err := j.recalibrate(ctx, r, cs); err != nil {
				return err
			}
		}
	}
	if err := j.refs.Cache.Save(); err != nil {
		return msg.Errorf("keep the calibration: %w", err)
	}
	return nil
}

// recalibrate measures r's reference on each relative case of cs again, and
// prints the limits that follow.
func (j *judge) recalibrate(ctx context.Context, r ref, cs []*cases.Case) error {
	p := r.Problem
	var rows []string
	for _, c := range cs {
		if !c.Relative() {
			continue
		}
		e, err := j.refs.Remeasure(ctx, r, c)
		if err != nil {
			return err
		}
		rows = append(rows, msg.Sprintf("  %-10s reference %9s   limit %s× = %-9s  (timings spread %.0f %%)",
			c.Name, format.Duration(e.CPU()), format.Factor(c.Limits.Factor), format.Duration(c.Limits.Resolve(c.Reference(e.CPU(), e.Startup())).CPU), 100*e.Spread))
	}
	if len(rows) == 0 {
		msg.Fprintf(j.stdout, "%s: no case with a relative limit\n", p.Folder())
		return nil
	}
	name := p.Folder()
	if r.Lang != lang.Go {
		name += " (" + r.Lang.Name + ")"
	}
	msg.Fprintf(j.stdout, "%s (CPU time on %s)\n%s\n", name, j.machine, strings.Join(rows, "\n"))
	if m, ok := j.refs.Fitted(r); ok && r.Lang.FitSmall > 0 {
		fit := msg.Sprintf("fits")
		if !m.Fits {
			fit = msg.Sprintf("does not fit: the cases were timed directly")
		}
		msg.Fprintf(j.stdout, "  cost per call of the search: %.2f ns at n = %d, %.2f ns at n = %d (%s); start-up %s\n",
			m.Small, r.Lang.FitSmall, m.PerCall, r.Lang.FitLarge, fit, format.Duration(m.Startup))
	}
	return nil
}
