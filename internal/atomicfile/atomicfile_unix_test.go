//go:build unix

package atomicfile

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A path that is not a regular file is written in place, not replaced by
// one: -csv /dev/full as root once put a regular file where /dev/full was.
// Bounded: the FIFO is the test's own, in its own folder.
func TestWriteIntoAFifoWritesInPlace(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "sheet.csv")
	require.NoError(t, syscall.Mkfifo(fifo, 0o600))
	got := make(chan []byte, 1)
	go func() {
		data, _ := os.ReadFile(fifo)
		got <- data
	}()
	require.NoError(t, Write(fifo, []byte("rows\n"), 0o644))
	fi, err := os.Lstat(fifo)
	require.NoError(t, err)
	require.Equal(t, os.ModeNamedPipe, fi.Mode().Type(), "still a FIFO")
	assert.Equal(t, "rows\n", string(<-got))
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 1, "nothing left beside it")
}

// A link at the path is replaced, not the file it names; a link to a
// FIFO or a character device (/dev/stdout) is written through.
func TestWriteReplacesALinkButWritesThroughOneToAFifo(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "elsewhere.csv")
	link := filepath.Join(dir, "sheet.csv")
	require.NoError(t, os.WriteFile(target, []byte("old"), 0o644))
	require.NoError(t, os.Symlink(target, link))
	require.NoError(t, Write(link, []byte("new"), 0o644))
	fi, err := os.Lstat(link)
	require.NoError(t, err)
	assert.True(t, fi.Mode().IsRegular(), "the link replaced")
	data, err := os.ReadFile(target)
	require.NoError(t, err)
	assert.Equal(t, "old", string(data), "what it named untouched")

	fifo := filepath.Join(dir, "fifo")
	require.NoError(t, syscall.Mkfifo(fifo, 0o600))
	toFifo := filepath.Join(dir, "out.csv")
	require.NoError(t, os.Symlink(fifo, toFifo))
	got := make(chan []byte, 1)
	go func() {
		data, _ := os.ReadFile(fifo)
		got <- data
	}()
	require.NoError(t, Write(toFifo, []byte("rows\n"), 0o644))
	fi, err = os.Lstat(toFifo)
	require.NoError(t, err)
	require.Equal(t, os.ModeSymlink, fi.Mode().Type(), "still a link")
	assert.Equal(t, "rows\n", string(<-got))
}

// A folder is not written over.
func TestWriteOverAFolderFails(t *testing.T) {
	dir := t.TempDir()
	assert.ErrorContains(t, Write(dir, []byte("x"), 0o644), "not a regular file")
}
