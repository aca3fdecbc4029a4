package build

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A build made in a /tmp in memory is cached in a home on disk (Debian 13,
// Fedora and Arch mount /tmp so): the binary cannot be renamed across, and
// is copied into place instead, whole, with nothing left beside it.
func TestBuildIsCachedOnAnotherFileSystem(t *testing.T) {
	cache := t.TempDir()
	temp, err := os.MkdirTemp("/dev/shm", "nqueens-build-test-")
	if err != nil {
		t.Skip("needs /dev/shm:", err)
	}
	t.Cleanup(func() { os.RemoveAll(temp) })
	if onOneFileSystem(t, cache, temp) {
		t.Skip("/dev/shm is on the test's own file system here")
	}
	b := &Builder{CacheDir: cache, TempDir: temp}
	prog, err := b.cached("key", "x.go", nil, func(dir string) (string, error) {
		out := filepath.Join(dir, "prog")
		return out, os.WriteFile(out, []byte("#!/bin/sh\necho 4\n"), 0o755)
	})
	require.NoError(t, err)
	data, err := os.ReadFile(filepath.Join(cache, "key"))
	require.NoError(t, err)
	assert.Equal(t, "#!/bin/sh\necho 4\n", string(data))
	fi, err := os.Stat(filepath.Join(cache, "key"))
	require.NoError(t, err)
	assert.NotZero(t, fi.Mode()&0o100, "the cached program can be run")
	entries, err := os.ReadDir(cache)
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	assert.Equal(t, []string{"key", "key.sha256"}, names, "nothing left beside the cached program")
	assert.True(t, strings.HasPrefix(prog, temp), "the judge's own name for it is in its temporary folder")
}

// onOneFileSystem reports whether folders a and b are on one file system.
func onOneFileSystem(t *testing.T, a, b string) bool {
	dev := func(path string) uint64 {
		var st syscall.Stat_t
		require.NoError(t, syscall.Stat(path, &st))
		return uint64(st.Dev)
	}
	return dev(a) == dev(b)
}
