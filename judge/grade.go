// -grade: a folder of students' submissions into a grade sheet (package
// class grades; main gives it the options and where to write).

package main

import (
	"context"

	"github.com/nqueens-kit/nqueens/judge/class"
	"github.com/nqueens-kit/nqueens/judge/version"
)

// grade grades j.opts.Path's students. Its exit status says whether
// every row of a complete sheet is accepted (cli.go's usage).
func (j *judge) grade(ctx context.Context) (int, error) {
	g := &class.Grader{
		Judge: j.judging, Refs: j.refs, Tier: j.jail.Tier(), TempDir: j.tempDir, CacheDir: j.cacheDir,
		Version: version.String(), Stdout: j.stdout, Stderr: j.stderr, Colour: j.colour,
		Terminal: isTerminal(j.stderr), Live: j.live,
	}
	o := j.opts
	out, err := g.Grade(ctx, o.Config)
	return map[class.Outcome]int{class.Accepted: exitOK, class.NotAccepted: exitFailed, class.Unjudged: exitSetup}[out], err
}
