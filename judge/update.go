// -update: rewrite the cases' expected outputs from the reference.

package main

import (
	"context"

	"github.com/nqueens-kit/nqueens/judge/judging"
	"github.com/nqueens-kit/nqueens/judge/verdict"
)

// update rewrites the expected outputs of every case from the reference.
func (j *judge) update(ctx context.Context) (int, error) {
	for _, p := range j.opts.Problems {
		rep, err := j.judging.File(ctx, p, j.kit.Reference(p), "", judging.Params{All: true})
		if err != nil {
			return 0, err
		}
		j.finish(rep)
		if rep.Verdict != verdict.AC {
			return exitFailed, nil
		}
	}
	return exitOK, nil
}
