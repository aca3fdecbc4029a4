package atomicfile

import (
	"errors"
	"io/fs"
	"os"
)

// Update replaces the file at path with change's answer to its present
// content (nil when there is none), holding a lock on path+".lock" from the
// read to the write: two processes updating the same file at once each
// see the other's change, neither is lost.
func Update(path string, perm os.FileMode, change func(old []byte) []byte) error {
	unlock, err := lock(path + ".lock")
	if err != nil {
		return err
	}
	defer unlock()
	old, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return Write(path, change(old), perm)
}
