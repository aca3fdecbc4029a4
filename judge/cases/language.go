package cases

import (
	"cmp"

	"github.com/nqueens-kit/nqueens/judge/lang"
	"github.com/nqueens-kit/nqueens/judge/problem"
)

// RelativeCases is how many of a counting problem's largest n have limits
// relative to the reference: 14, 15 and 16 in Go's case files (a test
// checks them), the same number below each language's headline.
const RelativeCases = 3

// ForLanguage adapts p's cases, written for Go, to language l: for a
// counting problem, the cases past the language's headline n are left out
// (named in beyond), and its RelativeCases largest n have limits relative
// to its own reference, like Go's, with the largest factor of Go's.
func ForLanguage(p *problem.Problem, l *lang.Language, cs []*Case) (run []*Case, beyond []string) {
	if p.Kind != problem.Count || l == lang.Go {
		return cs, nil
	}
	factor := 0.0
	for _, c := range cs {
		if c.Relative() {
			factor = max(factor, c.Limits.Factor)
		}
	}
	factor = cmp.Or(factor, DefaultFactor)
	for _, c := range cs {
		n := c.MaxInput()
		switch {
		case n > l.Headline:
			beyond = append(beyond, c.Name)
			continue
		case n > l.Headline-RelativeCases && !c.Relative():
			adapted := *c
			adapted.Limits.Factor, adapted.Limits.CPU = factor, 0
			c = &adapted
		}
		run = append(run, c)
	}
	return run, beyond
}
