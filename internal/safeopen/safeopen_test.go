//go:build unix

package safeopen

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestReadFileReadsARegularFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "counts")
	require.NoError(t, os.WriteFile(path, []byte("12 345\n"), 0o600))
	data, err := ReadFile(path, 100)
	require.NoError(t, err)
	assert.Equal(t, "12 345\n", string(data))
}

func TestReadFileRefusesWhatARunCouldPlant(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	require.NoError(t, syscall.Mkfifo(fifo, 0o600))
	for _, target := range []string{"/dev/zero", "/dev/stdin", fifo} {
		link := filepath.Join(dir, "link-"+filepath.Base(target))
		require.NoError(t, os.Symlink(target, link))
	}
	big := filepath.Join(dir, "big")
	require.NoError(t, os.WriteFile(big, make([]byte, 1000), 0o600))
	for _, path := range []string{fifo, filepath.Join(dir, "link-zero"), filepath.Join(dir, "link-stdin"), filepath.Join(dir, "link-fifo"), big} {
		done := make(chan error, 1)
		go func() {
			_, err := ReadFile(path, 100)
			done <- err
		}()
		select {
		case err := <-done:
			assert.Error(t, err, path)
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: still reading", path)
		}
	}
}
