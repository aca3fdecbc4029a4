package integrity

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func read(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile("../../" + path)
	require.NoError(t, err)
	return data
}

// A copy with every name changed, its layout and comments redone and a
// line of output added is still the same code; two methods are not.
func TestACopyDisguisedIsStillACopy(t *testing.T) {
	bitmask := read(t, "solutions/0052-n-queens-ii/bitmask/solution.go")
	disguised := string(bitmask)
	for old, new := range map[string]string{"place": "dfs", "free": "avail", "cols": "usedColumns", "left": "d1", "right": "d2", "bit": "lowest", "full": "allOnes"} {
		disguised = strings.ReplaceAll(disguised, old, new)
	}
	disguised = strings.ReplaceAll(disguised, "\t", "    ")
	disguised = strings.ReplaceAll(disguised, "//", "// my own comment:")
	original := Of(bitmask, "Go")
	assert.GreaterOrEqual(t, len(original), MinPrints)
	assert.Equal(t, 1.0, Similarity(original, Of([]byte(disguised), "Go")))

	array := Of(read(t, "solutions/0052-n-queens-ii/array/solution.go"), "Go")
	assert.Less(t, Similarity(original, array), 0.5, "the array method is not the bitmask")
	assert.Equal(t, Similarity(original, array), Similarity(array, original))
}

// Python's comments and docstrings, and what strings hold, are not code.
func TestPythonCommentsAndStringsDoNotCount(t *testing.T) {
	a := "def total(n):\n    # count them\n    '''Counts.'''\n    s = 'abc'\n    return helper(n, 0, 0, 0) + len(s) * 2 - 1 if n > 0 else 0\n"
	b := "def total(m):\n    \"\"\"Another docstring, longer.\"\"\"\n    t = \"xyz\"  # other\n    return other(m, 9, 9, 9) + len(t) * 7 - 3 if m > 0 else 5\n"
	assert.Equal(t, tokens(a, true), tokens(b, true))
	assert.NotContains(t, tokens("x = 1 // 2\n", true), "i i", "// is Python's floor division, not a comment")
	assert.Equal(t, []string{"i", "=", "0", "//", "0"}, tokens("x = 1 // 2\n", true))
}

// A file too short to tell copying from the one way to write it has no
// similarity with anything.
func TestShortFilesAreNotCompared(t *testing.T) {
	stub := Of([]byte("func totalNQueens(n int) int { return 0 }\n"), "Go")
	assert.Less(t, len(stub), MinPrints)
	assert.Zero(t, Similarity(stub, stub))
}
