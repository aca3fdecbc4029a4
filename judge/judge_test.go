package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nqueens-kit/nqueens/judge/cases"
	"github.com/nqueens-kit/nqueens/judge/problem"
)

// cases.RelativeCases must say how many relative cases Go's case files of
// each counting problem have: the other languages' limits are adapted by it.
func TestRelativeCasesMatchesTheCaseFiles(t *testing.T) {
	k, err := problem.FindKit()
	require.NoError(t, err)
	for _, p := range problem.All {
		if p.Kind != problem.Count {
			continue
		}
		all, err := cases.Load(k.Cases(p), k.Rel(k.Cases(p)), p)
		require.NoError(t, err)
		relative := 0
		for _, c := range all {
			if c.Relative() {
				relative++
			}
		}
		assert.Equal(t, cases.RelativeCases, relative, p.Folder())
	}
}
