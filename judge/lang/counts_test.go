package lang

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestWriteCountsWritesTheFilesAHarnessSent(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, WriteCounts(dir, []byte("solution.gcda 3\nabcharness.gcda 0\n")))
	data, err := os.ReadFile(filepath.Join(dir, "solution.gcda"))
	require.NoError(t, err)
	assert.Equal(t, "abc", string(data))
	assert.FileExists(t, filepath.Join(dir, "harness.gcda"))
}

func TestWriteCountsRefusesWhatAProgramForged(t *testing.T) {
	for name, sent := range map[string]string{
		"nothing":        "",
		"a path":         "../escape.gcda 5\nhello",
		"another kind":   "solution.gcno 5\nhello",
		"a short file":   "solution.gcda 50\nhello",
		"no length":      "solution.gcda\nhello",
		"a negative one": "solution.gcda -1\nhello",
		"twice the same": "a.gcda 1\nxa.gcda 1\ny",
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			assert.Error(t, WriteCounts(filepath.Join(dir, "build"), []byte(sent)))
			_, err := os.Stat(filepath.Join(dir, "escape.gcda"))
			assert.True(t, os.IsNotExist(err))
		})
	}
}
