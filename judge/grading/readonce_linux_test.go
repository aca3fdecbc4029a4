//go:build linux

package grading

import (
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/sys/unix"

	"github.com/nqueens-kit/nqueens/judge/problem"
)

// A student who can write her folder while the teacher grades swaps her
// file with a link to a file outside it in a tight loop: readOnce returns
// her bytes or refuses, and never the other file's, whose bytes would be
// keyed, judged and quoted as hers.
func TestReadOnceNeverReadsThroughALinkSwappedIn(t *testing.T) {
	class := t.TempDir()
	secret := filepath.Join(t.TempDir(), "key.go")
	require.NoError(t, os.WriteFile(secret, []byte("// TEACHER KEY"), 0o600))
	dir := filepath.Join(class, "eve")
	require.NoError(t, os.Mkdir(dir, 0o755))
	file, link := filepath.Join(dir, "52.go"), filepath.Join(dir, "swap")
	require.NoError(t, os.WriteFile(file, []byte("package eve"), 0o644))
	require.NoError(t, os.Symlink(secret, link))
	s := Submission{Student: "eve", Problem: &problem.Problem{Number: 52, Func: "totalNQueens"}, File: file, Root: dir}

	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			select {
			case <-stop:
				return
			default:
				unix.Renameat2(unix.AT_FDCWD, file, unix.AT_FDCWD, link, unix.RENAME_EXCHANGE)
			}
		}
	}()
	hers, refused := 0, 0
	for range 2000 {
		_, src, err := readOnce(s, "eve/52.go")
		if err != nil {
			refused++
			continue
		}
		require.Equal(t, "package eve", string(src), "read through the link swapped in")
		hers++
	}
	close(stop)
	wg.Wait()
	t.Logf("%d reads of her file, %d refused", hers, refused)
	assert.Positive(t, hers, "her own file is read")
}
