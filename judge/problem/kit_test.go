package problem

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nqueens-kit/nqueens/judge/verdict"
)

// TestStartersCannotBreakTheKit: problems/ is a module of its own, so that a
// broken or package-less starter is not part of go build, vet or test ./...
func TestStartersCannotBreakTheKit(t *testing.T) {
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	mod, err := os.ReadFile(filepath.Join(root, "problems", "go.mod"))
	require.NoError(t, err)
	assert.Contains(t, string(mod), "module github.com/nqueens-kit/nqueens/problems")

	cmd := exec.Command("go", "list", "./...")
	cmd.Dir = root
	out, err := cmd.Output()
	require.NoError(t, err)
	assert.NotContains(t, string(out), "/problems/", "the kit's packages include no starter")
	assert.Contains(t, string(out), "/judge\n")

	// From inside a problem's folder, the judge is still found (go.work),
	// not "outside main module".
	cmd = exec.Command("go", "list", "../../judge")
	cmd.Dir = filepath.Join(root, "problems", "0052-n-queens-ii")
	out, err = cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	assert.Equal(t, "github.com/nqueens-kit/nqueens/judge\n", string(out))
}

func TestFindTakesNumberSlugOrFolder(t *testing.T) {
	for _, name := range []string{"52", "0052", "n-queens-ii", "0052-n-queens-ii"} {
		p, err := Find(name)
		require.NoError(t, err, name)
		assert.Equal(t, "0052-n-queens-ii", p.Folder())
	}
	_, err := Find("53")
	assert.ErrorContains(t, err, `unknown problem "53"`)
}

func TestDeclaredReadsOneDirective(t *testing.T) {
	v, err := Declared([]byte("// Package x.\n//\n//judge:verdict TLE (slow)\npackage x\n"))
	require.NoError(t, err)
	assert.Equal(t, verdict.TLE, v)
	_, err = Declared([]byte("package x\n"))
	assert.ErrorContains(t, err, "no //judge:verdict line")
	_, err = Declared([]byte("//judge:verdict AC\n//judge:verdict TLE\npackage x\n"))
	assert.ErrorContains(t, err, "more than one")
	_, err = Declared([]byte("//judge:verdict PASS\npackage x\n"))
	assert.ErrorContains(t, err, `unknown verdict "PASS"`)
	assert.True(t, strings.HasPrefix(Kit{Root: "/kit"}.Rel("/kit/a/b.go"), "a/"))
}

// A solution accepted with less room than -verify's margin says so in its
// directive; only the beginner's bitmask does, in the kit.
func TestThinDirective(t *testing.T) {
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	p, err := Find("52")
	require.NoError(t, err)
	sols, err := Kit{Root: root}.SolutionFiles(p, func(name string) bool { return name == "solution.go" })
	require.NoError(t, err)
	var thin []string
	for _, s := range sols {
		if s.Thin {
			thin = append(thin, filepath.Base(filepath.Dir(s.Path)))
		}
	}
	assert.Equal(t, []string{"beginner"}, thin)
	assert.True(t, thinDirective().MatchString("//judge:verdict AC thin (a note)"))
	assert.False(t, thinDirective().MatchString("//judge:verdict AC (thinner than most)"))
	assert.False(t, thinDirective().MatchString("//judge:verdict TLE thin"), "only an accepted solution can be thin")
}

func TestRelKeepsAFileWhoseNameStartsWithDots(t *testing.T) {
	k := Kit{Root: filepath.FromSlash("/kit")}
	assert.Equal(t, filepath.FromSlash("..notes/52.go"), k.Rel(filepath.FromSlash("/kit/..notes/52.go")), "inside the kit")
	assert.Equal(t, filepath.FromSlash("/elsewhere/52.go"), k.Rel(filepath.FromSlash("/elsewhere/52.go")), "outside it: the path as given")
}
