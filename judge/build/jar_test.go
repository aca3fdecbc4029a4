package build

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// openFiles counts this process's open file descriptors.
func openFiles(t *testing.T) int {
	entries, err := os.ReadDir("/proc/self/fd")
	require.NoError(t, err)
	return len(entries)
}

func TestPackClosesItsFileOnFailure(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("counts descriptors in /proc/self/fd")
	}
	dir := t.TempDir() // no classes/ in it: the walk fails
	jar := &Jar{Classes: "classes", Main: "Main"}
	before := openFiles(t)
	for range 10 {
		_, err := jar.pack(dir, filepath.Join(dir, "submission.jar"))
		require.Error(t, err)
	}
	assert.Equal(t, before, openFiles(t), "each failed pack left its jar open")
}
