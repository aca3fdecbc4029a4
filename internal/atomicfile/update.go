package atomicfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// Update replaces the file at path with change's answer to its present
// content (nil when there is none), holding a lock on path+".lock" from the
// read to the write: two processes updating the same file at once each
// see the other's change, neither is lost. When change fails, the file
// stays as it was and Update returns change's error.
func Update(path string, perm os.FileMode, change func(old []byte) ([]byte, error)) error {
	unlock, err := Lock(path + ".lock")
	if err != nil {
		return err
	}
	defer unlock()
	old, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	data, err := change(old)
	if err != nil {
		return err
	}
	return Write(path, data, perm)
}

// Lock takes an exclusive lock on the file name (made if missing, with its
// folder), waiting for another holder, and returns its release.
func Lock(name string) (unlock func(), err error) {
	if err := os.MkdirAll(filepath.Dir(name), 0o700); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, err
	}
	if err := lockFile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() { f.Close() }, nil
}
