package build

import (
	"maps"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A pasted LeetCode answer that uses standard packages without importing
// them gets them, as LeetCode's Go gives them; what it imports or defines
// itself, and a package outside the standard library, it does not.
func TestMissingImportsAreTheStandardPackagesUsed(t *testing.T) {
	src := "func totalNQueens(n int) int {\n\ts := strings.Repeat(\".\", n)\n\treturn bits.OnesCount(uint(len(s)))\n}\n"
	assert.Equal(t, []string{"math/bits", "strings"}, missingIn(t, src))

	imported := "package main\n\nimport \"strings\"\n\nfunc f(n int) string { return strings.Repeat(\"Q\", n) }\n"
	assert.Nil(t, missingIn(t, imported))
	local := "func f(n int) int {\n\tsort := []int{n}\n\treturn len(sort)\n}\n"
	assert.Nil(t, missingIn(t, local))
	assert.Nil(t, missingIn(t, "func f() int { return nosuchpkg.X }\n"), "not the standard library's")
	assert.Nil(t, missingIn(t, "func f( {\n"), "does not parse: the compiler says why")
}

// missingIn is MissingImports of src as Prepare makes it.
func missingIn(t *testing.T, src string) []string {
	t.Helper()
	code, err := Prepare([]byte(src))
	if err != nil {
		return nil
	}
	return MissingImports(code)
}

// The imports go on the package clause's line: every line of the
// student's stays where it was, so that a report's line numbers are
// theirs.
func TestImportsAddedMoveNoLine(t *testing.T) {
	src := "// my answer\nfunc totalNQueens(n int) int {\n\tsort.Ints(nil)\n\treturn len(strings.Fields(\"a b\"))\n}\n"
	code, err := Prepare([]byte(src))
	require.NoError(t, err)
	out := string(withImports(code, missingIn(t, src)))
	before, after := strings.Split(string(code), "\n"), strings.Split(out, "\n")
	require.Equal(t, len(before), len(after))
	assert.Equal(t, before[1:], after[1:])
	assert.Contains(t, after[0], `import ("sort"; "strings")`)
}

// The folders stdPackages reads name the same packages as go list std
// does, for every name a standard package has: no standard package that
// a name leads to is named other than its folder.
func TestStandardPackagesAreGoListStds(t *testing.T) {
	env, err := FindGo()
	require.NoError(t, err)
	cmd := exec.Command(env.Path, "list", "-e", "-f", "{{.ImportPath}} {{.Name}}", "std")
	cmd.Dir = env.Root
	out, err := cmd.Output()
	require.NoError(t, err)
	want := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		p, name, ok := strings.Cut(line, " ")
		require.True(t, ok, line)
		if name == "main" || slices.Contains(strings.Split(p, "/"), "internal") || strings.HasPrefix(p, "vendor/") {
			continue
		}
		if old, ok := want[name]; !ok || len(p) < len(old) || len(p) == len(old) && p < old {
			want[name] = p
		}
	}
	require.Greater(t, len(want), 100, "go list std: %s", out)
	assert.Equal(t, want, stdPackages(env.Root, slices.Collect(maps.Keys(want))))
	assert.Equal(t, map[string]string{"rand": "math/rand", "bits": "math/bits"}, stdPackages(env.Root, []string{"rand", "bits", "nosuchpkg"}))
}
