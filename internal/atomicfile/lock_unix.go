//go:build !windows

package atomicfile

import (
	"os"
	"path/filepath"

	"golang.org/x/sys/unix"
)

// lock takes an exclusive lock on the file name (made if missing), waiting
// for another holder, and returns its release.
func lock(name string) (unlock func(), err error) {
	if err := os.MkdirAll(filepath.Dir(name), 0o700); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, err
	}
	for {
		err = unix.Flock(int(f.Fd()), unix.LOCK_EX)
		if err != unix.EINTR {
			break
		}
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return func() { f.Close() }, nil
}
