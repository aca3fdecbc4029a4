package main

import (
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nqueens-kit/nqueens/internal/queenstest"
)

// TestGoRunAndGoBuildAreOneJudge: the README's go run ./judge and a judge
// built with go build from the same files name the same source in
// -version, the key of -grade's kept reports, though their executables
// differ (go run leaves out the debug information): switching between them
// re-judges no one. Exhaustive: it builds the judge twice.
func TestGoRunAndGoBuildAreOneJudge(t *testing.T) {
	queenstest.SkipUnlessLong(t)
	goCmd := filepath.Join(runtime.GOROOT(), "bin", "go")
	source := regexp.MustCompile(`(?m)^source ([0-9a-f]{12}) `)
	version := func(name string, args ...string) string {
		out, err := exec.Command(name, args...).Output()
		require.NoError(t, err, "%s %v", name, args)
		m := source.FindSubmatch(out)
		require.NotNil(t, m, "no source line in:\n%s", out)
		return string(m[1])
	}
	built := filepath.Join(t.TempDir(), "judge")
	out, err := exec.Command(goCmd, "build", "-o", built, ".").CombinedOutput()
	require.NoError(t, err, "%s", out)
	assert.Equal(t, version(built, "-version"), version(goCmd, "run", ".", "-version"))
}
