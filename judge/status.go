// -status: where a student stands on each problem, like rustlings' list.

package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/nqueens-kit/nqueens/internal/msg"
	"github.com/nqueens-kit/nqueens/judge/build"
	"github.com/nqueens-kit/nqueens/judge/format"
	"github.com/nqueens-kit/nqueens/judge/judging"
	"github.com/nqueens-kit/nqueens/judge/problem"
	"github.com/nqueens-kit/nqueens/judge/standing"
)

// standing is where the last verdicts are kept: the user's cache, per kit
// and problem.
func (j *judge) standing() standing.Store {
	if j.cacheDir == "" {
		return standing.Store{}
	}
	return standing.Store{Path: filepath.Join(j.cacheDir, "status.json")}
}

// recordStatus keeps the verdict of a judged starter file (not of -file's).
func (j *judge) recordStatus(p *problem.Problem, rep *judging.Report) {
	if j.opts.File == "" {
		j.standing().Record(j.kit, p, rep)
	}
}

// status lists each problem: not written, or its last verdict and when.
// Ctrl-C stops it (looking for a starter may start a worker).
func (j *judge) status(ctx context.Context) (int, error) {
	st := j.standing().Load()
	for _, p := range j.opts.Problems {
		file, _ := judging.StarterFor(ctx, j.tempDir, j.kit, p)
		if ctx.Err() != nil {
			return exitInterrupted, ctx.Err()
		}
		line := ""
		src, err := os.ReadFile(file)
		e, judged := st.Get(j.kit, p)
		switch {
		case err != nil:
			line = msg.Sprintf("no file (%s)", j.kit.Rel(file))
		case judging.IsStarter(src, p.Func):
			line = msg.Sprintf("not written yet")
		case !judged:
			line = msg.Sprintf("written, not judged yet: %s %d", j.kit.Command(), p.Number)
		default:
			line = msg.Sprintf("%s %s, %d of %d cases, %s", j.paint(e.Verdict, string(e.Verdict)), e.Verdict.Long(), e.Passed, e.Total, e.When.Local().Format("2006-01-02 15:04"))
			if e.File != "" {
				line += msg.Sprintf(", %s in %s", e.Language, filepath.Base(e.File))
			}
			if fi, err := os.Stat(file); e.File != "" && e.File != j.kit.Rel(file) {
				line += msg.Sprintf(" (%s is the file judged now)", filepath.Base(file))
			} else if err == nil && fi.ModTime().After(e.When) {
				line += msg.Sprintf(" (changed since)")
			}
		}
		fmt.Fprintf(j.stdout, "%-18s %s\n", p.Folder(), line)
	}
	if j.cacheDir != "" {
		msg.Fprintf(j.stdout, "\ncache: %s in %s (the programs built for you and C++'s precompiled headers, kept under about %s; deleting it is safe: it is made again)\n",
			format.Bytes(build.Size(j.cacheDir)), j.cacheDir, format.Bytes(build.CacheBound))
	}
	return exitOK, nil
}
