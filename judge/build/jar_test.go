package build

import (
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nqueens-kit/nqueens/internal/queenstest"
)

func TestPackClosesItsFileOnFailure(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("counts descriptors in /proc/self/fd")
	}
	dir := t.TempDir() // no classes/ in it: the walk fails
	jar := &Jar{Classes: "classes", Main: "Main"}
	before := queenstest.OpenFiles(t)
	for range 10 {
		_, err := jar.pack(dir, filepath.Join(dir, "submission.jar"))
		require.Error(t, err)
	}
	assert.Equal(t, before, queenstest.OpenFiles(t), "each failed pack left its jar open")
}
