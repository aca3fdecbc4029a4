//go:build linux

package safeopen

import (
	"os"
	"path/filepath"
	"sync"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/sys/unix"
)

// withAndWithoutOpenat2 runs f with the kernel's openat2 and with the
// walk that stands in for it on older kernels and other systems.
func withAndWithoutOpenat2(t *testing.T, f func(t *testing.T)) {
	t.Run("openat2", f)
	t.Run("walk", func(t *testing.T) {
		openat2 = func(int, string) (int, error) { return -1, unix.ENOSYS }
		defer func() { openat2 = openat2Beneath }()
		f(t)
	})
}

func TestReadBeneathReadsARegularFileOnly(t *testing.T) {
	withAndWithoutOpenat2(t, readsARegularFileOnly)
}

func TestReadBeneathNeverFollowsALinkSwappedIn(t *testing.T) {
	withAndWithoutOpenat2(t, neverFollowsALinkSwappedIn)
}

func readsARegularFileOnly(t *testing.T) {
	root := t.TempDir()
	outside := filepath.Join(t.TempDir(), "id_ed25519")
	require.NoError(t, os.WriteFile(outside, []byte("PRIVATE KEY"), 0o600))
	require.NoError(t, os.MkdirAll(filepath.Join(root, "ines", "sub"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(root, "ines", "52.go"), []byte("package x"), 0o644))
	require.NoError(t, os.Symlink(outside, filepath.Join(root, "ines", "link.go")))
	require.NoError(t, os.Symlink(filepath.Dir(outside), filepath.Join(root, "ines", "linked")))
	require.NoError(t, syscall.Mkfifo(filepath.Join(root, "ines", "fifo.go"), 0o644))

	data, err := ReadBeneath(root, "ines/52.go", 1<<20)
	require.NoError(t, err)
	assert.Equal(t, "package x", string(data))

	for name, want := range map[string]error{
		"ines/link.go":           ErrLink,
		"ines/linked/id_ed25519": ErrLink,
		"../x/52.go":             ErrOutside,
		"ines/sub/../../../x.go": ErrOutside,
	} {
		_, err := ReadBeneath(root, name, 1<<20)
		assert.ErrorIs(t, err, want, name)
	}
	_, err = ReadBeneath(root, "ines/fifo.go", 1<<20)
	assert.ErrorContains(t, err, "not a regular file", "a FIFO does not block the read")
	_, err = ReadBeneath(root, "ines/52.go", 4)
	assert.ErrorContains(t, err, "larger than 4 bytes")
}

// A student who can write her folder while it is read swaps her file with
// a link to another file in a tight loop: every read is her own file, or
// refused, never the other.
func neverFollowsALinkSwappedIn(t *testing.T) {
	root := t.TempDir()
	secret := filepath.Join(t.TempDir(), "secret")
	require.NoError(t, os.WriteFile(secret, []byte("PRIVATE KEY"), 0o600))
	file, link := filepath.Join(root, "52.go"), filepath.Join(root, "swap")
	require.NoError(t, os.WriteFile(file, []byte("package mine"), 0o644))
	require.NoError(t, os.Symlink(secret, link))

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
			}
			unix.Renameat2(unix.AT_FDCWD, file, unix.AT_FDCWD, link, unix.RENAME_EXCHANGE)
		}
	}()
	mine, refused := 0, 0
	for range 2000 {
		data, err := ReadBeneath(root, "52.go", 1<<20)
		switch {
		case err != nil:
			refused++
		default:
			require.Equal(t, "package mine", string(data), "read through the link swapped in")
			mine++
		}
	}
	close(stop)
	wg.Wait()
	t.Logf("%d reads of the file, %d refused", mine, refused)
	assert.Positive(t, mine+refused)
}
