//go:build unix

package judging

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestVersionBeforeIsTheLastCommitBeforeTheDeadline(t *testing.T) {
	dir := repository(t) // a.go on day 1, b.go on day 2
	day := func(s string) time.Time {
		d, err := time.Parse(time.RFC3339, s)
		require.NoError(t, err)
		return d
	}

	v, err := versionBefore(dir, day("2026-01-01T12:00:00Z"))
	require.NoError(t, err)
	assert.True(t, v.History)
	assert.NotEmpty(t, v.Commit)
	assert.True(t, v.Late, "b.go was committed after the deadline")
	assert.Equal(t, map[string][]byte{"a.go": []byte("package a\n")}, v.Files)

	v, err = versionBefore(dir, day("2026-01-03T00:00:00Z"))
	require.NoError(t, err)
	assert.False(t, v.Late)
	assert.Len(t, v.Files, 2)
	assert.Equal(t, "2026-01-02T10:00:00Z", v.When.UTC().Format(time.RFC3339))
	assert.Equal(t, "2026-01-01T10:00:00Z", v.Changed["a.go"].UTC().Format(time.RFC3339), "a.go last changed on day 1")

	v, err = versionBefore(dir, day("2026-01-01T10:00:00Z"))
	require.NoError(t, err)
	assert.Empty(t, v.Commit, "a commit at the deadline is not before it")
	assert.True(t, v.Late)
	assert.Equal(t, "2026-01-01T10:00:00Z", v.First.UTC().Format(time.RFC3339))

	v, err = versionBefore(t.TempDir(), day("2026-01-03T00:00:00Z"))
	require.NoError(t, err)
	assert.False(t, v.History, "a folder outside any git work tree")
}

func TestWriteVersionDatesEachFile(t *testing.T) {
	when := time.Date(2026, 1, 2, 10, 0, 0, 0, time.UTC)
	a := time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)
	v := Version{When: when, Files: map[string][]byte{"problems/x/solution.go": []byte("package x\n"), "../out.go": []byte("no")}, Changed: map[string]time.Time{"problems/x/solution.go": a}}
	dir := t.TempDir()
	require.NoError(t, WriteVersion(v, filepath.Join(dir, "v")))
	fi, err := os.Stat(filepath.Join(dir, "v", "problems", "x", "solution.go"))
	require.NoError(t, err)
	assert.True(t, fi.ModTime().Equal(a))
	assert.NoFileExists(t, filepath.Join(dir, "out.go"), "a name leading out of the folder is not written")
}
