package lang

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nqueens-kit/nqueens/judge/problem"
)

// The timed build and its twin with line tables include one precompiled
// prelude, whatever the submission; the checked build, whose options
// change what the prelude compiles to, has its own.
func TestTimedAndLinesBuildsShareOnePrelude(t *testing.T) {
	tc := &Toolchain{Lang: CPP, Version: "g++ (test) 12.2.0", Tools: map[string]string{"g++": "/usr/bin/g++"}}
	p, err := problem.Find("52")
	require.NoError(t, err)
	one := Submission{Problem: p, Source: []byte("class Solution {};"), Display: "one.cpp"}
	two := Submission{Problem: p, Source: []byte("class Solution { int x; };"), Display: "two.cpp"}

	timed, ok := tc.preludeRecipe(tc.recipe(one))
	require.True(t, ok)
	lines, ok := tc.preludeRecipe(tc.linesRecipe(two))
	require.True(t, ok)
	assert.Equal(t, timed, lines)
	assert.Contains(t, timed.Commands[0], "-g")

	checked := tc.recipe(one)
	withFlags(&checked, []string{"-g"}, map[string]string{"-O2": "-O1"})
	other, ok := tc.preludeRecipe(checked)
	require.True(t, ok)
	assert.NotEqual(t, timed.Commands, other.Commands)

	_, ok = (&Toolchain{Lang: C, Version: "gcc"}).preludeRecipe(tc.recipe(one))
	assert.False(t, ok, "C has no precompiled prelude")
}
